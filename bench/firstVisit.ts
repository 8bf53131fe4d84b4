/**
 * `node bin/run-ts.js bench/firstVisit.ts`: what a first visit downloads, measured in Chromium.
 *
 * Builds the Sipa site (or takes a built one: `--out <dir>`), serves it with the static server
 * (gzip, as `sipadocs serve` and static hosts send it), opens each page in a fresh browser context
 * (empty cache, 1280×800, the sidebar shown) and records every response until the network has been
 * quiet for 2 s (no request started or in flight). It prints, per page, the JavaScript as
 * transferred (gzip bodies, without headers), in kB of 1,000 bytes:
 *
 * - before interactive: what the page needs to hydrate, i.e. the entry, the modules the page
 *   preloads for it (its static imports) and the route's own content chunk;
 * - after: every other script, i.e. what prefetching and lazy code loaded once the page ran;
 * - and, beside them, the route payloads (JSON) prefetched and how many content chunks were.
 *
 * Then, unless `--no-map`, a map of the entry: its biggest modules and packages, from esbuild's
 * metafile of the same entry built again here, with the gzip size of each one's code alone.
 *
 * Options: `--pages /,/docs/x` (default: home, a doc, a post), `--out <dir>` (measure that build,
 * don't build), `--save-data` (emulate a visitor who saves data), `--quiet-ms <n>`, `--json`.
 */
import { decode } from '@jridgewell/sourcemap-codec';
import { build, type Metafile } from 'esbuild';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { buildOnce } from '../src/pipeline/build.js';
import { CLIENT_ENTRY, SCRIPT_LOADERS, ASSET_LOADERS, entrySharedModulesPlugin } from '../src/bundle/bundleSite.js';
import { cssModulesPlugin } from '../src/bundle/cssModules.js';
import { imageModulesPlugin } from '../src/bundle/imageModules.js';
import { sharedModules } from '../src/bundle/sharedModules.js';
import { virtualModulesPlugin } from '../src/bundle/virtualModules.js';
import { loadConfig } from '../src/config/load.js';
import { clientSiteData } from '../src/config/normalize.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../src/server/staticServer.js';
import { launchBrowser } from '../support/browser.js';

const DEFAULT_PAGES = ['/', '/docs/guides/overview', '/blog/welcome'];
const SITE_DIR = 'site';
/** The most a page is given to become quiet. */
const MAX_WAIT_MS = 60_000;
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`;

export interface FirstVisit {
  page: string;
  /** navigator.connection.effectiveType as the page saw it. */
  connection: string;
  /** Gzip bytes as transferred. */
  jsBeforeInteractive: number;
  jsAfter: number;
  /** Scripts after interactive, by path, with their bytes. */
  scriptsAfter: Array<{ path: string; bytes: number }>;
  payloadBytes: number;
  payloads: number;
  /** Route content chunks (`/_sipa/r/…`) loaded after interactive. */
  contentChunks: number;
  /** Every response's body bytes, JS or not. */
  allBytes: number;
  /** From navigation start to the last response, ms. */
  quietAfterMs: number;
}

export async function main(args: string[]): Promise<number> {
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const pages = option('--pages')?.split(',') ?? DEFAULT_PAGES;
  const quietMs = Number(option('--quiet-ms') ?? 2000);
  const given = option('--out');
  const outDir = given ? path.resolve(given) : await mkdtemp(path.join(tmpdir(), 'sipadocs-first-visit-'));
  if (!given) await buildOnce({ siteDir: SITE_DIR, outDir, quiet: true });
  const server = createStaticServer({ root: outDir });
  const { url } = await listenOnFreePort(server, { port: 0 });
  const browser = await launchBrowser();
  const visits: FirstVisit[] = [];
  try {
    for (const page of pages) visits.push(await measureFirstVisit(browser, url.replace(/\/$/, ''), page, { quietMs, saveData: args.includes('--save-data') }));
  } finally {
    await browser.close();
    await closeServer(server);
  }
  const map = args.includes('--no-map') ? null : await entryMap(outDir);
  if (!given) await rm(outDir, { recursive: true, force: true });

  if (args.includes('--json')) {
    console.log(JSON.stringify({ visits, entryMap: map }, null, 2));
    return 0;
  }
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(`First visit, JavaScript as transferred (gzip), kB = 1,000 bytes; quiet = no request for ${quietMs} ms`);
  console.log(`${'page'.padEnd(26)}${'connection'.padStart(11)}${'before interactive'.padStart(20)}${'after'.padStart(8)}${'total'.padStart(8)}${'chunks after'.padStart(14)}${'payloads (kB)'.padStart(18)}${'quiet at'.padStart(10)}`);
  for (const v of visits) {
    console.log(
      `${v.page.padEnd(26)}${v.connection.padStart(11)}${kB(v.jsBeforeInteractive).padStart(20)}${kB(v.jsAfter).padStart(8)}${kB(v.jsBeforeInteractive + v.jsAfter).padStart(8)}${String(v.contentChunks).padStart(14)}${`${v.payloads} (${kB(v.payloadBytes)})`.padStart(18)}${`${(v.quietAfterMs / 1000).toFixed(1)} s`.padStart(10)}`,
    );
  }
  for (const v of visits) {
    if (v.scriptsAfter.length > 0) console.log(`  ${v.page}, after: ${v.scriptsAfter.map((s) => `${s.path.replace(/^\/_sipa\//, '')} ${kB(s.bytes)}`).join(', ')}`);
  }
  if (map) printEntryMap(map);
  return 0;
}

/** Opens `page` in a fresh context and records its responses until the network is quiet. */
export async function measureFirstVisit(browser: Browser, origin: string, page: string, { quietMs = 2000, saveData = false } = {}): Promise<FirstVisit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // Nothing leaves the machine.
    await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
    if (saveData) await context.addInitScript(SAVE_DATA);
    const tab = await context.newPage();
    let inFlight = 0;
    let lastActivity = Date.now();
    const responses: Response[] = [];
    tab.on('request', () => {
      inFlight++;
      lastActivity = Date.now();
    });
    const settle = () => {
      inFlight--;
      lastActivity = Date.now();
    };
    tab.on('requestfinished', async (request) => {
      const response = await request.response();
      if (response) responses.push(response);
      settle();
    });
    tab.on('requestfailed', settle);
    const started = Date.now();
    await tab.goto(origin + page, { waitUntil: 'load' });
    while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() - started > MAX_WAIT_MS) throw new Error(`${page} did not become quiet within ${MAX_WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const quietAfterMs = lastActivity - started;
    // What the page needs to hydrate: the site data, the entry and its preloaded static imports,
    // named by the script loader of the HTML, and the route's chunk, named by its payload.
    const needed = await tab.evaluate(() => {
      const loader = document.querySelector<HTMLScriptElement>('script[data-entry]');
      const route = JSON.parse(document.getElementById('__SIPA_ROUTE__')?.textContent ?? '{}') as { chunk?: string | null };
      const urls = [loader?.dataset.site, loader?.dataset.entry, ...(loader?.dataset.preload ?? '').split(' '), route.chunk ?? undefined];
      return urls.filter((u): u is string => Boolean(u)).map((u) => new URL(u, location.href).pathname);
    });
    const connection = await tab.evaluate(() => {
      const info = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
      return info ? { effectiveType: info.effectiveType, saveData: info.saveData } : null;
    });
    const visit: FirstVisit = {
      page,
      connection: connection ? `${connection.effectiveType ?? '?'}${connection.saveData ? ', save-data' : ''}` : 'unknown',
      jsBeforeInteractive: 0,
      jsAfter: 0,
      scriptsAfter: [],
      payloadBytes: 0,
      payloads: 0,
      contentChunks: 0,
      allBytes: 0,
      quietAfterMs,
    };
    for (const response of responses) {
      const bytes = (await response.request().sizes()).responseBodySize;
      const { pathname } = new URL(response.url());
      visit.allBytes += bytes;
      if (pathname.endsWith('.js')) {
        if (needed.includes(pathname)) visit.jsBeforeInteractive += bytes;
        else {
          visit.jsAfter += bytes;
          visit.scriptsAfter.push({ path: pathname, bytes });
          if (pathname.startsWith('/_sipa/r/')) visit.contentChunks++;
        }
      } else if (pathname.startsWith('/_sipa/routes/')) {
        visit.payloadBytes += bytes;
        visit.payloads++;
      }
    }
    return visit;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The entry's map

export interface EntryMap {
  /** Gzip bytes of the entry file the build wrote, and of the same entry built again here. */
  builtGzip: number;
  rebuiltGzip: number;
  modules: Array<{ name: string; bytes: number; gzip: number }>;
  packages: Array<{ name: string; bytes: number; gzip: number }>;
}


/**
 * Builds the client entry again, as bundleSite.ts does, with a metafile and a source map, and
 * sizes each module's share of it: its bytes in the minified output (metafile) and the gzip size
 * of its code alone (the output ranges the source map gives it). Gzip sizes of parts do not add up
 * to the whole: each part alone compresses less well than inside the file.
 */
export async function entryMap(outDir: string): Promise<EntryMap> {
  const config = await loadConfig(SITE_DIR);
  // Page routes: the site's own pages (outside docs and blog), as the build gives them to the matcher.
  const pageRoutes = (await readdir(outDir, { recursive: true }))
    .filter((file) => file.endsWith('.html') && !/^(docs|blog|_sipa)[\\/]/.test(file) && file !== '404.html')
    .map((file) => `/${file.replace(/\\/g, '/').replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') || '/');
  const sources = { modules: new Map(), routeEntries: new Map(), siteData: clientSiteData(config, pageRoutes), customCss: [], siteDir: path.resolve(SITE_DIR) };
  const workDir = await mkdtemp(path.join(tmpdir(), 'sipadocs-entry-map-'));
  try {
    const result = await build({
      entryPoints: [{ in: CLIENT_ENTRY, out: '_sipa/entry' }],
      outdir: workDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      entryNames: '[dir]/[name]-[hash]',
      chunkNames: '_sipa/c/[name]-[hash]',
      assetNames: '_sipa/a/[name]-[hash]',
      publicPath: config.baseUrl,
      loader: { ...SCRIPT_LOADERS, ...ASSET_LOADERS },
      metafile: true,
      sourcemap: 'external',
      logLevel: 'silent',
      legalComments: 'none',
      plugins: [entrySharedModulesPlugin(sharedModules()), imageModulesPlugin(), cssModulesPlugin(), virtualModulesPlugin(() => sources)],
      write: false,
    });
    // The entry itself: lazily imported modules are entry points of the build too.
    const entryName = Object.keys(result.metafile.outputs).find((file) => file.endsWith('.js') && path.resolve(result.metafile.outputs[file]!.entryPoint ?? '') === CLIENT_ENTRY)!;
    const file = (name: string) => result.outputFiles.find((f) => path.relative(process.cwd(), f.path) === path.relative(process.cwd(), path.resolve(name)))!;
    const code = file(entryName).text;
    const sourceMap = JSON.parse(file(`${entryName}.map`).text) as { sources: string[]; mappings: string };
    const slices = codeBySource(code, sourceMap);
    const built = (await readdir(path.join(outDir, '_sipa'))).find((f) => /^entry-.*\.js$/.test(f))!;
    const builtGzip = gzipSync(await readFile(path.join(outDir, '_sipa', built))).length;
    return { builtGzip, rebuiltGzip: gzipSync(code).length, ...sizeModules(result.metafile, entryName, slices, sourceMap.sources) };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The output text each source produced, from the source map's segments (a segment runs to the next one). */
function codeBySource(code: string, map: { sources: string[]; mappings: string }): Map<number, string> {
  const lines = code.split('\n');
  const parts = new Map<number, string[]>();
  decode(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    segments.forEach((segment, i) => {
      if (segment.length < 4) return;
      const end = segments[i + 1]?.[0] ?? line.length;
      const list = parts.get(segment[1]!) ?? [];
      list.push(line.slice(segment[0], end));
      parts.set(segment[1]!, list);
    });
  });
  return new Map([...parts].map(([index, list]) => [index, list.join('')]));
}

function sizeModules(metafile: Metafile, entryName: string, slices: Map<number, string>, mapSources: string[]) {
  const gzipOf = (text: string) => (text ? gzipSync(text).length : 0);
  // Source map paths are relative to the output file; metafile inputs to the working directory.
  const sliceOf = new Map<string, string>();
  mapSources.forEach((source, i) => sliceOf.set(normalizeInput(source), slices.get(i) ?? ''));
  const modules = Object.entries(metafile.outputs[entryName]!.inputs)
    .map(([input, { bytesInOutput }]) => {
      const name = normalizeInput(input);
      return { name, bytes: bytesInOutput, text: sliceOf.get(name) ?? '' };
    })
    .filter((m) => m.bytes > 0);
  const byPackage = new Map<string, { bytes: number; text: string }>();
  for (const m of modules) {
    const name = packageOf(m.name);
    const entry = byPackage.get(name) ?? { bytes: 0, text: '' };
    entry.bytes += m.bytes;
    entry.text += m.text;
    byPackage.set(name, entry);
  }
  return {
    modules: modules.map((m) => ({ name: m.name, bytes: m.bytes, gzip: gzipOf(m.text) })).sort((a, b) => b.bytes - a.bytes),
    packages: [...byPackage].map(([name, p]) => ({ name, bytes: p.bytes, gzip: gzipOf(p.text) })).sort((a, b) => b.bytes - a.bytes),
  };
}

/** A module's path relative to the repository ("node_modules/react-dom/…", "templates/…"), or its virtual name. */
function normalizeInput(input: string): string {
  // Virtual modules are named "<namespace>:<path>", and the path starts with the namespace again.
  if (/^[\w-]+:/.test(input) && !/^[a-z]:[\\/]/i.test(input)) return input.replace(/^([\w-]+):(?=\1:)/, '');
  return path.relative(process.cwd(), path.resolve(input)).split(path.sep).join('/').replace(/^(\.\.\/)+/, '');
}

/** "node_modules/react-dom/cjs/x.js" → "react-dom"; our own files → their folder. */
function packageOf(name: string): string {
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name);
  if (pkg) return pkg[1]!;
  if (/^[\w-]+:/.test(name)) return name.split(':')[0]!;
  return name.split('/').slice(0, 2).join('/');
}

function printEntryMap(map: EntryMap) {
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(`\nThe entry: ${kB(map.builtGzip)} kB gzip as built (${kB(map.rebuiltGzip)} kB rebuilt here with a metafile).`);
  console.log('Gzip sizes below are each part compressed alone (parts compress less well alone than in the file).');
  console.log(`${'package or folder'.padEnd(50)}${'minified kB'.padStart(12)}${'gzip kB'.padStart(10)}`);
  for (const p of map.packages.slice(0, 12)) console.log(`${p.name.padEnd(50)}${kB(p.bytes).padStart(12)}${kB(p.gzip).padStart(10)}`);
  console.log(`\n${'module'.padEnd(70)}${'minified kB'.padStart(12)}${'gzip kB'.padStart(10)}`);
  for (const m of map.modules.slice(0, 20)) console.log(`${m.name.slice(-70).padEnd(70)}${kB(m.bytes).padStart(12)}${kB(m.gzip).padStart(10)}`);
}
