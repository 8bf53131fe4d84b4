/**
 * Search benchmark: generates a synthetic site and builds it with the real CLI cold, warm, then
 * after 1, 10 and 1,000 pages edited (each step on pages not edited before, so the delta grows
 * until the base is rebuilt), printing each build's wall and CPU seconds, its `search` stage and
 * what the stage did. After the cold build and after the 10-page edit (a non-empty delta) it runs a
 * first query in headless Chromium, from a local static server, and counts what it downloads.
 *
 * With `--site DIR`, a copy of that site instead, built cold, warm and after one doc edited, with a
 * first query after the cold build and after the edit.
 *
 *   node bin/run-ts.js bench/searchIndex.ts [--docs 1000] [--posts 100] [--query WORD] [--site DIR]
 */
import { appendFile, cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeServer, createStaticServer, listenOnFreePort } from '../src/server/staticServer.js';
import { launchBrowser } from '../support/browser.js';
import { generateSite } from '../support/generateSite.js';
import { findRepoRoot, runTimed } from './measure.js';

const EDIT = '\nThe benchmark added this sentence to edit the page, with a zorbulent word.\n';
const STEPS: Array<{ run: string; edit: number; query: boolean }> = [
  { run: 'cold', edit: 0, query: true },
  { run: 'warm', edit: 0, query: false },
  { run: '1 edited', edit: 1, query: false },
  { run: '10 edited', edit: 10, query: true },
  { run: '1,000 edited', edit: 1000, query: false },
];

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { docs: { type: 'string', default: '1000' }, posts: { type: 'string', default: '100' }, query: { type: 'string', default: 'router' }, site: { type: 'string' } },
  });
  const docs = Number(values.docs);
  const root = findRepoRoot();
  const tmp = await mkdtemp(path.join(os.tmpdir(), `sipadocs-search-bench-${values.site ? 'site' : docs}-`));
  try {
    const site = path.join(tmp, 'site');
    let docFiles: string[];
    let steps = STEPS;
    if (values.site) {
      await cp(values.site, site, { recursive: true });
      docFiles = (await readdir(path.join(site, 'docs'), { recursive: true })).filter((f) => /\.mdx?$/.test(f)).sort().map((f) => path.join('docs', f));
      steps = [STEPS[0]!, STEPS[1]!, { ...STEPS[2]!, query: true }];
      console.log(`${values.site} (${docFiles.length} docs), load average ${os.loadavg()[0]!.toFixed(1)} at the start`);
    } else {
      docFiles = (await generateSite(site, { docs, posts: Number(values.posts), seed: 1 })).docs;
      console.log(`${docs} docs, load average ${os.loadavg()[0]!.toFixed(1)} at the start`);
    }
    const out = path.join(tmp, 'out');
    console.log('run            wall s   CPU s  search s  search stage');
    let edited = 0;
    for (const step of steps) {
      // Pages spread over the site, none edited twice.
      for (let i = 0; i < step.edit; i++) await appendFile(path.join(site, docFiles[(edited++ * 7919) % docFiles.length]!), EDIT);
      const statsFile = path.join(tmp, 'stats.json');
      const build = await runTimed(process.execPath, [path.join(root, 'bin', 'sipadocs.js'), 'build', '--site', site, '--out-dir', out], {
        cwd: root,
        env: { SIPADOCS_STATS_FILE: statsFile },
        timeFile: `${statsFile}.time`,
      });
      if (build.exitCode !== 0) throw new Error(`build failed (${step.run}):\n${build.stderr}`);
      const stats = JSON.parse(await readFile(statsFile, 'utf8')) as { stages: Record<string, number> };
      const line = /^\s*search\s+(.*?)\s+[\d.,]+ m?s\s*$/m.exec(build.stdout + build.stderr)?.[1] ?? '?';
      const cells = [step.run.padEnd(13), build.wallSeconds.toFixed(2).padStart(7), (build.cpuSeconds?.toFixed(2) ?? '-').padStart(7), ((stats.stages.search ?? 0) / 1000).toFixed(2).padStart(9), ` ${line}`];
      console.log(cells.join(' '));
      if (step.query) console.log(`  first query "${values.query}": ${await firstQuery(out, values.query)}`);
    }
    return 0;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Opens the built site's home page in Chromium, opens the search dialog and types `word`: returns
 * the requests and bytes of search files until the results are listed, and the time from typing.
 */
async function firstQuery(out: string, word: string): Promise<string> {
  const server = createStaticServer({ root: out });
  const { url } = await listenOnFreePort(server, { port: 0 });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __SIPA_HYDRATED__?: boolean }).__SIPA_HYDRATED__ === true);
    await page.waitForLoadState('networkidle');
    const files: Array<{ path: string; bytes: number }> = [];
    page.on('requestfinished', (request) => {
      const pathname = new URL(request.url()).pathname;
      if (!pathname.includes('/_sipa/search/') && !/SearchDialog/.test(pathname)) return;
      void request.sizes().then((sizes) => files.push({ path: pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize }));
    });
    await page.keyboard.press('Control+k');
    await page.locator('dialog.search-dialog').waitFor();
    const started = performance.now();
    await page.getByRole('combobox', { name: 'Search the site' }).fill(word);
    await page.waitForFunction(() => /found|No results/.test(document.querySelector('.search-dialog__status')?.textContent ?? ''), undefined, { timeout: 120_000 });
    const seconds = (performance.now() - started) / 1000;
    const status = await page.locator('.search-dialog__status').innerText();
    await page.waitForLoadState('networkidle');
    const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
    const delta = files.filter((file) => file.path.includes('/_sipa/search/delta')).length;
    return `${status} ${seconds.toFixed(2)} s, ${files.length} requests (${delta} for delta.json and the delta index), ${(bytes / 1024).toFixed(0)} KiB`;
  } finally {
    await browser.close();
    await closeServer(server);
  }
}

process.exitCode = await main();
