import fg from 'fast-glob';
import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
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
export async function scanSources(config: SiteConfig, instances: DocsInstance[] = readDocsInstances(config)): Promise<SourceFile[]> {
  const site = config.siteDir;
  const find = async (dir: string, patterns: string[], section: SourceSection, ignore = IGNORE) => {
    const files = await fg(patterns, { cwd: path.join(site, dir), ignore, onlyFiles: true, dot: false });
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

/** Lists the static files, relative to the static directory. */
export async function scanStatic(config: SiteConfig): Promise<string[]> {
  return fg(['**/*'], { cwd: path.join(config.siteDir, config.staticDir), onlyFiles: true, dot: true });
}
