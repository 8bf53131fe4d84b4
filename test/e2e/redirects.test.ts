import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateProject } from '../../src/migrate/migrate.js';
import { tempDir } from '../helpers.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

/** The redirects of a migrated Docusaurus project, followed by a browser under the site's Content-Security-Policy. */
describe('redirects in the browser', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: BuiltSite;
  let context: BrowserContext;
  const errors: string[] = [];
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-redirects-e2e-');
    const result = await migrateProject({ projectDir: 'test/fixtures/docusaurus-routes', outDir: path.join(tmp.dir, 'site'), verify: false });
    site = await startSite(result.outDir);
    context = await site.browser.newContext();
  }, 180_000);
  afterAll(async () => {
    await context?.close().catch(() => {});
    await site?.close();
    await tmp?.cleanup();
  });

  const visit = async (address: string) => {
    const page = await context.newPage();
    page.on('console', (message) => message.type() === 'error' && !isFaviconMiss(message) && errors.push(message.text()));
    await page.goto(site.url + address);
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
    return page;
  };

  it('sends an old address to its page, keeping the #fragment', async () => {
    const page = await visit('/setup#install');
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/docs/guides/setup#install');
    expect(await page.locator('h1').first().textContent()).toBe('Setup');
    // The script ran: the policy of _headers allows it by its hash.
    expect(errors.filter((e) => e.includes('Content Security Policy'))).toEqual([]);
  });

  it('shows a route reached as /x.html under its own address', async () => {
    const page = await visit('/docs/podman.html');
    await page.waitForURL(/\/docs\/podman$/);
    expect(await page.locator('h1').first().textContent()).toBe('Podman');
  });
});
