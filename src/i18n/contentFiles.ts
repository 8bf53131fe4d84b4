import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { versionedDocsDirOf } from '../model/docsVersions.js';
import { globInside, realPathOf } from '../util/confinedGlob.js';
import { BLOG_PLUGIN_FOLDER, docsPluginFolder, PAGES_PLUGIN_FOLDER } from './translationFiles.js';

/** Files whose name starts with "_" (partials), test files and type declarations are no pages, as in the scan. */
const IGNORE = ['**/_*', '**/_*/**', '**/*.test.*', '**/*.d.ts', '**/node_modules/**'];

/**
 * The content files a locale's folder translates, as Docusaurus reads them: by the site-relative
 * path of the file each one stands for (the same path under the content folder it translates; a
 * translation of a file the site does not have is left out by withTranslations), the
 * translation's own site-relative path.
 *
 * - `docusaurus-plugin-content-docs[-<id>]/current/…` translates the docs folder of instance `id`,
 *   `…/version-<name>/…` its stored version `name`;
 * - `docusaurus-plugin-content-blog/…` the blog;
 * - `docusaurus-plugin-content-pages/…` the pages folder (markdown and React pages).
 *
 * A symbolic link leading out of the site is not followed.
 */
export async function translatedContentFiles(config: SiteConfig, localeDir: string): Promise<Map<string, string>> {
  const folders: Array<{ translations: string; content: string; patterns: string[] }> = [];
  for (const docs of config.docsInstances) {
    const plugin = `${localeDir}/${docsPluginFolder(docs.id)}`;
    folders.push({ translations: `${plugin}/current`, content: trim(docs.path), patterns: ['**/*.{md,mdx}'] });
    // Each stored version's folder, whichever versions the versions file names.
    for (const folder of versionFolders(path.join(config.siteDir, plugin))) {
      folders.push({ translations: `${plugin}/${folder}`, content: versionedDocsDirOf(docs.id, folder.slice('version-'.length)), patterns: ['**/*.{md,mdx}'] });
    }
  }
  folders.push({ translations: `${localeDir}/${BLOG_PLUGIN_FOLDER}`, content: trim(config.blog.path), patterns: ['**/*.{md,mdx}', 'authors.{yml,yaml}'] });
  folders.push({ translations: `${localeDir}/${PAGES_PLUGIN_FOLDER}`, content: trim(config.pages.path), patterns: ['**/*.{md,mdx,js,jsx,ts,tsx}'] });
  const files = new Map<string, string>();
  await Promise.all(
    folders.map(async ({ translations, content, patterns }) => {
      const found = await globInside(patterns, { cwd: path.join(config.siteDir, translations), ignore: IGNORE }, roots(config)).catch(() => ({ files: [] as string[] }));
      for (const file of found.files) files.set(path.posix.join(content, file), path.posix.join(translations, file));
    }),
  );
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const trim = (folder: string) => folder.split(path.sep).join('/').replace(/^\.\/+|\/+$/g, '');

function roots(config: SiteConfig): string[] {
  return [realPathOf(config.siteDir) ?? path.resolve(config.siteDir)];
}

/** The `version-<name>` folders of a docs instance's translations. */
function versionFolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('version-'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}
