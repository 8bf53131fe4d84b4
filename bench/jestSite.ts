/**
 * A real Docusaurus 3 project, the Jest website (versioned docs, a blog, React pages, redirects),
 * built as its users would build it: migrated with `sipadocs migrate` and built by sipadocs cold
 * (no cache, no output), warm (nothing changed) and warm after editing one doc; and built by
 * Docusaurus itself, cold, where it can be installed (its packages come from the npm registry the
 * first time and are kept in node_modules/.cache/sipadocs-bench/docusaurus-jest).
 *
 *   node bin/run-ts.js bench/jestSite.ts [--corpus <jest checkout>] [--docusaurus auto|skip]
 *
 * The corpus is a checkout of the Jest repository's docs/ and website/ (by default the nearest
 * shared/corpus/jest above this repository). Both tools build a copy of it that is a git
 * repository of one commit, so both read each page's last update from git. A build that fails is
 * reported with its first lines of output and the run goes on: until sipadocs builds the whole
 * site, its rows say why not.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findRepoRoot, listFiles, npmCommand, runTimed, totalBytes } from './measure.js';

export interface JestRow {
  tool: 'sipadocs' | 'docusaurus';
  run: 'cold' | 'warm' | 'warm-edit';
  ok: boolean;
  /** HTML pages written (sipadocs: its count; Docusaurus: .html files of its output). */
  pages: number | null;
  wallSeconds: number;
  cpuSeconds: number | null;
  peakRssBytes: number | null;
  outputBytes: number | null;
  /** The first lines of a failed build's output. */
  error?: string;
}

export interface JestResult {
  corpus: string;
  /** The Docusaurus version built, or why there is none. */
  docusaurus: { version: string } | { skipped: string };
  rows: JestRow[];
}

/** Appended to one doc before the warm-edit run, as its own paragraph. */
const EDIT = '\nThis sentence was added by the benchmark to force an incremental rebuild.\n';
/** The doc edited for the warm-edit run, when the site has it (else its first markdown doc). */
const EDITED_DOC = 'docs/GettingStarted.md';

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { corpus: { type: 'string' }, docusaurus: { type: 'string', default: 'auto' } } });
  const root = findRepoRoot();
  const corpus = values.corpus ? path.resolve(values.corpus) : findJestCorpus(root);
  if (!corpus) {
    console.error('no Jest corpus found (a folder shared/corpus/jest above this repository); give one with --corpus');
    return 2;
  }
  const result = await measureJest(root, corpus, { docusaurus: values.docusaurus === 'skip' ? 'skip' : 'auto' });
  console.log(formatJest(result));
  return result.rows.some((row) => row.tool === 'sipadocs' && !row.ok) ? 1 : 0;
}

/** The nearest `shared/corpus/jest` in a folder above the repository, or null. */
export function findJestCorpus(root: string): string | null {
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'corpus', 'jest');
    if (existsSync(path.join(candidate, 'website', 'docusaurus.config.mjs'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

export async function measureJest(root: string, corpus: string, options: { docusaurus: 'auto' | 'skip' }): Promise<JestResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-bench-jest-'));
  try {
    const rows = await sipadocsRuns(root, corpus, tmp);
    const docusaurus = options.docusaurus === 'skip' ? { skipped: '--docusaurus skip' } : await installDocusaurus(root, corpus);
    if ('version' in docusaurus) rows.push(await docusaurusCold(root, tmp));
    return { corpus, docusaurus, rows };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The project as its repository has it, as a git repository of one commit (when git is installed). */
async function copyProject(corpus: string, into: string): Promise<void> {
  await copyCorpus(corpus, into);
  await writeFile(path.join(into, '.gitignore'), 'node_modules\n.docusaurus\nbuild\n');
  commitAll(into, 'corpus', true);
}

const copyCorpus = (corpus: string, into: string) => cp(corpus, into, { recursive: true, filter: (source) => !/[\\/](node_modules|\.docusaurus|build)$/.test(source) });

/** Commits every file of `dir` (a new repository when `init`); without git, does nothing. */
function commitAll(dir: string, message: string, init = false): void {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
  const git = (gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: dir, stdio: 'ignore', env });
  try {
    if (init) git(['init', '-q']);
    git(['add', '-A']);
    git(['commit', '-q', '-m', message]);
  } catch (error) {
    // Without git, neither tool finds last-update times: the comparison stays even.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Migrates the project, then builds it cold, warm and after a one-doc edit. */
async function sipadocsRuns(root: string, corpus: string, tmp: string): Promise<JestRow[]> {
  // A workspace holding the Docusaurus project and the site migrated from it, and the build cache.
  const workspace = path.join(tmp, 'sipadocs');
  await copyCorpus(corpus, path.join(workspace, 'docusaurus'));
  const cli = path.join(root, 'bin', 'sipadocs.js');
  await writeFile(path.join(workspace, 'package.json'), JSON.stringify({ name: 'jest-bench', private: true }));
  // Jest keeps its Docusaurus project in website/, beside the docs; most projects are the folder itself.
  const website = existsSync(path.join(workspace, 'docusaurus', 'website')) ? 'docusaurus/website' : 'docusaurus';
  const migrated = await runTimed(process.execPath, [cli, 'migrate', website, '--out', 'site'], { cwd: workspace });
  if (migrated.exitCode !== 0) throw new Error(`sipadocs migrate failed:\n${migrated.stderr}${migrated.stdout}`);
  await writeFile(path.join(workspace, '.gitignore'), 'node_modules\n');
  commitAll(workspace, 'migrated', true);
  // The packages the site's pages import, as its package.json names them: installed as a user would.
  const site = path.join(workspace, 'site');
  if (existsSync(path.join(site, 'package.json'))) {
    const [npm, ...npmLead] = npmCommand();
    const install = await runTimed(npm, [...npmLead, 'install', '--no-audit', '--no-fund', '--legacy-peer-deps'], { cwd: site, env: { npm_config_update_notifier: 'false' } });
    if (install.exitCode !== 0) throw new Error(`npm install in the migrated site failed:\n${firstLines(install.stderr, 20)}`);
  }
  // The build cache is in the project the site belongs to: the site's own when it has a package.json.
  const cacheOwner = existsSync(path.join(site, 'package.json')) ? site : workspace;

  const out = path.join(tmp, 'sipadocs-out');
  const statsFile = path.join(tmp, 'stats.json');
  const rows: JestRow[] = [];
  for (const run of ['cold', 'warm', 'warm-edit'] as const) {
    if (run === 'cold') {
      await rm(path.join(cacheOwner, 'node_modules', '.cache'), { recursive: true, force: true });
      await rm(out, { recursive: true, force: true });
    }
    if (run === 'warm-edit') await appendFile(await editedDoc(path.join(workspace, 'site')), EDIT);
    await rm(statsFile, { force: true });
    // The English site alone, as Docusaurus is run below: the project lists other locales, which
    // sipadocs builds by default, as `docusaurus build` does.
    const build = await runTimed(process.execPath, [cli, 'build', '--site', 'site', '--locale', 'en', '--out-dir', out, '--quiet'], {
      cwd: workspace,
      env: { SIPADOCS_STATS_FILE: statsFile },
      timeFile: `${statsFile}.time`,
    });
    const ok = build.exitCode === 0;
    const stats = ok ? (JSON.parse(await readFile(statsFile, 'utf8')) as { pages: number; maxRssBytes: number }) : null;
    rows.push({
      tool: 'sipadocs',
      run,
      ok,
      pages: stats?.pages ?? null,
      wallSeconds: build.wallSeconds,
      cpuSeconds: build.cpuSeconds,
      peakRssBytes: stats?.maxRssBytes ?? build.peakRssBytes,
      outputBytes: ok ? await totalBytes(await listFiles(out)) : null,
      ...(ok ? {} : { error: firstLines(`${build.stderr}${build.stdout}`) }),
    });
    // A site that does not build has nothing to be warm from.
    if (!ok) break;
  }
  return rows;
}

async function editedDoc(site: string): Promise<string> {
  if (existsSync(path.join(site, EDITED_DOC))) return path.join(site, EDITED_DOC);
  const docs = (await listFiles(path.join(site, 'docs'))).filter((file) => /\.mdx?$/.test(file)).sort();
  if (docs.length === 0) throw new Error(`the migrated site ${site} has no doc to edit`);
  return docs[0]!;
}

/** Where Docusaurus is installed for the benchmark: a copy of the project with its packages. */
const docusaurusProject = (root: string) => path.join(root, 'node_modules', '.cache', 'sipadocs-bench', 'docusaurus-jest');

/**
 * Installs the project's own packages (its dependencies, and js-yaml, which its config reads) into
 * a copy of the project kept between runs, unless that is done already. Says why not when it cannot.
 */
async function installDocusaurus(root: string, corpus: string): Promise<{ version: string } | { skipped: string }> {
  const project = docusaurusProject(root);
  const website = path.join(project, 'website');
  const installed = () => readFile(path.join(website, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8').then((text) => (JSON.parse(text) as { version: string }).version, () => null);
  let version = await installed();
  if (version === null) {
    console.error('installing Docusaurus from the npm registry for the Jest comparison (once)…');
    await rm(project, { recursive: true, force: true });
    await mkdir(path.dirname(project), { recursive: true });
    await copyProject(corpus, project);
    const [npmBin, ...npmLead] = npmCommand();
    const npm = (npmArgs: string[]) =>
      runTimed(npmBin, [...npmLead, ...npmArgs, '--no-audit', '--no-fund', '--legacy-peer-deps', '--omit=dev'], { cwd: website, env: { npm_config_update_notifier: 'false' } });
    const install = await npm(['install']);
    const yaml = install.exitCode === 0 ? await npm(['install', '--no-save', 'js-yaml@^5']) : install;
    if (yaml.exitCode !== 0) return { skipped: `npm install failed: ${firstLines(yaml.stderr)}` };
    version = await installed();
    if (version === null) return { skipped: 'npm install left no @docusaurus/core' };
  }
  return { version };
}

/** Docusaurus's own production build of the English site, with its caches cleared first. */
async function docusaurusCold(root: string, tmp: string): Promise<JestRow> {
  const website = path.join(docusaurusProject(root), 'website');
  for (const cache of ['.docusaurus', path.join('node_modules', '.cache')]) await rm(path.join(website, cache), { recursive: true, force: true });
  // The site's own build fetches its backers from Open Collective first (fetchSupporters.js); with no network, none.
  const backers = path.join(website, 'backers.json');
  if (existsSync(path.join(website, 'fetchSupporters.js')) && !existsSync(backers)) await writeFile(backers, '[]\n');
  const out = path.join(tmp, 'docusaurus-out');
  const build = await runTimed(path.join(website, 'node_modules', '.bin', 'docusaurus'), ['build', '--locale', 'en', '--out-dir', out], {
    cwd: website,
    timeFile: path.join(tmp, 'docusaurus.time'),
  });
  const ok = build.exitCode === 0;
  const files = ok ? await listFiles(out) : [];
  return {
    tool: 'docusaurus',
    run: 'cold',
    ok,
    pages: ok ? files.filter((file) => file.endsWith('.html')).length : null,
    wallSeconds: build.wallSeconds,
    cpuSeconds: build.cpuSeconds,
    peakRssBytes: build.peakRssBytes,
    outputBytes: ok ? await totalBytes(files) : null,
    ...(ok ? {} : { error: firstLines(`${build.stderr}${build.stdout}`) }),
  };
}

function firstLines(text: string, count = 6): string {
  return text.trim().split('\n').slice(0, count).join('\n');
}

const seconds = (value: number | null) => (value === null ? '–' : value.toFixed(2));
const mib = (value: number | null) => (value === null ? '–' : (value / 2 ** 20).toFixed(0));

/** The rows as a table, then sipadocs beside Docusaurus (cold), then the failures. */
export function formatJest(result: JestResult): string {
  const lines = [`Jest website (${result.corpus}): sipadocs migrate + build, and ${'version' in result.docusaurus ? `Docusaurus ${result.docusaurus.version}` : `no Docusaurus (${result.docusaurus.skipped})`}`];
  lines.push('tool        run        pages   wall s   CPU s   peak RSS MiB   output MiB');
  for (const row of result.rows) {
    const status = row.ok ? '' : '   FAILED';
    lines.push(
      `${row.tool.padEnd(11)} ${row.run.padEnd(10)} ${String(row.pages ?? '–').padStart(5)} ${seconds(row.wallSeconds).padStart(8)} ${seconds(row.cpuSeconds).padStart(7)} ${mib(row.peakRssBytes).padStart(14)} ${mib(row.outputBytes).padStart(12)}${status}`,
    );
  }
  const sipadocs = result.rows.find((row) => row.tool === 'sipadocs' && row.run === 'cold' && row.ok);
  const docusaurus = result.rows.find((row) => row.tool === 'docusaurus' && row.ok);
  if (sipadocs && docusaurus) {
    const cpu = sipadocs.cpuSeconds && docusaurus.cpuSeconds ? `, CPU ${(docusaurus.cpuSeconds / sipadocs.cpuSeconds).toFixed(1)}×` : '';
    lines.push(`cold: sipadocs is ${(docusaurus.wallSeconds / sipadocs.wallSeconds).toFixed(1)}× faster than Docusaurus (wall${cpu})`);
  }
  for (const row of result.rows.filter((r) => !r.ok)) lines.push(`${row.tool} ${row.run} failed:\n${row.error}`);
  return lines.join('\n');
}
