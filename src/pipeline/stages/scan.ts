import type { SiteConfig } from '../../config/types.js';
import type { DocsInstance } from '../../model/docsVersions.js';
import { readDocsInstances } from '../../model/readDocsInstances.js';
import { withTranslatedVersionLabels } from '../../i18n/docsTranslations.js';
import { linkOutWarning, scanStatic } from '../../model/scan.js';
import type { LoadedSource } from '../../model/siteModel.js';
import { readSources } from '../readSources.js';
import type { BuildReport } from '../session.js';
import { relocateError, shownPath } from '../locations.js';
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

/**
 * The `scan` stage: the site's sources, read, its static files and theme replacements, listed. A
 * symbolic link that leads out of the site is skipped with a warning naming it.
 */
export async function scanSite(config: SiteConfig, report?: Pick<BuildReport, 'warn'>): Promise<ScannedSite> {
  const instances = readDocsInstances(config);
  let docs: DocsInstance[];
  try {
    docs = withTranslatedVersionLabels(config, instances);
  } catch (error) {
    throw relocateError(error, shownPath(config));
  }
  // Several listings walk the same folder (docs and their category files): one warning per link.
  const warned = new Set<string>();
  const linkOut = (relPath: string) => {
    if (!warned.has(relPath)) report?.warn(linkOutWarning(relPath));
    warned.add(relPath);
  };
  const unmatched: string[] = [];
  const [sources, staticFiles] = await Promise.all([readSources(config, docs, linkOut, (translation, original) => unmatched.push(`  - ${translation}: ${original} is not in the site`)), scanStatic(config, linkOut)]);
  if (unmatched.length > 0) report?.warn(`${unmatched.length} translation file${unmatched.length === 1 ? '' : 's'} of ${config.i18n.currentLocale} translate${unmatched.length === 1 ? 's' : ''} no doc, post or page of the site, and ${unmatched.length === 1 ? 'is' : 'are'} not built (as Docusaurus builds only what the default locale has):\n${unmatched.join('\n')}`);
  return { sources, staticFiles, docs, theme: withoutLeftOut(readThemeFolder(config.siteDir), config.project?.themeFilesLeftOut) };
}

/** The theme folder without the swizzled components a Docusaurus project's build leaves out (see ProjectReading). */
function withoutLeftOut(folder: SiteThemeFolder, leftOut: ReadonlySet<string> | undefined): SiteThemeFolder {
  if (!leftOut || leftOut.size === 0) return folder;
  const overrides = Object.fromEntries(Object.entries(folder.overrides).filter(([, file]) => !leftOut.has(file)));
  return { overrides, modules: folder.modules };
}
