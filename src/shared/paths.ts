/** Pure URL and route helpers shared by the generator and the browser. */

/** The global on which the page's runtime registers the modules route chunks share (React, theme components). */
export const SHARED_MODULES_GLOBAL = '__sipa_modules';
/**
 * The global function that loads shared modules the page's runtime holds only as lazy chunks (theme
 * parts the theme itself does not render): given specifiers, it resolves once each is registered.
 */
export const SHARED_MODULES_LOADER = '__sipa_load_modules';

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

/**
 * Output file of a route, relative to the output directory: "/" → "index.html", "/a/b" →
 * "a/b.html". A route whose last part is "index" ("/a/index", a doc with `slug: index`) is
 * "a/index/index.html": "a/index.html" would be the page of "/a/" on any static host.
 */
export function routeToHtmlFile(route: string): string {
  if (route === '/') return 'index.html';
  return route.endsWith('/index') ? `${route.slice(1)}/index.html` : `${route.slice(1)}.html`;
}

/** Where a route's markdown lives: "/" → "/index.md", "/a b" → "/a%20b.md" (with the base URL in front). */
export function routeMarkdownUrl(route: string, baseUrl = '/'): string {
  return `${baseUrl}${encodeRoute(route === '/' ? '/index' : route).slice(1)}.md`;
}


/**
 * A route as it is written in a URL. Routes are kept decoded ("/docs/with space", "/docs/100%",
 * the file names on disk are the same); in an href each character that is not allowed in a URL
 * path is percent-encoded as encodeURI does ("%" becomes "%25"), and so are "#" and "?", which
 * would otherwise end the path. Every reader (browser, static host, link checks) decodes it once.
 */
export function encodeRoute(route: string): string {
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

/** URL of a route's payload JSON: "/a b" → "/_sipa/routes/a%20b.json" (see encodeRoute). */
export function routePayloadUrl(route: string, baseUrl = '/'): string {
  return `${baseUrl}${encodeRoute(`/${routePayloadFile(route)}`).slice(1)}`;
}

/** A site path ("/blog", or "/" for a blog at the site root) and more segments: "/blog/tags", "/tags". */
export function joinSitePath(path: string, ...parts: string[]): string {
  return `${path.replace(/\/+$/, '')}/${parts.join('/')}`;
}

/** Joins a base URL ("/" or "/sub/") with a site path ("/docs/x"). */
export function withBase(baseUrl: string, sitePath: string): string {
  if (baseUrl === '/') return sitePath;
  return `${baseUrl.replace(/\/$/, '')}${sitePath}`;
}

/**
 * A link target written as a URL path, as a site config writes navbar and footer links
 * ("/docs/a%20b#usage"): the route it names ("/docs/a b") and its fragment, as `Link` takes them.
 */
export function linkTarget(urlPath: string): { to: string; hash?: string } {
  const { path, hash } = splitHash(urlPath);
  return { to: routeOfUrlPath(path) ?? path, ...(hash ? { hash } : {}) };
}

/**
 * The href of a route (see the rule in types.ts): percent-encoded (see encodeRoute) with the base
 * URL in front: "/docs/a b" → "/sub/docs/a%20b" and "/" → "/sub/" under the base URL "/sub/". The
 * theme's `Link` builds every link to a route with it. Anything that is no route (a "#fragment",
 * a relative or external URL) is returned as it is.
 */
export function routeHref(baseUrl: string, route: string): string {
  return route.startsWith('/') && !route.startsWith('//') ? withBase(baseUrl, encodeRoute(route)) : route;
}

/** True when an absolute path already starts with the base URL ("/sub/x", "/sub", "/sub?q", "/sub#h" under "/sub/"). */
export function startsWithBase(baseUrl: string, url: string): boolean {
  if (url.startsWith(baseUrl)) return true;
  const bare = baseUrl.replace(/\/$/, '');
  return url === bare || url.startsWith(`${bare}?`) || url.startsWith(`${bare}#`);
}

/**
 * A URL as authors write it in content ("/docs/x", "/img/a.png"), as the page must show it: an
 * absolute path gets the base URL in front unless it already starts with it (the rule Docusaurus
 * applies to markdown links and `Link`), so "/sub/docs/x" stays as it is under "/sub/". Relative
 * paths, "#fragments" and URLs with a scheme are left alone.
 */
export function contentUrl(baseUrl: string, url: string): string {
  if (baseUrl === '/' || !url.startsWith('/') || url.startsWith('//') || startsWithBase(baseUrl, url)) return url;
  return withBase(baseUrl, url);
}

/** The site path of a path written with or without the base URL ("/sub/docs/x" and "/docs/x" → "/docs/x" under "/sub/"). */
export function stripBase(baseUrl: string, path: string): string {
  if (baseUrl === '/' || !startsWithBase(baseUrl, path)) return path;
  const rest = path.slice(baseUrl.length - 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * An internal href without a trailing slash on its path ("/docs/" → "/docs", "/docs/a/?x#y" →
 * "/docs/a?x#y"): a site writes "/x" as x.html and never uses trailing slashes, so "/x/" would ask
 * a static host for x/index.html. The site's root and its base URL keep theirs.
 */
export function withoutTrailingSlash(href: string, baseUrl = '/'): string {
  const end = href.search(/[?#]/);
  const [pathPart, rest] = end === -1 ? [href, ''] : [href.slice(0, end), href.slice(end)];
  if (!pathPart.endsWith('/') || pathPart === '/' || pathPart === baseUrl || !pathPart.startsWith('/')) return href;
  return `${pathPart.replace(/\/+$/, '')}${rest}`;
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
