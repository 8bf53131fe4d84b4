import type { SiteConfig } from '../../config/types.js';
import type { DocsInstance } from '../../content/docsVersions.js';
import { readDocsInstances } from '../../content/readDocsInstances.js';
import { scanStatic } from '../../content/scan.js';
import type { LoadedSource } from '../../content/siteModel.js';
import { readSources } from '../readSources.js';
import { readThemeFolder, type SiteThemeFolder } from '../../bundle/themeOverrides.js';

export interface ScannedSite {
  /** Every source file of the site, read (see readSources). */
  sources: LoadedSource[];
  /** The files of the static folder, relative to it: copied into the output as they are. */
  staticFiles: string[];
  /** What the site's `src/theme/` holds: its replacements of theme components. */
  theme: SiteThemeFolder;
  /** Every docs instance with its versions (see readDocsInstances). */
  docs: DocsInstance[];
}

/** The `scan` stage: the site's sources, read, its static files and theme replacements, listed. */
export async function scanSite(config: SiteConfig): Promise<ScannedSite> {
  const docs = readDocsInstances(config);
  const [sources, staticFiles] = await Promise.all([readSources(config, docs), scanStatic(config)]);
  return { sources, staticFiles, docs, theme: readThemeFolder(config.siteDir) };
}
