import { createHash } from 'node:crypto';
import { writeFiles } from './bundleCache.js';

/**
 * The global the site data script sets: the site's data (title, navbar, footer, translations...)
 * is not compiled into the client entry but written beside it, named by its content, so the entry
 * is the same for every locale of a site and for every config, and is bundled again only when its
 * code or the site's styles and theme files change. The page's script loader runs the site data
 * script before it starts the entry (see document.ts).
 */
export const SITE_DATA_GLOBAL = '__SIPA_SITE__';

/**
 * Writes the site data script into `assetDir` of the output (unless the last good output has it);
 * returns its path there. The data is parsed as JSON, so a key such as `__proto__` in the config's
 * custom fields stays a key.
 */
export async function writeSiteData(siteData: unknown, outDir: string, assetDir: string, keep?: (relPath: string, size: number) => boolean): Promise<string> {
  const text = `window.${SITE_DATA_GLOBAL}=JSON.parse(${JSON.stringify(JSON.stringify(siteData))});\n`;
  const file = `${assetDir}/site-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.js`;
  await writeFiles([{ file, contents: Buffer.from(text) }], outDir, keep);
  return file;
}

/** Whether the site opens DocSearch (which the entry then bundles, see docSearchModuleCode). */
export function hasDocSearch(siteData: unknown): boolean {
  return Boolean((siteData as { algolia?: unknown } | null)?.algolia);
}

