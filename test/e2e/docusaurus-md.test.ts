/**
 * In the browser, the <a name> anchors of Docusaurus 2 markdown (jsdoc2md API pages) are link
 * targets like ids: after a client-side navigation, a same-page link and a first visit alike.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from './site.js';

let site: BuiltSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite('test/fixtures/docusaurus-md');
}, 120_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

async function open(path: string): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost))/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(site.url + path);
  await page.waitForFunction(() => window.__SIPA_HYDRATED__ === true);
  return page;
}

/** Waits until the <a name> anchor is at the top of the viewport, the page scrolled down to it. */
async function scrolledTo(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => {
    const anchor = document.getElementsByName(n)[0];
    if (!anchor || window.scrollY === 0) return false;
    const top = anchor.getBoundingClientRect().top;
    return top >= -2 && top < 120;
  }, name);
}

/** Clicks the first link to `href` inside the article. */
async function clickLink(page: Page, href: string): Promise<void> {
  await page.evaluate((h) => {
    const a = document.querySelector<HTMLAnchorElement>(`article a[href="${h}"]`);
    if (!a) throw new Error(`no link to ${h}`);
    a.click();
  }, href);
}

describe('<a name> anchors of markdown pages', () => {
  it('are scrolled to after a client-side navigation, without a reload', async () => {
    const page = await open('/docs/guides/url-and-state');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await clickLink(page, '/docs/api/SipaUrl#SipaUrl.getAnchorOfUrl');
    await page.waitForURL(`${site.url}/docs/api/SipaUrl#SipaUrl.getAnchorOfUrl`);
    await scrolledTo(page, 'SipaUrl.getAnchorOfUrl');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  }, 60_000);

  it('are scrolled to by a link of the member index on the same page', async () => {
    const page = await open('/docs/api/SipaComponent');
    await clickLink(page, '#SipaComponent+children');
    await page.waitForURL(`${site.url}/docs/api/SipaComponent#SipaComponent+children`);
    await scrolledTo(page, 'SipaComponent+children');
  }, 60_000);

  it('are scrolled to on a first visit', async () => {
    const page = await open('/docs/api/SipaUrl#SipaUrl.createUrlParams');
    await scrolledTo(page, 'SipaUrl.createUrlParams');
  }, 60_000);
});

describe('<details> of markdown pages', () => {
  it('opens and closes on a click on its summary', async () => {
    const page = await open('/docs/guides/url-and-state');
    const details = page.locator('article details').first();
    expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await details.locator('summary').click();
    expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    await expect(details.locator('.details__body p').first().isVisible()).resolves.toBe(true);
  }, 60_000);
});
