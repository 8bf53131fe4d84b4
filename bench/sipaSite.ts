/**
 * Cold builds of the Sipa site (`site/`) as a user runs them: the whole `sipadocs build` process,
 * its start included, with no build cache and no previous output, several times; the median is
 * the figure. `npm run bench` runs it too.
 *
 *   node bin/run-ts.js bench/sipaSite.ts [--runs 5] [--installed]
 *
 * The repository's CLI is `node bin/sipadocs.js`, which runs the sources compiled on first use (that
 * compiled CLI is kept, as an installed package keeps its dist/). `--installed` also measures the
 * package as users get it: packed with `npm pack`, installed into a new project in a temp folder,
 * running its prebuilt dist/ on a copy of the site.
 *
 * Each repository run starts by removing the repository's build cache (node_modules/.cache/sipadocs
 * but its compiled CLI), which the next `npm run build` then fills again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findRepoRoot, median, npmCommand, runTimed } from './measure.js';

export interface SipaSiteResult {
  /** `repository`: node bin/sipadocs.js in this repository; `installed`: the packed package in a new project. */
  cli: 'repository' | 'installed';
  /** The command run, as a user would type it (relative to its folder). */
  command: string;
  pages: number;
  /** Wall time of each cold build, process start to exit, in run order. */
  wallSeconds: number[];
  medianWallSeconds: number;
  /** CPU time of each build (user plus system, GNU time); null where it was not available. */
  cpuSeconds: (number | null)[];
  /** Peak RSS of each build (GNU time); null where it was not available. */
  peakRssBytes: (number | null)[];
}

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { runs: { type: 'string', default: '5' }, installed: { type: 'boolean', default: false } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs wants a positive integer, got ${values.runs}`);
    return 2;
  }
  const root = findRepoRoot();
  const results = [await measureRepositoryCli(root, runs)];
  if (values.installed) results.push(await measureInstalledPackage(root, runs));
  for (const result of results) console.log(formatSipaSite(result));
  return 0;
}

/** One line: `Sipa site, 46 pages, cold, node bin/sipadocs.js …: median 3.21 s of 5 (3.10–3.52 s), CPU 4.02 s`. */
export function formatSipaSite(result: SipaSiteResult): string {
  const min = Math.min(...result.wallSeconds);
  const max = Math.max(...result.wallSeconds);
  const cpu = result.cpuSeconds.filter((s): s is number => s !== null);
  const cpuText = cpu.length > 0 ? `, CPU ${median(cpu).toFixed(2)} s` : '';
  return `Sipa site, ${result.pages} pages, cold, ${result.command}: median ${result.medianWallSeconds.toFixed(2)} s of ${result.wallSeconds.length} (${min.toFixed(2)}–${max.toFixed(2)} s)${cpuText}`;
}

/** Cold builds of `site/` with the repository's CLI. */
export async function measureRepositoryCli(root: string, runs: number): Promise<SipaSiteResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-bench-sipa-'));
  try {
    const cli = path.join(root, 'bin', 'sipadocs.js');
    // The launcher compiles the CLI on first use; do that now, as installing does.
    execFileSync(process.execPath, [cli, '--version'], { cwd: root, stdio: 'ignore' });
    const cacheRoot = path.join(root, 'node_modules', '.cache', 'sipadocs');
    const clearCache = async (): Promise<void> => {
      // Everything but the compiled CLI (bin/): that is the program, not its cache.
      const entries = existsSync(cacheRoot) ? await readdir(cacheRoot) : [];
      for (const entry of entries.filter((name) => name !== 'bin')) await rm(path.join(cacheRoot, entry), { recursive: true, force: true });
    };
    return await coldBuilds('repository', 'node bin/sipadocs.js build --site site', root, [cli, 'build', '--site', 'site'], tmp, clearCache, runs);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Cold builds of a copy of `site/` with the packed package, installed into a new project. */
export async function measureInstalledPackage(root: string, runs: number): Promise<SipaSiteResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-bench-installed-'));
  try {
    const npm = (npmArgs: string[], cwd: string): string =>
      execFileSync(npmCommand()[0], [...npmCommand().slice(1), ...npmArgs], { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' }, stdio: ['ignore', 'pipe', 'inherit'] });
    console.error('packing the package and installing it into a temp project…');
    const tarball = path.join(tmp, npm(['pack', '--pack-destination', tmp, '--silent'], root).trim().split('\n').pop()!);
    const project = path.join(tmp, 'project');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'bench-project', version: '1.0.0', private: true }));
    npm(['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', '--silent'], project);
    await cp(path.join(root, 'site'), path.join(project, 'site'), { recursive: true });
    const cli = path.join(project, 'node_modules', 'sipadocs', 'bin', 'sipadocs.js');
    const clearCache = () => rm(path.join(project, 'node_modules', '.cache'), { recursive: true, force: true });
    return await coldBuilds('installed', 'node node_modules/sipadocs/bin/sipadocs.js build --site site', project, [cli, 'build', '--site', 'site'], tmp, clearCache, runs);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function coldBuilds(
  cli: SipaSiteResult['cli'],
  command: string,
  cwd: string,
  args: string[],
  tmp: string,
  clearCache: () => Promise<void>,
  runs: number,
): Promise<SipaSiteResult> {
  const out = path.join(tmp, 'out');
  const statsFile = path.join(tmp, 'stats.json');
  const wallSeconds: number[] = [];
  const cpuSeconds: (number | null)[] = [];
  const peakRssBytes: (number | null)[] = [];
  let pages = 0;
  for (let i = 0; i < runs; i++) {
    await clearCache();
    await rm(out, { recursive: true, force: true });
    const run = await runTimed(process.execPath, [...args, '--out-dir', out, '--quiet'], { cwd, env: { SIPADOCS_STATS_FILE: statsFile }, timeFile: `${statsFile}.time` });
    if (run.exitCode !== 0) throw new Error(`${command} failed with exit code ${run.exitCode}\n${run.stderr}${run.stdout}`);
    const stats = JSON.parse(await readFile(statsFile, 'utf8')) as { pages: number; maxRssBytes: number };
    pages = stats.pages;
    wallSeconds.push(run.wallSeconds);
    cpuSeconds.push(run.cpuSeconds);
    peakRssBytes.push(stats.maxRssBytes ?? run.peakRssBytes);
  }
  return { cli, command, pages, wallSeconds, medianWallSeconds: median(wallSeconds), cpuSeconds, peakRssBytes };
}
