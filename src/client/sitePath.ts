import { encodeRoute, isExternalUrl, normalizePath, routeOfUrlPath, withBase } from '../shared/paths.js';

/** A URL of the site as the router sees it. */
export interface SiteTarget {
  /** The route: the base URL stripped, normalised ("/blog/index.html" → "/blog") and decoded once ("/a%20b" → "/a b"). */
  path: string;
  /** The decoded fragment, without "#". */
  hash: string;
  url: URL;
}

/**
 * The site target of `href` (resolved against `currentHref`) when it is a same-origin URL under
 * the base URL that looks like a page (not a file such as /img/logo.svg); otherwise null.
 * Whether a route pattern matches is for the router to check.
 */
export function siteTargetOf(href: string, currentHref: string, baseUrl: string): SiteTarget | null {
  const current = new URL(currentHref);
  if (isExternalUrl(href) && !href.startsWith(current.origin)) return null;
  const url = new URL(href, current);
  if (url.origin !== current.origin) return null;
  const base = baseUrl.replace(/\/$/, '');
  if (base && !url.pathname.startsWith(`${base}/`) && url.pathname !== base) return null;
  // The route is the URL path decoded once, as the static host reads it; one the host would
  // refuse (a stray "%") is left to a normal page load.
  const path = routeOfUrlPath(normalizePath(url.pathname.slice(base.length) || '/'));
  if (path === null || /\.(?!html$)[a-z0-9]+$/i.test(path)) return null;
  return { path, hash: decodeFragment(url.hash.slice(1)), url };
}

/**
 * The URL the site's own links use for a target: the base URL and the normalised path (no
 * ".html", "/index.html" or trailing slash), with the query and fragment kept.
 */
export function canonicalHref(target: SiteTarget, baseUrl: string): string {
  return `${target.url.origin}${withBase(baseUrl, encodeRoute(target.path))}${target.url.search}${target.url.hash}`;
}

/** A fragment as an element id; a malformed escape ("#%E0") is kept as it is rather than thrown. */
export function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
