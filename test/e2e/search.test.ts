/**
 * Browser behaviour of search: nothing of it loads on a first visit; Ctrl+K and "/" open the
 * dialog; a word found only in the body of /docs/api/SipaUrl finds it, grouped by page and
 * heading with the word marked; Enter opens it through the client router at its heading; the
 * keyboard-only flow, focus trap and focus return; axe on the open dialog; a phone; a base URL.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../../src/server/staticServer.js';
import { documentBody } from '../../src/render/document.js';
import { extractSearchDocument } from '../../src/search/searchDocument.js';
import { copyFixture, tempDir } from '../helpers.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { injectAxe } from './axe.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

let site: BuiltSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
}, 180_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

const TARGET = '/docs/api/SipaUrl';
/** A word of SipaUrl's body (under setUrl), checked below to be on no other page, in any form. */
const WORD = 'swapped';
const STEM = /\bswap/i;
const HEADING_ID = 'setUrl';
const isSearchRequest = (pathname: string) => pathname.includes('/_sipa/search/') || /SearchDialog/.test(pathname);

async function open(baseUrl: string, pathname: string, options: { width?: number; colorScheme?: 'light' | 'dark' } = {}) {
  const context = await site.browser.newContext({ viewport: { width: options.width ?? 1280, height: 850 }, colorScheme: options.colorScheme ?? 'dark' });
  contexts.push(context);
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && !isFaviconMiss(message) && errors.push(message.text()));
  await page.goto(baseUrl + pathname);
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  await page.waitForLoadState('networkidle');
  return { page, requests, errors };
}

const dialog = (page: Page) => page.locator('dialog.search-dialog');
const input = (page: Page) => page.getByRole('combobox', { name: 'Search the site' });
const activeOptionText = (page: Page) =>
  page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });

/** Types a query and waits for its results (the status line says how many pages matched). */
async function searchFor(page: Page, query: string): Promise<void> {
  await input(page).fill(query);
  await pollUntil(page, () => /found|No results/.test(document.querySelector('.search-dialog__status')?.textContent ?? ''));
}

/** Moves the active result with the arrow keys until its text matches. */
async function moveTo(page: Page, text: RegExp): Promise<void> {
  for (let i = 0; i < 30 && !text.test(await activeOptionText(page)); i++) await page.keyboard.press('ArrowDown');
  expect(await activeOptionText(page)).toMatch(text);
}

/** The heading's top is inside the viewport, below the sticky navbar. */
const headingInView = (page: Page, id: string) =>
  pollUntil(page, (target) => {
    const element = document.getElementById(target);
    if (!element) return false;
    const top = element.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight / 2;
  }, id);

async function axe(page: Page) {
  await injectAxe(page);
  const result = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };
    const axeGlobal = (window as unknown as { axe: { run(context: Element, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return axeGlobal.run(document.querySelector('dialog.search-dialog')!, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
}

describe('the first visit', () => {
  it('downloads no search code and no index', async () => {
    const { page, requests } = await open(site.url, TARGET);
    // The button is there, server-rendered, yet nothing of search was fetched.
    await expect(page.locator('.search-button').isVisible()).resolves.toBe(true);
    await page.waitForTimeout(500);
    expect(requests.filter(isSearchRequest)).toEqual([]);
    // Nor is any of it inside what was downloaded: the page and its scripts hold neither the
    // dialog (its styles and markup) nor the code that loads pagefind.
    const scripts = requests.filter((r) => r.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const file of [TARGET, ...scripts]) {
      const text = await (await fetch(site.url + file)).text();
      expect(text, file).not.toMatch(/search-dialog|pagefind/);
    }
  }, 60_000);
});

describe('opening and closing', () => {
  it('opens with Ctrl+K and with "/", and Esc closes it and gives focus back to the button', async () => {
    const { page, errors } = await open(site.url, '/docs/guides/overview');
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await expect(input(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-button');

    await page.keyboard.press('/');
    await dialog(page).waitFor();
    // "/" opened the dialog instead of being typed into it.
    expect(await input(page).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('finding a page by a word of its body', () => {
  it('checks the word is in the body of SipaUrl and on no other built page', async () => {
    const texts = new Map<string, string>();
    for (const file of (await readdir(site.outDir, { recursive: true })).filter((f) => f.endsWith('.html'))) {
      const body = documentBody(await readFile(path.join(site.outDir, file), 'utf8'));
      texts.set(file, body ? body.bodyHtml.replace(/<[^>]+>/g, ' ') : '');
    }
    // The indexer stems words: no other page may have "swap", "swaps" or "swapping" either.
    const withWord = [...texts].filter(([, text]) => STEM.test(text)).map(([file]) => file);
    expect(withWord).toEqual(['docs/api/SipaUrl.html']);
    const searchable = extractSearchDocument(documentBody(await readFile(path.join(site.outDir, 'docs/api/SipaUrl.html'), 'utf8'))!.bodyHtml, 'SipaUrl')!;
    // In the body, under the heading the result should open at (not in the title or a heading).
    const at = searchable.html.indexOf(WORD);
    expect(at).toBeGreaterThan(0);
    expect(searchable.html.slice(0, at).match(/<h[2-6] id="([^"]+)"[^>]*>[^<]*<\/h[2-6]>(?!.*<h[2-6])/s)?.[1]).toBe(HEADING_ID);
  }, 60_000);

  it('finds it, groups the heading under its page with the word marked, and opens it client-side at the heading', async () => {
    const { page, requests, errors } = await open(site.url, '/docs/guides/overview');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await searchFor(page, WORD);
    const groups = page.locator('.search-results [role="group"]');
    await expect(groups.count()).resolves.toBe(1);
    const group = groups.first();
    expect(await group.getAttribute('aria-label')).toBe('SipaUrl');
    const options = group.getByRole('option');
    expect(await options.first().innerText()).toMatch(/^SipaUrl/);
    const heading = group.getByRole('option', { name: new RegExp(`^# ${HEADING_ID}\\b`) });
    await expect(heading.locator('mark').first().innerText()).resolves.toMatch(new RegExp(WORD, 'i'));
    // Everything search loaded came from the site's own origin, under _sipa/.
    const searchFiles = requests.filter(isSearchRequest);
    expect(searchFiles.some((r) => r.endsWith('/_sipa/search/pagefind.js'))).toBe(true);
    expect(searchFiles.every((r) => r.startsWith('/_sipa/'))).toBe(true);

    requests.length = 0;
    await moveTo(page, new RegExp(HEADING_ID));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}${TARGET}#${HEADING_ID}`);
    await dialog(page).waitFor({ state: 'detached' });
    await pollUntil(page, () => document.querySelector('h1')?.textContent === 'SipaUrl');
    await headingInView(page, HEADING_ID);
    // No full page load: the marker survived and no HTML was requested.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(requests.filter((r) => r === TARGET || r.endsWith('.html'))).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('results are links', () => {
  it('each result has the address of its page or heading; Ctrl+click and middle click open it in a new tab, a plain click here', async () => {
    const { page, errors } = await open(site.url, '/docs/guides/overview');
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await searchFor(page, WORD);
    const heading = page.getByRole('option', { name: new RegExp(`^# ${HEADING_ID}\\b`) });
    // A link a browser can copy or open elsewhere, with the options' roles and names unchanged.
    expect(await heading.evaluate((el) => el.localName)).toBe('a');
    expect(await heading.evaluate((el) => (el as HTMLAnchorElement).href)).toBe(`${site.url}${TARGET}#${HEADING_ID}`);
    expect(await page.getByRole('option').evaluateAll((els) => els.every((el) => el instanceof HTMLAnchorElement && el.href !== ''))).toBe(true);

    for (const click of [() => heading.click({ modifiers: ['ControlOrMeta'] }), () => heading.click({ button: 'middle' })]) {
      const opened = page.context().waitForEvent('page');
      await click();
      const tab = await opened;
      await tab.waitForURL(`${site.url}${TARGET}#${HEADING_ID}`);
      await tab.close();
      // This tab stays where it was, with the dialog open.
      expect(page.url()).toBe(`${site.url}/docs/guides/overview`);
      expect(await dialog(page).isVisible()).toBe(true);
    }

    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await heading.click();
    await page.waitForURL(`${site.url}${TARGET}#${HEADING_ID}`);
    await dialog(page).waitFor({ state: 'detached' });
    await headingInView(page, HEADING_ID);
    // Through the client router, not a page load.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('keyboard only', () => {
  it('opens, moves with the arrows, keeps Tab inside the dialog and opens the result with Enter', async () => {
    const { page } = await open(site.url, '/blog/welcome');
    await page.keyboard.press('/');
    await dialog(page).waitFor();
    await page.keyboard.type('hostname');
    await pollUntil(page, () => /found/.test(document.querySelector('.search-dialog__status')?.textContent ?? ''));
    const first = await activeOptionText(page);
    expect(first).not.toBe('');
    await page.keyboard.press('ArrowDown');
    const second = await activeOptionText(page);
    expect(second).not.toBe(first);
    await page.keyboard.press('ArrowUp');
    expect(await activeOptionText(page)).toBe(first);
    // The active option is announced through aria-activedescendant and marked selected.
    expect(await page.evaluate(() => document.getElementById(document.activeElement!.getAttribute('aria-activedescendant')!)?.getAttribute('aria-selected'))).toBe('true');

    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog.search-dialog')))).toBe(true);
    }
    await input(page).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    const url = await page.evaluate(() => document.activeElement!.getAttribute('aria-activedescendant'));
    expect(url).toBeTruthy();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    await page.waitForURL((u) => u.pathname !== '/blog/welcome');
  }, 60_000);
});

describe.each(['dark', 'light'] as const)('axe-core on the open dialog in %s mode', (mode) => {
  it('finds no serious or critical violation, with results listed', async () => {
    const { page } = await open(site.url, '/docs/guides/installation', { colorScheme: mode });
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await searchFor(page, 'page');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('.search-result').count()).toBeGreaterThan(2);
    expect(await axe(page)).toEqual([]);
  }, 60_000);
});

describe('on a phone', () => {
  it('the navbar button and the mobile menu open search, and a result opens at its heading', async () => {
    const { page } = await open(site.url, '/docs/guides/overview', { width: 390 });
    const button = page.locator('.search-button');
    expect(await button.isVisible()).toBe(true);
    await button.click();
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open the navigation menu' }).click();
    await page.getByRole('dialog', { name: 'Navigation menu' }).getByRole('button', { name: 'Back to main menu' }).click();
    await page.getByRole('dialog', { name: 'Navigation menu' }).getByRole('button', { name: 'Search', exact: true }).click();
    await dialog(page).waitFor();
    await searchFor(page, WORD);
    await page.locator('.search-result', { hasText: HEADING_ID }).click();
    await page.waitForURL(`${site.url}${TARGET}#${HEADING_ID}`);
    await headingInView(page, HEADING_ID);
  }, 60_000);
});

describe('under a base URL', () => {
  let server: http.Server;
  let url: string;
  let tmp: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    tmp = await tempDir();
    // Served as a static host serves a site published under /sub/.
    const root = path.join(tmp.dir, 'root');
    await mkdir(root);
    await buildOnce({ siteDir: 'test/fixtures/search-base', outDir: path.join(root, 'sub'), quiet: true, persistentCache: false });
    server = createStaticServer({ root });
    url = (await listenOnFreePort(server, { port: 0 })).url.replace(/\/$/, '');
  }, 120_000);
  afterAll(async () => {
    await closeServer(server).catch(() => {});
    await tmp.cleanup();
  });

  it('loads the index from under the base URL and opens the result there', async () => {
    const { page, requests, errors } = await open(url, '/sub/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await searchFor(page, 'zyxomancer');
    await moveTo(page, /Serving from a folder/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${url}/sub/guide#serving-from-a-folder`);
    await headingInView(page, 'serving-from-a-folder');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    const searchFiles = requests.filter(isSearchRequest);
    expect(searchFiles).toContain('/sub/_sipa/search/pagefind.js');
    expect(searchFiles.every((r) => r.startsWith('/sub/_sipa/'))).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);
});

/** Clears the last query (the dialog keeps its results until the next are in), then searches. */
async function searchAgain(page: Page, query: string): Promise<void> {
  await input(page).fill('');
  await pollUntil(page, () => !document.querySelector('.search-dialog__status')?.textContent);
  await searchFor(page, query);
}

describe('after an edit, built in two steps under a base URL', () => {
  let server: http.Server;
  let url: string;
  let tmp: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    tmp = await tempDir();
    const siteDir = await copyFixture('search-base', tmp.dir);
    const root = path.join(tmp.dir, 'root');
    await mkdir(root);
    const outDir = path.join(root, 'sub');
    // With the persistent cache, where a build keeps what the last one wrote (the output manifest).
    await buildOnce({ siteDir, outDir, quiet: true });
    // The guide's rare word is replaced: the second build indexes the guide alone, into the delta.
    const guide = path.join(siteDir, 'pages/guide.md');
    await writeFile(guide, (await readFile(guide, 'utf8')).replace('zyxomancer', 'quillwright'));
    await buildOnce({ siteDir, outDir, quiet: true });
    const delta = JSON.parse(await readFile(path.join(outDir, '_sipa/search/delta.json'), 'utf8')) as { delta: number; drop: string[] };
    expect(delta.delta).toBe(1);
    expect(delta.drop).toHaveLength(1);
    server = createStaticServer({ root });
    url = (await listenOnFreePort(server, { port: 0 })).url.replace(/\/$/, '');
  }, 180_000);
  afterAll(async () => {
    await closeServer(server).catch(() => {});
    await tmp.cleanup();
  });

  it('finds the edited page by its new word, not by its old one, and lists it once', async () => {
    const { page, requests, errors } = await open(url, '/sub/');
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await searchFor(page, 'quillwright');
    await expect(page.locator('.search-dialog__status').innerText()).resolves.toBe('1 page found.');
    await moveTo(page, /Serving from a folder/);
    // The delta index was loaded from under the base URL, beside the base.
    const searchFiles = requests.filter(isSearchRequest);
    expect(searchFiles).toContain('/sub/_sipa/search/delta.json');
    expect(searchFiles.some((r) => r.startsWith('/sub/_sipa/search/delta/'))).toBe(true);
    expect(searchFiles.every((r) => r.startsWith('/sub/_sipa/'))).toBe(true);

    // The base still holds the guide as it was: its entry is left out.
    await searchAgain(page, 'zyxomancer');
    await expect(page.locator('.search-dialog__status').innerText()).resolves.toMatch(/^No results/);
    // A word the guide kept is in both indexes: the guide is found once, as it is now.
    await searchAgain(page, 'introduction');
    await expect(page.locator('.search-dialog__status').innerText()).resolves.toBe('1 page found.');
    await expect(page.locator('.search-results [role="group"]').count()).resolves.toBe(1);

    await searchAgain(page, 'quillwright');
    await moveTo(page, /Serving from a folder/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${url}/sub/guide#serving-from-a-folder`);
    expect(errors).toEqual([]);
  }, 60_000);
});
