/**
 * Docusaurus imports in the browser: `@docusaurus/Link` navigates client-side, and
 * `@docusaurus/BrowserOnly` hydrates without a mismatch, then shows what only the browser renders.
 * Builds test/fixtures/docusaurus-frontmatter once and drives Chromium.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from './site.js';

let site: BuiltSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite('test/fixtures/docusaurus-frontmatter');
}, 120_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

/** Data saving on: nothing is prefetched, so a navigation loads its route only when the link is clicked. */
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`;

async function open(path: string): Promise<{ page: Page; errors: string[]; documents: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
  await context.addInitScript(SAVE_DATA);
  const page = await context.newPage();
  const errors: string[] = [];
  const documents: string[] = [];
  page.on('console', (message) => {
    // Images of other hosts are blocked on purpose; anything else the console reports is a failure.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.goto(site.url + path);
  await page.waitForFunction(() => window.__SIPA_HYDRATED__ === true);
  return { page, errors, documents };
}


describe('@docusaurus/BrowserOnly', () => {
  it('shows the fallback in the server HTML and the browser content after hydration, without a mismatch', async () => {
    const html = await (await fetch(`${site.url}/docs/intro`)).text();
    expect(html).toContain('<p id="browser-only">Rendered on the server</p>');
    const { page, errors } = await open('/docs/intro');
    await page.waitForFunction(() => document.getElementById('browser-only')?.textContent === 'Rendered in the browser');
    // A mismatch would make React log a recoverable error (and render the page again on the client).
    expect(errors).toEqual([]);
  }, 60_000);

  it('works in a React page, and on a page opened client-side', async () => {
    const { page, errors } = await open('/');
    await page.waitForFunction(() => document.getElementById('home-browser-only')?.textContent === 'Browser object');
    await page.click('#to-intro');
    await page.waitForURL(`${site.url}/docs/intro`);
    await page.waitForFunction(() => document.getElementById('browser-only')?.textContent === 'Rendered in the browser');
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('@docusaurus/Link', () => {
  it('navigates client-side to a route that was not prefetched', async () => {
    const { page, errors, documents } = await open('/docs/intro');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.click('a.next-step');
    await page.waitForURL(`${site.url}/docs/guides/install`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Installation');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(documents).toEqual(['/docs/intro']);
    expect(requested).toContain('/_sipa/routes/docs/guides/install.json');
    expect(await page.title()).toContain('Installation');
    expect(errors).toEqual([]);
  }, 60_000);
});
