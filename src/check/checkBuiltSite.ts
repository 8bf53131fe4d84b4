import fg from 'fast-glob';
// Link checker for a built site (`sipadocs check-links [dir]`): serves the directory
// with the static server and lets linkinator crawl it. Only URLs on that local server
// are fetched; everything else (external sites, mailto:, ...) is skipped.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LinkChecker, LinkState, type CheckOptions, type LinkResult } from 'linkinator';
import { readBuiltBaseUrl } from '../server/builtBaseUrl.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../server/staticServer.js';
import { SiteError } from '../errors.js';
import { collectCssNonLinks, emptyCssNonLinks, isCssNonLink, type CssNonLinks } from './cssNonLinks.js';
import { encodeRoute } from '../shared/paths.js';

export interface BrokenLink {
  /** Path of the broken target on the server, base URL included: `/docs/x`, `/img/a.png`, `/sub/docs/x#section`. */
  url: string;
  /** HTTP status of the target (0 when it could not be fetched or parsed; 200 for a missing fragment). */
  status: number;
  /** Path of the page containing the link, base URL included; absent for the start page. */
  parent?: string;
}

export interface CheckBuiltSiteOptions {
  /** Simultaneous requests per crawl (linkinator's default, 100, when absent). */
  concurrency?: number;
  /**
   * The base URL the site was built for ("/sub/"): the site is served there, and any link outside
   * it is broken. By default, the one the built pages name (see readBuiltBaseUrl).
   */
  baseUrl?: string;
}

export interface CheckBuiltSiteResult {
  /** Broken links, sorted by parent then URL, each (url, parent) pair once. */
  broken: BrokenLink[];
  /** Number of distinct local URLs (pages, assets, link targets) that were fetched. */
  checked: number;
}

/** The local server's origin and the linkinator options every run shares. */
interface CrawlOptions {
  origin: string;
  check: Omit<CheckOptions, 'path'>;
}

/** Per-request limit; the server is local, so only a hang would reach it. */
const REQUEST_TIMEOUT_MS = 30_000;

/** How many pages get their fragments checked at the same time. */
const FRAGMENT_PAGES_IN_PARALLEL = 4;

/**
 * Checks every link, image, stylesheet/script reference and `#fragment` of every HTML page
 * in `dir`, served on a free port of 127.0.0.1 under the site's base URL, as a static host serves
 * it. External URLs are never fetched. Always closes the server, also when the check fails.
 * @throws SiteError `OUTPUT_NOT_FOUND` when `dir` is not a directory; the crawl's own errors
 */
export async function checkBuiltSite(dir: string, options: CheckBuiltSiteOptions = {}): Promise<CheckBuiltSiteResult> {
  await assertDirectory(dir);
  const baseUrl = options.baseUrl ?? (await readBuiltBaseUrl(dir));
  const server = createStaticServer({ root: dir, baseUrl });
  try {
    const listening = await listenOnFreePort(server, { host: '127.0.0.1', port: 0 });
    const origin = new URL(listening.url).origin;
    const url = `${origin}${baseUrl}`;
    const base: CrawlOptions = { origin, check: baseCheckOptions(origin, options.concurrency, await readCssNonLinks(dir)) };
    // Start from every page, not only "/": orphan pages and pages the home page does not link to count too.
    const pages = await fg('**/*.html', { cwd: dir });
    // File names are decoded routes: "docs/a#b.html" is the page /docs/a%23b.
    // Relative to the served base URL, each file's route percent-encoded as a link to it is.
    const startUrls = pages.map((file) => new URL(encodeRoute(`/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`).slice(1), url).href);
    const crawl = await crawlSite([...new Set([url, ...startUrls])], base);
    const fragmentResults = await checkFragments(crawl.pages, base);
    return {
      broken: toBrokenLinks([...crawl.links, ...fragmentResults], origin),
      checked: countChecked(crawl.links, origin),
    };
  } finally {
    await closeServer(server);
  }
}

async function assertDirectory(dir: string): Promise<void> {
  const stats = await stat(dir).catch(() => undefined);
  if (stats?.isDirectory()) return;
  throw new SiteError({
    code: 'OUTPUT_NOT_FOUND',
    message: `No built site in ${dir}`,
    hint: 'Run `sipadocs build` first, or pass the directory of a built site.',
  });
}

/** linkinator options shared by every crawl: local URLs only, browser-like URL resolution. */
function baseCheckOptions(origin: string, concurrency: number | undefined, cssNonLinks: CssNonLinks): Omit<CheckOptions, 'path'> {
  return {
    concurrency,
    timeout: REQUEST_TIMEOUT_MS,
    // What linkinator's reading of CSS takes for links although they are none (see cssNonLinks.ts).
    linksToSkip: async (link: string) => !isOnOrigin(link, origin) || isCssNonLink(link, cssNonLinks),
    // Our server serves `/docs/x` from `docs/x.html`, so relative links on that page resolve
    // against `/docs/` as in a browser; without this linkinator would treat `x` as a directory.
    cleanUrls: true,
  };
}

/** The values of the site's style sheets that are no links (pages inline the same sheets). */
async function readCssNonLinks(dir: string): Promise<CssNonLinks> {
  const found = emptyCssNonLinks();
  for (const file of await fg('**/*.css', { cwd: dir })) collectCssNonLinks(await readFile(path.join(dir, file), 'utf8'), found);
  return found;
}

function isOnOrigin(link: string, origin: string): boolean {
  try {
    return new URL(link).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Recursively crawls the site from `startUrls`, checking links, images and URLs in CSS.
 * Returns every result and the URLs of the pages whose links were followed.
 */
async function crawlSite(startUrls: string[], base: CrawlOptions): Promise<{ links: LinkResult[]; pages: string[] }> {
  const checker = new LinkChecker();
  const started: string[] = [];
  // Typed as a string, but linkinator emits a URL object.
  checker.on('pagestart', (page: unknown) => started.push(String(page)));
  const { links } = await checker.check({ ...base.check, path: startUrls, recurse: true, checkCss: true });
  const ok = new Set(links.filter((link) => link.state === LinkState.OK).map((link) => link.url));
  return { links, pages: [...new Set(started)].filter((page) => ok.has(page)) };
}

/**
 * Checks the `#fragment` links of every page, one page per linkinator run.
 * Why not during the recursive crawl: linkinator validates a fragment only when the link
 * to it is seen before the target page is fetched, so it misses many, and it attributes
 * them to the parent of the target page. A run rooted at one page sees all of that
 * page's links first, so every fragment is validated and belongs to that page.
 */
async function checkFragments(pages: string[], base: CrawlOptions): Promise<LinkResult[]> {
  const results: LinkResult[] = [];
  const queue = [...pages];
  const worker = async () => {
    for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
      results.push(...(await checkPageFragments(page, base)));
    }
  };
  await Promise.all(Array.from({ length: FRAGMENT_PAGES_IN_PARALLEL }, worker));
  return results;
}

async function checkPageFragments(page: string, base: CrawlOptions): Promise<LinkResult[]> {
  const checker = new LinkChecker();
  const linksToSkip = onlyFragmentTargets(checker, page, base.origin);
  const { links } = await checker.check({ ...base.check, linksToSkip, path: page, recurse: false, checkFragments: true });
  return links
    .filter((link) => link.state === LinkState.BROKEN && isMissingFragment(link.url))
    .map((link) => ({ ...link, parent: page }));
}

/**
 * `linksToSkip` for a run rooted at `page` that fetches only the targets of the page's
 * fragment links (the other links were checked by the crawl; each fetch costs a new
 * connection, as undici closes connections after HEAD requests).
 * Relies on linkinator's private `fragmentsToCheck` map (target URL without fragment →
 * fragments), filled while it parses the page; the decision waits for the next macrotask
 * so the whole page has been parsed. Without that map (another linkinator version) only
 * external links are skipped: slower, still correct.
 */
function onlyFragmentTargets(checker: LinkChecker, page: string, origin: string): (link: string) => Promise<boolean> {
  const targets = (checker as unknown as { fragmentsToCheck?: unknown }).fragmentsToCheck;
  return async (link) => {
    if (!isOnOrigin(link, origin)) return true;
    if (link === page || !(targets instanceof Map)) return false;
    await new Promise((resolve) => setImmediate(resolve));
    return !targets.has(link);
  };
}

/** Fragment results are reported as `target#fragment`; `#top` needs no target (HTML spec). */
function isMissingFragment(url: string): boolean {
  const hash = url.indexOf('#');
  return hash >= 0 && url.slice(hash + 1).toLowerCase() !== 'top';
}

/** Broken results as site paths, one per (url, parent), sorted for stable output. */
function toBrokenLinks(results: LinkResult[], origin: string): BrokenLink[] {
  const byKey = new Map<string, BrokenLink>();
  for (const result of results) {
    if (result.state !== LinkState.BROKEN) continue;
    const link: BrokenLink = { url: toSitePath(result.url, origin), status: result.status ?? 0 };
    if (result.parent !== undefined) link.parent = toSitePath(result.parent, origin);
    byKey.set(`${link.url}\n${link.parent ?? ''}`, link);
  }
  return [...byKey.values()].sort(
    (a, b) => (a.parent ?? '').localeCompare(b.parent ?? '') || a.url.localeCompare(b.url),
  );
}

/** `http://127.0.0.1:PORT/docs/x` → `/docs/x`; other URLs unchanged. */
function toSitePath(url: string, origin: string): string {
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

function countChecked(results: LinkResult[], origin: string): number {
  const urls = results
    .filter((result) => result.state !== LinkState.SKIPPED && isOnOrigin(result.url, origin))
    .map((result) => result.url);
  return new Set(urls).size;
}
