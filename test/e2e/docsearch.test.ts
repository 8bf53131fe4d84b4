// Algolia DocSearch in Chromium, on a site with `algolia`: nothing of it loads on a first visit;
// the navbar's shortcut opens its dialog (its chunk loaded then) under the pages' policy; a query
// goes to the application's Algolia host, kept by contextual search to the site's language and the
// docs version of the page; Escape closes it and gives focus back. Algolia itself is not reached
// (this machine has no network): its requests are recorded and answered with an empty result.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: BuiltSite;

beforeAll(async () => {
  tmp = await tempDir();
  const siteDir = await copyFixture('basic', tmp.dir);
  const config = path.join(siteDir, 'sipadocs.config.ts');
  const algolia = "  algolia: { appId: 'TESTAPP1', apiKey: 'public-search-key', indexName: 'fixture' },";
  await writeFile(config, (await readFile(config, 'utf8')).replace('  blog: {', `${algolia}\n  blog: {`));
  site = await startSite(siteDir);
}, 180_000);

afterAll(async () => {
  await site?.close();
  await tmp?.cleanup();
});

describe('DocSearch', () => {
  it('opens from the shortcut, searches the page\'s language and docs version, and closes back to the page', async () => {
    const context = await site.browser.newContext();
    const searches: Array<{ url: string; body: string }> = [];
    await context.route(/^https:\/\/testapp1-/, async (route) => {
      searches.push({ url: route.request().url(), body: route.request().postData() ?? '' });
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ results: [{ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 20, processingTimeMS: 1, query: '', params: '' }] }) });
    });
    const page = await context.newPage();
    const requests: string[] = [];
    const violations: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => /content security policy/i.test(message.text()) && violations.push(message.text()));
    await page.goto(`${site.url}/docs/reference`);
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
    await page.waitForLoadState('networkidle');
    const loaded = () => requests.filter((url) => /docSearch|docsearch/i.test(url));
    expect(loaded()).toEqual([]);

    await page.keyboard.press('Control+k');
    const input = page.locator('.DocSearch-Modal input.DocSearch-Input');
    await expect.poll(() => input.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(loaded().length).toBeGreaterThan(0);
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);

    await input.fill('store');
    await expect.poll(() => searches.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const last = searches.at(-1)!;
    expect(last.url).toContain('https://testapp1-dsn.algolia.net/');
    expect(last.body).toContain('fixture');
    expect(last.body).toContain('language:en');
    expect(last.body).toContain('docusaurus_tag:docs-default-current');
    expect(last.body).toContain('docusaurus_tag:default');

    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(0);

    // The navbar's button opens it again; closing gives the focus back to the button.
    const button = page.locator('nav .search-button').first();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => input.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(0);
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  });
});
