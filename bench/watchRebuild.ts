/**
 * The rebuild a `serve --watch` session makes after one doc is saved, without the browser and the
 * file watcher of watchLatency.ts: a generated site is built once in a watch session, then one doc
 * is edited `--edits` times, each edit built as the dev server builds it (search deferred, then
 * the search-only build after it, not timed). Prints each rebuild's time and the median of each
 * stage, and the files it `stat`s (a count that load does not blur), so a change to the watch path
 * can be measured alone on a busy machine.
 *
 *   node bin/run-ts.js bench/watchRebuild.ts [--docs 1000] [--edits 10] [--profile rebuilds.json]
 *
 * `--profile` writes the CPU profiles of the main thread during the timed rebuilds (a JSON array, one per rebuild).
 */
import fs from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';
import { devOutputDir } from '../src/cache/cacheDir.js';
import { buildSite } from '../src/pipeline/build.js';
import { createBuildSession } from '../src/pipeline/session.js';
import { generateSite } from '../support/generateSite.js';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { docs: { type: 'string', default: '1000' }, edits: { type: 'string', default: '10' }, profile: { type: 'string' } } });
  const docs = Number(values.docs);
  const edits = Number(values.edits);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-watch-rebuild-'));
  const site = path.join(tmp, 'site');
  const generated = await generateSite(site, { docs, posts: 20, seed: 1 });
  const doc = generated.docs[Math.floor(generated.docs.length / 2)]!;
  // Into the development output in the site's cache, as `serve --watch` builds.
  const session = createBuildSession({ siteDir: site, outDir: devOutputDir(site), mode: 'watch', quiet: true });
  const times: number[] = [];
  const cpu: number[] = [];
  const statCalls: number[] = [];
  let stats = 0;
  const statSync = fs.statSync;
  const writable = fs as { statSync: typeof fs.statSync };
  writable.statSync = ((...args: Parameters<typeof fs.statSync>) => {
    stats++;
    return statSync(...args);
  }) as typeof fs.statSync;
  syncBuiltinESMExports();
  const stages = new Map<string, number[]>();
  const profiles: object[] = [];
  try {
    await buildSite(session, { quiet: true });
    const file = path.join(site, doc);
    const original = await readFile(file, 'utf8');
    const profiler = values.profile ? new Session() : null;
    profiler?.connect();
    await profiler?.post('Profiler.enable');
    for (let i = 1; i <= edits; i++) {
      await writeFile(file, `${original}\n\nRebuild edit number ${i}.\n`);
      await profiler?.post('Profiler.start');
      stats = 0;
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      const result = await buildSite(session, { quiet: true, deferSearch: true });
      const used = process.cpuUsage(cpuStart);
      const ms = performance.now() - started;
      const profile = await profiler?.post('Profiler.stop');
      if (profile) profiles.push(profile.profile);
      times.push(ms);
      cpu.push((used.user + used.system) / 1000);
      statCalls.push(stats);
      for (const [stage, t] of Object.entries(result.timings)) stages.set(stage, [...(stages.get(stage) ?? []), t]);
      process.stdout.write(`edit ${i}: ${ms.toFixed(0)} ms\n`);
      await session.afterBuild?.settled();
      // The dev server indexes the edit for search in a build of its own, after the edit is shown.
      await buildSite(session, { quiet: true });
      await session.afterBuild?.settled();
    }
  } finally {
    await session.close();
    writable.statSync = statSync;
    syncBuiltinESMExports();
    await rm(tmp, { recursive: true, force: true });
  }
  if (values.profile) await writeFile(values.profile, JSON.stringify(profiles));
  process.stdout.write(`\n${docs} docs, ${doc}: median rebuild ${median(times).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU (the process, all threads), ${median(statCalls)} files stat'ed, over ${edits} edits\n`);
  process.stdout.write(`median stages: ${[...stages].map(([stage, ts]) => `${stage} ${median(ts).toFixed(0)}`).join(', ')}\n`);
  return 0;
}
