/**
 * The Sipa site built with baseUrl '/sipa/' and served under /sipa/ by a static-host-like server
 * (unknown paths get 404.html with status 404, paths outside /sipa/ a plain 404): client-side
 * navigation, back, the not-found page and its recovery, and the base URL banner.
 */
import type http from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../../src/server/staticServer.js';
import { copySiteWithBaseUrl, silentLogger, tempDir } from '../helpers.js';
import { pollUntil, releaseBrowser, testBrowser } from '../../support/browser.js';

const BASE = '/sipa/';

/** Emulates a visitor who saves data: nothing is prefetched, so every navigation loads its route. */
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`;
const REPORT_REJECTIONS = `addEventListener('unhandledrejection', (event) => console.error('unhandledrejection: ' + ((event.reason && event.reason.message) || event.reason)));`;
/** Console errors other than the browser's note that a document came with status 404. */
const besides404 = (errors: string[]) => errors.filter((e) => !/^Failed to load resource: the server responded with a status of 404/.test(e));

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let browser: Browser;
/** The output served at /sipa/, as its host serves it. */
let underBase: { server: http.Server; origin: string };
/** The same output served at the server's root, as if published without the sub-path. */
let atRoot: { server: http.Server; origin: string };
const contexts: BrowserContext[] = [];

async function serve(baseUrl: string): Promise<{ server: http.Server; origin: string }> {
  const server = createStaticServer({ root: out, baseUrl });
  const { url } = await listenOnFreePort(server, { port: 0 });
  return { server, origin: new URL(url).origin };
}

beforeAll(async () => {
  tmp = await tempDir();
  out = path.join(tmp.dir, 'build');
  await buildOnce({ siteDir: await copySiteWithBaseUrl(tmp.dir, BASE), outDir: out, logger: silentLogger() });
  underBase = await serve(BASE);
  atRoot = await serve('/');
  browser = await testBrowser();
}, 180_000);

afterAll(async () => {
  await releaseBrowser(browser);
  for (const served of [underBase, atRoot]) if (served) await closeServer(served.server).catch(() => {});
  await tmp?.cleanup();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

interface Opened {
  page: Page;
  /** Paths of every request the page made on the server (other hosts are refused and listed as URLs). */
  requests: string[];
  errors: string[];
}

async function open(origin: string, target: string, init: string[] = [SAVE_DATA, REPORT_REJECTIONS]): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) {
      requests.push(url.href);
      return route.abort();
    }
    requests.push(url.pathname);
    return route.continue();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(origin + target);
  return { page, requests, errors };
}

async function hydrated(page: Page): Promise<void> {
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
}

/** Clicks the first link to `href` inside `scope` through the DOM, as a visitor's plain click. */
async function click(page: Page, scope: string, href: string): Promise<void> {
  await page.evaluate(
    ([s, h]) => {
      const link = document.querySelector<HTMLAnchorElement>(`${s} a[href="${h}"]`);
      if (!link) throw new Error(`no link to ${h} in ${s}`);
      link.click();
    },
    [scope, href] as const,
  );
}

/** Set on the window; a full page load loses it. */
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
const heading = (page: Page) => page.locator('h1').first().innerText();

const outsideBase = (requests: string[]) => requests.filter((request) => !request.startsWith(BASE));

describe(`a site built with baseUrl '${BASE}', served under it`, () => {
  it('navigates client-side through the navbar, a content link and the sidebar, and back, loading every route under the base URL', async () => {
    const { page, requests, errors } = await open(underBase.origin, '/sipa/docs/guides/overview');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await setMarker(page);
    const steps: Array<[scope: string, href: string, title: RegExp]> = [
      ['nav.navbar', '/sipa/docs/api/Sipa', /^Sipa$/],
      ['article.markdown', '/sipa/docs/guides/guides-basics/create-a-new-project', /Create a new project/i],
      ['nav.sidebar', '/sipa/docs/guides/guides-basics/create-a-new-page', /Create a new page/i],
    ];
    for (const [scope, href, title] of steps) {
      const payload = `/sipa/_sipa/routes${href.slice(BASE.length - 1)}.json`;
      // Not prefetched: the click itself loads the route.
      expect(requests).not.toContain(payload);
      await click(page, scope, href);
      await page.waitForURL(underBase.origin + href);
      await pollUntil(page, (t) => new RegExp(t).test(document.querySelector('h1')?.textContent ?? ''), title.source);
      expect(requests).toContain(payload);
      expect(await marker(page)).toBe(42);
    }
    await page.goBack();
    await page.waitForURL(`${underBase.origin}/sipa/docs/guides/guides-basics/create-a-new-project`);
    await pollUntil(page, () => /Create a new project/i.test(document.querySelector('h1')?.textContent ?? ''));
    await click(page, 'nav.navbar', '/sipa/blog');
    await page.waitForURL(`${underBase.origin}/sipa/blog`);
    await pollUntil(page, () => document.querySelector('h1')?.textContent === 'Blog');
    expect(await marker(page)).toBe(42);
    // The pages loaded their chunks too, all from under the base URL.
    expect(requests.filter((r) => r.startsWith('/sipa/_sipa/r/')).length).toBeGreaterThanOrEqual(4);
    expect(outsideBase(requests)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('prefetches a route under the base URL when a link is hovered', async () => {
    const { page, requests, errors } = await open(underBase.origin, '/sipa/docs/guides/overview', [REPORT_REJECTIONS]);
    await hydrated(page);
    await page.locator('nav.navbar a[href="/sipa/blog"]').hover();
    await pollUntil(page, () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/sipa/_sipa/routes/blog.json')));
    expect(outsideBase(requests)).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows the not-found page for a path that is no route, keeping its URL', async () => {
    const { page, requests, errors } = await open(underBase.origin, '/sipa/nope');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await heading(page)).toBe('Page not found');
    expect(page.url()).toBe(`${underBase.origin}/sipa/nope`);
    // Its links lead back into the site.
    expect(await page.locator('.not-found a').first().getAttribute('href')).toBe('/sipa/');
    expect(outsideBase(requests)).toEqual([]);
    expect(besides404(errors)).toEqual([]);
  }, 60_000);

  it('recovers /sipa/blog/index.html, which the host answers with its 404 page, to the blog', async () => {
    const { page, requests, errors } = await open(underBase.origin, '/sipa/blog/index.html');
    await page.waitForURL(`${underBase.origin}/sipa/blog`);
    await pollUntil(page, () => document.querySelector('h1')?.textContent === 'Blog');
    expect(await page.locator('.post-card').count()).toBe(3);
    expect(outsideBase(requests)).toEqual([]);
    expect(besides404(errors)).toEqual([]);
  }, 60_000);

  it('shows no base URL banner on its home page, even without the bundle', async () => {
    const { page, requests, errors } = await open(underBase.origin, BASE);
    await hydrated(page);
    expect(await heading(page)).toBe('SIPA');
    expect(await page.locator('#sipa-base-url-issue').count()).toBe(0);
    expect(outsideBase(requests)).toEqual([]);
    expect(errors).toEqual([]);

    const noBundle = await open(underBase.origin, BASE, []);
    await noBundle.page.route(/\.js(\?|$)/, (route) => route.abort());
    await noBundle.page.reload();
    await noBundle.page.waitForLoadState('load');
    expect(await noBundle.page.locator('#sipa-base-url-issue').count()).toBe(0);
  }, 60_000);
});

describe(`the same site served at a path that is not its base URL`, () => {
  it("shows the 'did not load properly' banner with the configured base URL and the path it is at", async () => {
    const { page } = await open(atRoot.origin, '/', []);
    const banner = page.locator('#sipa-base-url-issue');
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('did not load properly');
    expect(text).toContain('base URL is /sipa/');
    expect(text).toMatch(/baseUrl\s+to\s+\/\s+in the site config/);
    // The server-rendered page stays readable.
    expect(await heading(page)).toBe('SIPA');
  }, 60_000);
});
