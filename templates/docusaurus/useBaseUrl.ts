import { useSiteData } from '../../src/client/siteContext.js';
import { isExternalUrl } from '../../src/shared/paths.js';

export interface BaseUrlOptions {
  /** Also put the site's URL in front ("https://example.com/base/img/x.png"). */
  absolute?: boolean;
  /** Put the base URL in front even of a path that already starts with it. */
  forcePrependBaseUrl?: boolean;
}

/**
 * A site path with the site's base URL in front ("/img/x.png" → "/base/img/x.png"). URLs with a
 * scheme, "#hash" links and paths that already start with the base URL stay as they are.
 */
export function withBaseUrl(url: string, site: { baseUrl: string; url: string }, options: BaseUrlOptions = {}): string {
  const { baseUrl } = site;
  if (!url || url.startsWith('#') || isExternalUrl(url)) return url;
  if (options.forcePrependBaseUrl) return `${baseUrl}${url.replace(/^\//, '')}`;
  const path = url.startsWith(baseUrl) ? url : `${baseUrl}${url.replace(/^\//, '')}`;
  return options.absolute ? `${site.url}${path}` : path;
}

/** `@docusaurus/useBaseUrl`: the URL with the site's base URL in front (see withBaseUrl). */
export default function useBaseUrl(url: string, options?: BaseUrlOptions): string {
  return withBaseUrl(url, useSiteData(), options);
}

/** `useBaseUrlUtils` of `@docusaurus/useBaseUrl`: `withBaseUrl` bound to this site. */
export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: BaseUrlOptions) => string } {
  const site = useSiteData();
  return { withBaseUrl: (url, options) => withBaseUrl(url, site, options) };
}
