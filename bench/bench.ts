/**
 * Build benchmark: generates synthetic sites of several sizes and times the real CLI on each, cold,
 * warm, and warm after editing one doc. When `hugo` is on the PATH, each generated site is also
 * converted into a Hugo site with the same content (hugoSite.ts, hugoTheme.ts) and built with
 * Hugo the same three ways, each Hugo build right after the sipadocs build of the same kind, and
 * a second table gives the figures side by side with the ratio sipadocs ÷ Hugo. Without Hugo the
 * benchmark measures sipadocs alone and says so. Then it times cold builds of the Sipa site itself
 * (sipaSite.ts). Prints the tables and writes everything as JSON.
 *
 *   node bin/run-ts.js bench/bench.ts [--sizes 100,1000,10000] [--posts 100] [--out bench-results.json]
 *                                     [--sipa-runs 5] [--installed] [--markdown]
 *                                     [--watch-edits 10] [--open-docs 2000] [--flat-docs 4000] [--locales-docs 300] [--jest <dir>|skip] [--docusaurus auto|skip]
 *
 * --sipa-runs 0 skips the Sipa site; --installed also times it with the packed package installed
 * into a temp project; --markdown prints the tables again as markdown, as the README shows them.
 * Then the edit-to-screen latency of `serve --watch` on the Sipa site and on a generated 1,000-doc
 * site (watchLatency.ts; --watch-edits 0 skips it), a 2,000-doc site with its categories open,
 * for page size (openSidebar.ts; --open-docs 0 skips it), and 4,000 docs in one folder: page size,
 * build time, and check-links on it, valid and with one broken link (flatFolder.ts; --flat-docs 0
 * skips it), then a site of 300 docs in four locales, mostly untranslated, against its default
 * locale alone (locales.ts; --locales-docs 0 skips it). Last comes the Jest website, a real Docusaurus 3 project (jestSite.ts): migrated and built by
 * sipadocs cold, warm and after a one-doc edit, and built by Docusaurus itself (--docusaurus skip
 * leaves it out); --jest names the corpus, found by default in shared/corpus/jest above the repository.
 *
 * Exits 1 (printing the build's output and keeping its temp dir) when a build fails, or when
 * Hugo's output is not comparable to sipadocs's (far fewer pages, or a sample doc page lacking
 * sidebar, breadcrumbs, table of contents, highlighted code or previous/next links).
 *
 * The JSON file:
 *
 *   machine     { cpuModel, cpuCount, totalMemoryBytes, node, platform, date,
 *                 loadAverage: { start, end } }          (os.loadavg(): 1, 5 and 15 minutes)
 *   sites       [{ docs, posts, files, bytes, generateSeconds }]   the generated sites
 *   rows        [BenchRow]       sipadocs: one per size and run kind ('cold' | 'warm' | 'warm-edit')
 *   hugo        { bin, version } | null                   null when hugo was not found
 *   hugoRows    [HugoRow]        Hugo: one per size and run kind; [] without Hugo
 *   comparison  [ComparisonRow]  both side by side, with wallRatio = sipadocs ÷ Hugo; [] without Hugo
 *   sipaSite    [SipaSiteResult] cold builds of site/ (see sipaSite.ts); [] with --sipa-runs 0
 *   watch       [WatchLatencyResult]  edit-to-screen latency, Sipa site and 1,000 docs (see watchLatency.ts)
 *   openSidebar OpenSidebarResult | null  2,000 docs with open categories (see openSidebar.ts)
 *   flatFolder  FlatFolderResult | null   4,000 docs in one folder, and check-links on it (see flatFolder.ts)
 *   locales     LocalesResult | null      four locales against the default one alone (see locales.ts)
 *   targets     [TargetRow]      the issue's table: each target with the figure of this run and whether it is met
 *   jest        JestResult | null  the Jest website, sipadocs and Docusaurus (see jestSite.ts)
 *
 * Wall times are seconds from spawning the process to its exit; CPU times are the seconds of CPU
 * (user plus system, all threads) the process used, from GNU time, null without it; they include
 * pagefind's process, which the build waits for (see search/runPagefind.ts). Peak RSS is the
 * kernel's maximum resident set size of the process (sipadocs reports it in its stats file, Hugo's
 * comes from GNU time); null where neither was available. Sizes are bytes. See measure.ts.
 */
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { BENCH_SITE, generateSite } from '../support/generateSite.js';
import { buildWithHugo, checkHugoOutput, findHugo, type Hugo } from './hugo.js';
import { hugoDocRoute, writeHugoSite } from './hugoSite.js';
import { findRepoRoot, listFiles, runTimed, totalBytes } from './measure.js';
import { findJestCorpus, formatJest, measureJest, type JestResult } from './jestSite.js';
import { formatOpenSidebar, measureOpenSidebar, type OpenSidebarResult } from './openSidebar.js';
import { formatFlatFolder, measureFlatFolder, type FlatFolderResult } from './flatFolder.js';
import { formatLocales, measureLocales, type LocalesResult } from './locales.js';
import { formatWatchLatency, measureWatchLatency, type WatchLatencyResult } from './watchLatency.js';
import { formatSipaSite, measureInstalledPackage, measureRepositoryCli, type SipaSiteResult } from './sipaSite.js';

/**
 * The temp folder of one size is a project of its own (it has a package.json), as a user's site
 * is: sipadocs keeps its cache in the project's node_modules/.cache, which a cold build starts
 * without, and the repository's cache is never touched.
 */
const PROJECT_CACHE = (project: string): string => path.join(project, 'node_modules', '.cache');

const DEFAULT_SIZES = [100, 1_000, 10_000];
const DEFAULT_POSTS = 100;
const SEED = 1;
/** The site's public origin, to resolve script URLs in the HTML. */
const SITE_ORIGIN = BENCH_SITE.url;
/** Appended to one doc before the warm-edit run, as its own paragraph so no heading or link changes. */
const EDIT = '\nThis sentence was added by the benchmark to force an incremental rebuild.\n';
const RUNS = ['cold', 'warm', 'warm-edit'] as const;

type RunKind = (typeof RUNS)[number];

interface Size {
  docs: number;
  posts: number;
}

/** A generated site: what was asked for, what was written, and how long writing it took. */
interface SiteInfo extends Size {
  files: number;
  bytes: number;
  generateSeconds: number;
}

export interface BenchRow {
  docs: number;
  posts: number;
  run: RunKind;
  pages: number;
  wallSeconds: number;
  /** null without GNU time. */
  cpuSeconds: number | null;
  pagesPerSecond: number;
  peakRssBytes: number | null;
  outputBytes: number;
  firstVisitJsGzipBytes: number;
  /** Milliseconds per build stage, as the CLI reported them (empty when it wrote no stats). */
  stageMs: Record<string, number>;
}

export type HugoRow = Omit<BenchRow, 'firstVisitJsGzipBytes' | 'stageMs'>;

export interface ComparisonRow {
  docs: number;
  run: RunKind;
  sipadocsWallSeconds: number;
  hugoWallSeconds: number;
  /** sipadocsWallSeconds ÷ hugoWallSeconds: how many times longer sipadocs takes. */
  wallRatio: number;
  sipadocsCpuSeconds: number | null;
  hugoCpuSeconds: number | null;
  /** sipadocsCpuSeconds ÷ hugoCpuSeconds, steadier than wallRatio on a busy machine; null without GNU time. */
  cpuRatio: number | null;
  sipadocsPeakRssBytes: number | null;
  hugoPeakRssBytes: number | null;
  sipadocsPages: number;
  hugoPages: number;
}

class BuildFailed extends Error {}

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      sizes: { type: 'string' },
      posts: { type: 'string', default: String(DEFAULT_POSTS) },
      out: { type: 'string', default: 'bench-results.json' },
      'sipa-runs': { type: 'string', default: '5' },
      installed: { type: 'boolean', default: false },
      markdown: { type: 'boolean', default: false },
      jest: { type: 'string' },
      'watch-edits': { type: 'string', default: '10' },
      'open-docs': { type: 'string', default: '2000' },
      'flat-docs': { type: 'string', default: '4000' },
      'locales-docs': { type: 'string', default: '300' },
      docusaurus: { type: 'string', default: 'auto' },
    },
  });
  const sizes = values.sizes ? values.sizes.split(',').map((s) => Number(s.replaceAll('_', ''))) : DEFAULT_SIZES;
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error(`--sizes wants positive integers separated by commas, got ${values.sizes}`);
    return 2;
  }
  const posts = Number(values.posts);
  if (!Number.isInteger(posts) || posts < 0) {
    console.error(`--posts wants a non-negative integer, got ${values.posts}`);
    return 2;
  }
  const sipaRuns = Number(values['sipa-runs']);
  if (!Number.isInteger(sipaRuns) || sipaRuns < 0) {
    console.error(`--sipa-runs wants a non-negative integer, got ${values['sipa-runs']}`);
    return 2;
  }
  const root = findRepoRoot();
  const loadAtStart = os.loadavg();
  console.error(`load average ${formatLoad(loadAtStart)} on ${os.cpus().length} cores`);
  const hugo = findHugo();
  console.error(hugo ? `comparing with Hugo ${hugoRelease(hugo)} (${hugo.bin})` : 'hugo not found on the PATH: measuring sipadocs alone (Debian: apt-get install hugo)');
  // The launcher compiles the CLI on first use; do that now so the first cold build doesn't pay for it.
  await runTimed(process.execPath, [path.join(root, 'bin', 'sipadocs.js'), '--help'], { cwd: root });

  const rows: BenchRow[] = [];
  const hugoRows: HugoRow[] = [];
  const sites: SiteInfo[] = [];
  console.log(header(COLUMNS));
  for (const docs of sizes) {
    const tmp = await mkdtemp(path.join(os.tmpdir(), `sipadocs-bench-${docs}-`));
    try {
      const result = await benchSize(root, tmp, { docs, posts }, hugo);
      sites.push(result.site);
      rows.push(...result.rows);
      hugoRows.push(...result.hugoRows);
      await rm(tmp, { recursive: true, force: true });
    } catch (error) {
      if (!(error instanceof BuildFailed)) throw error;
      console.error(error.message);
      console.error(`site and output kept in ${tmp}`);
      return 1;
    }
  }

  console.log(`\nbuild stages, ms (as the CLI times them)\n${stageTable(rows)}`);
  const comparison = compare(rows, hugoRows);
  console.log('');
  if (hugo) {
    console.log(`sipadocs beside Hugo ${hugoRelease(hugo)}, same corpus, ratio = sipadocs ÷ Hugo`);
    console.log(header(COMPARISON_COLUMNS));
    for (const row of comparison) console.log(formatRow(COMPARISON_COLUMNS, row));
  } else {
    console.log('hugo not found on the PATH: no comparison (Debian: apt-get install hugo)');
  }

  const sipaSite: SipaSiteResult[] = [];
  if (sipaRuns > 0) {
    console.log('');
    sipaSite.push(await measureRepositoryCli(root, sipaRuns));
    console.log(formatSipaSite(sipaSite[0]!));
    if (values.installed) {
      sipaSite.push(await measureInstalledPackage(root, sipaRuns));
      console.log(formatSipaSite(sipaSite[1]!));
    }
  }

  const watchEdits = Number(values['watch-edits']);
  const watch: WatchLatencyResult[] = [];
  if (watchEdits > 0) {
    console.log('');
    for (const options of [{ site: 'site', doc: 'docs/guides/overview.mdx' }, { generated: 1_000 }]) {
      watch.push(await measureWatchLatency({ edits: watchEdits, ...options }));
      console.log(formatWatchLatency(watch.at(-1)!));
    }
  }
  const openDocs = Number(values['open-docs']);
  let openSidebar: OpenSidebarResult | null = null;
  if (openDocs > 0) {
    console.log('');
    openSidebar = await measureOpenSidebar(root, openDocs);
    console.log(formatOpenSidebar(openSidebar));
  }

  const flatDocs = Number(values['flat-docs']);
  let flatFolder: FlatFolderResult | null = null;
  if (flatDocs > 0) {
    console.log('');
    flatFolder = await measureFlatFolder(root, flatDocs);
    console.log(formatFlatFolder(flatFolder));
  }

  const localesDocs = Number(values['locales-docs']);
  let locales: LocalesResult | null = null;
  if (localesDocs > 0) {
    console.log('');
    locales = await measureLocales({ docs: localesDocs, runs: 3 });
    console.log(formatLocales(locales));
  }

  let jest: JestResult | null = null;
  const jestCorpus = values.jest === 'skip' ? null : values.jest ? path.resolve(values.jest) : findJestCorpus(root);
  if (jestCorpus) {
    console.log('');
    jest = await measureJest(root, jestCorpus, { docusaurus: values.docusaurus === 'skip' ? 'skip' : 'auto' });
    console.log(formatJest(jest));
  } else {
    console.log(values.jest === 'skip' ? '' : '\nno Jest corpus found (shared/corpus/jest above this repository; --jest <dir> names one)');
  }

  const loadAtEnd = os.loadavg();
  console.error(`load average ${formatLoad(loadAtEnd)} at the end`);
  const targets = targetRows({ rows, comparison, sipaSite, watch, openSidebar, flatFolder, jest });
  console.log(`\nthe targets of issue 34 (load average ${formatLoad(loadAtStart)} at the start, ${formatLoad(loadAtEnd)} at the end)`);
  console.log(markdownTable(TARGET_COLUMNS, targets));
  if (values.markdown) {
    console.log('');
    console.log(markdownTable(COLUMNS, rows));
    if (comparison.length > 0) console.log(`\n${markdownTable(COMPARISON_COLUMNS, comparison)}`);
  }

  const machine = {
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    cpuCount: os.cpus().length,
    totalMemoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    date: new Date().toISOString(),
    loadAverage: { start: loadAtStart, end: loadAtEnd },
  };
  const outFile = path.resolve(values.out);
  const results = { machine, sites, rows, hugo: hugo ?? null, hugoRows, comparison, sipaSite, watch, openSidebar, flatFolder, locales, jest, targets };
  await writeFile(outFile, JSON.stringify(results, null, 2) + '\n');
  console.error(`results written to ${outFile}`);
  return 0;
}

/**
 * Generates the site of one size in `tmp` and builds it cold, warm and warm after an edit, with
 * sipadocs and, when given, with Hugo right after each sipadocs build. Prints sipadocs's rows as
 * they come. Throws BuildFailed when a build fails or Hugo's output is not comparable.
 */
async function benchSize(root: string, tmp: string, size: Size, hugo: Hugo | null): Promise<{ site: SiteInfo; rows: BenchRow[]; hugoRows: HugoRow[] }> {
  await writeFile(path.join(tmp, 'package.json'), JSON.stringify({ name: `bench-${size.docs}`, private: true }) + '\n');
  const started = performance.now();
  const site = path.join(tmp, 'site');
  const generated = await generateSite(site, { ...size, seed: SEED });
  const generateSeconds = (performance.now() - started) / 1000;
  console.error(`generated ${size.docs} docs + ${size.posts} posts: ${mib(generated.bytes)} MiB in ${generateSeconds.toFixed(2)} s`);
  // Converted before any build, so Hugo gets exactly the content sipadocs gets.
  const hugoSite = path.join(tmp, 'hugo-site');
  const conversion = hugo ? await writeHugoSite(site, hugoSite, BENCH_SITE) : null;

  // A nested doc (not the intro) is the typical page: its HTML gives the first-visit JS, and it is the one edited.
  const sample = generated.docs[Math.floor(generated.docs.length / 2)]!;
  const out = path.join(tmp, 'out');
  const rows: BenchRow[] = [];
  const hugoRows: HugoRow[] = [];
  for (const run of RUNS) {
    if (run === 'cold') {
      // A cold build starts from nothing: no caches and no previous output.
      for (const dir of [PROJECT_CACHE(tmp), out]) await rm(dir, { recursive: true, force: true });
    }
    if (run === 'warm-edit') await appendFile(path.join(site, sample), EDIT);
    const row = await measure(root, tmp, site, out, size, run, sample);
    rows.push(row);
    console.log(formatRow(COLUMNS, row));
    if (!hugo || !conversion) continue;

    if (run === 'warm-edit') await appendFile(path.join(hugoSite, conversion.contentOf.get(sample)!), EDIT);
    const hugoOut = path.join(tmp, 'hugo-out');
    const hugoRow = await measureHugo(hugo, tmp, hugoSite, hugoOut, size, run);
    hugoRows.push(hugoRow);
    console.error(`hugo ${size.docs} ${run}: ${hugoRow.wallSeconds.toFixed(2)} s, ${mibOrDash(hugoRow.peakRssBytes)} MiB, ${hugoRow.pages} pages`);
    if (run === 'cold') {
      const sampleHtml = {
        route: docRoute(sample),
        sipadocsHtml: await readPageHtml(out, docRoute(sample)),
        hugoHtml: await readFile(path.join(hugoOut, hugoDocRoute(sample), 'index.html'), 'utf8').catch(() => ''),
      };
      try {
        console.error(checkHugoOutput(sampleHtml, hugoRow.pages, row.pages));
      } catch (error) {
        throw new BuildFailed((error as Error).message);
      }
    }
  }
  return { site: { ...size, files: generated.files, bytes: generated.bytes, generateSeconds }, rows, hugoRows };
}

/** Runs one build and derives the row; throws BuildFailed with the CLI's output when it fails. */
async function measure(root: string, tmp: string, site: string, out: string, { docs, posts }: Size, run: RunKind, sampleDoc: string): Promise<BenchRow> {
  const statsFile = path.join(tmp, 'stats.json');
  await rm(statsFile, { force: true });
  const build = await runTimed(process.execPath, [path.join(root, 'bin', 'sipadocs.js'), 'build', '--site', site, '--out-dir', out, '--quiet'], {
    cwd: root,
    env: { SIPADOCS_STATS_FILE: statsFile },
    timeFile: `${statsFile}.time`,
  });
  if (build.exitCode !== 0) {
    throw new BuildFailed(`build failed (${docs} docs, ${run}) with exit code ${build.exitCode}\n${build.stderr}${build.stdout ? `\nstdout:\n${build.stdout}` : ''}`);
  }
  const stats = await readStats(statsFile);
  const files = await listFiles(out);
  const pages = stats?.pages ?? files.filter((f) => f.endsWith('.html')).length;
  return {
    docs,
    posts,
    run,
    pages,
    wallSeconds: build.wallSeconds,
    cpuSeconds: build.cpuSeconds,
    pagesPerSecond: pages / build.wallSeconds,
    // The CLI's own figure when it wrote one, else GNU time's.
    peakRssBytes: stats?.maxRssBytes ?? build.peakRssBytes,
    outputBytes: await totalBytes(files),
    firstVisitJsGzipBytes: await firstVisitJs(out, docRoute(sampleDoc)),
    stageMs: stats?.stages ?? {},
  };
}

/** One Hugo build of the converted site into `out`; throws BuildFailed when Hugo fails. */
async function measureHugo(hugo: Hugo, tmp: string, hugoSite: string, out: string, { docs, posts }: Size, run: RunKind): Promise<HugoRow> {
  try {
    const build = await buildWithHugo(hugo, hugoSite, out, path.join(tmp, 'hugo-cache'), run === 'cold');
    return {
      docs,
      posts,
      run,
      pages: build.pages,
      wallSeconds: build.wallSeconds,
      cpuSeconds: build.cpuSeconds,
      pagesPerSecond: build.pages / build.wallSeconds,
      peakRssBytes: build.peakRssBytes,
      outputBytes: build.outputBytes,
    };
  } catch (error) {
    throw new BuildFailed((error as Error).message);
  }
}

/** The sipadocs and Hugo rows of the same size and run kind, side by side. */
function compare(rows: readonly BenchRow[], hugoRows: readonly HugoRow[]): ComparisonRow[] {
  return hugoRows.map((hugo) => {
    const own = rows.find((row) => row.docs === hugo.docs && row.run === hugo.run)!;
    return {
      docs: hugo.docs,
      run: hugo.run,
      sipadocsWallSeconds: own.wallSeconds,
      hugoWallSeconds: hugo.wallSeconds,
      wallRatio: own.wallSeconds / hugo.wallSeconds,
      sipadocsCpuSeconds: own.cpuSeconds,
      hugoCpuSeconds: hugo.cpuSeconds,
      cpuRatio: own.cpuSeconds !== null && hugo.cpuSeconds ? own.cpuSeconds / hugo.cpuSeconds : null,
      sipadocsPeakRssBytes: own.peakRssBytes,
      hugoPeakRssBytes: hugo.peakRssBytes,
      sipadocsPages: own.pages,
      hugoPages: hugo.pages,
    };
  });
}

async function readStats(file: string): Promise<{ maxRssBytes: number | null; pages: number | null; stages: Record<string, number> } | null> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
  const record = (data ?? {}) as Record<string, unknown>;
  const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const stages = Object.entries((record.stages ?? {}) as Record<string, unknown>).flatMap(([name, ms]) => (num(ms) === null ? [] : [[name, num(ms)!] as const]));
  return { maxRssBytes: num(record.maxRssBytes), pages: num(record.pages), stages: Object.fromEntries(stages) };
}

/**
 * Gzipped bytes (zlib level 9, per file) of the JS a first visit to `route` loads: the page's module
 * scripts, modulepreload links and the URLs named by sipadocs' script loader, resolved against `out`.
 */
async function firstVisitJs(out: string, route: string): Promise<number> {
  const html = await readPageHtml(out, route);
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attr = (name: string): string | undefined =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined);
    const isModule = /^<script/i.test(tag) && attr('type') === 'module' && attr('src');
    const isPreload = /^<link/i.test(tag) && attr('rel')?.split(/\s+/).includes('modulepreload') && attr('href');
    // sipadocs starts its scripts after the first paint, from an inline loader naming them (the site data script first).
    const loaded = /^<script/i.test(tag) && attr('data-entry') ? [attr('data-site') ?? '', attr('data-entry')!, ...(attr('data-preload') ?? '').split(/\s+/)] : [];
    const url = isModule ? attr('src') : isPreload ? attr('href') : undefined;
    for (const u of [url, ...loaded]) if (u) urls.add(new URL(u, SITE_ORIGIN + route).href);
  }
  let total = 0;
  for (const href of urls) {
    const url = new URL(href);
    if (url.origin !== SITE_ORIGIN) continue; // third-party scripts are not ours to measure
    const file = path.join(out, decodeURIComponent(url.pathname));
    const code = await readFile(file).catch(() => {
      throw new BuildFailed(`${route} loads ${url.pathname}, which is not in ${out}`);
    });
    total += gzipSync(code, { level: 9 }).length;
  }
  return total;
}

/** The HTML of `route`, whichever of the usual output layouts the generator uses. */
async function readPageHtml(out: string, route: string): Promise<string> {
  const candidates = [`${route}.html`, `${route}/index.html`].map((p) => path.join(out, p));
  for (const file of candidates) {
    if (existsSync(file)) return readFile(file, 'utf8');
  }
  throw new BuildFailed(`no HTML for ${route} in ${out} (looked for ${candidates.join(', ')})`);
}

/** `docs/a/b.mdx` -> `/docs/a/b`. */
function docRoute(source: string): string {
  return '/' + source.replace(/\.mdx$/, '');
}

// ---------------------------------------------------------------------------------------------
// Tables

interface Column<Row> {
  title: string;
  width: number;
  /** Left-aligned (labels) rather than right-aligned (figures). */
  left?: boolean;
  cell: (row: Row) => string;
}

const COLUMNS: Column<BenchRow>[] = [
  { title: 'docs', width: 7, left: true, cell: (r) => count(r.docs) },
  { title: 'run', width: 10, left: true, cell: (r) => r.run },
  { title: 'pages', width: 7, cell: (r) => count(r.pages) },
  { title: 'wall s', width: 8, cell: (r) => r.wallSeconds.toFixed(2) },
  { title: 'CPU s', width: 7, cell: (r) => seconds(r.cpuSeconds) },
  { title: 'pages/s', width: 9, cell: (r) => count(Math.round(r.pagesPerSecond)) },
  { title: 'peak RSS MiB', width: 13, cell: (r) => mibOrDash(r.peakRssBytes) },
  { title: 'output MiB', width: 11, cell: (r) => mib(r.outputBytes) },
  { title: 'first-visit JS gzip KiB', width: 24, cell: (r) => (r.firstVisitJsGzipBytes / 1024).toFixed(1) },
  { title: 'search s', width: 9, cell: (r) => (r.stageMs.search === undefined ? '-' : (r.stageMs.search / 1000).toFixed(2)) },
];

const COMPARISON_COLUMNS: Column<ComparisonRow>[] = [
  { title: 'docs', width: 7, left: true, cell: (r) => count(r.docs) },
  { title: 'run', width: 10, left: true, cell: (r) => r.run },
  { title: 'sipadocs wall s', width: 16, cell: (r) => r.sipadocsWallSeconds.toFixed(2) },
  { title: 'Hugo wall s', width: 12, cell: (r) => r.hugoWallSeconds.toFixed(2) },
  { title: 'ratio', width: 7, cell: (r) => `${r.wallRatio.toFixed(1)}×` },
  { title: 'sipadocs CPU s', width: 15, cell: (r) => seconds(r.sipadocsCpuSeconds) },
  { title: 'Hugo CPU s', width: 11, cell: (r) => seconds(r.hugoCpuSeconds) },
  { title: 'CPU ratio', width: 10, cell: (r) => (r.cpuRatio === null ? '-' : `${r.cpuRatio.toFixed(1)}×`) },
  { title: 'sipadocs RSS MiB', width: 17, cell: (r) => mibOrDash(r.sipadocsPeakRssBytes) },
  { title: 'Hugo RSS MiB', width: 13, cell: (r) => mibOrDash(r.hugoPeakRssBytes) },
  { title: 'sipadocs pages', width: 15, cell: (r) => count(r.sipadocsPages) },
  { title: 'Hugo pages', width: 11, cell: (r) => count(r.hugoPages) },
];

function pad<Row>(column: Column<Row>, text: string): string {
  return column.left ? text.padEnd(column.width) : text.padStart(column.width);
}

function header<Row>(columns: Column<Row>[]): string {
  const titles = columns.map((column) => pad(column, column.title)).join(' ');
  return `${titles}\n${'-'.repeat(titles.length)}`;
}

function formatRow<Row>(columns: Column<Row>[], row: Row): string {
  return columns.map((column) => pad(column, column.cell(row))).join(' ');
}

/** The table in markdown, as the README shows it. */
function markdownTable<Row>(columns: Column<Row>[], rows: readonly Row[]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(columns.map((c) => c.title)), line(columns.map(() => '---')), ...rows.map((row) => line(columns.map((c) => c.cell(row))))].join('\n');
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function seconds(value: number | null): string {
  return value === null ? '-' : value.toFixed(2);
}

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

function mibOrDash(bytes: number | null): string {
  return bytes === null ? '-' : count(Math.round(bytes / 1024 / 1024));
}

/** `v0.111.3+extended` from `hugo v0.111.3+extended linux/amd64 BuildDate=…`. */
function hugoRelease(hugo: Hugo): string {
  return /v\d+\.\d+\.\d+\S*/.exec(hugo.version)?.[0] ?? hugo.version;
}

function formatLoad(load: number[]): string {
  return load.map((n) => n.toFixed(2)).join(', ');
}

/** Milliseconds per build stage of every run, one column per stage the CLI reported. */
export function stageTable(rows: BenchRow[]): string {
  const stages = [...new Set(rows.flatMap((row) => Object.keys(row.stageMs)))];
  const widths = stages.map((stage) => Math.max(stage.length, 6));
  const head = `${'size'.padEnd(7)} ${'run'.padEnd(10)} ${stages.map((stage, i) => stage.padStart(widths[i]!)).join(' ')}`;
  const lines = rows.map((row) => {
    const cells = stages.map((stage, i) => (row.stageMs[stage] === undefined ? '-' : Math.round(row.stageMs[stage]!).toString()).padStart(widths[i]!));
    return `${String(row.docs).padEnd(7)} ${row.run.padEnd(10)} ${cells.join(' ')}`;
  });
  return [head, '-'.repeat(head.length), ...lines].join('\n');
}

/** One target of the issue's table: the work, the figure of this run, the target, and whether it is met (null: not measured). */
export interface TargetRow {
  work: string;
  now: string;
  target: string;
  met: string;
}

const TARGET_COLUMNS: Column<TargetRow>[] = [
  { title: 'work', width: 0, left: true, cell: (row) => row.work },
  { title: 'now', width: 0, left: true, cell: (row) => row.now },
  { title: 'target', width: 0, left: true, cell: (row) => row.target },
  { title: 'met?', width: 0, left: true, cell: (row) => row.met },
];

/** The rows of the issue's table from what this run measured; a row this run left out says so. */
function targetRows(run: {
  rows: BenchRow[];
  comparison: ComparisonRow[];
  sipaSite: SipaSiteResult[];
  watch: WatchLatencyResult[];
  openSidebar: OpenSidebarResult | null;
  flatFolder: FlatFolderResult | null;
  jest: JestResult | null;
}): TargetRow[] {
  const s = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? '–' : `${seconds.toFixed(2)} s`);
  const yes = (ok: boolean) => (ok ? 'yes' : 'no');
  const notRun = (work: string, target: string): TargetRow => ({ work, now: 'not measured in this run', target, met: '–' });
  const out: TargetRow[] = [];
  const sipa = run.sipaSite.find((result) => result.cli === 'repository');
  out.push(sipa ? { work: 'Sipa site, cold, wall incl. process start', now: `${s(sipa.medianWallSeconds)} (CPU ${s(median(sipa.cpuSeconds.filter((c): c is number => c !== null)))})`, target: '≤ 1.5 s', met: yes(sipa.medianWallSeconds <= 1.5) } : notRun('Sipa site, cold', '≤ 1.5 s'));
  const k1 = run.comparison.find((row) => row.docs === 1000 && row.run === 'cold');
  out.push(k1 ? { work: '1,000 docs, cold', now: `${k1.wallRatio.toFixed(1)}× Hugo (${s(k1.sipadocsWallSeconds)} vs ${s(k1.hugoWallSeconds)}; CPU ${k1.cpuRatio?.toFixed(1) ?? '–'}×)`, target: '≤ 2× Hugo', met: yes(k1.wallRatio <= 2) } : notRun('1,000 docs, cold', '≤ 2× Hugo'));
  const k10 = run.rows.find((row) => row.docs === 10000 && row.run === 'cold');
  const k10hugo = run.comparison.find((row) => row.docs === 10000 && row.run === 'cold');
  out.push(k10 ? { work: '10,000 docs, cold', now: `${s(k10.wallSeconds)} (CPU ${s(k10.cpuSeconds)}), ${((k10.peakRssBytes ?? 0) / 2 ** 20).toFixed(0)} MiB${k10hugo ? `; Hugo ${s(k10hugo.hugoWallSeconds)}` : ''}`, target: '≤ 40 s, ≤ 1 GiB', met: yes(k10.wallSeconds <= 40 && (k10.peakRssBytes ?? Infinity) <= 2 ** 30) } : notRun('10,000 docs, cold', '≤ 40 s, ≤ 1 GiB'));
  const k10edit = run.rows.find((row) => row.docs === 10000 && row.run === 'warm-edit');
  out.push(k10edit ? { work: '10,000 docs, warm, one page edited', now: `${s(k10edit.wallSeconds)} (CPU ${s(k10edit.cpuSeconds)})`, target: '≤ 1 s', met: yes(k10edit.wallSeconds <= 1) } : notRun('10,000 docs, warm, one page edited', '≤ 1 s'));
  const watchSipa = run.watch.find((result) => result.site === 'site');
  out.push(watchSipa ? { work: 'watch, save → on screen, Sipa site', now: `${watchSipa.medianMs.toFixed(0)} ms median`, target: '≤ 100 ms', met: yes(watchSipa.medianMs <= 100) } : notRun('watch, Sipa site', '≤ 100 ms'));
  const watch1k = run.watch.find((result) => result.site !== 'site');
  out.push(watch1k ? { work: 'watch, 1,000 docs', now: `${watch1k.medianMs.toFixed(0)} ms median (rebuild ${watch1k.medianRebuildMs.toFixed(0)} ms)`, target: '≤ 150 ms', met: yes(watch1k.medianMs <= 150) } : notRun('watch, 1,000 docs', '≤ 150 ms'));
  const jestOwn = run.jest?.rows.find((row) => row.tool === 'sipadocs' && row.run === 'cold');
  const jestDocusaurus = run.jest?.rows.find((row) => row.tool === 'docusaurus' && row.run === 'cold');
  out.push(jestOwn && jestDocusaurus?.ok ? { work: "jest's real site, cold, against Docusaurus", now: `${(jestDocusaurus.wallSeconds / jestOwn.wallSeconds).toFixed(1)}× faster (${s(jestOwn.wallSeconds)} vs ${s(jestDocusaurus.wallSeconds)})`, target: '≥ 20×', met: yes(jestDocusaurus.wallSeconds / jestOwn.wallSeconds >= 20) } : notRun("jest's real site against Docusaurus", '≥ 20×'));
  const open = run.openSidebar;
  out.push(open ? { work: `a synthetic doc page at ${open.docs.toLocaleString('en')} docs, categories open`, now: `${(open.meanDocPageBytes / 1024).toFixed(0)} KB on average`, target: '≤ 120 KB', met: yes(open.meanDocPageBytes <= 120 * 1024) } : notRun('a doc page at 2,000 docs, categories open', '≤ 120 KB'));
  const flat = run.flatFolder;
  out.push(flat ? { work: `${flat.docs.toLocaleString('en')} docs in one folder`, now: `${(flat.meanDocPageBytes / 1024).toFixed(0)} KB a page (largest ${(flat.maxDocPageBytes / 1024).toFixed(0)} KB), ${(flat.outputBytes / 2 ** 20).toFixed(0)} MiB of output, build ${s(flat.wallSeconds)} (CPU ${s(flat.cpuSeconds)})`, target: '≤ 120 KB a page, build ≤ 60 s', met: yes(flat.maxDocPageBytes <= 120 * 1024 && flat.wallSeconds <= 60) } : notRun('4,000 docs in one folder', '≤ 120 KB a page, build ≤ 60 s'));
  out.push(flat ? { work: `check-links on the valid ${flat.pages.toLocaleString('en')}-page site; with one broken link`, now: `${s(flat.checkValid.wallSeconds)} (exit ${flat.checkValid.exitCode}); ${s(flat.checkBroken.wallSeconds)}, ${flat.checkBroken.reported ?? 'not reported'}`, target: '≤ 60 s, and the broken link named', met: yes(flat.checkValid.exitCode === 0 && flat.checkValid.wallSeconds <= 60 && flat.checkBroken.exitCode === 1 && flat.checkBroken.wallSeconds <= 60 && / at .+:\d+:\d+$/.test(flat.checkBroken.reported ?? '')) } : notRun('check-links on 4,000 pages', '≤ 60 s, and the broken link named'));
  return out;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
