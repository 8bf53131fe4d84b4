// No lost clicks: the page paints before its runtime loads, and a click, tap or key press on a
// control in between takes effect. Each case holds the runtime's scripts back, slows the CPU 4×
// (as a phone is), acts at DOMContentLoaded, then lets the runtime in and looks for the effect.
// Controls that work without JavaScript (a sidebar category, the mobile menu) act at once; the
// others are recorded by the inline script and replayed once the page is live.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

let site: BuiltSite;

beforeAll(async () => {
  site = await startSite('test/fixtures/interactive');
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const T = 90_000;

interface EarlyPage {
  page: Page;
  errors: string[];
  /** Lets the held scripts load and waits until the page has hydrated. */
  release(): Promise<void>;
}

/**
 * Opens `path` with the CPU slowed 4× and every script of the runtime held back, and returns at
 * DOMContentLoaded: the page is painted, the runtime is not there.
 */
async function openEarly(context: BrowserContext, path: string): Promise<EarlyPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let letThrough!: () => void;
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(/\/_sipa\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(site.url + path, { waitUntil: 'domcontentloaded' });
  return {
    page,
    errors,
    async release() {
      // Nothing of the runtime ran before this.
      expect(await page.evaluate(() => window.__SIPA_LOADED__)).toBeUndefined();
      letThrough();
      await pollUntil(page, () => window.__SIPA_HYDRATED__ === true, undefined, { timeout: 60_000 });
    },
  };
}

async function withContext(options: { width?: number }, run: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await site.browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 } });
  try {
    await run(context);
  } finally {
    await context.close();
  }
}

describe('a click before the runtime has loaded takes effect', () => {
  it('on the colour switch: replayed once the page is live, and stored', async () => {
    await withContext({}, async (context) => {
      const { page, errors, release } = await openEarly(context, '/docs/start');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      await page.locator('.color-mode-toggle').click();
      await release();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      expect(errors).toEqual([]);
    });
  }, T);

  it('on a sidebar category: it opens at once, and its items come once the page is live', async () => {
    await withContext({}, async (context) => {
      const { page, errors, release } = await openEarly(context, '/docs/start');
      const sidebar = page.locator('.doc-layout__sidebar');
      const alpha = sidebar.locator('details', { has: page.locator('summary', { hasText: 'Alpha' }) });
      expect(await alpha.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      await alpha.locator('summary').click();
      expect(await alpha.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
      await release();
      // The page's copy left the closed category's items out: the runtime fetches them.
      await sidebar.getByRole('link', { name: 'Page One' }).waitFor({ timeout: 20_000 });
      expect(await alpha.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
      expect(errors).toEqual([]);
    });
  }, T);

  it('on the mobile menu button: the menu opens at once, and shows the doc sidebar once the page is live', async () => {
    await withContext({ width: 390 }, async (context) => {
      const { page, errors, release } = await openEarly(context, '/docs/alpha/one');
      const menu = page.getByRole('dialog', { name: 'Navigation menu' });
      expect(await menu.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open the navigation menu' }).click();
      expect(await menu.isVisible()).toBe(true);
      await release();
      await menu.getByRole('navigation', { name: 'Docs sidebar' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Page Two' }).isVisible()).toBe(true);
      // Live now: its close button closes it.
      await menu.getByRole('button', { name: 'Close the navigation menu' }).click();
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(errors).toEqual([]);
    });
  }, T);

  it('on a tab, and on a tab by the keyboard: replayed in order', async () => {
    await withContext({}, async (context) => {
      const { page, errors, release } = await openEarly(context, '/docs/start');
      const tab = (name: string) => page.getByRole('tab', { name });
      await tab('Yarn').click();
      await release();
      await expect.poll(() => tab('Yarn').getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tabpanel').innerText()).toContain('yarn add interactive');
      expect(errors).toEqual([]);
    });
    await withContext({}, async (context) => {
      const { page, errors, release } = await openEarly(context, '/docs/start');
      const tab = (name: string) => page.getByRole('tab', { name });
      await tab('npm').focus();
      await page.keyboard.press('ArrowRight');
      await release();
      await expect.poll(() => tab('Yarn').getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yarn');
      expect(errors).toEqual([]);
    });
  }, T);

  it('on a sidebar link: held, then shown client-side once the page is live (no page load, the window is the same)', async () => {
    await withContext({}, async (context) => {
      const { page, errors, release } = await openEarly(context, '/docs/alpha/one');
      const documents: string[] = [];
      page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
      await page.evaluate(() => Object.assign(window, { earlyMarker: 'kept' }));
      const entries = await page.evaluate(() => history.length);
      await page.locator('.doc-layout__sidebar').getByRole('link', { name: 'Page Two' }).click();
      // Held by the inline script: the page stays as it is until the runtime is up.
      expect(new URL(page.url()).pathname).toBe('/docs/alpha/one');
      await release();
      await pollUntil(page, () => location.pathname === '/docs/alpha/two', undefined, { timeout: 30_000 });
      await expect.poll(() => page.locator('article h1').textContent()).toBe('Page Two');
      expect(await page.evaluate(() => (window as unknown as { earlyMarker?: string }).earlyMarker)).toBe('kept');
      expect(documents).toEqual([]);
      // One new entry, pushed by the runtime: back returns to the page clicked on.
      expect(await page.evaluate(() => history.length)).toBe(entries + 1);
      expect(errors).toEqual([]);
    });
  }, T);

  it("on the announcement bar's close button", async () => {
    await withContext({}, async (context) => {
      const { page, errors, release } = await openEarly(context, '/docs/start');
      const bar = page.getByRole('region', { name: 'Announcement' });
      await bar.getByRole('button', { name: 'Dismiss the announcement' }).click();
      await release();
      await expect.poll(() => bar.count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
      expect(errors).toEqual([]);
    });
  }, T);
});
