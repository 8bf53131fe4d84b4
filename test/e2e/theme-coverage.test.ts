// The theme as Docusaurus sites use it (test/fixtures/theme-coverage), in Chromium under the site's
// own policy: Tabs that keep their choice in the address, a live code block that runs what the
// visitor types, the navbar logo of each colour mode, and a replaced DocItem/Layout that wraps the
// theme's. Every page hydrates without an error or a violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

let site: BuiltSite;

beforeAll(async () => {
  site = await startSite('test/fixtures/theme-coverage');
}, 180_000);
afterAll(async () => {
  await site?.close();
}, 30_000);

const WATCH_VIOLATIONS = `window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`;

async function open(path: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: options.colorScheme ?? 'light' });
  await context.addInitScript(WATCH_VIOLATIONS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (isFaviconMiss(message)) return;
    if (message.type() === 'error' || /content security policy/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  return { page, errors };
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const selectedTab = (page: Page, panelText: string) =>
  page.evaluate((text) => {
    const group = [...document.querySelectorAll('.tabs')].find((tabs) => tabs.textContent!.includes(text))!;
    return group.querySelector('[role="tab"][aria-selected="true"]')!.textContent;
  }, panelText);

describe('Tabs with queryString', () => {
  it('opens the tab the address names, for a groupId key and for a key of its own', async () => {
    const { page, errors } = await open('/docs/tabs?pm=yarn&os=mac');
    await pollUntil(page, () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'Yarn');
    expect(await selectedTab(page, 'npm')).toBe('Yarn');
    expect(await selectedTab(page, 'Linux')).toBe('macOS');
    expect(await page.locator('text=yarn add coverage').isVisible()).toBe(true);
    expect(await page.locator('text=npm install coverage').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  it('writes the tab chosen into the address, keeping the other keys', async () => {
    const { page } = await open('/docs/tabs?os=mac');
    await page.getByRole('tab', { name: 'Yarn' }).click();
    await pollUntil(page, () => new URLSearchParams(location.search).get('pm') === 'yarn');
    expect(new URL(page.url()).searchParams.get('os')).toBe('mac');
    await page.getByRole('tab', { name: 'Linux' }).click();
    await pollUntil(page, () => new URLSearchParams(location.search).get('os') === 'linux');
    // Opened again from the address it wrote, the page shows the same tabs.
    const again = await open(new URL(page.url()).pathname + new URL(page.url()).search);
    expect(await selectedTab(again.page, 'npm')).toBe('Yarn');
    expect(await selectedTab(again.page, 'Linux')).toBe('Linux');
  });

  it('ignores a value the group does not have', async () => {
    const { page } = await open('/docs/tabs?pm=pnpm');
    expect(await selectedTab(page, 'npm')).toBe('npm');
  });
});

describe('a live code block', () => {
  it('runs its code, and draws the result again when the visitor edits it, under the site\'s policy', async () => {
    const { page, errors } = await open('/docs/live');
    const counter = page.locator('.live-code__result .live-counter');
    await counter.waitFor();
    expect(await counter.textContent()).toBe('Clicked 0 times');
    await counter.click();
    expect(await counter.textContent()).toBe('Clicked 1 times');
    // Edit the code as a visitor does, typing in it: the result follows.
    const editor = page.locator('.live-code__editor pre').first();
    await editor.click();
    await editor.evaluate((pre) => {
      const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf('Clicked');
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.collapse(true);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        return;
      }
    });
    await page.keyboard.type('Pressed, ');
    await pollUntil(page, () => document.querySelector('.live-code__result .live-counter')?.textContent === 'Pressed, Clicked 0 times');
    await page.locator('.live-code__result .live-counter').click();
    expect(await page.locator('.live-code__result .live-counter').textContent()).toBe('Pressed, Clicked 1 times');
    // The block written as <CodeBlock live> runs too.
    expect(await page.locator('.live-code__result .live-inline').textContent()).toBe('Hello from JSX');
    expect(errors).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  it('shows the error of code that does not compile, and recovers', async () => {
    const { page } = await open('/docs/live');
    await page.locator('.live-code__result .live-counter').waitFor();
    const editor = page.locator('.live-code__editor pre').first();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' <<<');
    await page.locator('.live-code__error').first().waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    await page.locator('.live-code__result .live-counter').waitFor();
  });

  it('is loaded only by the pages that have one', async () => {
    const { page } = await open('/docs/intro');
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')));
    expect(scripts.some((name) => /LiveCodeBlock/.test(name))).toBe(false);
    const live = await open('/docs/live');
    const liveScripts = await live.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')));
    expect(liveScripts.some((name) => /LiveCodeBlock/.test(name))).toBe(true);
  });
});

describe('the navbar logo of each colour mode', () => {
  const shownLogo = (page: Page) =>
    page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('.navbar__logo')].filter((img) => getComputedStyle(img).display !== 'none').map((img) => new URL(img.src).pathname));

  it('shows srcDark in dark mode and src in light mode, from the first paint, and switches with the mode', async () => {
    const light = await open('/docs/intro', { colorScheme: 'light' });
    expect(await shownLogo(light.page)).toEqual(['/img/logo.svg']);
    await light.page.locator('.color-mode-toggle').click();
    await pollUntil(light.page, () => document.documentElement.dataset.theme === 'dark');
    expect(await shownLogo(light.page)).toEqual(['/img/logo-dark.svg']);
    // The footer's logo follows too.
    const footer = await light.page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('.footer__logo')].filter((img) => getComputedStyle(img).display !== 'none').map((img) => new URL(img.src).pathname));
    expect(footer).toEqual(['/img/logo-dark.svg']);
    await light.page.locator('.color-mode-toggle').click();
    await pollUntil(light.page, () => document.documentElement.dataset.theme === 'light');
    expect(await shownLogo(light.page)).toEqual(['/img/logo.svg']);
  });

  it('never shows the light logo to a visitor in dark mode, even before the page\'s script runs', async () => {
    const context = await site.browser.newContext({ colorScheme: 'dark', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/docs/intro`);
    // The head script cannot run: the site's default (light) mode is shown, with its logo alone.
    expect(await shownLogo(page)).toEqual(['/img/logo.svg']);
    await context.close();
    const stored = await site.browser.newContext({ colorScheme: 'light' });
    await stored.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const darkPage = await stored.newPage();
    // Read as soon as the document is parsed: the head script has set the mode before the body.
    await darkPage.goto(`${site.url}/docs/intro`, { waitUntil: 'domcontentloaded' });
    expect(await shownLogo(darkPage)).toEqual(['/img/logo-dark.svg']);
    await stored.close();
  });
});

describe('a replaced DocItem/Layout', () => {
  it('wraps the theme\'s layout on every doc, reading the doc with useDoc, and keeps it as the visitor moves', async () => {
    const { page, errors } = await open('/docs/intro');
    expect(await page.locator('.doc-comments').textContent()).toBe('Comments on Introduction');
    // The theme's layout is inside: its article, breadcrumbs and pager.
    expect(await page.locator('article.markdown h1').first().textContent()).toBe('Introduction');
    expect(await page.locator('.pager').count()).toBe(1);
    await page.locator('.pager__link--next').click();
    await pollUntil(page, () => location.pathname === '/docs/tabs');
    await expect.poll(() => page.locator('.doc-comments').textContent()).toBe('Comments on Installing');
    expect(errors).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });
});

describe('the home page', () => {
  it('hydrates with every module it imports, its Sass styles applied', async () => {
    const { page, errors } = await open('/');
    expect(await page.locator('.browser-only').textContent()).toBe('In the browser');
    expect(await page.locator('.home-global').evaluate((p) => getComputedStyle(p).gap)).toBe('12px');
    expect(await page.locator('header[class*="hero_"]').evaluate((header) => getComputedStyle(header).paddingTop)).toBe('32px');
    expect(errors).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });
});
