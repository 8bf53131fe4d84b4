import { Parser } from 'htmlparser2';

/**
 * The crawl of `check-links`: every page is fetched and parsed once, every other target (an
 * image, a style sheet, a missing page) is fetched once, however many pages link to it, and the
 * fragment of every link is looked for among the ids of its target page, which was read anyway.
 * Requests go to the local server of the check a few at a time, over connections kept open
 * (fetch's own pool), so the cost follows the pages and distinct targets, not the links.
 */

/** A link the crawl found broken: the target (with the fragment, decoded, for a missing one) and the page that holds it. */
export interface CrawledBrokenLink {
  /** Absolute URL of the target. */
  url: string;
  /** HTTP status of the target: 0 when it gave no answer, 200 for a missing fragment. */
  status: number;
  /** Absolute URL of the page holding the link; absent for a start page. */
  parent?: string;
}

export interface CrawlResult {
  broken: CrawledBrokenLink[];
  /** Distinct URLs of the origin fetched (pages, assets, link targets). */
  checked: number;
}

export interface CrawlOptions {
  /** `http://127.0.0.1:<port>`: only URLs of this origin are fetched. */
  origin: string;
  /** Requests in flight at once. */
  concurrency: number;
  /** Links to leave alone (see cssNonLinks.ts), as absolute URLs. */
  skip(url: string): boolean;
  /** Fetches a URL (tried again by the caller's rules); the crawl reads the status, the type and, for a page or a style sheet, the text. */
  fetch(url: string): Promise<Response>;
}

/** What one URL gave. */
interface Fetched {
  status: number;
  /** The URL the answer came from (after redirects). */
  finalUrl: string;
  /** For an HTML page that answered 200: its ids and `<a name>`s. */
  ids: Set<string> | null;
}

/** The link-carrying attributes of each element, as a browser (and linkinator) reads them. */
const LINK_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  embed: ['href', 'src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  script: ['src'],
  iframe: ['src'],
  frame: ['src'],
  audio: ['src'],
  video: ['src', 'poster'],
  track: ['src'],
  input: ['src'],
  object: ['data'],
  body: ['background'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite'],
  ins: ['cite'],
};

/** `rel` values whose link need not answer (a hint to the browser). */
const HINT_RELS = new Set(['dns-prefetch', 'preconnect']);

/** Reads a page's links (as written, resolved later) and its ids; `url()` values of its style elements and attributes count as links. */
function readPage(html: string, pageUrl: string): { links: URL[]; ids: Set<string> } {
  const ids = new Set<string>();
  const raw: string[] = [];
  let base: string | null = null;
  let style: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) ids.add(attributes.id);
        if (name === 'a' && attributes.name) ids.add(attributes.name);
        // A self-link with an id of its own (`<a id="user-content-x" href="#x">`) makes `#x` a target too.
        if (name === 'a' && attributes.id && attributes.href?.startsWith('#') && attributes.href.length > 1) ids.add(attributes.href.slice(1));
        if (name === 'base' && base === null && attributes.href !== undefined) base = attributes.href;
        if (name === 'style') style = '';
        if (attributes.style) raw.push(...cssUrls(attributes.style));
        if (name === 'link' && attributes.rel && attributes.rel.split(/\s+/).some((rel) => HINT_RELS.has(rel))) return;
        if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh') {
          const target = /^\s*\d+\s*;\s*url\s*=\s*(.+)/i.exec(attributes.content ?? '')?.[1];
          if (target) raw.push(target.trim());
        }
        for (const attribute of LINK_ATTRIBUTES[name] ?? []) {
          const value = attributes[attribute];
          if (!value) continue;
          if (attribute === 'srcset') raw.push(...value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!).filter(Boolean));
          else raw.push(value);
        }
      },
      ontext(text) {
        if (style !== null) style += text;
      },
      onclosetag(name) {
        if (name === 'style' && style !== null) {
          raw.push(...cssUrls(style));
          style = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  const baseUrl = base === null ? pageUrl : (resolve(base, pageUrl)?.href ?? pageUrl);
  return { links: raw.map((href) => resolve(href, baseUrl)).filter((url): url is URL => url !== null), ids };
}

/** The `url()` values of CSS text. */
export function cssUrls(css: string): string[] {
  const urls: string[] = [];
  for (const match of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/g)) {
    const value = match[1] ?? match[2] ?? match[3] ?? '';
    // A data URI holds its content; `url(#id)` names an SVG element of the document, no page.
    if (value && !value.startsWith('data:') && !value.startsWith('#')) urls.push(value);
  }
  return urls;
}

function resolve(href: string, base: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** A URL without its fragment. */
const withoutHash = (url: URL) => (url.hash ? url.href.slice(0, -url.hash.length) : url.href);

/** A fragment as the page names its target's id: percent-decoded (as written, when that fails). */
function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * Crawls from `starts` (absolute URLs on the origin: every page the folder holds, so pages no
 * other page links to are checked too) and follows every link of the origin found on its pages
 * and style sheets. Links elsewhere (other origins, mailto:…) are not fetched.
 */
export async function crawl(starts: string[], options: CrawlOptions): Promise<CrawlResult> {
  const fetched = new Map<string, Promise<Fetched>>();
  /** Links found on the origin: target without fragment, fragment ('' for none), page (strings shared, not copied: there may be hundreds of thousands). */
  const found: Array<[bare: string, hash: string, parent: string]> = [];
  const shared = new Map<string, string>();
  const share = (text: string) => shared.get(text) ?? (shared.set(text, text), text);
  const inFlight = new Set<Promise<unknown>>();
  const limit = createLimit(options.concurrency);

  const load = async (url: string): Promise<Fetched> => {
    const { status, finalUrl, type, text } = await limit(async () => {
      let response: Response;
      try {
        response = await options.fetch(url);
      } catch {
        return { status: 0, finalUrl: url, type: '', text: null };
      }
      const kind = response.headers.get('content-type') ?? '';
      const readable = response.status === 200 && (kind.startsWith('text/html') || kind.startsWith('text/css'));
      if (!readable) await response.body?.cancel();
      return { status: response.status, finalUrl: response.url || url, type: kind, text: readable ? await response.text() : null };
    });
    if (text === null) return { status, finalUrl, ids: null };
    // Parsed outside the bound: a slot is a request in flight.
    const page = type.startsWith('text/css') ? { links: cssUrls(text).flatMap((href) => resolve(href, finalUrl) ?? []), ids: null } : readPage(text, finalUrl);
    for (const target of page.links) {
      if (!/^https?:$/.test(target.protocol) || target.origin !== options.origin || options.skip(target.href)) continue;
      const bare = share(withoutHash(target));
      found.push([bare, target.hash, url]);
      visit(bare);
    }
    return { status, finalUrl, ids: page.ids };
  };
  let failure: { error: unknown } | null = null;
  const visit = (url: string) => {
    if (fetched.has(url) || failure) return;
    const pending = load(url);
    fetched.set(url, pending);
    inFlight.add(pending);
    pending.then(
      () => inFlight.delete(pending),
      (error: unknown) => {
        // What failed is the crawl itself (not a link): nothing more is started, and it is thrown once all in flight have ended.
        failure ??= { error };
        inFlight.delete(pending);
      },
    );
  };
  for (const start of starts) visit(start);
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  if (failure) throw (failure as { error: unknown }).error;

  const broken: CrawledBrokenLink[] = [];
  for (const start of starts) {
    const { status } = await fetched.get(start)!;
    if (status === 0 || status >= 400) broken.push({ url: start, status });
  }
  const seen = new Set<string>();
  for (const [bare, hash, parent] of found) {
    const result = await fetched.get(bare)!;
    let link: CrawledBrokenLink | null = null;
    if (result.status === 0 || result.status >= 400) link = { url: bare, status: result.status, parent };
    else if (hash.length > 1 && result.ids !== null) {
      const id = decodeHash(hash);
      if (id.toLowerCase() !== 'top' && !result.ids.has(id)) link = { url: `${bare}#${id}`, status: 200, parent };
    }
    if (!link) continue;
    const key = `${link.url}\n${parent}`;
    if (seen.has(key)) continue;
    seen.add(key);
    broken.push(link);
  }
  return { broken, checked: fetched.size };
}

/** Runs work at most `size` at a time, in the order it comes. */
function createLimit(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  const queue: Array<() => void> = [];
  let running = 0;
  return async (work) => {
    if (running < size) running++;
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await work();
    } finally {
      // The slot goes to the next in line, or is freed.
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
}
