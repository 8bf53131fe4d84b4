import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateProject } from '../../src/migrate/migrate.js';
import { tempDir } from '../helpers.js';
import { installListedPackages } from '../sitePackages.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

/**
 * The React page carried over from the Docusaurus fixture wraps itself in `<Layout>` from
 * `@theme/Layout`, which its route chunk takes from the runtime's registry: only a browser shows
 * that this works when the chunk is loaded by a client-side navigation, and when it hydrates.
 */
describe('a React page migrated from Docusaurus, in the browser', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: BuiltSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-migrated-e2e-');
    const result = await migrateProject({ projectDir: 'test/fixtures/docusaurus2-project', outDir: path.join(tmp.dir, 'site'), verify: false });
    // The `npm install` the migration asks for: the home page imports clsx, which the new site's package.json lists with the project's other packages.
    expect(await installListedPackages(result.outDir)).toEqual(['clsx', 'prism-react-renderer', 'react', 'react-dom']);
    site = await startSite(result.outDir);
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await site?.close();
    await tmp.cleanup();
  });

  async function open(route: string): Promise<{ page: Page; errors: string[] }> {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (isFaviconMiss(message)) return;
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await page.goto(site.url + route);
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
    return { page, errors };
  }

  const cardsAreLaidOut = (page: Page) =>
    pollUntil(page, () => {
      const cards = document.querySelector('[class^="about_cards"]');
      return cards !== null && getComputedStyle(cards).display === 'grid' && document.querySelectorAll('.sipa-card').length === 3;
    });

  it('renders after a client-side navigation from a doc, with its component and its CSS module', async () => {
    const { page, errors } = await open('/docs/intro');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.locator('nav.navbar a[href="/about"]').click();
    await page.waitForURL(`${site.url}/about`);
    await cardsAreLaidOut(page);
    expect(await page.locator('h1').innerText()).toBe('About Sipa');
    expect(await page.title()).toBe('About Sipa | Sipa');
    // No full reload happened.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(errors).toEqual([]);
  });

  it('shows the home page, which imports clsx from its own packages, with Infima\'s hero styled', async () => {
    const { page, errors } = await open('/');
    const hero = page.locator('header.hero.hero--primary');
    expect(await hero.getAttribute('class')).toMatch(/^hero hero--primary pages_heroBanner_[0-9a-f]+$/);
    expect(await hero.locator('h1.hero__title').innerText()).toBe('Sipa');
    // Infima's hero class is styled (a filled background), and the CSS module's own rule applies.
    const style = await hero.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, align: getComputedStyle(el).textAlign }));
    expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(style.align).toBe('center');
    await page.locator('a.button.button--secondary.button--lg').click();
    await page.waitForURL(`${site.url}/docs/intro`);
    expect(errors).toEqual([]);
  });

  it("draws the theme in the project's --ifm-color-primary, in both colour modes, as Docusaurus does", async () => {
    const { page, errors } = await open('/docs/intro');
    // The fixture's custom.css: `:root { --ifm-color-primary: #3f5fe0 }` (Infima's dark mode keeps it).
    const colours = () =>
      page.evaluate(() => ({
        link: getComputedStyle(document.querySelector('.sidebar__link--active')!).color,
        background: getComputedStyle(document.body).backgroundColor,
      }));
    const light = await colours();
    expect(light.link).toBe('rgb(63, 95, 224)');
    expect(light.background).toBe('rgb(255, 255, 255)');
    await page.locator('.color-mode-toggle').first().click();
    await pollUntil(page, () => document.documentElement.dataset.theme === 'dark');
    const dark = await colours();
    expect(dark.link).toBe('rgb(63, 95, 224)');
    // The project sets no dark background: the theme's own.
    expect(dark.background).toBe('rgb(21, 23, 26)');
    expect(errors).toEqual([]);
  });

  it('hydrates when it is the first page visited', async () => {
    const { page, errors } = await open('/about');
    await cardsAreLaidOut(page);
    expect(await page.locator('.navbar__title').innerText()).toBe('Sipa');
    expect(errors).toEqual([]);
  });

  it("keeps Algolia's search page: the query in its address finds the site's pages, and a result opens client-side", async () => {
    const { page, errors } = await open('/search?q=hooks');
    await page.locator('.search-page .search-result--page').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.search-page h1').innerText()).toBe('Search results for “hooks”');
    expect(await page.title()).toBe('Search results for “hooks” | Sipa');
    const titles = await page.locator('.search-page .search-result--page .search-result__title').allInnerTexts();
    expect(titles).toContain('CLI hooks');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    await page.locator('.search-page .search-result--page', { hasText: 'CLI hooks' }).first().click();
    await page.waitForURL(`${site.url}/docs/advanced/hooks`);
    await expect.poll(() => page.locator('article h1').innerText()).toBe('CLI hooks');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(errors).toEqual([]);
  });

  it('search page: typing a query puts it in the address, and a word found nowhere says so', async () => {
    const { page, errors } = await open('/search');
    expect(await page.locator('.search-page h1').innerText()).toBe('Search the documentation');
    await page.locator('.search-page__input').fill('zzyzxqq');
    await page.locator('.search-page__status', { hasText: 'No results for “zzyzxqq”.' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('q')).toBe('zzyzxqq');
    await page.locator('.search-page__input').fill('bundler');
    await page.locator('.search-page .search-result--page').first().waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('q')).toBe('bundler');
    expect(errors).toEqual([]);
  });
});
