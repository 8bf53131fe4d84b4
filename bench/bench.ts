/**
 * Build benchmark: generates synthetic sites of several sizes and times the real CLI on each, cold,
 * warm, and warm after editing one doc. Prints a table (with the time of the search stage, the
 * part of each build that indexes the site for search) and writes the rows as JSON.
 *
 *   node bin/run-ts.js bench/bench.ts [--sizes 100,1000,10000] [--out bench-results.json]
 *
 * Exits 1 (printing the build's stderr and keeping its temp dir) when a build fails.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { generateSite } from './generateSite.js';

/** Caches deleted before a cold build: the site's own, and the generator's build cache in this repo. */
const CACHE_DIRS = (site: string, repoRoot: string): string[] => [
  path.join(site, 'node_modules', '.cache'),
  path.join(repoRoot, 'node_modules', '.cache', 'sipadocs', 'build'),
];

const DEFAULT_SIZES = [100, 1_000, 10_000];
const POSTS = 100;
const SEED = 1;
/** GNU time, used for peak RSS only when the CLI writes no stats file. */
const TIME_BIN = '/usr/bin/time';
/** The site's public origin (from the generated config), to resolve script URLs in the HTML. */
const SITE_ORIGIN = 'https://bench.example';

type RunKind = 'cold' | 'warm' | 'warm-edit';

export interface BenchRow {
  docs: number;
  posts: number;
  run: RunKind;
  pages: number;
  wallSeconds: number;
  pagesPerSecond: number;
  peakRssBytes: number | null;
  outputBytes: number;
  firstVisitJsGzipBytes: number;
  /** Milliseconds per build stage, as the CLI reported them (empty when it wrote no stats). */
  stageMs: Record<string, number>;
}

interface BuildResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  wallSeconds: number;
  peakRssBytes: number | null;
  /** From the stats file; null when the CLI wrote none. */
  pages: number | null;
  stageMs: Record<string, number>;
}

class BuildFailed extends Error {}

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { sizes: { type: 'string' }, out: { type: 'string', default: 'bench-results.json' } },
  });
  const sizes = values.sizes ? values.sizes.split(',').map((s) => Number(s.replaceAll('_', ''))) : DEFAULT_SIZES;
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error(`--sizes wants positive integers separated by commas, got ${values.sizes}`);
    return 2;
  }
  const root = findRepoRoot();
  // The launcher compiles the CLI on first use; do that now so the first cold build doesn't pay for it.
  await runCli(root, ['--help'], {});

  const rows: BenchRow[] = [];
  const sites: { docs: number; posts: number; files: number; bytes: number; generateSeconds: number }[] = [];
  console.log(header());
  for (const docs of sizes) {
    const tmp = await mkdtemp(path.join(os.tmpdir(), `sipadocs-bench-${docs}-`));
    try {
      const started = performance.now();
      const site = path.join(tmp, 'site');
      const generated = await generateSite(site, { docs, posts: POSTS, seed: SEED });
      const generateSeconds = (performance.now() - started) / 1000;
      sites.push({ docs, posts: POSTS, files: generated.files, bytes: generated.bytes, generateSeconds });
      console.error(`generated ${docs} docs + ${POSTS} posts: ${mib(generated.bytes)} MiB in ${generateSeconds.toFixed(2)} s`);

      // A nested doc (not the intro) is the typical page: its HTML gives the first-visit JS, and it is the one edited.
      const sample = generated.docs[Math.floor(generated.docs.length / 2)]!;
      const out = path.join(tmp, 'out');
      for (const run of ['cold', 'warm', 'warm-edit'] as const) {
        if (run === 'cold') {
          // A cold build starts from nothing: no caches and no previous output.
          for (const dir of [...CACHE_DIRS(site, root), out]) await rm(dir, { recursive: true, force: true });
        }
        if (run === 'warm-edit') {
          // Appended as its own paragraph so no heading or link changes and the build stays valid.
          await appendFile(path.join(site, sample), '\nThis sentence was added by the benchmark to force an incremental rebuild.\n');
        }
        const row = await measure(root, tmp, site, out, docs, run, sample);
        rows.push(row);
        console.log(formatRow(row));
      }
      await rm(tmp, { recursive: true, force: true });
    } catch (error) {
      if (!(error instanceof BuildFailed)) throw error;
      console.error(error.message);
      console.error(`site and output kept in ${tmp}`);
      return 1;
    }
  }

  const machine = {
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    cpuCount: os.cpus().length,
    totalMemoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    date: new Date().toISOString(),
  };
  console.log(`\nbuild stages, ms (as the CLI times them)\n${stageTable(rows)}`);
  const outFile = path.resolve(values.out);
  await writeFile(outFile, JSON.stringify({ machine, sites, rows }, null, 2) + '\n');
  console.error(`results written to ${outFile}`);
  return 0;
}

/** Runs one build and derives the row; throws BuildFailed with the CLI's output when it fails. */
async function measure(root: string, tmp: string, site: string, out: string, docs: number, run: RunKind, sampleDoc: string): Promise<BenchRow> {
  const statsFile = path.join(tmp, 'stats.json');
  const build = await runCli(root, ['build', '--site', site, '--out-dir', out, '--quiet'], { SIPADOCS_STATS_FILE: statsFile }, statsFile);
  if (build.exitCode !== 0) {
    throw new BuildFailed(`build failed (${docs} docs, ${run}) with exit code ${build.exitCode}\n${build.stderr}${build.stdout ? `\nstdout:\n${build.stdout}` : ''}`);
  }
  const files = await listFiles(out);
  let outputBytes = 0;
  for (const file of files) outputBytes += (await stat(file)).size;
  const pages = build.pages ?? files.filter((f) => f.endsWith('.html')).length;
  return {
    docs,
    posts: POSTS,
    run,
    pages,
    wallSeconds: build.wallSeconds,
    pagesPerSecond: pages / build.wallSeconds,
    peakRssBytes: build.peakRssBytes,
    outputBytes,
    firstVisitJsGzipBytes: await firstVisitJs(out, docRoute(sampleDoc)),
    stageMs: build.stageMs,
  };
}

/**
 * Runs `node bin/sipadocs.js <args>` in the repo, under GNU time when available. Peak RSS comes
 * from `statsFile` (written by the CLI when SIPADOCS_STATS_FILE is set), else from time's %M.
 */
async function runCli(root: string, args: string[], env: Record<string, string>, statsFile?: string): Promise<BuildResult> {
  const timeFile = statsFile ? `${statsFile}.time` : undefined;
  for (const file of [statsFile, timeFile]) if (file) await rm(file, { force: true });
  const command = [process.execPath, path.join(root, 'bin', 'sipadocs.js'), ...args];
  const useTime = timeFile !== undefined && existsSync(TIME_BIN);
  const [bin, ...argv] = useTime ? [TIME_BIN, '-f', '%M', '-o', timeFile, ...command] : command;

  const started = performance.now();
  const child = spawn(bin!, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  const wallSeconds = (performance.now() - started) / 1000;

  const stats = statsFile ? await readStats(statsFile) : null;
  let peakRssBytes = stats?.maxRssBytes ?? null;
  if (peakRssBytes === null && useTime) {
    // GNU time prefixes "Command exited with non-zero status N" lines; %M (KiB) is the last line.
    const kib = Number((await readFile(timeFile, 'utf8').catch(() => '')).trim().split('\n').pop());
    peakRssBytes = Number.isFinite(kib) && kib > 0 ? kib * 1024 : null;
  }
  return { exitCode, stdout, stderr, wallSeconds, peakRssBytes, pages: stats?.pages ?? null, stageMs: stats?.stages ?? {} };
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
    // sipadocs starts its scripts after the first paint, from an inline loader naming them.
    const loaded = /^<script/i.test(tag) && attr('data-entry') ? [attr('data-entry')!, ...(attr('data-preload') ?? '').split(/\s+/)] : [];
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

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Walks up from this module (run directly or from the run-ts bundle cache) to the repo holding bin/sipadocs.js. */
function findRepoRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'bin', 'sipadocs.js'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

// ---------------------------------------------------------------------------------------------
// Table

const COLUMNS: [title: string, width: number][] = [
  ['size', 7], ['run', 10], ['pages', 7], ['wall s', 8], ['pages/s', 9], ['peak RSS MiB', 13], ['output MiB', 11], ['first-visit JS gzip KiB', 24], ['search s', 9],
];

function header(): string {
  const titles = COLUMNS.map(([title, width], i) => (i < 2 ? title.padEnd(width) : title.padStart(width)));
  return `${titles.join(' ')}\n${'-'.repeat(titles.join(' ').length)}`;
}

function formatRow(row: BenchRow): string {
  const cells = [
    String(row.docs),
    row.run,
    String(row.pages),
    row.wallSeconds.toFixed(2),
    row.pagesPerSecond.toFixed(0),
    row.peakRssBytes === null ? '-' : mib(row.peakRssBytes),
    mib(row.outputBytes),
    (row.firstVisitJsGzipBytes / 1024).toFixed(1),
    row.stageMs.search === undefined ? '-' : (row.stageMs.search / 1000).toFixed(2),
  ];
  return cells.map((cell, i) => (i < 2 ? cell.padEnd(COLUMNS[i]![1]) : cell.padStart(COLUMNS[i]![1]))).join(' ');
}

/** Every stage the builds reported, one column each in the order they first ran, one row per build. */
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

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
