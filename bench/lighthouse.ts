/**
 * `npm run lighthouse`: builds the Sipa site (unless --no-build), serves it on 127.0.0.1 and prints
 * Lighthouse's mobile scores (performance, accessibility, best practices, SEO) for the home page, a
 * doc and a blog post. Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 *
 * Lighthouse's simulated throttling varies from run to run (its own docs advise taking the median of
 * several runs), so every page is measured `--runs N` times (default 3) and the median is printed,
 * after one discarded run that warms Chromium itself up.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildOnce } from '../src/pipeline/build.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../src/server/staticServer.js';

const PAGES = ['/', '/docs/guides/overview', '/blog/welcome'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export async function main(args: string[]): Promise<number> {
  const outDir = args.includes('--no-build') ? path.resolve('build') : path.join(os.tmpdir(), `sipadocs-lighthouse-${process.pid}`);
  if (!args.includes('--no-build')) await buildOnce({ siteDir: 'site', outDir, quiet: true });
  const server = createStaticServer({ root: outDir });
  const { url } = await listenOnFreePort(server, { port: 0 });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const runsArg = args.indexOf('--runs');
  const runs = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 1) : 3;
  const rows: Array<Record<string, string | number>> = [];
  let allPerfect = true;
  const audit = async (page: string) => {
    const result = await lighthouse(new URL(page.slice(1), url).href, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    return result!.lhr;
  };
  try {
    await audit(PAGES[0]!);
    for (const page of PAGES) {
      const reports = [];
      for (let i = 0; i < runs; i++) reports.push(await audit(page));
      const row: Record<string, string | number> = { page };
      for (const id of CATEGORIES) {
        const score = median(reports.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
        row[id] = score;
        if (score < 100) allPerfect = false;
      }
      row.performanceRuns = reports.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)).join('/');
      rows.push(row);
      const failing = Object.values(reports[0]!.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual');
      if (failing.length > 0) row.notes = failing.map((a) => a.id).slice(0, 6).join(', ');
    }
  } finally {
    chrome.kill();
    await closeServer(server);
  }
  console.log(`Median of ${runs} run${runs === 1 ? '' : 's'} per page (mobile preset).`);
  console.log(`${'page'.padEnd(26)}${CATEGORIES.map((c) => c.padStart(16)).join('')}${'performance runs'.padStart(20)}`);
  for (const row of rows) {
    console.log(`${String(row.page).padEnd(26)}${CATEGORIES.map((c) => String(row[c]).padStart(16)).join('')}${String(row.performanceRuns).padStart(20)}${row.notes ? `   below 90: ${row.notes}` : ''}`);
  }
  await writeFile('lighthouse-results.json', JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
  console.log(allPerfect ? '\nAll scores are 100.' : '\nSome scores are below 100 (see above).');
  return 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
