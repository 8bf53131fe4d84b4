import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

/** The navbar's dropdown in the browser: opened by hover, click and keyboard, closed by Escape and by leaving it. */
describe('a navbar dropdown', () => {
  let site: BuiltSite;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    site = await startSite('test/fixtures/navbar-items');
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(`${site.url}/docs/intro`);
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  }, 180_000);
  afterAll(async () => {
    await context?.close().catch(() => {});
    await site?.close();
  });

  const menu = () => page.locator('.navbar .dropdown__menu');
  const toggle = () => page.locator('.navbar .dropdown__toggle');

  it('shows its links on hover and hides them when the pointer leaves', async () => {
    await expect.poll(() => menu().isVisible()).toBe(false);
    await toggle().hover();
    await expect.poll(() => menu().isVisible()).toBe(true);
    await page.mouse.move(5, 700);
    await expect.poll(() => menu().isVisible()).toBe(false);
  });

  it('opens on Enter, closes on Escape and when the focus leaves it', async () => {
    await page.mouse.move(5, 700);
    await toggle().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu().isVisible()).toBe(false);
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect.poll(() => menu().isVisible()).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect.poll(() => menu().isVisible()).toBe(false);
  });

  it('opens on click, and its link navigates client-side', async () => {
    await page.mouse.move(5, 700);
    await toggle().click();
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await toggle().click();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('.dropdown__link', { hasText: 'Setup' }).click();
    await page.waitForURL(/\/docs\/setup$/);
    // The same document: no page load happened.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await toggle().getAttribute('class')).toContain('navbar__link--active');
  });

  it('marks the doc item of the sidebar the page belongs to, after a client-side navigation too', async () => {
    await page.locator('.navbar__items > li > a.navbar__link', { hasText: /^API$/ }).click();
    await page.waitForURL(/\/docs\/api$/);
    await expect.poll(() => page.locator('.navbar__items > li > a.navbar__link', { hasText: /^API$/ }).getAttribute('class')).toContain('navbar__link--active');
    expect(await page.locator('.navbar__items > li > a.navbar__link', { hasText: /^Docs$/ }).getAttribute('class')).not.toContain('navbar__link--active');
  });
});
