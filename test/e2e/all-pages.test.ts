import { readdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_ROUTES } from '../specRoutes.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

/** Collects every Content-Security-Policy violation of the page's documents, from before their first script. */
const WATCH_VIOLATIONS = () => {
  const list: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
  document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})`));
};

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? ['(not watched)']);

/** Every page of the build: `x.html` is the route `/x`, `index.html` the home page. */
async function builtRoutes(outDir: string): Promise<string[]> {
  const files = (await readdir(outDir, { recursive: true })).map((file) => file.split('\\').join('/')).filter((file) => file.endsWith('.html'));
  return files.filter((file) => file !== '404.html').map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '').replace(/\/index$/, '')}`));
}

describe('every page in Chromium', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await startSite();
  }, 180_000);
  afterAll(() => site?.close());

  it('loads and hydrates every page of the site and the 404 page under its Content-Security-Policy, without a console error or a violation', async () => {
    const built = await builtRoutes(site.outDir);
    expect(built.length).toBeGreaterThanOrEqual(SPEC_ROUTES.length);
    const routes = [...new Set([...SPEC_ROUTES, ...built])];
    const context = await site.browser.newContext();
    await context.addInitScript(WATCH_VIOLATIONS);
    const page = await context.newPage();
    const problems: string[] = [];
    let current = '';
    page.on('console', (message) => {
      // The 404 page is served with status 404 on purpose; Chromium logs that as an error.
      if (message.type() === 'error' && !(current === '/no-such-page' && message.text().includes('404'))) {
        problems.push(`${current}: ${message.text()}`);
      }
      if (/content security policy/i.test(message.text())) problems.push(`${current}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${current}: ${error.message}`));
    for (const route of [...routes, '/no-such-page']) {
      current = route;
      const response = await page.goto(site.url + route, { waitUntil: 'load' });
      // The page came with the policy of the build: scripts from the site and hashed inline ones only.
      expect(response!.headers()['content-security-policy'], route).toMatch(/script-src 'self' ('wasm-unsafe-eval' )?'sha256-[^;]*;/);
      // No 'unsafe-inline' or 'unsafe-eval' for scripts ('wasm-unsafe-eval' lets search compile WebAssembly, nothing else).
      expect(response!.headers()['content-security-policy'], route).not.toMatch(/script-src[^;]*'unsafe-/);
      // The client marks the end of hydration; hydration problems surface as console errors.
      await pollUntil(page, () => (window as unknown as { __SIPA_HYDRATED__?: boolean }).__SIPA_HYDRATED__ === true);
      await page.waitForLoadState('networkidle');
      problems.push(...(await violations(page)).map((v) => `${route}: ${v}`));
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 300_000);

  it('navigates in the client under the policy: route chunks and route data load', async () => {
    const context = await site.browser.newContext();
    await context.addInitScript(WATCH_VIOLATIONS);
    const page = await context.newPage();
    await page.goto(`${site.url}/`, { waitUntil: 'load' });
    await pollUntil(page, () => (window as unknown as { __SIPA_HYDRATED__?: boolean }).__SIPA_HYDRATED__ === true);
    const load = () => (window as unknown as { __navigations?: number }).__navigations;
    await page.evaluate(() => ((window as unknown as { __navigations: number }).__navigations = 1));
    // The navbar's links, then a sidebar link of the API reference.
    for (const [route, link] of [
      ['/blog', 'nav a[href="/blog"]'],
      ['/docs/guides/overview', 'nav a[href="/docs/guides/overview"]'],
      ['/docs/api/Sipa', 'nav a[href="/docs/api/Sipa"]'],
      ['/docs/api/SipaUrl', 'aside a[href="/docs/api/SipaUrl"]'],
    ]) {
      await page.locator(link!).first().click();
      await page.waitForURL(`${site.url}${route}`);
      await page.waitForLoadState('networkidle');
    }
    // Still the first document: every step was a client-side navigation.
    expect(await page.evaluate(load)).toBe(1);
    expect(await page.locator('h1').first().textContent()).toContain('SipaUrl');
    expect(await violations(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
