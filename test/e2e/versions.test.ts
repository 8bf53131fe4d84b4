/**
 * Versioned docs in the browser, on the Docusaurus project with three versions
 * (test/fixtures/docusaurus-shapes/versions: Next at /docs/next, 2.0 at /docs, 1.0.x at /docs/1.0),
 * migrated and built: the version dropdown leads to the same doc in another version, the banner
 * to the latest version, the preferred version is stored and used, and search finds only the
 * chosen version's pages.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateProject } from '../../src/migrate/migrate.js';
import { tempDir } from '../helpers.js';
import { injectAxe } from './axe.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

let site: BuiltSite;
let tmp: Awaited<ReturnType<typeof tempDir>>;
const contexts: BrowserContext[] = [];
const PREFERRED = 'docs-preferred-version-default';

beforeAll(async () => {
  tmp = await tempDir('sipadocs-e2e-versions-');
  const migrated = await migrateProject({ projectDir: 'test/fixtures/docusaurus-shapes/versions', outDir: path.join(tmp.dir, 'site'), verify: false });
  expect(migrated.problems).toEqual([]);
  site = await startSite(migrated.outDir);
}, 240_000);

afterAll(async () => {
  await site?.close();
  await tmp?.cleanup();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

async function newContext(): Promise<BrowserContext> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 850 } });
  contexts.push(context);
  return context;
}

async function open(context: BrowserContext, pathname: string): Promise<{ page: Page; errors: string[]; loads: () => number }> {
  const page = await context.newPage();
  const errors: string[] = [];
  let loads = 0;
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('load', () => loads++);
  await page.goto(site.url + pathname);
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  return { page, errors, loads: () => loads };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.locator('main h1').first().innerText();
const dropdown = (page: Page) => page.locator('.navbar .dropdown');

async function chooseVersion(page: Page, label: string): Promise<void> {
  await dropdown(page).locator('.dropdown__toggle').click();
  await dropdown(page).getByRole('link', { name: label, exact: true }).click();
}

describe('versioned docs in the browser', () => {
  it('the dropdown leads to the same doc in another version, client-side, else to that version\'s main doc', async () => {
    const { page, errors, loads } = await open(await newContext(), '/docs/guide/setup');
    expect(await dropdown(page).locator('.dropdown__toggle').innerText()).toBe('2.0');
    await chooseVersion(page, 'Next');
    await page.waitForURL(`${site.url}/docs/next/guide/setup`);
    // The address changes as a client-side navigation starts; its page renders just after.
    await expect.poll(() => h1(page)).toBe('Setup');
    expect(await page.locator('main').innerText()).toContain('quokka command');
    expect(await dropdown(page).locator('.dropdown__toggle').innerText()).toBe('Next');
    // 1.0 has no setup page: its main doc, the first of its sidebar.
    await chooseVersion(page, '1.0.x');
    await page.waitForURL(`${site.url}/docs/1.0/intro`);
    await expect.poll(() => page.locator('main').innerText()).toContain('version one');
    expect(await page.evaluate((key) => localStorage.getItem(key), PREFERRED)).toBe('1.0');
    expect(loads()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a mouse opens the dropdown by hovering it, and a click on the opened label keeps it open; a second click closes it', async () => {
    const { page } = await open(await newContext(), '/docs/intro');
    const toggle = dropdown(page).locator('.dropdown__toggle');
    const menu = dropdown(page).locator('.dropdown__menu');
    await toggle.hover();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await toggle.click();
    await page.waitForTimeout(100);
    expect(await menu.isVisible()).toBe(true);
    await toggle.click();
    await expect.poll(() => menu.isVisible()).toBe(false);
  });

  it('opens the dropdown with a tap on a touch screen, and leads to the chosen version', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 850 }, hasTouch: true });
    contexts.push(context);
    const { page } = await open(context, '/docs/intro');
    await dropdown(page).locator('.dropdown__toggle').tap();
    await dropdown(page).locator('.dropdown__menu').waitFor({ state: 'visible', timeout: 10_000 });
    await dropdown(page).getByRole('link', { name: 'Next', exact: true }).tap();
    await page.waitForURL(`${site.url}/docs/next/intro`);
  });

  it('the banner of an unreleased or unmaintained version links to the same doc in the latest version, else to its main doc', async () => {
    const context = await newContext();
    const next = await open(context, '/docs/next/guide/setup');
    const banner = next.page.locator('.version-banner');
    expect(await banner.innerText()).toMatch(/documentation of Versioned Next, which is not released yet[\s\S]*latest version \(2\.0\)/);
    await banner.getByRole('link', { name: 'latest version' }).click();
    await next.page.waitForURL(`${site.url}/docs/guide/setup`);
    // The address changes when the move starts; the page of the latest version is drawn after it.
    await next.page.locator('.version-banner').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await next.page.evaluate((key) => localStorage.getItem(key), PREFERRED)).toBe('2.0');

    const old = await open(context, '/docs/1.0/old-api');
    expect(await old.page.locator('.version-banner').innerText()).toContain('which is no longer maintained');
    expect(await old.page.locator('.version-badge').innerText()).toBe('Version: 1.0.x');
    await old.page.locator('.version-banner').getByRole('link', { name: 'latest version' }).click();
    await old.page.waitForURL(`${site.url}/docs/intro`);
    await old.page.locator('main', { hasText: 'version two' }).waitFor({ timeout: 10_000 });
  });

  it('stores the preferred version and leads the navbar\'s doc link and the dropdown to it on other pages, also after a reload', async () => {
    const context = await newContext();
    const first = await open(context, '/');
    const docsLink = first.page.locator('.navbar').getByRole('link', { name: 'Docs', exact: true });
    // Nothing stored yet: the last version.
    expect(await docsLink.getAttribute('href')).toBe('/docs/intro');
    expect(await dropdown(first.page).locator('.dropdown__toggle').innerText()).toBe('2.0');

    const old = await open(context, '/docs/1.0/intro');
    expect(await old.page.evaluate((key) => localStorage.getItem(key), PREFERRED)).toBe('1.0');
    await old.page.locator('.navbar__brand').click();
    await old.page.waitForURL(`${site.url}/`);
    await expect.poll(() => old.page.locator('.navbar').getByRole('link', { name: 'Docs', exact: true }).getAttribute('href')).toBe('/docs/1.0/intro');
    expect(await dropdown(old.page).locator('.dropdown__toggle').innerText()).toBe('1.0.x');

    // A new page of the same visitor reads it from storage once hydrated.
    const later = await open(context, '/versions');
    await pollUntil(later.page, () => document.querySelector('.navbar a[href="/docs/1.0/intro"]') !== null);
    await later.page.locator('.navbar').getByRole('link', { name: 'Docs', exact: true }).click();
    await later.page.waitForURL(`${site.url}/docs/1.0/intro`);
    expect(later.errors).toEqual([]);
  });

  it('search finds the pages of the chosen version only: the page\'s, else the preferred one, else the last', async () => {
    const context = await newContext();
    const search = async (page: Page, term: string) => {
      await page.keyboard.press('Control+k');
      await page.locator('dialog.search-dialog').waitFor();
      await page.getByRole('combobox', { name: 'Search the site' }).fill(term);
      await pollUntil(page, () => /found|No results/.test(document.querySelector('.search-dialog__status')?.textContent ?? ''));
      const urls = await page.locator('.search-result--page').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      // The first Esc empties the search field, the next one closes the dialog.
      while ((await page.locator('dialog.search-dialog').count()) > 0) await page.keyboard.press('Escape');
      return urls;
    };
    const onNext = await open(context, '/docs/next/guide/setup');
    expect(await search(onNext.page, 'zebrafish')).toEqual(['/docs/next/intro']);
    expect(await search(onNext.page, 'narwhal')).toEqual(['/docs/next/new-feature']);
    // On a page that is no doc, with the last visited doc's version preferred (Next here).
    const home = await open(context, '/');
    expect(await search(home.page, 'zebrafish')).toEqual(['/docs/next/intro']);
    await home.page.evaluate((key) => localStorage.setItem(key, '1.0'), PREFERRED);
    expect(await search(home.page, 'zebrafish')).toEqual(['/docs/1.0/intro']);
    expect(await search(home.page, 'narwhal')).toEqual([]);
    // Nothing stored: the last version, 2.0.
    await home.page.evaluate((key) => localStorage.removeItem(key), PREFERRED);
    expect(await search(home.page, 'quokka')).toEqual(['/docs/guide/setup']);
  });

  it('has no serious or critical accessibility violations with the banner, the badge and the open dropdown, in both colour modes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 850 }, colorScheme });
      contexts.push(context);
      const { page } = await open(context, '/docs/1.0/old-api');
      await page.evaluate((mode) => document.documentElement.setAttribute('data-theme', mode), colorScheme);
      await dropdown(page).locator('.dropdown__toggle').click();
      await injectAxe(page);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string }> }> } }).axe;
        return (await axe.run(document, { resultTypes: ['violations'] })).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      });
      expect(violations, colorScheme).toEqual([]);
    }
  });
});
