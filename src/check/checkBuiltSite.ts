// Link checker for a built site (`sipadocs check-links [dir]`): serves the directory with the
// static server (in a thread of its own) and crawls it (see crawl.ts). Only URLs on that local
// server are fetched; everything else (external sites, mailto:, ...) is skipped.
import fg from 'fast-glob';
import { stat } from 'node:fs/promises';
import { readBuiltBaseUrl } from '../server/builtBaseUrl.js';
import { startCheckServer } from './checkServer.js';
import { crawl, type CrawledBrokenLink } from './crawl.js';
import { SiteError } from '../errors.js';
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

/**
 * Per-request limit: the server is local, so only a hang would reach it (a busy machine answers
 * late, not never).
 */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Simultaneous requests of the crawl. The server is local and shares the machine's cores with the
 * crawl: more requests in flight only wait longer each, while a few keep both sides busy.
 */
const CRAWL_CONCURRENCY = 8;

/** Tries of a request that got no answer (a reset connection, a timeout), the first one included. */
const TRIES = 4;

/**
 * Checks every link, image, stylesheet/script reference and `#fragment` of every HTML page
 * in `dir`, served on a free port of 127.0.0.1 under the site's base URL, as a static host serves
 * it (see crawl.ts). External URLs are never fetched. Always closes the server, also when the
 * check fails.
 * @throws SiteError `OUTPUT_NOT_FOUND` when `dir` is not a directory; the crawl's own errors
 */
export async function checkBuiltSite(dir: string, options: CheckBuiltSiteOptions = {}): Promise<CheckBuiltSiteResult> {
  await assertDirectory(dir);
  const baseUrl = options.baseUrl ?? (await readBuiltBaseUrl(dir));
  const server = await startCheckServer(dir, baseUrl);
  try {
    const { origin } = server;
    const url = `${origin}${baseUrl}`;
    // Start from every page, not only "/": orphan pages and pages the home page does not link to count too.
    const pages = await fg('**/*.html', { cwd: dir });
    // File names are decoded routes: "docs/a#b.html" is the page /docs/a%23b.
    // Relative to the served base URL, each file's route percent-encoded as a link to it is.
    const startUrls = pages.map((file) => new URL(encodeRoute(`/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`).slice(1), url).href);
    const result = await crawl([...new Set([url, ...startUrls])], {
      origin,
      concurrency: options.concurrency ?? CRAWL_CONCURRENCY,
      skip: () => false,
      fetch: fetchWithRetries,
    });
    return { broken: toBrokenLinks(result.broken, origin), checked: result.checked };
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

/**
 * A GET of the local server, uncompressed (compressing every page on one side and inflating it on
 * the other only costs the machine's time). A request without an answer is tried again, with a
 * short wait that doubles, rather than reported as a broken link: "(no response)" from a busy
 * local server says nothing of the site.
 */
async function fetchWithRetries(url: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      if (attempt >= TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}

/** Broken results as site paths, one per (url, parent), sorted for stable output. */
function toBrokenLinks(results: CrawledBrokenLink[], origin: string): BrokenLink[] {
  const byKey = new Map<string, BrokenLink>();
  for (const result of results) {
    const link: BrokenLink = { url: toSitePath(result.url, origin), status: result.status };
    if (result.parent !== undefined) link.parent = toSitePath(result.parent, origin);
    byKey.set(`${link.url}\n${link.parent ?? ''}`, link);
  }
  return [...byKey.values()].sort((a, b) => (a.parent ?? '').localeCompare(b.parent ?? '') || a.url.localeCompare(b.url));
}

/** `http://127.0.0.1:PORT/docs/x` → `/docs/x`; other URLs unchanged. */
function toSitePath(url: string, origin: string): string {
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}
