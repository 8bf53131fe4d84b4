import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import type { SourceFile } from '../model/scan.js';

/**
 * The site's source files as a locale has them (see LocaleTranslation.sources): a file the locale
 * translates is read from its translation, under the path of the file it stands for, so its id,
 * route and links are the default locale's. As Docusaurus lists a locale's docs, posts and pages
 * from the default locale's folders, a translation of a file the site does not have (one left
 * behind when the original was moved or deleted) is no page: `onUnmatched` gets it.
 */
export function withTranslations(config: SiteConfig, files: SourceFile[], onUnmatched?: (translation: string, original: string) => void): SourceFile[] {
  const translated = config.translation?.sources;
  if (!translated || translated.size === 0) return files;
  const byPath = new Map(files.map((file) => [file.relPath, file]));
  for (const [relPath, translation] of translated) {
    const existing = byPath.get(relPath);
    if (existing) byPath.set(relPath, { ...existing, absPath: path.join(config.siteDir, translation) });
    else onUnmatched?.(translation, relPath);
  }
  return [...byPath.values()];
}
