/**
 * A translated site in the browser: the Docusaurus project with committed translations
 * (test/fixtures/docusaurus-i18n: English, French, Japanese, Arabic), a copy of it built once. The
 * locale dropdown keeps the reader on the same doc, the search dialog searches the reader's
 * locale (a Japanese query finds a Japanese page), Arabic is laid out right to left, and the
 * theme's words stay in the locale once the page runs.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

let site: BuiltSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // A copy's build, shared with integration/i18n.test.ts.
  site = await startSite('test/fixtures/docusaurus-i18n', { copy: true });
}, 240_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
});

async function open(pathname: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const context = await site.browser.newContext({ viewport: { width, height: 850 } });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && !isFaviconMiss(message) && errors.push(message.text()));
  await page.goto(site.url + pathname);
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  return { page, errors };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.locator('main h1').first().innerText();

async function chooseLocale(page: Page, label: string): Promise<void> {
  const dropdown = page.locator('.navbar .dropdown--locales');
  await dropdown.locator('.dropdown__toggle').click();
  const from = pathOf(page);
  await Promise.all([page.waitForURL((url) => url.pathname !== from), dropdown.getByRole('link', { name: label }).click()]);
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
}

describe('a site in four locales', () => {
  it('the locale dropdown goes to the same doc in Japanese, then back, keeping the heading asked for', async () => {
    const { page, errors } = await open('/docs/next/intro#why-a-steady-clock');
    expect(await h1(page)).toBe('Welcome to Orrery');
    await chooseLocale(page, '日本語');
    expect(pathOf(page)).toBe('/ja/docs/next/intro');
    expect(new URL(page.url()).hash).toBe('#why-a-steady-clock');
    expect(await h1(page)).toBe('Orrery へようこそ');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await chooseLocale(page, 'English');
    expect(pathOf(page)).toBe('/docs/next/intro');
    expect(await h1(page)).toBe('Welcome to Orrery');
    expect(errors).toEqual([]);
  });

  it("a Japanese query in the Japanese site's search dialog finds Japanese pages, and only the Japanese site's", async () => {
    const { page, errors } = await open('/ja/docs/next/intro');
    await page.locator('.navbar .search-button').click();
    const input = page.getByRole('combobox', { name: '検索' });
    await input.fill('パッケージマネージャー');
    await page.getByRole('option').first().waitFor({ timeout: 20_000 });
    const links = await page.getByRole('option').evaluateAll((options) => options.map((option) => [new URL((option as HTMLAnchorElement).href).pathname, option.textContent ?? '']));
    expect(links.length).toBeGreaterThan(0);
    for (const [href] of links) expect(href).toMatch(/^\/ja\//);
    expect(links.some(([href, text]) => href!.startsWith('/ja/docs/next/guides/install') && /インストール/.test(text!))).toBe(true);
    expect(await page.locator('.search-dialog__status').innerText()).toMatch(/件/);
    expect(errors).toEqual([]);
  });

  it('lays the Arabic site out right to left: the sidebar on the right, the table of contents on the left, arrows mirrored', async () => {
    const { page, errors } = await open('/ar/docs/next/intro');
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const sidebar = await box('.doc-layout__sidebar');
    const article = await box('main article');
    const toc = await box('.doc-layout__toc');
    expect(sidebar.x).toBeGreaterThan(article.x + article.width - 1);
    expect(toc.x + toc.width).toBeLessThan(article.x + 1);
    // The navbar's items at the end of the line are on the left.
    const brand = await box('.navbar__brand');
    expect(brand.x).toBeGreaterThan(640);
    // A closed category's chevron points left, the way to its items.
    const closed = page.locator('.sidebar__details:not([open]) .sidebar__toggle').first();
    expect(await closed.evaluate((element) => getComputedStyle(element, '::before').transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // The link to the next doc is on the left, its text ending in the arrow pointing there.
    const next = await box('.pager__link--next');
    expect(next.x + next.width / 2).toBeLessThan(article.x + article.width / 2);
    // Code still reads left to right.
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(errors).toEqual([]);
  });

  it("keeps the theme's words in the locale once the page runs", async () => {
    const words: Record<string, string[]> = {
      '/fr/docs/next/intro': ['Copier la page', 'Sur cette page', 'Page suivante'],
      '/ja/docs/next/intro': ['ページをコピー', 'このページの見出し', '次へ'],
      '/ar/docs/next/intro': ['نسخ الصفحة', 'التالي'],
      '/docs/next/intro': ['Copy page', 'On this page', 'Next'],
    };
    for (const [pathname, expected] of Object.entries(words)) {
      const { page, errors } = await open(pathname);
      const text = await page.locator('body').innerText();
      for (const word of expected) expect(text, `${pathname}: ${word}`).toContain(word);
      // The search button of the navbar, translated on the client too.
      expect(await page.locator('.navbar .search-button__label').innerText()).toBe({ '/fr/docs/next/intro': 'Chercher', '/ja/docs/next/intro': '検索', '/ar/docs/next/intro': 'بحث', '/docs/next/intro': 'Search' }[pathname]);
      expect(errors, pathname).toEqual([]);
    }
  });
});
