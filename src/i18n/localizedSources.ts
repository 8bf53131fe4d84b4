import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import type { DocsInstance } from '../content/docsVersions.js';
import type { SourceFile } from '../content/scan.js';

/**
 * The site's source files as a locale has them (see LocaleTranslation.sources): a file the locale
 * translates is read from its translation, under the path of the file it stands for, so its id,
 * route and links are the default locale's; a page only the locale has is added where its
 * translation puts it. Translations of versions the site does not build are left out.
 */
export function withTranslations(config: SiteConfig, files: SourceFile[], instances: DocsInstance[]): SourceFile[] {
  const translated = config.translation?.sources;
  if (!translated || translated.size === 0) return files;
  const byPath = new Map(files.map((file) => [file.relPath, file]));
  for (const [relPath, translation] of translated) {
    const absPath = path.join(config.siteDir, translation);
    const existing = byPath.get(relPath);
    if (existing) {
      byPath.set(relPath, { ...existing, absPath });
      continue;
    }
    const added = placeOf(config, relPath, instances);
    if (added) byPath.set(relPath, { ...added, relPath, absPath });
  }
  return [...byPath.values()].sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
}

/** The section (and docs version) a path under a content folder belongs to; null outside every folder the site builds. */
function placeOf(config: SiteConfig, relPath: string, instances: DocsInstance[]): Pick<SourceFile, 'section' | 'docs'> | null {
  const folderOf = (folder: string) => folder.replace(/^\.\/+|\/+$/g, '');
  const inside = (folder: string) => relPath.startsWith(`${folderOf(folder)}/`);
  for (const instance of instances) {
    for (const version of instance.versions) {
      if (inside(version.docsDir)) return { section: 'docs', docs: { pluginId: instance.id, version: version.name } };
    }
  }
  if (inside(config.blog.path)) return { section: /^authors\.ya?ml$/.test(relPath.slice(folderOf(config.blog.path).length + 1)) ? 'blogAuthors' : 'blog' };
  if (inside(config.pages.path)) return { section: 'pages' };
  return null;
}
