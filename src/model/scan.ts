import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { globInside, isWithin, realPathOf } from '../util/confinedGlob.js';
import type { DocsInstance } from './docsVersions.js';
import { readDocsInstances } from './readDocsInstances.js';

export type SourceSection = 'docs' | 'docsCategory' | 'blog' | 'blogAuthors' | 'pages';

/** One input file of the site; `relPath` is relative to the site directory, with "/" separators. */
export interface SourceFile {
  section: SourceSection;
  relPath: string;
  absPath: string;
  /** For docs and category files: the docs instance and version the file belongs to. */
  docs?: { pluginId: string; version: string };
}

/** Files whose name starts with "_" (except _category_), test files and type declarations are partials, not pages. */
const IGNORE = ['**/_!(category_)*', '**/_*/**', '**/*.test.*', '**/*.d.ts', '**/node_modules/**'];

/**
 * Lists every source file of the site, sorted by path so builds are deterministic: the docs of
 * every version of every docs instance (see readDocsInstances), the blog and the pages.
 */
export async function scanSources(
  config: SiteConfig,
  instances: DocsInstance[] = readDocsInstances(config),
  onLinkOut: (relPath: string) => void = () => {},
): Promise<SourceFile[]> {
  const site = config.siteDir;
  const docsDirs = instances.flatMap((instance) => instance.versions.map((version) => version.docsDir));
  const roots = siteRoots(config, [...docsDirs, config.blog.path, config.pages.path]);
  const find = async (dir: string, patterns: string[], section: SourceSection, ignore = IGNORE) => {
    const { files, outside } = await globInside(patterns, { cwd: path.join(site, dir), ignore }, roots);
    for (const link of outside) onLinkOut(path.posix.join(dir.split(path.sep).join('/'), link));
    return files.map((file) => {
      const relPath = path.posix.join(dir.split(path.sep).join('/'), file);
      return { section, relPath, absPath: path.join(site, relPath) } satisfies SourceFile;
    });
  };
  const docsFolders = instances.flatMap((instance) => instance.versions.map((version) => ({ dir: version.docsDir, docs: { pluginId: instance.id, version: version.name } })));
  const inVersion = async (dir: string, docs: SourceFile['docs'], patterns: string[], section: SourceSection, ignore?: string[]) =>
    (await find(dir, patterns, section, ignore)).map((file) => ({ ...file, docs }));
  const groups = await Promise.all([
    ...docsFolders.flatMap(({ dir, docs }) => [
      inVersion(dir, docs, ['**/*.{md,mdx}'], 'docs'),
      inVersion(dir, docs, ['**/_category_.{json,yml,yaml}'], 'docsCategory', ['**/node_modules/**']),
    ]),
    find(config.blog.path, ['**/*.{md,mdx}'], 'blog'),
    find(config.blog.path, ['authors.{yml,yaml}'], 'blogAuthors', []),
    // As in Docusaurus, every script of the pages folder is a React page.
    find(config.pages.path, ['**/*.{md,mdx,js,jsx,ts,tsx}'], 'pages'),
  ]);
  return groups.flat().sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
}

/** Lists the static files, relative to the static directory; links leading out of the site are left out and passed to `onLinkOut`. */
export async function scanStatic(config: SiteConfig, onLinkOut: (relPath: string) => void = () => {}): Promise<string[]> {
  const { files, outside } = await globInside(['**/*'], { cwd: path.join(config.siteDir, config.staticDir), dot: true }, siteRoots(config, [config.staticDir]));
  for (const link of outside) onLinkOut(path.posix.join(config.staticDir.split(path.sep).join('/'), link));
  return files;
}

/**
 * Where a site's files may come from, links resolved: its folder, and each of `folders` (relative
 * to it) that its config puts outside it. A link in the site leading anywhere else is not
 * followed: a site's published files never come from elsewhere on the disk by accident.
 */
function siteRoots(config: SiteConfig, folders: string[]): string[] {
  const site = realPathOf(config.siteDir) ?? path.resolve(config.siteDir);
  const roots = [site];
  for (const folder of folders) {
    const absolute = path.resolve(config.siteDir, folder);
    const relative = path.relative(path.resolve(config.siteDir), absolute);
    if (!relative.startsWith('..') && !path.isAbsolute(relative)) continue;
    const real = realPathOf(absolute);
    if (real !== undefined && !isWithin(real, roots)) roots.push(real);
  }
  return roots;
}

/** The build's warning about a link in the site that leads out of it. */
export function linkOutWarning(relPath: string): string {
  return `${relPath} is a symbolic link that leads outside the site; it was skipped. A site's files come only from its folder and the folders its config names (set docs.path, say, to a folder outside the site instead of linking to it)`;
}
