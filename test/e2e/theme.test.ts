import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

let site: BuiltSite;

beforeAll(async () => {
  site = await startSite();
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const T = 60_000;
const DESKTOP = { width: 1280, height: 800 };

/** Records data-theme (and the announcement flag) at the moment <body> is created: before first paint. */
const recordAtBody = `(() => {
  const record = () => {
    const html = document.documentElement;
    window.__atBody = { theme: html.getAttribute('data-theme'), dismissed: html.getAttribute('data-announcement-dismissed') };
  };
  new MutationObserver((records, observer) => {
    if (document.body) { record(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** Makes every prefers-color-scheme media query report no match: a visitor without a preference. */
const noPreference = `(() => {
  const original = window.matchMedia.bind(window);
  window.matchMedia = (query) => {
    const result = original(query);
    if (!/prefers-color-scheme/.test(query)) return result;
    return Object.assign(Object.create(result), { matches: false, media: query });
  };
})();`;

async function withContext<T>(options: BrowserContextOptions, fn: (context: BrowserContext, page: Page) => Promise<T>): Promise<T> {
  const context = await site.browser.newContext({ viewport: DESKTOP, ...options });
  await context.addInitScript(recordAtBody);
  try {
    const page = await context.newPage();
    return await fn(context, page);
  } finally {
    await context.close();
  }
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const themeAtBody = (page: Page) => page.evaluate(() => (window as unknown as { __atBody?: { theme: string | null } }).__atBody?.theme ?? null);
const hydrated = (page: Page) => pollUntil(page, () => document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently'));

describe('colour mode', () => {
  it('is dark by default, set before first paint', async () => {
    // Chromium cannot emulate "no-preference" (colorScheme 'no-preference' reports light), so the
    // browser is made to report no preference by answering prefers-color-scheme queries with false.
    await withContext({ colorScheme: 'no-preference' }, async (context, page) => {
      await context.addInitScript(noPreference);
      await page.goto(`${site.url}/`, { waitUntil: 'commit' });
      await page.waitForLoadState('domcontentloaded');
      expect(await themeAtBody(page)).toBe('dark');
      expect(await theme(page)).toBe('dark');
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe('rgb(21, 23, 26)');
    });
  }, T);

  it('follows the system preference (light) before first paint', async () => {
    await withContext({ colorScheme: 'light' }, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/overview`, { waitUntil: 'domcontentloaded' });
      expect(await themeAtBody(page)).toBe('light');
      await hydrated(page);
      expect(await theme(page)).toBe('light');
    });
  }, T);

  it('the switch toggles, stores "theme" and syncs to another tab; the choice wins over the system preference', async () => {
    await withContext({ colorScheme: 'dark' }, async (context, page) => {
      await page.goto(`${site.url}/`);
      await hydrated(page);
      const other = await context.newPage();
      await other.goto(`${site.url}/blog`);
      await hydrated(other);
      expect(await theme(other)).toBe('dark');

      await page.getByRole('button', { name: /Switch to light mode/ }).click();
      expect(await theme(page)).toBe('light');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      await pollUntil(other, () => document.documentElement.getAttribute('data-theme') === 'light');
      await expect.poll(() => other.getByRole('button', { name: /Switch to dark mode/ }).count()).toBe(1);

      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await themeAtBody(page)).toBe('light');
      await hydrated(page);
      await page.getByRole('button', { name: /Switch to dark mode/ }).click();
      expect(await theme(page)).toBe('dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await pollUntil(other, () => document.documentElement.getAttribute('data-theme') === 'dark');
    });
  }, T);
});

describe('colour mode and a live change of the system preference', () => {
  it('is followed while nothing is stored, and ignored once the visitor picked a mode', async () => {
    await withContext({ colorScheme: 'dark' }, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/overview`);
      await hydrated(page);
      expect(await theme(page)).toBe('dark');
      // Counts the system-preference changes the page has been told of (after the head script's listener).
      await page.evaluate(() => {
        const w = window as unknown as { __schemeChanges: number };
        w.__schemeChanges = 0;
        matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => w.__schemeChanges++);
      });
      const changes = () => page.evaluate(() => (window as unknown as { __schemeChanges: number }).__schemeChanges);

      await page.emulateMedia({ colorScheme: 'light' });
      await pollUntil(page, () => document.documentElement.getAttribute('data-theme') === 'light');
      expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('light');
      await expect.poll(() => page.getByRole('button', { name: /Switch to dark mode \(currently light mode\)/ }).count()).toBe(1);
      await page.emulateMedia({ colorScheme: 'dark' });
      await pollUntil(page, () => document.documentElement.getAttribute('data-theme') === 'dark');
      await expect.poll(() => page.getByRole('button', { name: /Switch to light mode/ }).count()).toBe(1);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

      await page.getByRole('button', { name: /Switch to light mode/ }).click();
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      const before = await changes();
      // One change at a time: two emulations before the page renders again may reach it as none.
      await page.emulateMedia({ colorScheme: 'light' });
      await pollUntil(page, (n) => (window as unknown as { __schemeChanges: number }).__schemeChanges >= n + 1, before);
      await page.emulateMedia({ colorScheme: 'dark' });
      await pollUntil(page, (n) => (window as unknown as { __schemeChanges: number }).__schemeChanges >= n + 2, before);
      expect(await theme(page)).toBe('light');
      await expect.poll(() => page.getByRole('button', { name: /Switch to dark mode/ }).count()).toBe(1);
    });
  }, T);
});

describe('announcement bar', () => {
  it('dismissal is stored, survives a reload and is reset when the id changes', async () => {
    await withContext({}, async (_c, page) => {
      await page.goto(`${site.url}/`);
      await hydrated(page);
      const bar = page.getByRole('region', { name: 'Announcement' });
      await expect.poll(() => bar.isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Dismiss the announcement' }).click();
      await expect.poll(() => bar.count()).toBe(0);

      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => (window as unknown as { __atBody?: { dismissed: string | null } }).__atBody?.dismissed)).toBe('true');
      await hydrated(page);
      expect(await page.locator('.announcement').isVisible().catch(() => false)).toBe(false);

      // An older bar id in storage: the current bar is new, so it shows again.
      await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'some-older-id'));
      await page.reload();
      await hydrated(page);
      await expect.poll(() => bar.isVisible()).toBe(true);
    });
  }, T);
});

describe('mobile menu', () => {
  it('at 996px opens a panel with the doc sidebar and a back button, and closes at 997px', async () => {
    await withContext({ viewport: { width: 996, height: 800 } }, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/overview`);
      await hydrated(page);
      const menuButton = page.getByRole('button', { name: 'Open the navigation menu' });
      expect(await menuButton.isVisible()).toBe(true);
      // The desktop sidebar is hidden on narrow screens.
      expect(await page.locator('.doc-layout__sidebar').isVisible()).toBe(false);
      await menuButton.click();
      const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // Focus moves into the panel, Escape closes it and focus returns to the menu button.
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.mobile-menu') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open the navigation menu');
      await menuButton.click();
      expect(await dialog.getByRole('navigation', { name: 'Docs sidebar' }).isVisible()).toBe(true);
      await dialog.getByRole('button', { name: '← Back to main menu' }).click();
      expect(await dialog.getByRole('link', { name: 'Blog' }).isVisible()).toBe(true);
      expect(await dialog.getByRole('navigation', { name: 'Docs sidebar' }).count()).toBe(0);

      await page.setViewportSize({ width: 997, height: 800 });
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await menuButton.isVisible()).toBe(false);
      expect(await page.locator('.doc-layout__sidebar').isVisible()).toBe(true);
    });
  }, T);

  it('on a non-doc page shows the main menu and navigates', async () => {
    await withContext({ viewport: { width: 390, height: 800 } }, async (_c, page) => {
      await page.goto(`${site.url}/blog`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Open the navigation menu' }).click();
      const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
      await dialog.getByRole('link', { name: 'Guides' }).click();
      await page.waitForURL(/\/docs\/guides\/overview$/);
      await expect.poll(() => dialog.count()).toBe(0);
      // No horizontal overflow at narrow widths.
      await page.setViewportSize({ width: 320, height: 700 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  }, T);
});

describe('navbar', () => {
  it('hides on scroll down and shows on scroll up', async () => {
    await withContext({}, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/installation`);
      await hydrated(page);
      const navTop = () => page.locator('nav.navbar').evaluate((el) => el.getBoundingClientRect().bottom);
      expect(await navTop()).toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 800));
      await expect.poll(navTop).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 500));
      await expect.poll(navTop).toBeGreaterThan(0);
    });
  }, T);
});

describe('docs sidebar', () => {
  it('categories collapse and expand and keep their state across client-side navigation', async () => {
    await withContext({}, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/overview`);
      await hydrated(page);
      const sidebar = page.locator('.doc-layout__sidebar');
      // Each category is a native disclosure, opened and closed by its summary.
      const disclosures = sidebar.locator('details.sidebar__details');
      expect(await disclosures.count()).toBeGreaterThan(0);
      const isOpen = () => sidebar.locator('details.sidebar__details').first().evaluate((details) => (details as HTMLDetailsElement).open);
      const toggle = () => sidebar.locator('details.sidebar__details > summary').first().click();
      expect(await isOpen()).toBe(true);
      const category = sidebar.locator('.sidebar__category').first();
      const links = () => category.locator('.sidebar__list a').count();
      expect(await links()).toBeGreaterThan(0);
      await toggle();
      expect(await isOpen()).toBe(false);
      expect(await links()).toBe(0);

      // Client-side navigation (no reload marker lost) to another doc.
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
      await sidebar.getByRole('link', { name: 'Installation', exact: true }).click();
      await page.waitForURL(/\/docs\/guides\/installation$/);
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
      expect(await isOpen()).toBe(false);
      // Leave the docs (the sidebar unmounts) and come back, still client-side.
      await page.locator('nav.navbar').getByRole('link', { name: 'Blog', exact: true }).click();
      await page.waitForURL(/\/blog$/);
      expect(await sidebar.count()).toBe(0);
      await page.locator('nav.navbar').getByRole('link', { name: 'Guides', exact: true }).click();
      await page.waitForURL(/\/docs\/guides\/overview$/);
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
      expect(await isOpen()).toBe(false);
      expect(await links()).toBe(0);
      await toggle();
      expect(await isOpen()).toBe(true);
      expect(await links()).toBeGreaterThan(0);
    });
  }, T);
});

describe('tabs', () => {
  it('are accessible, keyboard driven, grouped and remembered', async () => {
    await withContext({}, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/installation`);
      await hydrated(page);
      const lists = page.getByRole('tablist');
      expect(await lists.count()).toBeGreaterThanOrEqual(2);
      const first = lists.nth(0);
      const second = lists.nth(1);
      const firstTab = first.getByRole('tab').first();
      expect(await firstTab.getAttribute('aria-selected')).toBe('true');
      const panelId = await firstTab.getAttribute('aria-controls');
      expect(await page.locator(`[id="${panelId}"]`).getAttribute('role')).toBe('tabpanel');

      await firstTab.focus();
      await page.keyboard.press('ArrowRight');
      const secondTab = first.getByRole('tab').nth(1);
      const value = (await secondTab.textContent())!.trim();
      expect(await secondTab.getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
      // Same groupId: the other group switched too.
      expect(await second.getByRole('tab', { name: value }).getAttribute('aria-selected')).toBe('true');
      const stored = await page.evaluate(() => localStorage.getItem('docusaurus.tab.package-manager'));
      expect(stored).toBeTruthy();

      await page.keyboard.press('ArrowLeft');
      expect(await firstTab.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowRight');

      await page.reload();
      await hydrated(page);
      await expect.poll(() => page.getByRole('tablist').nth(0).getByRole('tab', { name: value }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tablist').nth(1).getByRole('tab', { name: value }).getAttribute('aria-selected')).toBe('true');
    });
  }, T);
});

describe('skip link', () => {
  it('is first in tab order and moves focus to the main content', async () => {
    await withContext({}, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/overview`);
      await hydrated(page);
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent, top: document.activeElement?.getBoundingClientRect().top ?? -1 }));
      expect(focused.text).toBe('Skip to main content');
      expect(focused.top).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    });
  }, T);
});

describe('code blocks', () => {
  it('copy button copies the code; highlighted lines are marked', async () => {
    await withContext({ permissions: ['clipboard-read', 'clipboard-write'] }, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/guides-basics/create-a-new-page`);
      await hydrated(page);
      expect(await page.locator('.code-block .line.highlighted').count()).toBeGreaterThan(0);
      const highlightedBg = await page.locator('.code-block .line.highlighted').first().evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(highlightedBg).not.toBe('rgba(0, 0, 0, 0)');
      const block = page.locator('.code-block').first();
      const code = await block.locator('pre').textContent();
      await block.hover();
      await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
      await expect.poll(() => block.getByRole('button', { name: 'Copied' }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    });
  }, T);
});

/**
 * The text the page renders in ::before pseudo-elements of elements whose class includes
 * `className` (CSS generated content, such as counters, is in no DOM API; the layout snapshot has it).
 */
async function generatedBefore(context: BrowserContext, page: Page, className: string): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  const snapshot = (await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [] })) as unknown as {
    strings: string[];
    documents: Array<{
      nodes: { parentIndex: number[]; attributes: number[][]; pseudoType: { index: number[]; value: number[] } };
      layout: { nodeIndex: number[]; text: number[] };
    }>;
  };
  const { strings } = snapshot;
  const { nodes, layout } = snapshot.documents[0]!;
  const befores = new Set(nodes.pseudoType.index.filter((_, k) => strings[nodes.pseudoType.value[k]!] === 'before'));
  const classOf = (node: number) => {
    const attributes = nodes.attributes[node] ?? [];
    for (let i = 0; i < attributes.length; i += 2) if (strings[attributes[i]!] === 'class') return strings[attributes[i + 1]!]!;
    return '';
  };
  const texts: string[] = [];
  layout.nodeIndex.forEach((node, i) => {
    const text = layout.text[i]!;
    if (text < 0 || !befores.has(node)) return;
    if (classOf(nodes.parentIndex[node]!).split(' ').includes(className)) texts.push(strings[text]!);
  });
  await cdp.detach();
  return texts;
}

describe('heading anchors', () => {
  it('h2-h4 end with a "#" link, shown on hover and keyboard focus, named for screen readers, in no heading text, TOC or copy', async () => {
    await withContext({ permissions: ['clipboard-read', 'clipboard-write'] }, async (context, page) => {
      await page.goto(`${site.url}/docs/guides/guides-basics/create-a-new-page`);
      await hydrated(page);
      const headings = await page.locator('article h2, article h3, article h4').evaluateAll((els) =>
        els.map((el) => ({ id: el.id, links: [...el.querySelectorAll('a.hash-link')].map((a) => a.getAttribute('href')) })),
      );
      expect(headings.length).toBeGreaterThan(3);
      for (const heading of headings) expect(heading.links, heading.id).toEqual([`#${heading.id}`]);
      expect(await page.locator('h1 a.hash-link').count()).toBe(0);

      const heading = page.locator('h2#fill-in-the-page');
      const link = heading.locator('a.hash-link');
      const opacity = () => link.evaluate((el) => getComputedStyle(el).opacity);
      expect(await opacity()).toBe('0');
      await heading.hover();
      await expect.poll(opacity).toBe('1');
      await page.mouse.move(0, 0);
      await expect.poll(opacity).toBe('0');
      // Keyboard: Tab from the focusable element before the link reaches it, and shows it.
      await link.evaluate((a) => {
        const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, [tabindex="0"]')];
        focusable[focusable.indexOf(a as HTMLElement) - 1]!.focus();
      });
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#fill-in-the-page');
      await expect.poll(opacity).toBe('1');

      expect(await page.getByRole('link', { name: 'Direct link to Fill in the page' }).count()).toBe(1);
      expect(await page.getByRole('heading', { level: 2, name: 'Fill in the page Direct link to Fill in the page' }).count()).toBe(1);
      expect(await generatedBefore(context, page, 'hash-link')).toContain('#');
      expect(await heading.textContent()).toBe('Fill in the page');
      expect(await page.locator('.toc a[href="#fill-in-the-page"]').textContent()).toBe('Fill in the page');
      await heading.selectText();
      await page.keyboard.press('Control+C');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Fill in the page');

      await link.click();
      await page.waitForURL(/#fill-in-the-page$/);
      await expect.poll(() => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(150);
    });
  }, T);
});

describe('code line numbers', () => {
  it('a showLineNumbers block numbers its lines; neither a selection nor the copy button copies the numbers', async () => {
    await withContext({ permissions: ['clipboard-read', 'clipboard-write'] }, async (context, page) => {
      await page.goto(`${site.url}/docs/guides/guides-basics/create-a-new-page`);
      await hydrated(page);
      const block = page.locator('.code-block--numbered').first();
      const lineCount = await block.locator('.line').count();
      expect(lineCount).toBeGreaterThan(10);
      // Only the numbered block's lines get numbers, 1 to the last line.
      const numbers = await generatedBefore(context, page, 'line');
      expect(numbers).toEqual(Array.from({ length: lineCount }, (_, i) => String(i + 1)));
      const code = (await block.locator('pre').textContent())!;
      expect(code.startsWith('class BooksPage')).toBe(true);

      await block.locator('pre').selectText();
      await page.keyboard.press('Control+C');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await block.hover();
      await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    });
  }, T);
});

describe('table of contents', () => {
  it('highlights the section scrolled to', async () => {
    await withContext({}, async (_c, page) => {
      await page.goto(`${site.url}/docs/guides/installation`);
      await hydrated(page);
      const links = page.locator('.toc a');
      const count = await links.count();
      expect(count).toBeGreaterThanOrEqual(2);
      const lastId = (await links.nth(count - 1).getAttribute('href'))!.slice(1);
      const secondId = (await links.nth(1).getAttribute('href'))!.slice(1);
      const active = () => page.locator('.toc a.toc__link--active').getAttribute('href');
      await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), secondId);
      await expect.poll(active).toBe(`#${secondId}`);
      await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), lastId);
      await expect.poll(active).not.toBe(`#${secondId}`);
      expect(await page.locator('.toc a[aria-current="true"]').count()).toBeLessThanOrEqual(1);
    });
  }, T);
});

describe('layout stability', () => {
  it.each(['/', '/docs/guides/overview', '/blog/welcome'])('%s loads without layout shift and fits 320px', async (pathname) => {
    await withContext({ viewport: { width: 320, height: 700 } }, async (context, page) => {
      await context.addInitScript(`window.__cls = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });`);
      await page.goto(`${site.url}${pathname}`);
      await hydrated(page);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.05);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await page.setViewportSize(DESKTOP);
      await page.reload();
      await hydrated(page);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.05);
    });
  }, T);
});
