// The docs options of the theme, in headless Chromium: docs.autoCollapseCategories (opening a
// category closes its siblings) and docs.sidebarHideable (a button collapses the sidebar, and it
// stays collapsed while the visitor navigates); categories are native disclosures, so they open
// and close without JavaScript too.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { injectAxe } from './axe.js';
import { pollUntil } from '../../support/browser.js';

let site: BuiltSite;

beforeAll(async () => {
  site = await startSite('test/fixtures/interactive');
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const T = 60_000;

async function open(path: string, options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The fixture has no favicon, so the browser's own /favicon.ico request is expected to fail.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  await page.goto(site.url + path);
  if (options.javaScriptEnabled !== false) await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  return { page, errors, close: () => context.close() };
}

/** Which categories of the sidebar are open, by label. */
const openCategories = (page: Page) =>
  page.locator('.doc-layout__sidebar .sidebar__category').evaluateAll((items) =>
    items.filter((item) => item.querySelector('details')?.open).map((item) => item.querySelector('a, summary')!.textContent),
  );

describe('docs.autoCollapseCategories', () => {
  it('opening a category closes its open siblings, whether opened by its label or its chevron', async () => {
    const { page, errors, close } = await open('/docs/start');
    try {
      const sidebar = page.locator('.doc-layout__sidebar');
      expect(await openCategories(page)).toEqual([]);
      await sidebar.locator('summary', { hasText: 'Alpha' }).click();
      await sidebar.getByRole('link', { name: 'Page One' }).waitFor();
      expect(await openCategories(page)).toEqual(['Alpha']);
      // Beta has a page: its chevron opens it. Alpha closes in the same commit: the page is never
      // read with both open (React renders a click's update in a microtask, the first moment
      // anything can read the page).
      const afterClick = await page.evaluate(async () => {
        const chevron = document.querySelector<HTMLElement>('.doc-layout__sidebar [aria-label="Expand the category Beta"]')!;
        chevron.click();
        await Promise.resolve();
        return [...document.querySelectorAll('.doc-layout__sidebar .sidebar__category')].filter((item) => item.querySelector('details')?.open).map((item) => item.querySelector('a, summary')!.textContent);
      });
      expect(afterClick).toEqual(['Beta']);
      await sidebar.getByRole('link', { name: 'Page Three' }).waitFor();
      expect(await openCategories(page)).toEqual(['Beta']);
      expect(await sidebar.getByRole('link', { name: 'Page One' }).count()).toBe(0);
      await sidebar.locator('summary', { hasText: 'Gamma' }).click();
      await sidebar.getByRole('link', { name: 'Page Gamma' }).waitFor();
      expect(await openCategories(page)).toEqual(['Gamma']);
      // Closing one opens nothing else.
      await sidebar.locator('summary', { hasText: 'Gamma' }).click();
      expect(await openCategories(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, T);
});

describe('docs.sidebarHideable', () => {
  it('collapses the sidebar with its button, keeps it collapsed from page to page, and brings it back', async () => {
    const { page, errors, close } = await open('/docs/start');
    try {
      const main = page.locator('main');
      const mainLeft = () => main.evaluate((element) => element.getBoundingClientRect().left);
      const shown = await mainLeft();
      await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
      await page.getByRole('button', { name: 'Expand the sidebar' }).waitFor();
      expect(await page.locator('nav.sidebar').count()).toBe(0);
      // The content takes the room, and the focus is on the button that brings the sidebar back.
      expect(await mainLeft()).toBeLessThan(shown - 200);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Expand the sidebar');

      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
      await page.getByRole('link', { name: /Next/ }).click();
      await page.waitForURL(`${site.url}/docs/alpha/one`);
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
      expect(await page.locator('nav.sidebar').count()).toBe(0);

      await page.getByRole('button', { name: 'Expand the sidebar' }).click();
      await page.locator('nav.sidebar').waitFor();
      expect(await mainLeft()).toBe(shown);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Collapse the sidebar');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, T);

  it('has no serious or critical axe violation, collapsed or not', async () => {
    const { page, close } = await open('/docs/alpha/one');
    try {
      const violations = async () => {
        await injectAxe(page);
        const result = await page.evaluate(async () => {
          type Violation = { id: string; impact: string | null; nodes: Array<{ target: unknown[] }> };
          const axe = (window as unknown as { axe: { run(context: Element, options: object): Promise<{ violations: Violation[] }> } }).axe;
          return axe.run(document.querySelector('.doc-layout__sidebar')!, { resultTypes: ['violations'] });
        });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      };
      expect(await violations()).toEqual([]);
      await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
      await page.getByRole('button', { name: 'Expand the sidebar' }).waitFor();
      expect(await violations()).toEqual([]);
    } finally {
      await close();
    }
  }, T);
});

describe('without JavaScript', () => {
  it('a category opens and closes as the disclosure it is', async () => {
    const { page, close } = await open('/docs/alpha/one', { javaScriptEnabled: false });
    try {
      const sidebar = page.locator('.doc-layout__sidebar');
      expect(await openCategories(page)).toEqual(['Alpha']);
      const pageTwo = sidebar.getByRole('link', { name: 'Page Two' });
      expect(await pageTwo.isVisible()).toBe(true);
      await sidebar.locator('summary', { hasText: 'Alpha' }).click();
      expect(await openCategories(page)).toEqual([]);
      expect(await pageTwo.isVisible()).toBe(false);
      await sidebar.locator('summary', { hasText: 'Alpha' }).click();
      expect(await pageTwo.isVisible()).toBe(true);
    } finally {
      await close();
    }
  }, T);
});
