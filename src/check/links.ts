import { createHash } from 'node:crypto';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { encodeRoute, isExternalUrl, normalizePath, routeOfUrlPath, splitHash, withBase } from '../shared/paths.js';

/** Links and anchor ids found in one rendered page. */
export interface PageLinks {
  route: string;
  hrefs: string[];
  /** Every element id and `<a name>` of the page: what a `#fragment` link may point at. */
  ids: Set<string>;
}

export interface BrokenLink {
  /** Route of the page holding the link. */
  source: string;
  href: string;
  /** A "malformed URL" is one a static host refuses (400), such as "/docs/100%" for the route /docs/100%. */
  reason: 'missing page' | 'missing anchor' | 'outside the base URL' | 'malformed URL';
  /** For a relative link that names a page or file when read from the site's root: that route or file (see targetFromRoot). */
  fromRoot?: string;
}

/**
 * Ids the layout renders around the content of every page: the root and the route data of the
 * document (src/render/document.ts), the skip link's target, `<main id="main-content">`, of
 * every screen, and the mobile menu's panel, which the menu button opens as a popover
 * (templates/layout/MobileMenu.tsx). A test compares them with what an HTML parser finds on every page.
 */
export const LAYOUT_IDS: readonly string[] = ['__sipa', '__SIPA_ROUTE__', 'main-content', 'mobile-menu'];

/**
 * `<a href>` in rendered HTML. A regex is exact here: every "<" of text (code samples included)
 * and every quote inside an attribute is escaped, by React, by the highlighter (which writes code
 * text with "<" as "&#x3C;") and in the route data (JSON with "<" as "\u003c"), so `<a … href="`
 * only ever starts a real link.
 */
const HREF = /<a\s(?:[^>]*?\s)?href="([^"]*)"/g;

const decodeEntities = (text: string) =>
  text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/**
 * The links and link targets of a rendered HTML page. Its `<a href>` targets are read from the
 * HTML. Its targets are the layout's ids plus `contentAnchors`, the ids and `<a name>` the
 * compiler found in the page's content; when those are unknown (null: a React page, or content
 * with components), every id and `<a name>` is read from the HTML with an HTML parser, which
 * never mistakes text for markup (a regex would take `id="x"` in a highlighted code sample).
 *
 * `strings` is a table the caller keeps for the whole build (see extractHrefs).
 */
export function extractLinks(route: string, html: string, contentAnchors: readonly string[] | null, strings: Map<string, string> = new Map()): PageLinks {
  const hrefs = extractHrefs(html, strings);
  const ids = contentAnchors ? new Set([...LAYOUT_IDS, ...contentAnchors]) : new Set(readAnchors(html).map((id) => intern(strings, id)));
  return { route, hrefs, ids };
}

/**
 * The `<a href>` targets of a rendered HTML page. The strings are copied out of the page (a match
 * is a slice that keeps the whole HTML alive) and shared through `strings`, a table the caller
 * keeps for the whole build: the navbar and sidebar links repeat on every page.
 */
export function extractHrefs(html: string, strings: Map<string, string> = new Map()): string[] {
  return [...html.matchAll(HREF)].map((m) => intern(strings, decodeEntities(m[1]!)));
}

function intern(strings: Map<string, string>, text: string): string {
  let copy = strings.get(text);
  if (copy === undefined) {
    // Concatenating then slicing forces a flat copy that does not reference the page.
    copy = (` ${text}`).slice(1);
    strings.set(copy, copy);
  }
  return copy;
}

/** Every element id and every `<a name>` of an HTML document, as an HTML parser reads them. */
export function readAnchors(html: string): string[] {
  const anchors: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (attributes.id) anchors.push(attributes.id);
      if (name === 'a' && attributes.name) anchors.push(attributes.name);
    },
  });
  parser.end(html);
  return anchors;
}

/** Where a browser takes a relative link of the page at `pageUrl` (a path): "../x" from "/sub/docs/a/b" → "/sub/docs/x". */
function resolveRelative(pageUrl: string, relative: string): string {
  // The directory of "/sub/" (a home page under a base URL) is "/sub/" itself, as for a browser.
  const dir = pageUrl.endsWith('/') ? pageUrl : path.posix.dirname(pageUrl);
  return path.posix.join(dir, relative);
}

/**
 * Checks every internal link against the routes and files of the site and every #fragment
 * against the target page's ids. Links are read as the browser reads them on the page's URL
 * (the base URL, then the route): an absolute path outside the base URL is broken. A link to a
 * .md/.mdx file that no page took for its own (see linkResolver.ts) is checked as any other: it
 * must name a file of `files`.
 *
 * @param files site paths of non-HTML files in the output (static files, assets), e.g. "/img/logo.svg"
 */
export function findBrokenLinks(pages: PageLinks[], files: ReadonlySet<string>, baseUrl = '/'): BrokenLink[] {
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  const base = baseUrl.replace(/\/$/, '');
  const reasonOf = (page: PageLinks, href: string): BrokenLink['reason'] | null => {
    const { path: rawPath, hash } = splitHash(href);
    const withoutQuery = rawPath.split('?')[0]!;
    let target = page.route;
    if (withoutQuery) {
      // Hrefs are URLs (percent-encoded), routes are not: a relative href resolves against the page's URL.
      const absolute = withoutQuery.startsWith('/') ? withoutQuery : resolveRelative(withBase(baseUrl, encodeRoute(page.route)), withoutQuery);
      if (base && !absolute.startsWith(`${base}/`) && absolute !== base) return 'outside the base URL';
      // Decoded once, as the browser and the static host do.
      const decoded = routeOfUrlPath(absolute.slice(base.length) || '/');
      if (decoded === null) return 'malformed URL';
      if (files.has(decoded)) return null;
      target = normalizePath(decoded);
    }
    const targetPage = byRoute.get(target);
    if (!targetPage) return 'missing page';
    return hash && !targetPage.ids.has(safeDecode(hash)) ? 'missing anchor' : null;
  };
  // An absolute path means the same on every page, and the navbar's and sidebar's are on most of
  // them: each is resolved once.
  const absoluteReasons = new Map<string, BrokenLink['reason'] | null>();
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    for (const href of new Set(page.hrefs)) {
      if (!href || isExternalUrl(href)) continue;
      let reason: BrokenLink['reason'] | null | undefined;
      if (href.startsWith('/')) {
        reason = absoluteReasons.get(href);
        if (reason === undefined) absoluteReasons.set(href, (reason = reasonOf(page, href)));
      } else {
        reason = reasonOf(page, href);
      }
      if (reason) broken.push({ source: page.route, href, reason });
    }
  }
  return broken;
}

/**
 * What a relative link that is broken where it stands names when its text is read from the site's
 * root ("docs/a" on /docs/b/c → "/docs/a"): Docusaurus's checker looks for the text as a file of
 * its output folder, and takes the link for valid when one is there, though a browser follows it
 * from the page's folder. Returns that route or file, or null when it names nothing there either
 * (and for links written with "/" or "../", which it does not read that way).
 */
export function targetFromRoot(href: string, routes: ReadonlySet<string>, files: ReadonlySet<string>): string | null {
  const written = splitHash(href).path.split('?')[0]!;
  if (!written || written.startsWith('/') || written.startsWith('../') || isExternalUrl(href)) return null;
  const decoded = routeOfUrlPath(path.posix.join('/', written));
  if (decoded === null) return null;
  if (files.has(decoded)) return decoded;
  const route = normalizePath(decoded);
  return routes.has(route) ? route : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The digest of a build's link targets: routes with their ids, and the static files. */
export function targetsDigest(pages: Array<{ route: string; ids: Iterable<string> }>, staticFiles: string[], baseUrl: string): string {
  const hash = createHash('sha256').update(baseUrl);
  const sorted = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  for (const page of sorted) hash.update(`\0${page.route}\0${[...page.ids].sort().join('\0')}`);
  hash.update('\0\0');
  for (const file of [...staticFiles].sort()) hash.update(`\0${file}`);
  return hash.digest('hex');
}
