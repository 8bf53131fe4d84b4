// Static file server over a built site directory, behaving like a static host
// (clean URLs, 404.html, ETag/304, immutable caching of hashed assets, the site
// under its base URL, the headers of a `_headers` file plus nosniff and a referrer
// policy on every response). Used by
// `sipadocs serve` (and, through the extension points, by the watch mode) and by
// the link checker.
import { randomBytes } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { readFile, realpath, stat } from 'node:fs/promises';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BASE_SECURITY_HEADERS, HEADERS_FILE } from './securityHeaders.js';
import { createHeaderRules, headersFor, type HeaderRule } from './headerRules.js';
import { withBase } from '../shared/paths.js';

export interface StaticServerOptions {
  /** Directory of the built site. Read from disk on every request (contents may change). */
  root: string;
  /**
   * Called first for every request (any method). Return true when it has handled
   * the request (e.g. a live-reload event stream); false lets the static server handle it.
   */
  extraHandler?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** Rewrites every HTML response body (including the 404 page), e.g. to inject a reload script. */
  transformHtml?: (html: string, urlPath: string) => string;
  /**
   * The base URL the site was built for ("/sub/"; "/" by default), or a function giving it for each
   * request (watch mode: a rebuild may change it). The root is served at that path, as a static
   * host serves a project site: "/sub/x" from "x.html", "/sub" redirected to "/sub/", and every
   * path outside it answered 404 (with no page: the site's 404 page belongs to the site).
   */
  baseUrl?: string | (() => string);
  /** With a base URL other than "/": "/" redirects to it (for people opening the server's address). */
  redirectRootToBase?: boolean;
}

export interface ListenOptions {
  host?: string;
  port?: number;
  /** How many consecutive ports to try, starting at `port`. */
  maxTries?: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** esbuild's `[name]-[hash]` names: a dash, 8+ uppercase letters/digits, then the extension(s). */
const HASHED_NAME = /.-[A-Z0-9]{8,}(\.[A-Za-z0-9]+)+$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** Thrown by `parseRequestPath` for a request path that must not be mapped to the disk. */
class BadRequestPath extends Error {}

/** A resolved request: the real path of a regular file inside the root, and its stats. */
interface ResolvedFile {
  file: string;
  stats: Stats;
}

/** One request being answered, with what every response helper needs. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  transformHtml: StaticServerOptions['transformHtml'];
  /** Distinguishes transformed HTML of this server instance from earlier ones in ETags. */
  htmlEtagSuffix: string;
}

/** What a request path maps to. */
type Resolution =
  | { kind: 'file'; resolved: ResolvedFile }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing' };

/** Content type for a file name; `charset=utf-8` for text types; octet-stream when unknown. */
function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}

/** Cache-Control for a file name: immutable for content-hashed assets, `no-cache` for HTML and the rest. */
function cacheControlFor(fileName: string): string {
  const base = path.basename(fileName);
  if (isHtml(base)) return NO_CACHE;
  return HASHED_NAME.test(base) ? IMMUTABLE : NO_CACHE;
}

/** Smaller text files are not worth compressing. */
const MIN_COMPRESS_BYTES = 1024;
const gzipAsync = promisify(gzip);

/** Weak ETag derived from size and modification time (the body itself is never hashed). */
function etagFor(stats: Stats, suffix = ''): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${suffix}"`;
}

/** Splits a request target into its path (up to `?` or `#`) and its query (with the `?`, or ''). */
function splitTarget(rawUrl: string): { pathname: string; search: string } {
  const end = rawUrl.search(/[?#]/);
  if (end < 0) return { pathname: rawUrl, search: '' };
  const search = rawUrl[end] === '?' ? rawUrl.slice(end).split('#', 1)[0] ?? '' : '';
  return { pathname: rawUrl.slice(0, end), search };
}

/**
 * Splits the raw request path into decoded segments, refusing anything that could
 * escape the root or be read ambiguously: `.`/`..` segments (also percent-encoded),
 * encoded `/` or `\`, backslashes, NUL bytes, empty segments (`//etc/passwd`), paths
 * not starting with `/` (absolute-form targets) and malformed percent-encoding.
 * The last segment is `''` when the path ends with a slash.
 * @throws BadRequestPath
 */
function parseRequestPath(pathname: string): string[] {
  if (!pathname.startsWith('/') || pathname.includes('\\')) throw new BadRequestPath(pathname);
  const segments = pathname.slice(1).split('/').map(decodeSegment);
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    if (segment === '' && !isLast) throw new BadRequestPath(pathname);
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) throw new BadRequestPath(pathname);
  });
  return segments;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new BadRequestPath(segment);
  }
}

function isHtml(fileName: string): boolean {
  return /\.html?$/i.test(fileName);
}

/**
 * Real path of a regular file at `relative` under `root`, or undefined when it does not
 * exist, is not a regular file, or (through symlinks) lies outside the root.
 */
async function resolveInside(realRoot: string, relative: string): Promise<ResolvedFile | undefined> {
  let file: string;
  try {
    file = await realpath(path.join(realRoot, relative));
  } catch {
    return undefined;
  }
  if (file !== realRoot && !file.startsWith(realRoot + path.sep)) return undefined;
  const stats = await stat(file).catch(() => undefined);
  return stats?.isFile() ? { file, stats } : undefined;
}

/**
 * Maps decoded segments to a file like a static host does: `/` and `/x/` to their
 * `index.html`; `/x` to the file `x`, else `x.html`, else (directory `x` with an index)
 * a redirect to `/x/` so that relative links keep working.
 */
async function resolveRequest(realRoot: string, segments: string[], pathname: string): Promise<Resolution> {
  const relative = segments.join('/');
  if (segments.at(-1) === '') {
    const index = await resolveInside(realRoot, `${relative}index.html`);
    return index ? { kind: 'file', resolved: index } : { kind: 'missing' };
  }
  const exact = await resolveInside(realRoot, relative);
  if (exact) return { kind: 'file', resolved: exact };
  const html = await resolveInside(realRoot, `${relative}.html`);
  if (html) return { kind: 'file', resolved: html };
  if (await resolveInside(realRoot, `${relative}/index.html`)) {
    return { kind: 'redirect', location: `${pathname}/` };
  }
  return { kind: 'missing' };
}

/** True when an `If-None-Match` header matches the ETag (weak comparison, or `*`). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = `${text}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': NO_CACHE,
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * Writes a file response with the given status (ETag and 304 only for 200). HTML bodies
 * go through `transformHtml`; other files are streamed from disk. HEAD gets the same
 * headers and no body.
 */
async function sendFile(
  { req, res, transformHtml, htmlEtagSuffix }: Exchange,
  { file, stats }: ResolvedFile,
  status: number,
  urlPath: string,
): Promise<void> {
  const transform = transformHtml && isHtml(file) ? transformHtml : undefined;
  const type = contentTypeFor(file);
  const headers: Record<string, string | number> = {
    'Content-Type': type,
    'Cache-Control': cacheControlFor(file),
  };
  // Text is sent gzip-compressed when the client accepts it, as static hosts do.
  const compressible = type.includes('charset=utf-8') && (stats.size >= MIN_COMPRESS_BYTES || Boolean(transform));
  const gzip = compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (status === 200) {
    const etag = etagFor(stats, `${transform ? htmlEtagSuffix : ''}${gzip ? '-gz' : ''}`);
    headers.ETag = etag;
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  if (transform || gzip) {
    const raw = transform ? Buffer.from(transform(await readFile(file, 'utf8'), urlPath), 'utf8') : await readFile(file);
    const body = gzip ? await gzipAsync(raw) : raw;
    if (gzip) headers['Content-Encoding'] = 'gzip';
    res.writeHead(status, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Length': stats.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(file), res);
}

/** The root's `404.html` with status 404, or a plain-text 404 when there is none. */
async function sendNotFound(exchange: Exchange, realRoot: string, urlPath: string): Promise<void> {
  const page = await resolveInside(realRoot, '404.html');
  if (page) await sendFile(exchange, page, 404, urlPath);
  else sendText(exchange.res, 404, 'Not found');
}

/** Where a request path lies relative to the base URL ("/sub/"): the path below it, or what to answer. */
function underBase(pathname: string, baseUrl: string): { inside: string } | { redirect: string } | 'outside' {
  if (baseUrl === '/') return { inside: pathname };
  if (pathname.startsWith(baseUrl)) return { inside: pathname.slice(baseUrl.length - 1) };
  if (pathname === baseUrl.slice(0, -1)) return { redirect: baseUrl };
  return 'outside';
}

/** Serves one GET/HEAD request from the root. */
async function serveStatic(exchange: Exchange, root: string, options: StaticServerOptions): Promise<void> {
  const { pathname: requested, search } = splitTarget(exchange.req.url ?? '/');
  const baseUrl = (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl) ?? '/';
  const place = underBase(requested, baseUrl);
  if (place === 'outside') {
    if (requested === '/' && options.redirectRootToBase) return sendText(exchange.res, 302, 'Found', { Location: baseUrl + search });
    return sendText(exchange.res, 404, `Not found: this server serves the site at ${baseUrl}`);
  }
  if ('redirect' in place) return sendText(exchange.res, 301, 'Moved permanently', { Location: place.redirect + search });
  const pathname = place.inside;
  let segments: string[];
  try {
    segments = parseRequestPath(pathname);
  } catch (error) {
    if (error instanceof BadRequestPath) return sendText(exchange.res, 400, 'Bad request');
    throw error;
  }
  const realRoot = await realpath(root).catch(() => undefined);
  if (realRoot === undefined) return sendText(exchange.res, 404, 'Not found');
  const urlPath = `/${segments.join('/')}`;
  // Static hosts read the headers file and do not publish it.
  if (urlPath === `/${HEADERS_FILE}`) return sendNotFound(exchange, realRoot, urlPath);
  const resolution = await resolveRequest(realRoot, segments, pathname);
  switch (resolution.kind) {
    case 'file':
      return sendFile(exchange, resolution.resolved, 200, urlPath);
    case 'redirect':
      return sendText(exchange.res, 301, 'Moved permanently', { Location: withBase(baseUrl, resolution.location) + search });
    case 'missing':
      return sendNotFound(exchange, realRoot, urlPath);
  }
}

async function handleRequest(exchange: Exchange, options: StaticServerOptions, headerRules: () => Promise<HeaderRule[]>): Promise<void> {
  const { req, res } = exchange;
  if (options.extraHandler && (await options.extraHandler(req, res))) return;
  // Set before any response is written: writeHead adds them to each response's own headers.
  const { pathname } = splitTarget(req.url ?? '/');
  const headers = { ...BASE_SECURITY_HEADERS, ...headersFor(await headerRules(), safeDecode(pathname)) };
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  await serveStatic(exchange, options.root, options);
}

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Creates (without listening) an HTTP server serving `options.root` like a static host.
 * Requests never read outside the root: suspicious paths get 400, files whose real
 * path (after symlinks) is outside the root are treated as missing (404). No directory
 * listings; no in-memory caching of contents. Unexpected errors give a 500.
 */
export function createStaticServer(options: StaticServerOptions): http.Server {
  // The transform may differ between server runs (e.g. a new reload script), the file not.
  const htmlEtagSuffix = `-${randomBytes(4).toString('hex')}`;
  const headerRules = createHeaderRules(options.root);
  return http.createServer((req, res) => {
    const exchange: Exchange = { req, res, transformHtml: options.transformHtml, htmlEtagSuffix };
    handleRequest(exchange, options, headerRules).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal server error');
      else res.destroy();
    });
  });
}

function listenOnce(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Host part for a printable URL: wildcard addresses become `localhost`, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Listens on `port`, or on the next free one when it is in use (EADDRINUSE), trying
 * `maxTries` consecutive ports. Prints nothing: the caller compares the returned port
 * with the requested one. `port: 0` lets the OS choose. Resolves with the actual port
 * and a URL like `http://127.0.0.1:3000/`; rejects on other listen errors or when no
 * port was free.
 */
export async function listenOnFreePort(
  server: http.Server,
  { host = '127.0.0.1', port = 3000, maxTries = 20 }: ListenOptions = {},
): Promise<{ url: string; port: number }> {
  // An IPv6 address may be given as a URL writes it ("[::1]"); the socket takes it bare.
  host = host.replace(/^\[(.*)\]$/, '$1');
  // Never past the last port: 65535 in use must end in "no free port", not in an invalid one.
  const tries = Math.max(1, Math.min(maxTries, 65536 - port));
  for (let attempt = 0; attempt < tries; attempt++) {
    try {
      await listenOnce(server, port === 0 ? 0 : port + attempt, host);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && port !== 0) continue;
      throw error;
    }
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port + attempt;
    return { url: `http://${urlHost(host)}:${actualPort}/`, port: actualPort };
  }
  throw new Error(`No free port between ${port} and ${port + tries - 1} on ${host}`);
}

/** Stops listening and closes every connection, keep-alive and streaming ones included. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
