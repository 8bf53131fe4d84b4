import { Parser } from 'htmlparser2';
import { mapLimit } from '../util/concurrency.js';

/**
 * The `#fragment` check of a crawled site: each page is fetched and parsed once, for the ids it
 * offers and the fragment links it holds; a link's fragment must be an id (or `<a name>`) of its
 * target page. Linear in the site's pages and links: each target is read once, however many
 * pages link to it.
 */

/** A link whose fragment its target page lacks: `url` is the target with the fragment, decoded. */
export interface MissingFragment {
  url: string;
  parent: string;
}

/** What one page offers to fragment links, and the fragment links it holds (resolved, absolute). */
export interface PageAnchors {
  ids: Set<string>;
  links: URL[];
}

/** Elements whose `href` is a link that a fragment can belong to. */
const LINKING_ELEMENTS = new Set(['a', 'area']);

/** Reads a page's ids and fragment links; relative links resolve against `pageUrl` (or its `<base href>`). */
export function readAnchors(html: string, pageUrl: string): PageAnchors {
  const ids = new Set<string>();
  const hrefs: string[] = [];
  let base: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) ids.add(attributes.id);
        if (name === 'a' && attributes.name) ids.add(attributes.name);
        // A self-link with an id of its own (`<a id="user-content-x" href="#x">`) makes `#x` a target too.
        if (name === 'a' && attributes.id && attributes.href?.startsWith('#') && attributes.href.length > 1) ids.add(attributes.href.slice(1));
        if (name === 'base' && base === null && attributes.href !== undefined) base = attributes.href;
        if (LINKING_ELEMENTS.has(name) && attributes.href?.includes('#')) hrefs.push(attributes.href);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  const baseUrl = base === null ? pageUrl : resolve(base, pageUrl)?.href ?? pageUrl;
  const links = hrefs.map((href) => resolve(href, baseUrl)).filter((url): url is URL => url !== null && url.hash.length > 1);
  return { ids, links };
}

function resolve(href: string, base: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** A fragment as the page names its target's id: percent-decoded (as written, when that fails). */
function decodeFragment(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** How many pages are checked at the same time. */
const PAGES_IN_PARALLEL = 8;

/**
 * Checks the fragment links of `pages` (absolute URLs on `origin`). `fetchHtml` gives a URL's
 * HTML, or null when it is no page (not found, not HTML); links to other origins are not followed.
 */
export async function findMissingFragments(
  pages: string[],
  origin: string,
  fetchHtml: (url: string) => Promise<{ html: string; url: string } | null>,
): Promise<MissingFragment[]> {
  // Each page is read once; its links are dropped once checked, its ids kept for the pages that
  // link to it.
  const anchors = new Map<string, Promise<{ ids: Set<string>; links: URL[] | null } | null>>();
  const anchorsOf = (url: string) => {
    let found = anchors.get(url);
    if (!found) {
      found = fetchHtml(url).then((page) => (page ? readAnchors(page.html, page.url) : null));
      anchors.set(url, found);
    }
    return found;
  };
  const missing: MissingFragment[] = [];
  await mapLimit(pages, PAGES_IN_PARALLEL, async (page) => {
    const own = await anchorsOf(page);
    const links = own?.links;
    if (!own || !links) return;
    own.links = null;
    for (const link of links) {
      if (link.origin !== origin) continue;
      const fragment = decodeFragment(link.hash);
      // `#top` needs no element (HTML spec).
      if (fragment.toLowerCase() === 'top') continue;
      const target = new URL(link.href);
      target.hash = '';
      const targetAnchors = target.href === page ? own : await anchorsOf(target.href);
      // A target that is no page is the crawl's to report.
      if (targetAnchors && !targetAnchors.ids.has(fragment)) missing.push({ url: `${target.href}#${fragment}`, parent: page });
    }
  });
  return missing;
}
