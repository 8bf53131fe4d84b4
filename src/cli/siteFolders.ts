import path from 'node:path';
import { hasSiteConfig, isDocusaurusProject } from '../pipeline/loadSite.js';

/** The folders a command works on: the site, and where its build goes. */
export interface SiteFolders {
  site: string;
  outDir: string;
}

/**
 * The site and output folders of `build` and `serve` when the command line leaves them out:
 * `site/` when it holds a sipadocs site; else the current folder when it is a Docusaurus project
 * (built where it stands, into `build/` as Docusaurus does); else `site/`, which the build then
 * reports missing. A Docusaurus project named with `--site` builds into its own `build/`.
 */
export function siteFolders(options: { site?: string; outDir?: string }, cwd = process.cwd()): SiteFolders {
  const site = options.site ?? (!hasSiteConfig(path.join(cwd, 'site')) && isDocusaurusProject(cwd) ? '.' : 'site');
  const outDir = options.outDir ?? (isDocusaurusProject(path.resolve(cwd, site)) ? path.join(site, 'build') : 'build');
  return { site, outDir };
}
