import fg from 'fast-glob';
// Link checker for a built site (`sipadocs check-links [dir]`): serves the directory
// with the static server (in a thread of its own) and lets linkinator crawl it, then checks
// fragments itself. Only URLs on that local server are fetched; everything else (external
// sites, mailto:, ...) is skipped.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LinkChecker, LinkState, type CheckOptions, type LinkResult } from 'linkinator';
import { readBuiltBaseUrl } from '../server/builtBaseUrl.js';
import { startCheckServer } from './checkServer.js';
import { findMissingFragments } from './fragments.js';
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
  /** Simultaneous requests of the crawl (CRAWL_CONCURRENCY when absent). */
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

/**
 * Per-request limit of the fragment check's requests; the server is local, so only a hang would
 * reach it. The crawl's requests have none: linkinator's limit covers reading the body too, and a
 * page still being read when it ran out (a busy machine) ended the process with an unhandled
 * stream error.
 */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Simultaneous requests of the crawl. The server is local and shares the machine's cores with the
 * crawl: more requests in flight only wait longer each (linkinator's 100 made a busy machine's
 * requests time out), while a few keep both sides busy.
 */
const CRAWL_CONCURRENCY = 16;

/** Tries of a request that got no answer (a reset connection, a timeout), the first one included. */
const TRIES = 4;

/**
 * Checks every link, image, stylesheet/script reference and `#fragment` of every HTML page
 * in `dir`, served on a free port of 127.0.0.1 under the site's base URL, as a static host serves
 * it. External URLs are never fetched. Always closes the server, also when the check fails.
 * @throws SiteError `OUTPUT_NOT_FOUND` when `dir` is not a directory; the crawl's own errors
 */
export async function checkBuiltSite(dir: string, options: CheckBuiltSiteOptions = {}): Promise<CheckBuiltSiteResult> {
  await assertDirectory(dir);
  const baseUrl = options.baseUrl ?? (await readBuiltBaseUrl(dir));
  const server = await startCheckServer(dir, baseUrl);
  try {
    const { origin } = server;
    const url = `${origin}${baseUrl}`;
    const base: CrawlOptions = { origin, check: baseCheckOptions(origin, options.concurrency, await readCssNonLinks(dir)) };
    // Start from every page, not only "/": orphan pages and pages the home page does not link to count too.
    const pages = await fg('**/*.html', { cwd: dir });
    // File names are decoded routes: "docs/a#b.html" is the page /docs/a%23b.
    // Relative to the served base URL, each file's route percent-encoded as a link to it is.
    const startUrls = pages.map((file) => new URL(encodeRoute(`/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`).slice(1), url).href);
    const crawl = await crawlSite([...new Set([url, ...startUrls])], base);
    const missingFragments = await findMissingFragments(crawl.pages, origin, fetchHtml);
    const fragmentResults: LinkResult[] = missingFragments.map((link) => ({ ...link, status: 200, state: LinkState.BROKEN }));
    return {
      broken: toBrokenLinks([...crawl.links, ...fragmentResults], origin),
      checked: countChecked(crawl.links, origin),
    };
  } finally {
    await server.close();
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
    concurrency: concurrency ?? CRAWL_CONCURRENCY,
    // Uncompressed: compressing every page on one side and inflating it on the other only
    // costs the machine's time, the server being local.
    headers: { 'accept-encoding': 'identity' },
    // A request without an answer is tried again (with a short wait that doubles), rather than
    // reported as a broken link: "(no response)" from a busy local server says nothing of the site.
    retryErrors: true,
    retryErrorsCount: TRIES - 1,
    retryErrorsJitter: 500,
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
 * A page's HTML and its final URL (after redirects), or null when the URL is no HTML page that
 * answers 200. A request without an answer is tried again, as the crawl's are.
 */
async function fetchHtml(url: string): Promise<{ html: string; url: string } | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
      if (!response.ok || !isHtml) {
        await response.body?.cancel();
        return null;
      }
      return { html: await response.text(), url: response.url };
    } catch (error) {
      if (attempt >= TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
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
