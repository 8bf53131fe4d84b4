/**
 * Edit-to-screen latency of `sipadocs serve --watch`: starts the watch server in-process on a
 * temporary copy of a site, opens a doc in headless Chromium, then repeatedly appends a line to
 * that doc and measures the time from the file write to the moment the page shows that line,
 * whether the page reloaded or showed the new content in place (both are counted). Prints every
 * sample and the median.
 *
 *   node bin/run-ts.js bench/watchLatency.ts [--edits 10] [--site site] [--doc docs/guides/overview.mdx]
 *   node bin/run-ts.js bench/watchLatency.ts --generated 1000      (a generated 1,000-doc site)
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startServer } from '../src/dev/serve.js';
import { launchBrowser } from '../support/browser.js';
import { generateSite } from '../support/generateSite.js';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      edits: { type: 'string', default: '10' },
      site: { type: 'string', default: 'site' },
      doc: { type: 'string' },
      generated: { type: 'string' },
    },
  });
  const result = await measureWatchLatency({
    edits: Number(values.edits),
    site: values.site,
    doc: values.doc,
    generated: values.generated ? Number(values.generated) : undefined,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`\n${formatWatchLatency(result)}\n`);
  return 0;
}

export interface WatchLatencyResult {
  /** What was edited: the site folder or the generated site, and the doc. */
  site: string;
  doc: string;
  /** Milliseconds from each write of the doc to its new text on screen. */
  samples: number[];
  medianMs: number;
  medianRebuildMs: number;
  /** Edits the page showed by reloading rather than in place. */
  fullLoads: number;
  /** Median of each part: the watcher noticing, the rebuild, and the page showing it. */
  split: { noticedMs: number; rebuildMs: number; shownMs: number } | null;
  /** Median milliseconds of each rebuild stage. */
  stages: Record<string, number>;
}

/** Edits a doc of a site (a copy of `site`, or a generated one of `generated` docs) `edits` times under `serve --watch`. */
export async function measureWatchLatency(options: { edits: number; site?: string; doc?: string; generated?: number; log?: (line: string) => void }): Promise<WatchLatencyResult> {
  const { edits } = options;
  const log = options.log ?? (() => {});
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-watch-bench-'));
  const site = path.join(tmp, 'site');
  let doc = options.doc ?? 'docs/guides/overview.mdx';
  if (options.generated) {
    const generated = await generateSite(site, { docs: options.generated, posts: 20, seed: 1 });
    doc = options.doc ?? generated.docs[Math.floor(generated.docs.length / 2)]!;
  } else {
    await cp(path.resolve(options.site ?? 'site'), site, { recursive: true });
  }
  const previousCI = process.env.CI;
  process.env.CI = '1'; // quiet build logs
  const server = await startServer({ site, outDir: path.join(tmp, 'out'), port: 0, host: '127.0.0.1', watch: true });
  const rebuilds: number[] = [];
  /** When each good rebuild ended, to split an edit's latency into noticing, rebuilding and reloading. */
  const rebuildEnds: number[] = [];
  const stages = new Map<string, number[]>();
  server.onRebuild = ({ ok, ms, timings, searchOnly }) => {
    // The build that indexes an edit for search runs after the edit is shown.
    if (!ok || searchOnly) return;
    rebuilds.push(ms);
    rebuildEnds.push(performance.now());
    for (const [stage, t] of Object.entries(timings ?? {})) stages.set(stage, [...(stages.get(stage) ?? []), t]);
  };
  const browser = await launchBrowser();
  const samples: number[] = [];
  /** Page loads after the first: edits the page showed by reloading rather than in place. */
  let fullLoads = -1;
  const noticed: number[] = [];
  const reloaded: number[] = [];
  try {
    const page = await browser.newPage();
    page.on('load', () => fullLoads++);
    const route = routeOf(doc);
    await page.goto(new URL(route, server.url).href, { waitUntil: 'load' });
    await page.waitForTimeout(300); // let the event stream connect
    const file = path.join(site, doc);
    const original = await readFile(file, 'utf8');
    for (let i = 1; i <= edits; i++) {
      const line = `Latency edit number ${i}.`;
      const shown = page.waitForFunction((text) => document.body.innerText.includes(text), line, { polling: 'raf', timeout: 120_000 });
      const started = performance.now();
      await writeFile(file, `${original}\n\n${line}\n`);
      await shown;
      const ms = performance.now() - started;
      samples.push(ms);
      const [rebuildMs, rebuildEnd] = [rebuilds.at(-1), rebuildEnds.at(-1)];
      if (rebuildMs !== undefined && rebuildEnd !== undefined && rebuildEnd > started) {
        noticed.push(rebuildEnd - rebuildMs - started);
        reloaded.push(started + ms - rebuildEnd);
      }
      log(`edit ${i}: ${ms.toFixed(0)} ms (rebuild ${rebuilds.at(-1)?.toFixed(0) ?? '?'} ms)`);
      await server.idle();
      await page.waitForTimeout(200);
    }
  } finally {
    await browser.close();
    await server.close();
    if (previousCI === undefined) delete process.env.CI;
    else process.env.CI = previousCI;
    await rm(tmp, { recursive: true, force: true });
  }
  return {
    site: options.generated ? `generated site (${options.generated} docs)` : (options.site ?? 'site'),
    doc,
    samples,
    medianMs: median(samples),
    medianRebuildMs: median(rebuilds),
    fullLoads: Math.max(0, fullLoads),
    split: noticed.length ? { noticedMs: median(noticed), rebuildMs: median(rebuilds), shownMs: median(reloaded) } : null,
    stages: Object.fromEntries([...stages].map(([stage, ts]) => [stage, median(ts)])),
  };
}

/** The median and its split, in a few lines. */
export function formatWatchLatency(result: WatchLatencyResult): string {
  const lines = [
    `${result.site}, ${result.doc}: median edit-to-screen ${result.medianMs.toFixed(0)} ms over ${result.samples.length} edits (median rebuild ${result.medianRebuildMs.toFixed(0)} ms; ${result.fullLoads} of them shown by reloading the page, the rest in place)`,
  ];
  if (result.split) lines.push(`median split: save to rebuild start ${result.split.noticedMs.toFixed(0)} ms, rebuild ${result.split.rebuildMs.toFixed(0)} ms, rebuild end to edit shown ${result.split.shownMs.toFixed(0)} ms`);
  lines.push(`median rebuild stages: ${Object.entries(result.stages).map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`).join(', ')}`);
  return lines.join('\n');
}

/** The URL path of the page built from a doc (docs/a/b.mdx → /docs/a/b). */
function routeOf(doc: string): string {
  return `/${doc.replace(/\.mdx?$/, '').replace(/\/index$/, '')}`;
}
