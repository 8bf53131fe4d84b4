/**
 * The reader's tools around the content: the "Copy page" button of docs, the back-to-top button
 * and the print stylesheet. Builds the e2e fixture site once and drives Chromium.
 */
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

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

const T = 60_000;

/** Waits until the page has handled what happened so far (scroll events fire before the next frame). */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function open(path: string, options: BrowserContextOptions = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`);
  await pollUntil(page, () => (window as unknown as { __SIPA_HYDRATED__?: boolean }).__SIPA_HYDRATED__ === true);
  return { page, context };
}

describe('the "Copy page" button', () => {
  it('copies the markdown of the doc it is on, also after a client-side navigation', async () => {
    const { page, context } = await open('/docs/guides/overview');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    // Go to another doc without a page load: the button must copy that doc, not the first one.
    await page.locator('.doc-layout__sidebar').getByRole('link', { name: 'Installation', exact: true }).click();
    await page.waitForURL(`${site.url}/docs/guides/installation`);
    await page.getByRole('heading', { level: 1, name: 'Installation' }).waitFor();
    const button = page.getByRole('button', { name: 'Copy page' });
    await button.click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const expected = await (await page.request.get(`${site.url}/docs/guides/installation.md`)).text();
    expect(copied).toBe(expected);
    expect(copied.startsWith('# Installation\n')).toBe(true);
    // The label goes back after a while, so the button can be used again.
    await page.getByRole('button', { name: 'Copy page' }).waitFor({ timeout: 10_000 });
  }, T);

  it('says so when the markdown cannot be fetched', async () => {
    const { page, context } = await open('/docs/guides/installation');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.route('**/*.md', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await page.getByRole('button', { name: 'Copy page' }).click();
    await page.getByRole('button', { name: 'Copy failed' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
  }, T);

  it('is on docs only', async () => {
    const { page } = await open('/blog/welcome');
    expect(await page.getByRole('button', { name: 'Copy page' }).count()).toBe(0);
  }, T);
});

describe('the back-to-top button', () => {
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
  const button = (page: Page) => page.getByRole('button', { name: 'Back to top' });

  it('appears after two screens of a long page and scrolls back to the top', async () => {
    const { page } = await open('/docs/api/SipaComponent');
    expect(await button(page).count()).toBe(0);
    await page.evaluate(() => scrollTo(0, innerHeight * 1.5));
    await settle(page);
    expect(await button(page).count()).toBe(0);
    await page.evaluate(() => scrollTo(0, innerHeight * 3));
    await button(page).waitFor();
    await button(page).click();
    await pollUntil(page, () => window.scrollY === 0);
    await button(page).waitFor({ state: 'detached' });
  }, T);

  it('jumps without animation for visitors who prefer reduced motion, and moves the keyboard focus to the content', async () => {
    const { page } = await open('/docs/api/SipaComponent', { reducedMotion: 'reduce' });
    await page.evaluate(() => scrollTo(0, innerHeight * 4));
    await button(page).focus();
    await page.keyboard.press('Enter');
    // No smooth scrolling: at the top as soon as the click is handled.
    expect(await scrollY(page)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  }, T);

  it('never appears on a page shorter than that', async () => {
    const { page } = await open('/blog/tags');
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await settle(page);
    expect(await button(page).count()).toBe(0);
  }, T);
});

describe('printing', () => {
  it('prints the content alone, light, with external link targets written out and code wrapped', async () => {
    const { page } = await open('/docs/guides/installation', { colorScheme: 'dark' });
    await page.emulateMedia({ media: 'print' });
    const hidden = await page.evaluate(() =>
      ['.navbar', '.announcement', '.doc-layout__sidebar', '.doc-layout__toc', '.footer', '.copy-page', '.breadcrumbs', '.pager', '.code-block__copy'].map((selector) => {
        const element = document.querySelector(selector);
        return [selector, element ? getComputedStyle(element).display : 'missing'];
      }),
    );
    expect(hidden).toEqual(hidden.map(([selector]) => [selector, 'none']));
    const style = await page.evaluate(() => {
      const external = document.querySelector<HTMLAnchorElement>('article a[href^="http"]')!;
      const internal = document.querySelector<HTMLAnchorElement>('article a[href^="/"]')!;
      return {
        external: [external.getAttribute('href'), getComputedStyle(external, '::after').content],
        internal: getComputedStyle(internal, '::after').content,
        pre: getComputedStyle(document.querySelector('.code-block pre')!).whiteSpace,
        background: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.querySelector('article p')!).color,
      };
    });
    expect(style.external[1]).toBe(`" (${style.external[0]})"`);
    expect(style.internal).toBe('none');
    expect(style.pre).toBe('pre-wrap');
    expect(style.background).toBe('rgb(255, 255, 255)');
    expect(style.text).toBe('rgb(0, 0, 0)');
    // Back on screen, the chrome is there again.
    await page.emulateMedia({ media: 'screen' });
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.navbar')!).display)).not.toBe('none');
  }, T);
});
