import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { injectAxe } from './axe.js';
import { pollUntil } from '../../support/browser.js';

let site: BuiltSite;

beforeAll(async () => {
  site = await startSite();
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const PAGES = ['/', '/docs/guides/overview', '/blog/welcome', '/this-page-does-not-exist', '/docs/guides/guides-basics/create-a-new-page'];

interface Violation { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

async function axe(page: Page): Promise<Violation[]> {
  await injectAxe(page);
  const result = await page.evaluate(async () => {
    const axeGlobal = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return axeGlobal.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe.each(['dark', 'light'] as const)('axe-core in %s mode', (mode) => {
  it.each(PAGES)('%s has no serious or critical violations', async (pathname) => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: mode });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}${pathname}`);
      await pollUntil(page, () => document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently'));
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(mode);
      const violations = await axe(page);
      const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `  ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`);
      expect(summary).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe.each(['dark', 'light'] as const)('axe-core on a phone in %s mode', (mode) => {
  it('a doc page with the mobile menu open has no serious or critical violations', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: mode });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/docs/guides/installation`);
      await pollUntil(page, () => document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently'));
      expect(await axe(page)).toEqual([]);
      await page.getByRole('button', { name: 'Open the navigation menu' }).click();
      await page.getByRole('dialog', { name: 'Navigation menu' }).waitFor();
      const violations = await axe(page);
      expect(violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('focus', () => {
  it('every focusable element in the chrome shows a visible focus indicator', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/docs/guides/installation`);
      await pollUntil(page, () => document.querySelector('.color-mode-toggle')?.getAttribute('aria-label')?.includes('currently'));
      const missing: string[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const info = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
          return { visible, label: `${el.tagName.toLowerCase()}.${el.className} ${el.textContent?.trim().slice(0, 30)}` };
        });
        if (info && !info.visible) missing.push(info.label);
      }
      expect(missing).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
