// The plugin API in Chromium (test/fixtures/plugins): a plugin's global data read with
// usePluginData and useGlobalData, the route a plugin adds, both hydrated; a client module run
// before hydration; a client-side move to the plugin's route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: BuiltSite;

beforeAll(async () => {
  tmp = await tempDir();
  site = await startSite(await copyFixture('plugins', tmp.dir));
}, 180_000);

afterAll(async () => {
  await site?.close();
  await tmp?.cleanup();
});

describe('a site with plugins, in the browser', () => {
  it('shows the global data on a page that reads it, and hydrates it', async () => {
    const page = await site.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`));
    await page.goto(`${site.url}/latest`, { waitUntil: 'load' });
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
    expect(await page.textContent('#latest')).toBe('2.1.0 of 3');
    expect(await page.textContent('#plugins')).toBe('banner-plugin, releases-plugin');
    await page.click('#count');
    await page.click('#count');
    expect(await page.textContent('#count')).toBe('clicked 2');
    // The plugin's client module ran once, on the page's first load.
    expect(await page.evaluate(() => (window as unknown as { __releasesClientModule?: number }).__releasesClientModule)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('renders the route a plugin added, loaded directly and reached by a client-side move', async () => {
    const page = await site.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.url}/`, { waitUntil: 'load' });
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
    await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
    await page.click('a[href="/releases"]');
    await page.waitForSelector('#releases');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await page.locator('#releases li').allTextContents()).toEqual(['version 2.1.0', 'version 2.0.0', 'version 1.0.0']);
    expect(await page.textContent('#banner')).toBe('Hello from a plugin file');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
