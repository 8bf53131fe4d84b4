/**
 * Page size as a site grows with its sidebar categories open: a generated site of 2,000 docs whose
 * categories all start open, built cold, and the sidebar markup of its pages measured. Before the
 * sidebar budget every page carried the whole open tree (740 KB a page at 5,000 docs).
 *
 *   node bin/run-ts.js bench/openSidebar.ts [--docs 2000]
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateSite } from '../support/generateSite.js';
import { findRepoRoot, listFiles, runTimed, totalBytes } from './measure.js';

export interface OpenSidebarResult {
  docs: number;
  pages: number;
  wallSeconds: number;
  cpuSeconds: number | null;
  peakRssBytes: number | null;
  outputBytes: number;
  /** Mean size of a doc page's HTML. */
  meanDocPageBytes: number;
  /** The largest sidebar (`<nav class="sidebar">…</nav>`) of any doc page, in bytes. */
  maxSidebarBytes: number;
}

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { docs: { type: 'string', default: '2000' } } });
  console.log(formatOpenSidebar(await measureOpenSidebar(findRepoRoot(), Number(values.docs))));
  return 0;
}

export async function measureOpenSidebar(root: string, docs: number): Promise<OpenSidebarResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-bench-open-'));
  try {
    await writeFile(path.join(tmp, 'package.json'), JSON.stringify({ name: 'bench-open', private: true }));
    const site = path.join(tmp, 'site');
    await generateSite(site, { docs, posts: 20, seed: 1, openCategories: true });
    const out = path.join(tmp, 'out');
    const statsFile = path.join(tmp, 'stats.json');
    const build = await runTimed(process.execPath, [path.join(root, 'bin', 'sipadocs.js'), 'build', '--site', site, '--out-dir', out, '--quiet'], {
      cwd: tmp,
      env: { SIPADOCS_STATS_FILE: statsFile },
      timeFile: `${statsFile}.time`,
    });
    if (build.exitCode !== 0) throw new Error(`the build of ${docs} docs with open categories failed:\n${build.stderr}${build.stdout}`);
    const stats = JSON.parse(await readFile(statsFile, 'utf8')) as { pages: number; maxRssBytes: number };
    const files = await listFiles(out);
    const docPages = files.filter((file) => file.endsWith('.html') && file.startsWith(path.join(out, 'docs')));
    let maxSidebarBytes = 0;
    for (const file of docPages) {
      const html = await readFile(file, 'utf8');
      const start = html.indexOf('<nav class="sidebar"');
      if (start !== -1) maxSidebarBytes = Math.max(maxSidebarBytes, Buffer.byteLength(html.slice(start, html.indexOf('</nav>', start) + 6)));
    }
    return {
      docs,
      pages: stats.pages,
      wallSeconds: build.wallSeconds,
      cpuSeconds: build.cpuSeconds,
      peakRssBytes: stats.maxRssBytes ?? build.peakRssBytes,
      outputBytes: await totalBytes(files),
      meanDocPageBytes: (await totalBytes(docPages)) / docPages.length,
      maxSidebarBytes,
    };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

export function formatOpenSidebar(result: OpenSidebarResult): string {
  const mib = (bytes: number | null) => (bytes === null ? '–' : (bytes / 2 ** 20).toFixed(0));
  return (
    `${result.docs} docs, categories open, cold: ${result.pages} pages in ${result.wallSeconds.toFixed(2)} s (CPU ${result.cpuSeconds?.toFixed(2) ?? '–'} s), ` +
    `peak RSS ${mib(result.peakRssBytes)} MiB, output ${mib(result.outputBytes)} MiB, doc page ${(result.meanDocPageBytes / 1024).toFixed(0)} KB on average, ` +
    `largest sidebar ${(result.maxSidebarBytes / 1024).toFixed(1)} KB`
  );
}
