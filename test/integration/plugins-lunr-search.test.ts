// A local search from the registry through the plugin API, in a Docusaurus project built where it
// stands (test/fixtures/docusaurus-lunr-search, configured as the plugin's README shows).
// docusaurus-lunr-search is installed from the registry into the project's node_modules, without
// its peer dependencies: its peer @docusaurus/core would add about a thousand packages, and the
// imports its theme makes of @docusaurus/* and React are sipadocs's own. Its postBuild indexes the
// built pages; its SearchBar takes the navbar's search box, and in Chromium it finds a doc by a
// word of its text and leads to it. One file, so that the install is made once.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, type BuildResult } from '../../src/pipeline/build.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../../src/server/staticServer.js';
import { releaseBrowser, testBrowser } from '../../support/browser.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let project: string;
let out: string;
let result: BuildResult;
const read = (file: string) => readFile(path.join(out, file), 'utf8');

beforeAll(async () => {
  tmp = await tempDir();
  project = await copyFixture('docusaurus-lunr-search', tmp.dir);
  // Installed in a folder of its own, then moved into the project: `npm install` in the project
  // would install every dependency its package.json lists, @docusaurus/core's tree among them.
  const install = path.join(tmp.dir, 'install');
  await mkdir(install);
  // The version the project's package.json pins.
  const { dependencies } = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const plugin = `docusaurus-lunr-search@${dependencies['docusaurus-lunr-search']}`;
  await promisify(execFile)('npm', ['install', '--prefix', install, '--no-save', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', plugin], { cwd: install });
  await rename(path.join(install, 'node_modules'), path.join(project, 'node_modules'));
  out = path.join(tmp.dir, 'out');
  result = await buildOnce({ siteDir: project, outDir: out, logger: silentLogger() });
}, 180_000);
afterAll(() => tmp?.cleanup());

describe('docusaurus-lunr-search, built in place', () => {
  it('writes its index from the built docs in its postBuild: each doc\'s title, text and route', async () => {
    const { searchDocs } = JSON.parse(await read('search-doc.json')) as { searchDocs: Array<{ title: string; url: string; content: string }> };
    const byUrl = new Map(searchDocs.map((doc) => [doc.url, doc]));
    expect([...byUrl.keys()].sort()).toEqual(['/docs/guides/paper-shades', '/docs/guides/wicks', '/docs/intro']);
    expect(byUrl.get('/docs/guides/wicks')).toMatchObject({ title: 'Trimming wicks', content: expect.stringContaining('Beeswax candles smoke less than paraffin ones') });
    expect(byUrl.get('/docs/guides/paper-shades')?.content).toContain('mulberry fibres');
    const index = JSON.parse(await read('lunr-index.json')) as { invertedIndex: Array<[string, unknown]> };
    expect(index.invertedIndex.map(([term]) => term)).toEqual(expect.arrayContaining(['beeswax', 'mulberri', 'washi']));
  });

  it('names its files by build in its global data, and writes them', async () => {
    const files = await readdir(out);
    expect(files.filter((file) => /^(search-doc|lunr-index)-\d+\.json$/.test(file))).toHaveLength(2);
  });

  it('renders its SearchBar in the navbar of every page, in place of the theme\'s search', async () => {
    for (const page of ['index.html', 'docs/intro.html', 'docs/guides/wicks.html']) {
      const html = await read(page);
      expect(html).toContain('<input id="search_input_react" type="search" placeholder="Loading..." aria-label="Search" class="navbar__search-input search-bar" disabled=""/>');
    }
  });

  it('allows eval in the Content-Security-Policy, as the SearchBar compiles its result templates with new Function (hogan.js)', async () => {
    expect(await read('_headers')).toMatch(/script-src [^;\n]*'unsafe-eval'/);
  });

  it('builds without a warning about the plugin', () => {
    expect(result.warnings.join('\n')).not.toMatch(/lunr/i);
  });

  it('builds again into the same folder without the last build\'s index files, which its postBuild named by that build', async () => {
    const named = async () => (await readdir(out)).filter((file) => /^(search-doc|lunr-index)-\d+\.json$/.test(file));
    const first = await named();
    const again = await buildOnce({ siteDir: project, outDir: out, logger: silentLogger() });
    expect(again.warnings).toEqual([]);
    const second = await named();
    expect(second).toHaveLength(2);
    expect(second.filter((file) => first.includes(file))).toEqual([]);
  });
});

describe('docusaurus-lunr-search, in the browser', () => {
  let server: http.Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    server = createStaticServer({ root: out });
    url = (await listenOnFreePort(server, { port: 0 })).url.replace(/\/$/, '');
    browser = await testBrowser();
  }, 60_000);
  afterAll(async () => {
    await releaseBrowser(browser);
    if (server) await closeServer(server).catch(() => {});
  });

  it('finds a doc by a word of its text on a page loaded directly, and leads to it', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`));
    await page.goto(`${url}/docs/intro`, { waitUntil: 'load' });
    const input = page.locator('#search_input_react');
    // The index is fetched once the page has hydrated; the box is enabled when it is read.
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
    await input.fill('beeswax');
    const suggestion = page.locator('.ds-suggestion', { hasText: 'Trimming wicks' }).first();
    await suggestion.waitFor({ timeout: 10_000 });
    await suggestion.click();
    await page.waitForURL(`${url}/docs/guides/wicks`);
    await expect.poll(() => page.textContent('h1')).toBe('Trimming wicks');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
