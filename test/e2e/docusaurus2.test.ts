/**
 * A Docusaurus 2 site in the browser (test/fixtures/docusaurus2, built once): the <a name>
 * anchors of jsdoc2md pages are link targets like ids, <details> opens, `@docusaurus/Link`
 * navigates client-side, `@docusaurus/BrowserOnly` hydrates without a mismatch, and a React page
 * with its own <main> has one main landmark, on a first visit and after a client-side navigation.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { injectAxe } from './axe.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

let site: BuiltSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite('test/fixtures/docusaurus2');
}, 120_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

/** Data saving on: nothing is prefetched, so a navigation loads its route only when the link is clicked. */
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`;

async function open(pathname: string): Promise<{ page: Page; errors: string[]; documents: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await context.addInitScript(SAVE_DATA);
  const page = await context.newPage();
  const errors: string[] = [];
  const documents: string[] = [];
  page.on('console', (message) => {
    if (isFaviconMiss(message)) return;
    // Images of other hosts are blocked on purpose; anything else the console reports is a failure.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.goto(site.url + pathname);
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  return { page, errors, documents };
}

/** Waits until the <a name> anchor is at the top of the viewport, the page scrolled down to it. */
async function scrolledTo(page: Page, name: string): Promise<void> {
  await pollUntil(page, (n) => {
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

describe('<a name> anchors of jsdoc2md pages', () => {
  it('are scrolled to after a client-side navigation, without a reload', async () => {
    const { page } = await open('/docs/guides/url-and-state');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await clickLink(page, '/docs/api/SipaUrl#SipaUrl.getAnchorOfUrl');
    await page.waitForURL(`${site.url}/docs/api/SipaUrl#SipaUrl.getAnchorOfUrl`);
    await scrolledTo(page, 'SipaUrl.getAnchorOfUrl');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  }, 60_000);

  it('are scrolled to by a link of the member index on the same page', async () => {
    const { page } = await open('/docs/api/SipaComponent');
    await clickLink(page, '#SipaComponent+children');
    await page.waitForURL(`${site.url}/docs/api/SipaComponent#SipaComponent+children`);
    await scrolledTo(page, 'SipaComponent+children');
  }, 60_000);

  it('are scrolled to on a first visit', async () => {
    const { page } = await open('/docs/api/SipaUrl#SipaUrl.createUrlParams');
    await scrolledTo(page, 'SipaUrl.createUrlParams');
  }, 60_000);
});

describe('<details>', () => {
  for (const [kind, pathname] of [['of a markdown page', '/docs/guides/url-and-state'], ['written as JSX in MDX', '/docs/guides/components']] as const) {
    it(`${kind} opens and closes on a click on its summary`, async () => {
      const { page, errors } = await open(pathname);
      const details = page.locator('article details').first();
      expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
      await details.locator('summary').click();
      expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
      // The body is shown once the browser has laid out the opened content, which can be a frame after the click.
      await details.locator('.details__body p').first().waitFor({ state: 'visible', timeout: 10_000 });
      expect(errors).toEqual([]);
    }, 60_000);
  }
});

describe('@docusaurus/BrowserOnly', () => {
  it('shows the fallback in the server HTML and the browser content after hydration, without a mismatch', async () => {
    const html = await (await fetch(`${site.url}/docs/intro`)).text();
    expect(html).toContain('<p id="browser-only">Rendered on the server</p>');
    const { page, errors } = await open('/docs/intro');
    await pollUntil(page, () => document.getElementById('browser-only')?.textContent === 'Rendered in the browser');
    // A mismatch would make React log a recoverable error (and render the page again on the client).
    expect(errors).toEqual([]);
  }, 60_000);

  it('works in a React page, and on a page opened client-side', async () => {
    const { page, errors } = await open('/');
    await pollUntil(page, () => document.getElementById('home-browser-only')?.textContent === 'Browser object');
    await page.click('#to-intro');
    await page.waitForURL(`${site.url}/docs/intro`);
    await pollUntil(page, () => document.getElementById('browser-only')?.textContent === 'Rendered in the browser');
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
    await page.waitForURL(`${site.url}/docs/getting-started/installation`);
    await pollUntil(page, () => document.querySelector('h1')?.textContent === 'Installation');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(documents).toEqual(['/docs/intro']);
    expect(requested).toContain('/_sipa/routes/docs/getting-started/installation.json');
    expect(await page.title()).toContain('Installation');
    expect(errors).toEqual([]);
  }, 60_000);
});


interface Violation { id: string; impact: string | null; nodes: { target: unknown[] }[] }

/** Every axe-core violation of the page, whatever its impact. */
async function axe(page: Page): Promise<Violation[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axeGlobal = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axeGlobal.run(document, { resultTypes: ['violations'] })).violations;
  });
}

describe('a React page that renders its own <main>', () => {
  const landmarks = (violations: Violation[]) => violations.filter((v) => v.id.startsWith('landmark') || v.id === 'region').map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);

  it('has one main landmark, not nested, and the skip link still leads to the content', async () => {
    const { page, errors } = await open('/');
    expect(await page.locator('main').count()).toBe(1);
    const violations = await axe(page);
    expect(landmarks(violations)).toEqual([]);
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await pollUntil(page, () => document.activeElement?.id === 'main-content');
    expect(await page.title()).toBe('Hello from Sipa');
    expect(errors).toEqual([]);
  }, 60_000);

  it('keeps one main landmark when opened client-side, and its title', async () => {
    const { page, errors, documents } = await open('/docs/intro');
    expect(await page.locator('main').count()).toBe(1);
    await page.click('.navbar a[href="/"]');
    await page.waitForURL(`${site.url}/`);
    await pollUntil(page, () => document.querySelector('.hero__title') !== null);
    expect(documents).toEqual(['/docs/intro']);
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.locator('#main-content').evaluate((element) => element.tagName)).toBe('DIV');
    expect(landmarks(await axe(page))).toEqual([]);
    expect(await page.title()).toBe('Hello from Sipa');
    expect(errors).toEqual([]);
  }, 60_000);
});
