/**
 * How the benchmarks time a build. The command runs as a child process, under GNU time when it is
 * installed. Wall time: from spawn to exit, the process start included. CPU time: user plus
 * system time of the process, all its threads and the children it waited for (%U + %S). Peak RSS:
 * the kernel's maximum resident set size of the process (ru_maxrss, %M); sipadocs also reports
 * it in its stats file, the same counter read from inside.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** GNU time, for the peak RSS of processes that do not report their own. */
export const TIME_BIN = '/usr/bin/time';

export interface TimedRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  wallSeconds: number;
  /** CPU time of the process and its threads, user plus system (GNU time's %U + %S); null without GNU time. */
  cpuSeconds: number | null;
  /** From GNU time's %M; null when /usr/bin/time is missing or reported nothing. */
  peakRssBytes: number | null;
}

/**
 * npm as a command and its leading arguments: npm's own CLI run by this node (the one `npm run`
 * names, else the one installed beside node), so the benchmarks find it whatever the PATH holds.
 */
export function npmCommand(): [string, ...string[]] {
  const besideNode = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  const cli = [process.env.npm_execpath, besideNode].find((file) => file && /npm-cli\.js$/.test(file) && existsSync(file));
  return cli ? [process.execPath, cli] : ['npm'];
}

/**
 * Runs `command` with `args` in `cwd` and collects its output, wall time and peak RSS: under GNU
 * time when it is installed and `timeFile` (where time writes its report) is given. Never throws
 * for a non-zero exit.
 */
export async function runTimed(command: string, args: string[], options: { cwd: string; env?: Record<string, string>; timeFile?: string }): Promise<TimedRun> {
  const { timeFile } = options;
  const useTime = timeFile !== undefined && existsSync(TIME_BIN);
  if (useTime) await rm(timeFile, { force: true });
  const [bin, ...argv] = useTime ? [TIME_BIN, '-f', '%M %U %S', '-o', timeFile, command, ...args] : [command, ...args];

  const started = performance.now();
  const child = spawn(bin!, argv, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  const wallSeconds = (performance.now() - started) / 1000;

  let peakRssBytes: number | null = null;
  let cpuSeconds: number | null = null;
  if (useTime) {
    // GNU time prefixes "Command exited with non-zero status N" lines; its report is the last line.
    const report = (await readFile(timeFile, 'utf8').catch(() => '')).trim().split('\n').pop() ?? '';
    const [kib, user, system] = report.split(' ').map(Number);
    if (kib !== undefined && Number.isFinite(kib) && kib > 0) peakRssBytes = kib * 1024;
    // time reports hundredths of a second; rounding keeps float noise out of the results.
    if (user !== undefined && system !== undefined && Number.isFinite(user + system)) cpuSeconds = Math.round((user + system) * 100) / 100;
  }
  return { exitCode, stdout, stderr, wallSeconds, cpuSeconds, peakRssBytes };
}

/** Every file under `dir`, as absolute paths. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** The total size of `files`. */
export async function totalBytes(files: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += (await stat(file)).size;
  return bytes;
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Walks up from this module (run directly or from the run-ts bundle cache) to the repo holding bin/sipadocs.js. */
export function findRepoRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'bin', 'sipadocs.js'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
