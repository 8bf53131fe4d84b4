/**
 * check-links benchmark: generates sites of several sizes (support/generateSite.ts), builds each with the
 * real CLI, then times `sipadocs check-links` on the output. Prints, per size, the pages, the links
 * checked, wall and CPU seconds, and the time per thousand links, so that growth with the site's
 * size shows: a check whose time is proportional to its links keeps that last figure flat.
 *
 *   node bin/run-ts.js bench/checkLinks.ts [--sizes 1000,10000] [--runs 1] [--out check-links.json]
 *
 * Wall time is from spawning check-links to its exit; CPU time is user plus system time of the
 * process and everything it waited for (GNU time), null without GNU time. Exits 1 when a build or a
 * check fails (a generated site has no broken link), printing its output.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateSite } from '../support/generateSite.js';
import { findRepoRoot, runTimed } from './measure.js';

interface CheckRow {
  docs: number;
  pages: number;
  links: number;
  buildSeconds: number;
  wallSeconds: number;
  cpuSeconds: number | null;
  /** Wall seconds per thousand links checked. */
  secondsPerThousandLinks: number;
}

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { sizes: { type: 'string', default: '1000,10000' }, runs: { type: 'string', default: '1' }, out: { type: 'string' } },
  });
  const sizes = values.sizes.split(',').map(Number);
  const runs = Number(values.runs);
  const repo = findRepoRoot();
  const cli = path.join(repo, 'bin', 'sipadocs.js');
  const rows: CheckRow[] = [];
  for (const docs of sizes) {
    // A project of its own, so the build's cache is its own and starts cold.
    const project = await mkdtemp(path.join(os.tmpdir(), `sipadocs-bench-links-${docs}-`));
    try {
      await writeFile(path.join(project, 'package.json'), '{ "private": true }\n');
      const site = path.join(project, 'site');
      await generateSite(site, { docs, posts: Math.min(100, Math.ceil(docs / 10)), seed: 1 });
      const build = await runTimed(process.execPath, [cli, 'build', '--site', 'site', '--out-dir', 'build'], { cwd: project, env: { CI: '1' } });
      if (build.exitCode !== 0) {
        console.error(`build of ${docs} docs failed:\n${build.stdout}${build.stderr}`);
        return 1;
      }
      for (let run = 1; run <= runs; run++) {
        const check = await runTimed(process.execPath, [cli, 'check-links', 'build'], { cwd: project, env: { CI: '1' }, timeFile: path.join(project, 'time.txt') });
        const checked = /Checked (\d+) links/.exec(check.stdout);
        if (check.exitCode !== 0 || !checked) {
          console.error(`check-links on ${docs} docs failed (exit ${check.exitCode}) after ${check.wallSeconds.toFixed(1)} s:\n${check.stdout}${check.stderr.slice(0, 4000)}`);
          return 1;
        }
        const pages = Number(/(\d+) pages/.exec(build.stdout)?.[1] ?? NaN);
        const links = Number(checked[1]);
        const row: CheckRow = {
          docs,
          pages,
          links,
          buildSeconds: build.wallSeconds,
          wallSeconds: check.wallSeconds,
          cpuSeconds: check.cpuSeconds,
          secondsPerThousandLinks: (check.wallSeconds / links) * 1000,
        };
        rows.push(row);
        console.error(`${docs} docs, run ${run}: ${links} links in ${check.wallSeconds.toFixed(2)} s (CPU ${check.cpuSeconds ?? '?'} s)`);
      }
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }
  const header = ['docs', 'pages', 'links', 'build s', 'check s', 'check CPU s', 's / 1000 links'];
  console.log(header.join('\t'));
  for (const r of rows) {
    console.log([r.docs, r.pages, r.links, r.buildSeconds.toFixed(1), r.wallSeconds.toFixed(2), r.cpuSeconds?.toFixed(2) ?? '-', r.secondsPerThousandLinks.toFixed(3)].join('\t'));
  }
  if (values.out) await writeFile(values.out, `${JSON.stringify({ machine: { cpus: os.cpus().length, load: os.loadavg() }, rows }, null, 2)}\n`);
  return 0;
}
