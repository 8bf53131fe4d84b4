// A site whose categories start collapsed: pages ship only the part of the sidebar they show,
// and opening a closed category loads the full tree, in headless Chromium.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

let site: BuiltSite;
let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  tmp = await tempDir();
  const dir = await copyFixture('basic', tmp.dir);
  const config = path.join(dir, 'sipadocs.config.ts');
  await writeFile(config, (await readFile(config, 'utf8')).replace('docs: {', 'docs: { sidebarCollapsed: true,'));
  site = await startSite(dir);
}, 120_000);

afterAll(async () => {
  await site?.close();
  await tmp?.cleanup();
});

const T = 60_000;

describe('a sidebar with collapsed categories', () => {
  it('leaves the closed category out of the page and loads it when opened', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The fixture has no favicon, so the browser's own /favicon.ico request is expected to fail.
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(`${message.text()} ${message.location().url}`);
      });
      const treeRequests: string[] = [];
      page.on('request', (request) => request.url().includes('/_sipa/sidebars/') && treeRequests.push(request.url()));

      const response = await page.goto(`${site.url}/docs/reference`);
      const html = await response!.text();
      const sidebarHtml = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];
      expect(sidebarHtml).toContain('Getting started');
      expect(sidebarHtml).not.toContain('/docs/intro/first');
      // The whole page hydrated (hydration is time-sliced).
      await pollUntil(page, () => (window as unknown as { __SIPA_HYDRATED__?: boolean }).__SIPA_HYDRATED__ === true);

      const sidebar = page.locator('.doc-layout__sidebar');
      const toggle = sidebar.getByLabel('Expand the category Getting started');
      await toggle.click();
      await sidebar.getByRole('link', { name: 'First page' }).waitFor({ timeout: 10_000 });
      expect(treeRequests).toHaveLength(1);

      // Client-side navigation into the category keeps it open, with the page highlighted.
      await sidebar.getByRole('link', { name: 'First page' }).click();
      await page.waitForURL(`${site.url}/docs/intro/first`);
      // The address changes as the navigation starts; the page it shows renders just after.
      await pollUntil(page, () => document.querySelector('.doc-layout__sidebar [aria-current="page"]')?.textContent === 'First page');
      expect(treeRequests).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, T);

  it('opens the category of the current page on a first visit; its data names the sidebar, whose tree is loaded once', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const treeRequests: string[] = [];
      page.on('request', (request) => request.url().includes('/_sipa/sidebars/') && treeRequests.push(request.url()));
      await page.goto(`${site.url}/docs/intro/second`);
      await page.waitForLoadState('networkidle');
      const sidebar = page.locator('.doc-layout__sidebar');
      expect(await sidebar.getByRole('link', { name: 'First page' }).isVisible()).toBe(true);
      expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('Second page');
      // The page holds its sidebar once, in its HTML; the runtime makes the same view from the
      // tree, preloaded while it loads and fetched once.
      const data = JSON.parse((await page.locator('#__SIPA_ROUTE__').textContent())!) as { sidebar: { url: string; shape: object; items?: unknown } };
      expect(data.sidebar.items).toBeUndefined();
      expect(treeRequests).toEqual([`${site.url}${data.sidebar.url}`]);
    } finally {
      await context.close();
    }
  }, T);
});
