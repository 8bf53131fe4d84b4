// The constructs fixture in Chromium, served with its own headers (its Content-Security-Policy
// among them): details open and close from the keyboard, a diagram is drawn and follows the colour
// mode, and KaTeX's style sheet is loaded by pages with math only, on a first visit and on a
// client-side navigation.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

let site: BuiltSite;

beforeAll(async () => {
  site = await startSite('test/fixtures/constructs');
}, 180_000);

afterAll(async () => {
  await site?.close();
});

const T = 60_000;

/** A page whose runtime has hydrated it, with what it requested and what the console reported. */
async function open(route: string, colorScheme: 'light' | 'dark' = 'light') {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request: Request) => requests.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    // Failed requests are named by the response handler below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('response', (response) => {
    // The fixture has no favicon; anything else missing is an error.
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${site.url}${route}`);
  await hydrated(page);
  return { page, requests, errors, close: () => context.close() };
}

const hydrated = (page: Page) => pollUntil(page, () => document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently'));
const katexSheets = (page: Page) => page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href?.includes('/_sipa/katex/')).length);

describe('details', () => {
  it.each([
    ['MDX', '/docs/details', 'Toggle me!'],
    ['markdown\'s HTML', '/docs/details-html', 'Summary in HTML'],
  ])('in %s open and close from the keyboard, and only show their content when open', async (_what, route, summary) => {
    const { page, errors, close } = await open(route);
    try {
      const details = page.locator('details.details').first();
      const body = details.locator(':scope > .details__body > p').first();
      expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
      expect(await body.isVisible()).toBe(false);
      // Tab to the summary: it is focusable as the browser's own disclosure widget.
      await page.keyboard.press('Tab');
      for (let i = 0; i < 40 && !(await page.evaluate((text) => document.activeElement?.textContent === text, summary)); i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      await page.keyboard.press('Enter');
      await pollUntil(page, () => (document.querySelector('details.details') as HTMLDetailsElement).open);
      await expect.poll(() => body.isVisible()).toBe(true);
      // Space closes it again.
      await page.keyboard.press(' ');
      await pollUntil(page, () => !(document.querySelector('details.details') as HTMLDetailsElement).open);
      await expect.poll(() => body.isVisible()).toBe(false);
      // The summary is one line: the disclosure marker and its text on it, no paragraph.
      expect(await details.locator(':scope > summary > p').count()).toBe(0);
      // A details box written open is open.
      expect(await page.locator('details.details[open]').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, T);
});

describe('diagrams', () => {
  /** The colours the drawn diagram's nodes are filled with, and the mode it was drawn for. */
  const drawn = (page: Page) =>
    page.evaluate(() => {
      const diagram = document.querySelector('.mermaid');
      const node = diagram?.querySelector('svg .node rect, svg .node polygon, svg .node circle');
      return { mode: (diagram as HTMLElement | null)?.dataset.drawn ?? null, fill: node ? getComputedStyle(node).fill : null };
    });

  it('draws a diagram in the colour mode, draws it again when the mode changes, and loads the runtime only where there is one', async () => {
    const { page, requests, errors, close } = await open('/docs/diagrams', 'light');
    try {
      await pollUntil(page, () => (document.querySelector('.mermaid') as HTMLElement).dataset.drawn === 'light', undefined, { timeout: 30_000 });
      const light = await drawn(page);
      expect(light.mode).toBe('light');
      expect(light.fill).not.toBeNull();
      expect(await page.locator('.mermaid svg').getAttribute('aria-roledescription')).toBe('flowchart-v2');
      expect(requests.some((request) => /\/_sipa\/mermaid\/[0-9a-f]+\/mermaid\.js$/.test(request))).toBe(true);
      await page.locator('.color-mode-toggle').first().click();
      await pollUntil(page, () => (document.querySelector('.mermaid') as HTMLElement).dataset.drawn === 'dark', undefined, { timeout: 30_000 });
      const dark = await drawn(page);
      expect(dark.fill).not.toBe(light.fill);
      expect(await page.locator('.mermaid svg').count()).toBe(1);
      // Its source is not shown as text once drawn.
      expect(await page.locator('.mermaid-diagram__source').isVisible()).toBe(false);
      // Switching back draws it in the light mode's colours again.
      await page.locator('.color-mode-toggle').first().click();
      await pollUntil(page, () => (document.querySelector('.mermaid') as HTMLElement).dataset.drawn === 'light', undefined, { timeout: 30_000 });
      expect((await drawn(page)).fill).toBe(light.fill);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, T);

  it('draws a <Mermaid> written in MDX', async () => {
    const { page, errors, close } = await open('/docs/diagrams-mdx', 'dark');
    try {
      await pollUntil(page, () => document.querySelector('.mermaid svg') !== null, undefined, { timeout: 30_000 });
      expect(await page.locator('.mermaid').first().getAttribute('data-drawn')).toBe(await page.evaluate(() => document.documentElement.getAttribute('data-theme')));
      expect(await page.locator('.mermaid svg').getAttribute('aria-roledescription')).toBe('sequence');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, T);

  it('shows the source of a diagram Mermaid cannot read, with Mermaid\'s message', async () => {
    const { page, close } = await open('/docs/diagrams-mdx');
    try {
      const source = page.locator('.mermaid .mermaid-diagram__source');
      await source.waitFor({ timeout: 30_000 });
      expect(await source.textContent()).toMatch(/^graph TD;\n\s+A-->;$/);
      expect(await source.getAttribute('title')).toMatch(/^Not drawn: /);
      // The diagram before it on the page is drawn (a diagram that cannot be read can be given up
      // before another is drawn: its source may show first).
      await page.locator('.mermaid svg').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.mermaid svg').count()).toBe(1);
    } finally {
      await close();
    }
  }, T);

  it('a page without a diagram loads none of the runtime', async () => {
    const { page, requests, close } = await open('/docs/plain');
    try {
      await page.waitForLoadState('networkidle');
      expect(requests.filter((request) => request.includes('/mermaid'))).toEqual([]);
    } finally {
      await close();
    }
  }, T);
});

describe('table of contents', () => {
  it('indents each heading level under the one above it, down to h6', async () => {
    const { page, close } = await open('/docs/toc');
    try {
      const offsets = await page.evaluate(() =>
        [...document.querySelectorAll('.toc .toc__link')].map((link) => [link.textContent, Math.round(link.getBoundingClientRect().left)] as const),
      );
      // The page's first six headings go down from h2 to h6 and back to h2.
      expect(offsets.slice(0, 6).map(([text]) => text)).toEqual(['Level two', 'Level three', 'Level four', 'Level five', 'Level six', 'Another level two']);
      const lefts = offsets.map(([, left]) => left);
      for (let i = 1; i < 5; i++) expect(lefts[i]!).toBeGreaterThan(lefts[i - 1]!);
      expect(lefts[5]).toBe(lefts[0]);
    } finally {
      await close();
    }
  }, T);
});

describe('math', () => {
  it('a page with math loads KaTeX\'s style sheet and its fonts; a page without math does not', async () => {
    const withMath = await open('/docs/math');
    try {
      expect(await katexSheets(withMath.page)).toBe(1);
      await withMath.page.waitForLoadState('networkidle');
      expect(withMath.requests.some((request) => /\/_sipa\/katex\/KaTeX_[\w-]+\.woff2$/.test(request))).toBe(true);
      // The fonts apply: KaTeX's main font draws the math.
      const font = await withMath.page.evaluate(() => getComputedStyle(document.querySelector('.katex')!).fontFamily);
      expect(font).toMatch(/KaTeX_Main/);
      expect(withMath.errors).toEqual([]);
    } finally {
      await withMath.close();
    }
    const plain = await open('/docs/plain');
    try {
      await plain.page.waitForLoadState('networkidle');
      expect(await katexSheets(plain.page)).toBe(0);
      expect(plain.requests.filter((request) => request.includes('katex'))).toEqual([]);
    } finally {
      await plain.close();
    }
  }, T);

  it('a client-side navigation to a page with math attaches the style sheet before showing it', async () => {
    const { page, requests, close } = await open('/docs/plain');
    try {
      expect(await katexSheets(page)).toBe(0);
      const before = requests.length;
      // The sidebar's link to the page.
      await page.locator('a[href="/docs/math"]').first().click();
      await pollUntil(page, () => location.pathname === '/docs/math' && document.querySelector('.katex') !== null);
      // A navigation of the runtime, not a page load.
      expect(requests.slice(before).some((request) => request === '/docs/math' || request === '/docs/math.html')).toBe(false);
      expect(await katexSheets(page)).toBe(1);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.katex')!).fontFamily)).toMatch(/KaTeX_Main/);
    } finally {
      await close();
    }
  }, T);
});
