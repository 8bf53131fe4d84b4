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

/** The last reading of a Docusaurus project in a session, and the stamp of what it was made from. */
export interface ProjectMemo {
  last?: { stamp: string; config: SiteConfig };
  /** What the session last printed of what the project has that the build does not (printed again only when it changes). */
  reported?: string;
}

/**
 * The config of the site in a folder: its sipadocs config, or, for a Docusaurus project, what
 * the adapter reads of it where it stands (see docusaurus/inPlace.ts). Reading a project runs its
 * config and follows its pages' imports: a session (`memo`) reads it again only when something it
 * was read from changed.
 */
export async function loadSiteConfig(siteDir: string, memo?: ProjectMemo): Promise<SiteConfig> {
  if (!isDocusaurusProject(siteDir)) return loadConfig(siteDir);
  const { loadDocusaurusSite, readingStamp } = await import('../docusaurus/inPlace.js');
  const last = memo?.last;
  if (last?.config.project && (await readingStamp(last.config.project)) === last.stamp) return last.config;
  const config = await loadDocusaurusSite(siteDir);
  if (memo) memo.last = { stamp: await readingStamp(config.project!), config };
  return config;
}
