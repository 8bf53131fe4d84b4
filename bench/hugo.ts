/**
 * Builds the benchmark's corpus with Hugo, for the side-by-side comparison: finding `hugo` on the
 * PATH, timing a build the way sipadocs's are timed, counting the pages Hugo wrote, and checking
 * that its output has what sipadocs's has (so the ratio compares the same work).
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { outlineDocPage, outlineDifferences } from './docPageOutline.js';
import { listFiles, runTimed } from './measure.js';

export interface Hugo {
  bin: string;
  /** The first line of `hugo version`. */
  version: string;
}

/** `hugo` from the PATH with its version, or null when there is none (or it does not run). */
export function findHugo(pathVariable = process.env.PATH ?? ''): Hugo | null {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const bin = path.join(dir, 'hugo');
    try {
      accessSync(bin, constants.X_OK);
    } catch {
      continue;
    }
    try {
      const version = execFileSync(bin, ['version'], { encoding: 'utf8', timeout: 30_000 }).trim().split('\n')[0]!;
      return { bin, version };
    } catch (error) {
      console.error(`${bin} does not run (${(error as Error).message.split('\n')[0]}): no comparison with Hugo`);
      return null;
    }
  }
  return null;
}

export interface HugoBuild {
  wallSeconds: number;
  cpuSeconds: number | null;
  peakRssBytes: number | null;
  /** HTML pages written, not counting the redirect pages Hugo writes for aliases (`/blog/page/1/`). */
  pages: number;
  outputBytes: number;
}

/**
 * Runs `hugo --quiet --destination <out>` in `siteDir`. A cold build first removes what Hugo
 * keeps between builds (`resources/` in the site, the `--cacheDir` it is given) and the output.
 * Throws with Hugo's output when it fails.
 */
export async function buildWithHugo(hugo: Hugo, siteDir: string, out: string, cacheDir: string, cold: boolean): Promise<HugoBuild> {
  if (cold) for (const dir of [path.join(siteDir, 'resources'), cacheDir, out]) await rm(dir, { recursive: true, force: true });
  // An explicit cache folder: the default one is shared by every Hugo run of the user.
  const run = await runTimed(hugo.bin, ['--quiet', '--destination', out, '--cacheDir', cacheDir], {
    cwd: siteDir,
    timeFile: path.join(path.dirname(out), 'hugo.time'),
  });
  if (run.exitCode !== 0) throw new Error(`hugo failed with exit code ${run.exitCode} in ${siteDir}\n${run.stderr}${run.stdout}`);
  if (run.stderr.trim()) console.error(`hugo: ${run.stderr.trim()}`);
  const { pages, bytes } = await readOutput(out);
  return { wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds, peakRssBytes: run.peakRssBytes, pages, outputBytes: bytes };
}

/** The output's size and its HTML pages but Hugo's alias pages, which only redirect (and are small, so only small files are read). */
async function readOutput(out: string): Promise<{ pages: number; bytes: number }> {
  let pages = 0;
  let bytes = 0;
  for (const file of await listFiles(out)) {
    const { size } = await stat(file);
    bytes += size;
    if (!file.endsWith('.html')) continue;
    if (size > 2048 || !/<meta http-equiv="?refresh/i.test(await readFile(file, 'utf8'))) pages++;
  }
  return { pages, bytes };
}

/** How far Hugo's page count may be from sipadocs's before the comparison is called meaningless. */
export const PAGE_COUNT_TOLERANCE = 0.05;

/**
 * Checks that Hugo built about as many pages as sipadocs and that its page for the sample doc
 * shows what sipadocs's does: the same sidebar (links, open and closed categories), breadcrumbs,
 * table of contents, previous/next links, title and highlighted code blocks. Returns a one-line
 * summary; throws listing what is off.
 */
export function checkHugoOutput(sample: { route: string; hugoHtml: string; sipadocsHtml: string }, hugoPages: number, sipadocsPages: number): string {
  const problems: string[] = [];
  if (Math.abs(hugoPages - sipadocsPages) > sipadocsPages * PAGE_COUNT_TOLERANCE) {
    problems.push(`Hugo wrote ${hugoPages} pages where sipadocs wrote ${sipadocsPages}`);
  }
  const own = outlineDocPage(sample.sipadocsHtml);
  const hugo = outlineDocPage(sample.hugoHtml);
  for (const difference of outlineDifferences(own, hugo)) problems.push(`${sample.route}, sipadocs ≠ Hugo in ${difference}`);
  // Two empty outlines would match too: the sample must show each feature.
  const shown: [feature: string, present: boolean][] = [
    ['sidebar', own.sidebarLinks.length > 0],
    ['open category', own.openCategories.length > 0],
    ['breadcrumbs', own.breadcrumbs.length > 1],
    ['table of contents', own.toc.length > 0],
    ['highlighted code', own.highlightedCodeBlocks > 0],
    ['previous/next links', own.prev !== null || own.next !== null],
  ];
  for (const [feature, present] of shown) if (!present) problems.push(`${sample.route} shows no ${feature} in sipadocs's page, so the check cannot compare it`);
  if (problems.length > 0) throw new Error(`Hugo's output does not match sipadocs's, so the comparison would mean nothing:\n  ${problems.join('\n  ')}`);
  return (
    `Hugo check: ${hugoPages} pages (sipadocs ${sipadocsPages}); ${sample.route} has the same sidebar (${hugo.sidebarLinks.length} links, ` +
    `${hugo.openCategories.length} open categor${hugo.openCategories.length === 1 ? 'y' : 'ies'}), breadcrumbs, table of contents (${hugo.toc.length}), ${hugo.highlightedCodeBlocks} highlighted code blocks and previous/next links`
  );
}
