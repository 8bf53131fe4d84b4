/**
 * Docusaurus parity of real projects: each project of the corpus (`../shared/corpus`, see its
 * README) is built by sipadocs two ways, where it stands (`sipadocs build` in the project, its own
 * packages installed) and through `sipadocs migrate` (then `npm install` and `build` of the new
 * site), and each build is compared with Docusaurus's own build of the project (the corpus's
 * `<name>-reference.json`) by the parity tool (`../shared/tools/docusaurus-parity`). One row per
 * project and way: routes of the reference found, the share of matched pages whose article text is
 * at least 98 % the same, magic comments shown where Docusaurus shows none, and the build's time
 * against Docusaurus's (as the corpus measured it on a 2-core machine).
 *
 *   node bin/run-ts.js bench/parity.ts [--corpus <dir>] [--tool <dir>] [--work <dir>]
 *                                      [--only jest,prettier] [--ways in-place,migrate] [--json <file>]
 *                                      [--docusaurus-references]
 *
 * recoil's reference comes from a Docusaurus beta whose pages the tool does not classify: its
 * routes are compared as they are, its text with Docusaurus's own build of the project, classified
 * (--docusaurus-references builds it once, in minutes; see classifiedReference).
 *
 * Installing a project's packages takes minutes: the installed copies are kept in the work folder
 * (default node_modules/.cache/sipadocs-parity) and used again while the corpus copy is unchanged.
 * Exits 1 when a build fails.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { parseArgs } from 'node:util';
import { findRepoRoot, npmCommand, runTimed, type TimedRun } from './measure.js';

/** How one corpus project is installed and compared (the corpus README's table and notes). */
interface CorpusSite {
  name: string;
  /** The Docusaurus folder, relative to the project's copy. */
  folder: string;
  baseUrl: string;
  /** The install command's arguments to npm, as the reference was installed. */
  install: string[];
  /** Extra steps after the install (environment only), run in the Docusaurus folder. */
  afterInstall?: string[][];
  /** Seconds Docusaurus took to build the reference (corpus README / SOURCE). */
  docusaurusSeconds: number;
  /** The build's arguments beyond `build`, as the reference's (`--locale en` where Docusaurus built that locale alone). */
  buildArgs?: string[];
  /**
   * The reference's pages are not classified by the parity tool (a Docusaurus beta without the
   * page classes): its routes are judged, its text against a Docusaurus build whose pages are given those classes (classifiedReference).
   */
  unclassifiedReference?: boolean;
}

const SITES: CorpusSite[] = [
  { name: 'jest', folder: 'website', baseUrl: '/', install: ['install', '--legacy-peer-deps'], docusaurusSeconds: 91, buildArgs: ['--locale', 'en'] },
  { name: 'testing-library', folder: '.', baseUrl: '/', install: ['ci'], docusaurusSeconds: 450 },
  { name: 'recoil', folder: 'docs', baseUrl: '/', install: ['install', '--legacy-peer-deps'], docusaurusSeconds: 262, unclassifiedReference: true, buildArgs: ['--locale', 'en'] },
  { name: 'prettier', folder: 'website', baseUrl: '/', install: ['install', '--legacy-peer-deps'], docusaurusSeconds: 96 },
  {
    name: 'ts-jest',
    folder: 'website',
    baseUrl: '/ts-jest/',
    install: ['ci', '--ignore-scripts'],
    // sharp 0.32's install script downloads libvips from outside; 0.33 ships it in packages.
    afterInstall: [['npm', 'install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', 'sharp@0.33.5']],
    docusaurusSeconds: 58,
  },
];

type Way = 'in-place' | 'migrate';

/** Whether Docusaurus may be run to make a reference the corpus cannot give (see classifiedReference). */
let buildReferences = false;

export interface ParityRow {
  site: string;
  way: Way;
  ok: boolean;
  /** The step that failed and the end of its output. */
  error?: string;
  referencePages: number;
  matched: number;
  missing: string[];
  /** Share of matched pages whose article text is ≥ 98 % the same. */
  textShare: number | null;
  /** Magic comments shown in code where Docusaurus's page shows none. */
  magicComments: number | null;
  buildSeconds: number;
  docusaurusSeconds: number;
  /** What the text was compared with (see classifiedReference). */
  textFrom?: string;
  /** Pages below 0.98, worst first: route and similarity. */
  worst: Array<{ route: string; similarity: number }>;
}

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      corpus: { type: 'string' },
      tool: { type: 'string' },
      work: { type: 'string' },
      only: { type: 'string' },
      ways: { type: 'string', default: 'in-place,migrate' },
      json: { type: 'string' },
      'docusaurus-references': { type: 'boolean', default: false },
    },
  });
  buildReferences = values['docusaurus-references']!;
  const root = findRepoRoot();
  const corpus = path.resolve(values.corpus ?? path.join(root, '..', 'shared', 'corpus'));
  const toolSource = path.resolve(values.tool ?? path.join(root, '..', 'shared', 'tools', 'docusaurus-parity'));
  if (!existsSync(path.join(corpus, 'README.md'))) {
    console.error(`no corpus at ${corpus}; give one with --corpus`);
    return 2;
  }
  const work = path.resolve(values.work ?? path.join(root, 'node_modules', '.cache', 'sipadocs-parity'));
  await mkdir(work, { recursive: true });
  const tool = await prepareTool(toolSource, work);
  const only = values.only ? new Set(values.only.split(',')) : null;
  const ways = values.ways!.split(',') as Way[];
  const rows: ParityRow[] = [];
  for (const site of SITES.filter((s) => (only ? only.has(s.name) : existsSync(path.join(corpus, s.name))))) {
    process.stderr.write(`parity: ${site.name}: installing\n`);
    const project = await installedCopy(site, corpus, work);
    for (const way of ways) {
      process.stderr.write(`parity: ${site.name}: ${way}\n`);
      const row = await measure(root, site, project, way, tool, corpus, work);
      rows.push(row);
      process.stderr.write(`${formatRow(row)}\n`);
    }
  }
  console.log(formatTable(rows));
  if (values.json) await writeFile(values.json, JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
  return rows.every((row) => row.ok) ? 0 : 1;
}

/**
 * A copy of the parity tool with its packages installed (it is read-only where it is), mended
 * where it fails: compare.py's ratio() gives a number where its callers take a pair when both
 * texts are empty (a blog list without posts), which stops the comparison.
 */
async function prepareTool(source: string, work: string): Promise<string> {
  const tool = path.join(work, 'tool');
  if (!existsSync(path.join(tool, 'node_modules'))) {
    await rm(tool, { recursive: true, force: true });
    await cp(source, tool, { recursive: true });
    const [npm, ...npmArgs] = npmCommand();
    await run(npm, [...npmArgs, 'ci', '--no-audit', '--no-fund'], tool, 'installing the parity tool');
  }
  const compare = path.join(tool, 'compare.py');
  const text = await readFile(compare, 'utf8');
  const mended = text.replace(/(if not aw and not bw:\n\s+return 1\.0)\n/, '$1, None\n');
  if (mended !== text) await writeFile(compare, mended);
  return tool;
}

/**
 * The project's copy with its packages installed as the corpus README says: made again when the
 * corpus copy changed (its file list and sizes), else the one from an earlier run.
 */
async function installedCopy(site: CorpusSite, corpus: string, work: string): Promise<string> {
  const source = path.join(corpus, site.name);
  const fingerprint = await treeFingerprint(source);
  const copy = path.join(work, 'projects', site.name);
  const stamp = path.join(work, 'projects', `${site.name}.installed`);
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')) === fingerprint) return copy;
  await rm(copy, { recursive: true, force: true });
  await cp(source, copy, { recursive: true });
  const folder = path.join(copy, site.folder);
  const [npm, ...npmArgs] = npmCommand();
  await run(npm, [...npmArgs, ...site.install, '--no-audit', '--no-fund'], folder, `npm ${site.install.join(' ')}`);
  for (const [command, ...rest] of site.afterInstall ?? []) {
    const [bin, ...binArgs] = command === 'npm' ? npmCommand() : [command!];
    await run(bin, [...binArgs, ...rest], folder, [command, ...rest].join(' '));
  }
  await writeFile(stamp, fingerprint);
  return copy;
}

async function measure(root: string, site: CorpusSite, project: string, way: Way, tool: string, corpus: string, work: string): Promise<ParityRow> {
  const cli = path.join(root, 'bin', 'sipadocs.js');
  const folder = path.join(project, site.folder);
  const failed = (step: string, result: TimedRun): ParityRow => ({
    site: site.name, way, ok: false, error: `${step} exited ${result.exitCode}:\n${tail(result.stdout + result.stderr, 25)}`,
    referencePages: 0, matched: 0, missing: [], textShare: null, magicComments: null, buildSeconds: result.wallSeconds, docusaurusSeconds: site.docusaurusSeconds, worst: [],
  });
  let out: string;
  let build: TimedRun;
  if (way === 'in-place') {
    out = path.join(folder, 'build');
    // A cold build, as Docusaurus's was measured: no output, no cache.
    await rm(path.join(folder, 'node_modules', '.cache', 'sipadocs'), { recursive: true, force: true });
    build = await runTimed(process.execPath, [cli, 'build', ...(site.buildArgs ?? [])], { cwd: folder, env: { CI: '1' } });
    if (build.exitCode !== 0) return failed('sipadocs build (in place)', build);
  } else {
    const migrated = path.join(work, 'migrated', site.name);
    out = path.join(work, 'migrated', `${site.name}-build`);
    await rm(migrated, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
    await mkdir(path.dirname(migrated), { recursive: true });
    const migrate = await runTimed(process.execPath, [cli, 'migrate', folder, '--out', migrated], { cwd: root, env: { CI: '1' } });
    if (migrate.exitCode !== 0) return failed('sipadocs migrate', migrate);
    if (existsSync(path.join(migrated, 'package.json'))) {
      const [npm, ...npmArgs] = npmCommand();
      const install = await runTimed(npm, [...npmArgs, 'install', '--no-audit', '--no-fund', '--legacy-peer-deps'], { cwd: migrated });
      if (install.exitCode !== 0) return failed('npm install (migrated site)', install);
    }
    build = await runTimed(process.execPath, [cli, 'build', '--site', migrated, '--out-dir', out, ...(site.buildArgs ?? [])], { cwd: root, env: { CI: '1' } });
    if (build.exitCode !== 0) return failed('sipadocs build (migrated site)', build);
  }
  const reference = path.join(corpus, `${site.name}-reference.json`);
  const sd = path.join(work, `${site.name}-${way}-sd.json`);
  await run(process.execPath, [path.join(tool, 'extract.js'), 'sd', out, site.baseUrl, sd], tool, 'extract');
  const routes = await compare(tool, site.name, reference, sd, path.join(work, `${site.name}-${way}-cmp.json`));
  // A reference whose pages the tool does not classify gives the routes; the text comes from Docusaurus's build of the project, classified (see classifiedReference).
  const adapted = site.unclassifiedReference ? await classifiedReference(site, project, tool, work) : null;
  const comparison = adapted ? await compare(tool, site.name, adapted, sd, path.join(work, `${site.name}-${way}-cmp-text.json`)) : routes;
  const pages = comparison.pages.filter((page) => typeof page.similarity === 'number');
  return {
    site: site.name,
    way,
    ok: true,
    textFrom: adapted ? 'classified Docusaurus build' : site.unclassifiedReference ? 'reference (unclassified: routes only)' : 'reference',
    ...(await routeCoverage(reference, sd)),
    textShare: comparison.summary.text_share_ge_098_all ?? null,
    magicComments: pages.reduce((sum, page) => sum + Math.max(0, (page.magic_comments_shown_sd ?? 0) - (page.magic_comments_shown_ref ?? 0)), 0),
    buildSeconds: build.wallSeconds,
    docusaurusSeconds: site.docusaurusSeconds,
    worst: pages.filter((page) => page.similarity! < 0.98).sort((a, b) => a.similarity! - b.similarity!).map((page) => ({ route: page.route, similarity: page.similarity! })),
  };
}

interface Comparison {
  summary: Record<string, number>;
  missing: Array<string | { route: string; kind?: string }>;
  pages: PageComparison[];
}

/**
 * Every page of the reference, redirects and the not-found page included, against the pages of
 * the build (compare.py leaves redirects out): how many exist at the same route, and which do not.
 * A redirect from "/x.html" is there when "/x" is: its file is the one a host serves for it.
 */
async function routeCoverage(reference: string, sd: string): Promise<{ referencePages: number; matched: number; missing: string[] }> {
  const routesOf = async (file: string) => (JSON.parse(await readFile(file, 'utf8')) as { pages: Array<{ route: string }> }).pages.map((page) => page.route);
  const built = new Set(await routesOf(sd));
  const wanted = await routesOf(reference);
  // "/x.html" (a client redirect from the old address) is served by the page of "/x" itself, whose file it is.
  const missing = wanted.filter((route) => !built.has(route) && !(route.endsWith('.html') && built.has(route.slice(0, -'.html'.length) || '/')));
  return { referencePages: wanted.length, matched: wanted.length - missing.length, missing };
}

async function compare(tool: string, name: string, reference: string, sd: string, out: string): Promise<Comparison> {
  await run('python3', [path.join(tool, 'compare.py'), name, reference, sd, out], tool, 'compare');
  return JSON.parse(await readFile(out, 'utf8')) as Comparison;
}

/**
 * The reference of a project whose Docusaurus (a 2.0 beta) marks no page with the classes the
 * parity tool reads: Docusaurus's own build of it (made once with `--docusaurus-references`, kept
 * in the work folder), each page's html element given the class of its kind as later Docusaurus
 * versions write it (a doc: `.theme-doc-markdown` in it; a post: one `blogPost` article at a
 * dated route; the blog's lists), then extracted with the unchanged tool. Null without that build.
 */
async function classifiedReference(site: CorpusSite, project: string, tool: string, work: string): Promise<string | null> {
  const built = path.join(work, `${site.name}-docusaurus-build`);
  if (!existsSync(path.join(built, 'index.html'))) {
    if (!buildReferences) return null;
    process.stderr.write(`parity: ${site.name}: building Docusaurus's reference (minutes)\n`);
    await run('npx', ['docusaurus', 'build', '--locale', 'en', '--out-dir', built], path.join(project, site.folder), 'docusaurus build');
  }
  const classified = path.join(work, `${site.name}-docusaurus-classified`);
  const result = path.join(work, `${site.name}-reference-classified.json`);
  if (existsSync(result)) return result;
  await rm(classified, { recursive: true, force: true });
  await cp(built, classified, { recursive: true });
  for (const file of await fg('**/*.html', { cwd: classified })) {
    const full = path.join(classified, file);
    const html = await readFile(full, 'utf8');
    const route = `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
    const kind = html.includes('theme-doc-markdown')
      ? 'docs-doc-page'
      : /^\/blog\/\d{4}\//.test(route) && (html.match(/itemprop="blogPost"/g) ?? []).length === 1
        ? 'blog-post-page'
        : /^\/blog(\/page\/\d+|\/tags(\/.*)?|\/archive)?\/?$/.test(route)
          ? 'blog-list-page'
          : null;
    if (kind) await writeFile(full, html.replace(/<html(?: class="([^"]*)")?/, (_m, classes: string | undefined) => `<html class="${[classes, kind].filter(Boolean).join(' ')}"`));
  }
  await run(process.execPath, [path.join(tool, 'extract.js'), 'ds', classified, site.baseUrl, result], tool, 'extract (Docusaurus)');
  return result;
}

interface PageComparison {
  route: string;
  similarity?: number;
  magic_comments_shown_sd?: number;
  magic_comments_shown_ref?: number;
}

function formatRow(row: ParityRow): string {
  if (!row.ok) return `  ${row.site} ${row.way}: FAILED\n${row.error}`;
  const worst = row.worst.slice(0, 5).map((page) => `${page.route} ${page.similarity.toFixed(3)}`).join(', ');
  return `  ${row.site} ${row.way}: ${row.matched}/${row.referencePages} routes, ${((row.textShare ?? 0) * 100).toFixed(1)} % ≥ 0.98${worst ? ` (below: ${worst})` : ''}${row.missing.length > 0 ? `; missing: ${row.missing.slice(0, 10).join(', ')}` : ''}`;
}

/** The table the README shows. */
export function formatTable(rows: ParityRow[]): string {
  const lines = [
    '| site | way | routes of the reference | pages ≥ 0.98 the same text | magic comments shown | build | Docusaurus | faster |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    if (!row.ok) {
      lines.push(`| ${row.site} | ${row.way} | build failed | | | | ${row.docusaurusSeconds} s | |`);
      continue;
    }
    lines.push(
      `| ${row.site} | ${row.way} | ${row.matched} of ${row.referencePages}${row.missing.length > 0 ? ` (${row.missing.length} missing)` : ''} | ${((row.textShare ?? 0) * 100).toFixed(1)} %${row.textFrom && row.textFrom !== 'reference' ? ` (${row.textFrom})` : ''} | ${row.magicComments} | ${row.buildSeconds.toFixed(1)} s | ${row.docusaurusSeconds} s | ${(row.docusaurusSeconds / row.buildSeconds).toFixed(1)}× |`,
    );
  }
  return lines.join('\n');
}

/** A digest of a folder's file names and sizes: enough to tell that a corpus copy changed. */
async function treeFingerprint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (at: string): Promise<void> => {
    for (const entry of (await readdir(at, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(`${path.relative(dir, full)}\0${(await stat(full)).size}\n`);
    }
  };
  await walk(dir);
  return hash.digest('hex');
}

async function run(command: string, args: string[], cwd: string, what: string): Promise<void> {
  const result = await runTimed(command, args, { cwd });
  if (result.exitCode !== 0) throw new Error(`${what} failed (exit ${result.exitCode}) in ${cwd}:\n${tail(result.stdout + result.stderr, 30)}`);
}

function tail(text: string, lines: number): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
