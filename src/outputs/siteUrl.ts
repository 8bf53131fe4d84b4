import type { SiteConfig } from '../config/types.js';
import type { PlannedRoute } from '../model/routes.js';
import { SiteError } from '../errors.js';

/**
 * The site's public URL with its base path and no trailing slash ("https://x.org/sub"): a site
 * path appended to it gives the page's absolute URL, the one its canonical link names.
 * @throws SiteError CONFIG_INVALID when `url` is not an absolute http(s) URL
 */
export function siteBase(config: SiteConfig): string {
  if (!URL.canParse(config.url) || !/^https?:$/.test(new URL(config.url).protocol)) {
    throw new SiteError({
      code: 'CONFIG_INVALID',
      message: `"url" must be the site's absolute address, got ${JSON.stringify(config.url)}`,
      location: { file: config.configFile },
      hint: 'Set url to where the site is published, with its scheme, e.g. "https://example.org"; feeds and the sitemap need absolute URLs.',
    });
  }
  return `${config.url}${config.baseUrl.replace(/\/$/, '')}`;
}

/**
 * The routes search engines, feed readers and language models are told about: not the 404 page,
 * not a route marked noIndex (unlisted and draft pages, the pages of a version marked noIndex), and
 * none at all when the whole site is noIndex. The sitemap lists the pages of every docs version, as
 * Docusaurus's does, since each is a page of its own with its own canonical address
 * (`'every version'`); feeds and the llms files describe the last version only (`'last version'`,
 * see olderDocsVersion).
 */
export function indexableRoutes(routes: PlannedRoute[], config: SiteConfig, versions: 'every version' | 'last version' = 'last version'): PlannedRoute[] {
  if (config.noIndex) return [];
  return routes.filter((route) => route.data.kind !== 'notFound' && !route.meta.noIndex && (versions === 'every version' || !route.olderDocsVersion));
}
