/** Pure URL and route helpers shared by the generator and the browser. */

/** The global on which the page's runtime registers the modules route chunks share (React, theme components). */
export const SHARED_MODULES_GLOBAL = '__sipa_modules';

/**
 * Normalises a site path: strips a trailing ".html" or "/index.html", removes trailing slashes
 * (the site does not use them) and collapses repeated slashes. "/" stays "/".
 */
export function normalizePath(pathname: string): string {
  let p = pathname.replace(/\/{2,}/g, '/');
  if (p.endsWith('/index.html')) p = p.slice(0, -'/index.html'.length);
  else if (p.endsWith('.html')) p = p.slice(0, -'.html'.length);
  p = p.replace(/\/+$/, '');
  if (!p.startsWith('/')) p = `/${p}`;
  return p;
}

/** Output file of a route, relative to the output directory: "/" → "index.html", "/a/b" → "a/b.html". */
export function routeToHtmlFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/**
 * A route as it is written in a URL. Routes are kept decoded ("/docs/with space", "/docs/100%",
 * the file names on disk are the same); in an href each character that is not allowed in a URL
 * path is percent-encoded as encodeURI does ("%" becomes "%25"), and so are "#" and "?", which
 * would otherwise end the path. Every reader (browser, static host, link checks) decodes it once.
 */
export function routeHref(route: string): string {
  return encodeURI(route).replace(/[#?]/g, (c) => (c === '#' ? '%23' : '%3F'));
}

/**
 * The route a URL path stands for: each segment percent-decoded once. Null when the path cannot be
 * a route, as a static host would refuse it: malformed percent-encoding ("/docs/100%"), or a
 * segment that decodes to a "/", "\" or NUL.
 */
export function routeOfUrlPath(pathname: string): string | null {
  const segments = pathname.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (!segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (/[/\\\0]/.test(decoded)) return null;
    segments[i] = decoded;
  }
  return segments.join('/');
}

/** The payload JSON of a route, relative to the output folder: "/" → "_sipa/routes/index.json", "/a/b" → "_sipa/routes/a/b.json". */
export function routePayloadFile(route: string): string {
  return `_sipa/routes/${route === '/' ? 'index' : route.slice(1)}.json`;
}

/** URL of a route's payload JSON: "/a b" → "/_sipa/routes/a%20b.json" (see routeHref). */
export function routePayloadUrl(route: string, baseUrl = '/'): string {
  return `${baseUrl}${routeHref(`/${routePayloadFile(route)}`).slice(1)}`;
}

/** Joins a base URL ("/" or "/sub/") with a site path ("/docs/x"). */
export function withBase(baseUrl: string, sitePath: string): string {
  if (baseUrl === '/') return sitePath;
  return `${baseUrl.replace(/\/$/, '')}${sitePath}`;
}

/** Splits "path#hash" into its parts; the hash is returned without "#". */
export function splitHash(href: string): { path: string; hash: string } {
  const i = href.indexOf('#');
  return i === -1 ? { path: href, hash: '' } : { path: href.slice(0, i), hash: href.slice(i + 1) };
}

/** True for absolute URLs with a scheme ("https:", "mailto:") or protocol-relative ones. */
export function isExternalUrl(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}
