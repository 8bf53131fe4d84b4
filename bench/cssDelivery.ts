/**
 * Inlined or linked style sheets, at a first visit: builds the Sipa site both ways (a one-off
 * build inlines the entry's style sheets in every page; a linked one is a hashed file, cached
 * across pages) and prints Lighthouse's mobile FCP, LCP, Speed Index and performance score for
 * the home page and a doc, the median of `runs` runs each. The choice in pipeline/session.ts
 * (`inlineCss`) should follow what a quiet machine measures here.
 *
 *   node bin/run-ts.js bench/cssDelivery.ts [runs]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import os from 'node:os';
import path from 'node:path';
import { buildSite } from '../src/pipeline/build.js';
import { createBuildSession } from '../src/pipeline/session.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../src/server/staticServer.js';

export async function main(args: string[]): Promise<number> {
  const runs = Number(args[0] ?? 5);
  const results: Record<string, Record<string, number[]>> = {};
  for (const inline of [true, false]) {
    const outDir = path.join(os.tmpdir(), `sipadocs-css-${inline}-${process.pid}`);
    const session = createBuildSession({ siteDir: 'site', outDir, quiet: true });
    Object.assign(session, { inlineCss: inline });
    await buildSite(session);
    await session.close();
    const server = createStaticServer({ root: outDir });
    const { url } = await listenOnFreePort(server, { port: 0 });
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    try {
      for (const page of ['/', '/docs/guides/overview']) {
        const key = `${inline ? 'inline' : 'linked'} ${page}`;
        results[key] = { fcp: [], lcp: [], score: [], si: [] };
        await lighthouse(new URL(page.slice(1), url).href, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        for (let i = 0; i < runs; i++) {
          const lhr = (await lighthouse(new URL(page.slice(1), url).href, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!.lhr;
          results[key]!.fcp!.push(lhr.audits['first-contentful-paint']!.numericValue!);
          results[key]!.lcp!.push(lhr.audits['largest-contentful-paint']!.numericValue!);
          results[key]!.si!.push(lhr.audits['speed-index']!.numericValue!);
          results[key]!.score!.push(lhr.categories.performance!.score! * 100);
        }
      }
    } finally {
      chrome.kill();
      await closeServer(server);
    }
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  for (const [key, m] of Object.entries(results)) console.log(key, 'FCP', med(m.fcp!).toFixed(0), 'LCP', med(m.lcp!).toFixed(0), 'SI', med(m.si!).toFixed(0), 'score', med(m.score!), m.score!.join('/'));
  console.log('load', os.loadavg());
  return 0;
}
