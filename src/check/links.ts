import path from 'node:path';
import { isExternalUrl, normalizePath, routeHref, routeOfUrlPath, splitHash } from '../shared/paths.js';

/** Links and anchor ids found in one rendered page. */
export interface PageLinks {
  route: string;
  hrefs: string[];
  ids: Set<string>;
}

export interface BrokenLink {
  /** Route of the page holding the link. */
  source: string;
  href: string;
  /** A "malformed URL" is one a static host refuses (400), such as "/docs/100%" for the route /docs/100%. */
  reason: 'missing page' | 'missing anchor' | 'malformed URL';
}

const HREF = /<a\s[^>]*?href="([^"]*)"/g;
const ID = /\sid="([^"]+)"/g;

const decodeEntities = (text: string) =>
  text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/**
 * Extracts the <a href> targets and element ids of a rendered HTML page. The strings are copied
 * out of the page (a regex match is a slice that keeps the whole HTML alive) and shared through
 * `strings`, a table the caller keeps for the whole build: the navbar and sidebar links repeat
 * on every page.
 */
export function extractLinks(route: string, html: string, strings: Map<string, string> = new Map()): PageLinks {
  const own = (text: string) => {
    let copy = strings.get(text);
    if (copy === undefined) {
      // Concatenating then slicing forces a flat copy that does not reference `html`.
      copy = (` ${text}`).slice(1);
      strings.set(copy, copy);
    }
    return copy;
  };
  const hrefs = [...html.matchAll(HREF)].map((m) => own(decodeEntities(m[1]!)));
  const ids = new Set([...html.matchAll(ID)].map((m) => own(decodeEntities(m[1]!))));
  return { route, hrefs, ids };
}

/**
 * Checks every internal link against the routes and files of the site and every #fragment
 * against the target page's ids. Links to .md/.mdx files are skipped: unresolved markdown links
 * were already reported as warnings when their page compiled.
 *
 * @param files site paths of non-HTML files in the output (static files, assets), e.g. "/img/logo.svg"
 */
export function findBrokenLinks(pages: PageLinks[], files: ReadonlySet<string>, baseUrl = '/'): BrokenLink[] {
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  const broken: BrokenLink[] = [];
  const base = baseUrl.replace(/\/$/, '');
  for (const page of pages) {
    for (const href of new Set(page.hrefs)) {
      if (!href || isExternalUrl(href)) continue;
      const { path: rawPath, hash } = splitHash(href);
      const withoutQuery = rawPath.split('?')[0]!;
      if (/\.mdx?$/.test(withoutQuery)) continue;
      let target = page.route;
      if (withoutQuery) {
        // Hrefs are URLs (percent-encoded), routes are not: a relative href resolves against the page's URL.
        const absolute = withoutQuery.startsWith('/') ? withoutQuery : path.posix.join(path.posix.dirname(routeHref(page.route)), withoutQuery);
        if (base && !absolute.startsWith(`${base}/`) && absolute !== base) {
          broken.push({ source: page.route, href, reason: 'missing page' });
          continue;
        }
        // Decoded once, as the browser and the static host do.
        const decoded = routeOfUrlPath(absolute.slice(base.length) || '/');
        if (decoded === null) {
          broken.push({ source: page.route, href, reason: 'malformed URL' });
          continue;
        }
        if (files.has(decoded)) continue;
        target = normalizePath(decoded);
      }
      const targetPage = byRoute.get(target);
      if (!targetPage) {
        broken.push({ source: page.route, href, reason: 'missing page' });
        continue;
      }
      if (hash && !targetPage.ids.has(safeDecode(hash))) broken.push({ source: page.route, href, reason: 'missing anchor' });
    }
  }
  return broken;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
