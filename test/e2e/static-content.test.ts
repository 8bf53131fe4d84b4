/**
 * Pages whose content is HTML made at build time (the fast path, see templates/components/StaticHtml.tsx)
 * behave as compiled MDX pages do: they hydrate, their content links navigate client-side and are
 * prefetched, their code blocks' copy buttons copy, and they render after a client-side
 * navigation. Builds the e2e fixture site once and drives Chromium.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

let site: BuiltSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
}, 120_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

/** A doc of the fast path with content links and code blocks. */
const STATIC_DOC = '/docs/guides/overview';
/** A page its content links to, reached through the link inside the static HTML. */
const LINKED = '/docs/api/SipaPage';
const payloadOf = (path: string) => `/_sipa/routes${path}.json`;
const NO_INTERSECTION_OBSERVER = `delete window.IntersectionObserver;`;
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`;

interface Opened {
  page: Page;
  context: BrowserContext;
  requests: string[];
  errors: string[];
}

async function open(path: string, init: string[] = []): Promise<Opened> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(site.url).origin) requests.push(url.pathname);
  });
  page.on('console', (message) => {
    if (isFaviconMiss(message)) return;
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(site.url + path);
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  await page.waitForLoadState('networkidle');
  return { page, context, requests, errors };
}

const payload = async (path: string) => (await (await fetch(site.url + payloadOf(path))).json()) as { chunk: string; data: { staticHtml?: boolean } };

describe('a page of the fast path', () => {
  it('is HTML made at build time, and hydrates from the page without loading its own chunk', async () => {
    const own = await payload(STATIC_DOC);
    expect(own.data.staticHtml).toBe(true);
    const { page, requests, errors } = await open(STATIC_DOC, [SAVE_DATA]);
    expect(await page.locator('#__sipa article .static-html').count()).toBe(1);
    expect(await page.locator('#__sipa article .static-html h2').count()).toBeGreaterThan(1);
    expect(requests).not.toContain(own.chunk);
    expect(errors).toEqual([]);
  }, 60_000);

  it('navigates client-side through a link inside its HTML, fetching the target once', async () => {
    const { page, requests, errors } = await open(STATIC_DOC, [SAVE_DATA]);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    requests.length = 0;
    const link = page.locator(`#__sipa .static-html a[href="${LINKED}"]`).first();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForURL(site.url + LINKED);
    await pollUntil(page, () => document.querySelector('h1')?.textContent?.includes('SipaPage'));
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(requests.filter((r) => r.endsWith('.html') || r === LINKED)).toEqual([]);
    expect(requests.filter((r) => r === payloadOf(LINKED))).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it('prefetches a content link on hover', async () => {
    // Without IntersectionObserver nothing is prefetched for being in view: only the hover can do it.
    const { page, requests } = await open(STATIC_DOC, [NO_INTERSECTION_OBSERVER]);
    expect(requests).not.toContain(payloadOf(LINKED));
    await page.locator(`#__sipa .static-html a[href="${LINKED}"]`).first().hover();
    await expect.poll(() => requests.includes(payloadOf(LINKED))).toBe(true);
  }, 60_000);

  it('prefetches content links that come into view', async () => {
    const { page, requests } = await open(STATIC_DOC);
    const far = page.locator(`#__sipa .static-html a[href="${LINKED}"]`).last();
    await far.scrollIntoViewIfNeeded();
    await expect.poll(() => requests.includes(payloadOf(LINKED)), { timeout: 10_000 }).toBe(true);
  }, 60_000);

  it("copies a code block's code with its copy button, and says so", async () => {
    const { page, context } = await open(STATIC_DOC, [SAVE_DATA]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const block = page.locator('#__sipa .static-html .code-block').first();
    const code = await block.locator('pre').innerText();
    const button = block.locator('.code-block__copy');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await button.getAttribute('aria-label')).toBe('Copied');
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(code.trim());
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe('Copy');
  }, 60_000);

  it('renders after a client-side navigation to it, its chunk loaded then', async () => {
    const target = await payload(STATIC_DOC);
    const { page, requests, errors } = await open('/docs/guides/installation', [SAVE_DATA]);
    requests.length = 0;
    await page.evaluate((h) => document.querySelector<HTMLAnchorElement>(`#__sipa a[href="${h}"]`)!.click(), STATIC_DOC);
    await page.waitForURL(site.url + STATIC_DOC);
    await pollUntil(page, () => (document.querySelector('#__sipa .static-html')?.textContent ?? '').length > 1000);
    expect(requests).toContain(target.chunk);
    const served = await (await fetch(site.url + STATIC_DOC)).text();
    const first = await page.locator('#__sipa .static-html h2').first().getAttribute('id');
    expect(served).toContain(`id="${first}"`);
    expect(errors).toEqual([]);
  }, 60_000);
});
