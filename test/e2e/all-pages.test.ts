import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_ROUTES } from '../specRoutes.js';
import { startSite, type BuiltSite } from './site.js';

describe('every page in Chromium', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await startSite();
  }, 180_000);
  afterAll(() => site?.close());

  it('loads and hydrates every spec route and the 404 page without a console error', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    let current = '';
    page.on('console', (message) => {
      // The 404 page is served with status 404 on purpose; Chromium logs that as an error.
      if (message.type() === 'error' && !(current === '/no-such-page' && message.text().includes('404'))) {
        problems.push(`${current}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`${current}: ${error.message}`));
    for (const route of [...SPEC_ROUTES, '/no-such-page']) {
      current = route;
      await page.goto(site.url + route, { waitUntil: 'load' });
      // The client marks the end of hydration; hydration problems surface as console errors.
      await page.waitForFunction(() => (window as unknown as { __SIPA_HYDRATED__?: boolean }).__SIPA_HYDRATED__ === true);
      await page.waitForLoadState('networkidle');
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 180_000);
});
