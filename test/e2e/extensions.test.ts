// The site that extends sipadocs (test/fixtures/extensions) in Chromium, served with its own
// Content-Security-Policy: the React home page with its packages, <Head> tags and Infima classes,
// the site's hosted script, the replaced Footer and the plugins' tabs hydrate without a violation
// or an error, and <Head>'s tags come and go as the visitor moves between pages.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

let site: BuiltSite;

beforeAll(async () => {
  site = await startSite('test/fixtures/extensions');
}, 180_000);
afterAll(async () => {
  await site?.close();
}, 30_000);

/** Records what the policy blocks, in every document the page loads. */
const WATCH_VIOLATIONS = `window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`;

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The site's hosted script, served here (the browser reaches no other host: see support/browser.ts).
  await context.route('https://stats.extensions.example/script.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__statsLoads = (window.__statsLoads || 0) + 1;' }),
  );
  await context.addInitScript(WATCH_VIOLATIONS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (isFaviconMiss(message)) return;
    if (message.type() === 'error' || /content security policy/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  const response = await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  return { page, errors };
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const headTag = (page: Page, selector: string) => page.evaluate((s) => document.head.querySelectorAll(s).length, selector);

describe('a site extended with plugins, a replaced Footer and a React home page', () => {
  it('hydrates the home page under its own policy, with no violation and no error, its Infima classes in the site colours', async () => {
    const { page, errors } = await open('/');
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(await page.title()).toBe('Home');
    expect(await headTag(page, 'meta[name="keywords"][content="extensions, fixture"]')).toBe(1);
    // The site's hosted script ran, allowed by its origin.
    expect(await page.evaluate(() => (window as unknown as { __statsLoads?: number }).__statsLoads)).toBe(1);
    // The page's inline script in <Head> ran once, allowed by its hash.
    expect(await page.evaluate(() => (window as unknown as { __homeVisits?: number }).__homeVisits)).toBe(1);
    // --ifm-color-primary of the site's custom CSS colours the hero; the grid has three columns.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.hero--primary')!).backgroundColor)).toBe('rgb(46, 133, 85)');
    const widths = await page.evaluate(() => [...document.querySelectorAll('.row:first-child > .col')].map((col) => Math.round(col.getBoundingClientRect().width)));
    expect(widths).toHaveLength(3);
    expect(new Set(widths).size).toBe(1);
    // The site's CSS sets --ifm-col-width on a column, as Infima reads it: half the row beside a quarter.
    const [featured, aside] = await page.evaluate(() => [...document.querySelectorAll('.row:nth-child(2) > .col')].map((col) => col.getBoundingClientRect().width));
    expect(featured! / aside!).toBeCloseTo(2, 1);
    expect(await page.locator('.site-footer-note + footer.footer').count()).toBe(1);
    // A primary button takes the site's -dark shade under the pointer and its -darker one while pressed, as in Infima.
    const blog = page.locator('a.button--primary');
    const background = () => blog.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgb(46, 133, 85)');
    await blog.hover();
    await expect.poll(background).toBe('rgb(41, 120, 76)');
    await page.mouse.down();
    await expect.poll(background).toBe('rgb(39, 113, 72)');
    await page.context().close();
  }, 60_000);

  it('takes the home page\'s head tags away on the way to another page, and brings them back', async () => {
    const { page, errors } = await open('/');
    await page.locator('a.button--secondary').click();
    await page.waitForURL(`${site.url}/docs/intro`);
    await pollUntil(page, () => document.title.startsWith('Introduction'));
    expect(await headTag(page, 'meta[name="keywords"][content="extensions, fixture"]')).toBe(0);
    expect(await headTag(page, 'link[rel="preconnect"][href="https://fonts.example"]')).toBe(0);
    // The replaced Footer is on every page.
    expect(await page.locator('.site-footer-note + footer.footer').count()).toBe(1);
    await page.goBack();
    await pollUntil(page, () => document.title === 'Home');
    expect(await headTag(page, 'meta[name="keywords"][content="extensions, fixture"]')).toBe(1);
    expect(await headTag(page, 'link[rel="preconnect"]')).toBe(1);
    // Back on the page, its head script ran again, as a page load would run it.
    expect(await page.evaluate(() => (window as unknown as { __homeVisits?: number }).__homeVisits)).toBe(2);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('switches the tabs npm2yarn made, and opens the blog\'s external links in a new tab, with no violation', async () => {
    const { page, errors } = await open('/docs/install');
    await page.getByRole('tab', { name: 'Yarn' }).click();
    await expect.poll(() => page.locator('[role="tabpanel"]:visible').innerText()).toContain('yarn add --dev sipa');
    const blog = await open('/blog/2024/05/01/hello');
    expect(await blog.page.locator('a[href="https://github.com/sipa-js/sipa"]').getAttribute('target')).toBe('_blank');
    for (const opened of [page, blog.page]) expect(await violations(opened)).toEqual([]);
    expect([...errors, ...blog.errors]).toEqual([]);
    await page.context().close();
    await blog.page.context().close();
  }, 60_000);
});
