import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE_NAMES, loadConfig } from '../config/load.js';
import type { SiteConfig } from '../config/types.js';
import { docusaurusConfigIn } from '../docusaurus/readProject.js';

/** Whether a folder holds a sipadocs site config. */
export function hasSiteConfig(siteDir: string): boolean {
  return CONFIG_FILE_NAMES.some((name) => existsSync(path.join(siteDir, name)));
}

/** Whether a folder is a Docusaurus project that sipadocs builds where it stands: a Docusaurus config and no sipadocs one. */
export function isDocusaurusProject(siteDir: string): boolean {
  return !hasSiteConfig(siteDir) && docusaurusConfigIn(path.resolve(siteDir)) !== undefined;
}

/**
 * The config of the site in a folder: its sipadocs config, or, for a Docusaurus project, what
 * the adapter reads of it where it stands (see docusaurus/inPlace.ts).
 */
export async function loadSiteConfig(siteDir: string): Promise<SiteConfig> {
  if (isDocusaurusProject(siteDir)) {
    const { loadDocusaurusSite } = await import('../docusaurus/inPlace.js');
    return loadDocusaurusSite(siteDir);
  }
  return loadConfig(siteDir);
}
