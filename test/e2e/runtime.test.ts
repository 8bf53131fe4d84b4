/**
 * Browser behaviour of the client runtime (issue 5): client-side navigation, scroll handling,
 * prefetching, the progress bar and the error screens. Builds the e2e fixture site once and drives Chromium.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_CHUNKS_PER_PAGE } from '../../src/client/prefetcher.js';
import { routePayloadUrl } from '../../src/shared/paths.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { isFaviconMiss, pollUntil } from '../../support/browser.js';

let site: BuiltSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
}, 120_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

const FROM = '/docs/guides/overview';
const TO = '/docs/guides/installation';
const payloadOf = (path: string) => `/_sipa/routes${path}.json`;

/** Emulates a visitor who saves data: the runtime then prefetches nothing. */
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`;
const TWO_G = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: false, effectiveType: '2g' }) });`;
/** A connection on which links are prefetched but content chunks are not loaded in idle time. */
const THREE_G = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: false, effectiveType: '3g' }) });`;
const FOUR_G = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: false, effectiveType: '4g' }) });`;
const NO_INTERSECTION_OBSERVER = `delete window.IntersectionObserver;`;
/** Reports unhandled promise rejections as console errors, in every document the page loads. */
const REPORT_REJECTIONS = `addEventListener('unhandledrejection', (event) => console.error('unhandledrejection: ' + ((event.reason && event.reason.message) || event.reason)));`;
/** Console errors other than the browser's note that the document came with status 404. */
const besides404 = (errors: string[]) => errors.filter((e) => !/^Failed to load resource: the server responded with a status of 404/.test(e));
/** Uncaught errors and unhandled rejections among the console errors of a page. */
const uncaught = (errors: string[]) => errors.filter((e) => /^(pageerror|unhandledrejection):/.test(e));
/** Records whether the progress bar was ever added to the page. */
const WATCH_PROGRESS = `window.__progressSeen = false; new MutationObserver(() => { if (document.getElementById('sipa-progress')) window.__progressSeen = true; }).observe(document, { childList: true, subtree: true });`;

interface Opened {
  page: Page;
  requests: string[];
  errors: string[];
  warnings: string[];
}

async function open(path: string, init: string[] = []): Promise<Opened> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(site.url).origin) requests.push(url.pathname);
  });
  page.on('console', (message) => {
    if (isFaviconMiss(message)) return;
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.goto(site.url + path);
  await pollUntil(page, () => window.__SIPA_LOADED__ === true);
  await page.waitForLoadState('networkidle');
  await hydrated(page);
  return { page, requests, errors, warnings };
}

/** Hydration done: the whole page, not just its first elements (hydration is time-sliced). */
async function hydrated(page: Page): Promise<void> {
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
}

async function setMarker(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
}
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

/** Clicks the first link to `href` through the DOM (works for links outside the viewport too). */
async function clickLink(page: Page, href: string): Promise<void> {
  await page.evaluate((h) => {
    const a = document.querySelector<HTMLAnchorElement>(`#__sipa a[href="${h}"]`);
    if (!a) throw new Error(`no link to ${h}`);
    a.click();
  }, href);
}

const mainText = (page: Page) => page.locator('#__sipa').innerText();

/** The lazily loaded route matcher's chunk. */
const MATCHER_CHUNK = /\/_sipa\/c\/matcher-[A-Z0-9]+\.js$/;

/**
 * A slow network from now on: every script and fetch request of the page (dynamic imports, route
 * payloads, chunks; in later documents too) is held for `ms`, then let through, or aborted when
 * `fail` is set. Documents are not held, so a full page load still gets its HTML.
 */
async function slowNetwork(page: Page, { ms = 2500, fail = false } = {}): Promise<{ held: string[]; settled: string[] }> {
  const held: string[] = [];
  const settled: string[] = [];
  await page.route('**/*', async (route) => {
    const type = route.request().resourceType();
    if (type !== 'script' && type !== 'fetch') return route.continue();
    const path = new URL(route.request().url()).pathname;
    held.push(path);
    await new Promise((resolve) => setTimeout(resolve, ms));
    settled.push(path);
    // The page may have moved on (a full page load) in the meantime.
    await (fail ? route.abort() : route.continue()).catch(() => {});
  });
  return { held, settled };
}

describe('first visit', () => {
  it('paints the server HTML before it requests any script, then hydrates', async () => {
    const { page } = await open(FROM);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? null;
      const scripts = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js'));
      return { paint, firstScript: Math.min(...scripts.map((e) => e.startTime)), scripts: scripts.length };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.scripts).toBeGreaterThanOrEqual(2); // the entry and the route chunk
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint!);
    // The HTML names no script for the parser to fetch early.
    const html = await (await fetch(site.url + FROM)).text();
    expect(html).not.toMatch(/<script[^>]*\bsrc=|rel="modulepreload"/);
  }, 60_000);
});

describe('client-side navigation', () => {
  it('navigates without a full page load, fetching only the target payload and chunk', async () => {
    const { page, requests, errors } = await open(FROM, [SAVE_DATA]);
    await setMarker(page);
    const payload = await (await fetch(site.url + payloadOf(TO))).json();
    requests.length = 0;
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO);
    await pollUntil(page, (t) => document.querySelector('h1')?.textContent?.includes(t), payload.data.title as string);
    await page.waitForLoadState('networkidle');
    expect(await marker(page)).toBe(42);
    expect(await page.title()).toContain(payload.meta.title);
    const json = requests.filter((r) => r.endsWith('.json'));
    const js = requests.filter((r) => r.endsWith('.js'));
    expect(json).toEqual([payloadOf(TO)]);
    expect(js).toContain(payload.chunk);
    // No other route's chunk, no entry re-download: only the target chunk (and shared chunks it imports).
    for (const file of js) expect(file === payload.chunk || file.startsWith('/_sipa/c/')).toBe(true);
    expect(requests.filter((r) => r.endsWith('.html') || r === TO)).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('remembers where a page was scrolled even when back comes before the scroll event', async () => {
    const { page } = await open(FROM, [SAVE_DATA]);
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO);
    await pollUntil(page, () => window.scrollY === 0);
    // Scroll and go back in one task: the popstate may be handled before the scroll event fires.
    const y = await page.evaluate(() => {
      window.scrollTo(0, 400);
      const at = window.scrollY;
      history.back();
      return at;
    });
    await page.waitForURL(site.url + FROM);
    await pollUntil(page, () => window.scrollY === 0);
    await page.goForward();
    await page.waitForURL(site.url + TO);
    await pollUntil(page, (want) => Math.abs(window.scrollY - want) < 2, y, { timeout: 5000 });
  }, 60_000);

  it('back and forward work and restore the scroll position', async () => {
    const { page } = await open(FROM, [SAVE_DATA]);
    await setMarker(page);
    await page.evaluate(() => window.scrollTo(0, 700));
    await pollUntil(page, () => window.scrollY > 600);
    const y = await page.evaluate(() => window.scrollY);
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO);
    await pollUntil(page, () => window.scrollY === 0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await pollUntil(page, () => window.scrollY > 250);
    const y2 = await page.evaluate(() => window.scrollY);

    await page.goBack();
    await page.waitForURL(site.url + FROM);
    await pollUntil(page, (want) => Math.abs(window.scrollY - want) < 2, y);
    expect(await page.locator('h1').first().innerText()).toMatch(/Overview/);

    await page.goForward();
    await page.waitForURL(site.url + TO);
    await pollUntil(page, (want) => Math.abs(window.scrollY - want) < 2, y2);
    expect(await marker(page)).toBe(42);
  }, 60_000);

  it('scrolls to the hash target after navigating, and to the top without a hash', async () => {
    const { page } = await open(FROM, [SAVE_DATA]);
    await setMarker(page);
    await page.evaluate(() => window.scrollTo(0, 500));
    await clickLink(page, '/docs/api/Sipa#getVersion');
    await page.waitForURL(`${site.url}/docs/api/Sipa#getVersion`);
    await pollUntil(page, () => {
      const el = document.getElementById('getVersion');
      if (!el || window.scrollY === 0) return false;
      const top = el.getBoundingClientRect().top;
      return top >= -2 && top < 200;
    });
    await clickLink(page, '/docs/api/SipaEnv');
    await page.waitForURL(`${site.url}/docs/api/SipaEnv`);
    await pollUntil(page, () => window.scrollY === 0);
    expect(await marker(page)).toBe(42);
  }, 60_000);

  it('back to a #hash entry of another page without a remembered position scrolls to the target', async () => {
    const { page, errors } = await open(FROM, [SAVE_DATA]);
    await setMarker(page);
    // Entries added by other code (or before a reload lost the remembered positions) carry no position.
    await page.evaluate((from) => {
      history.pushState(null, '', '/docs/api/Sipa#getVersion');
      history.pushState(null, '', from);
    }, FROM);
    await page.goBack();
    await page.waitForURL(`${site.url}/docs/api/Sipa#getVersion`);
    await pollUntil(page, () => {
      const el = document.getElementById('getVersion');
      if (!el || window.scrollY === 0) return false;
      const top = el.getBoundingClientRect().top;
      return top >= -2 && top < 200;
    });
    expect(await marker(page)).toBe(42);
    expect(errors).toEqual([]);
  }, 60_000);

  it('stores the preferred docs version per docs plugin when a doc is visited', async () => {
    const { page } = await open('/blog');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
    await clickLink(page, await page.evaluate(() => document.querySelector<HTMLAnchorElement>('#__sipa a[href^="/docs/"]')!.getAttribute('href')!));
    await page.waitForURL(/\/docs\//);
    await pollUntil(page, () => localStorage.getItem('docs-preferred-version-default') === 'current');
  }, 60_000);
});

/** Resolves once `condition` holds (checked every 100 ms); fails after 20 s. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 100) {
    if (waited > 20_000) throw new Error('condition not met in 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
/** Route payloads and chunks requested more than once (other files, such as the favicon, may be). */
const repeated = (requests: string[]) => {
  const counts = requests.filter((r) => r.startsWith('/_sipa/')).reduce((m, r) => m.set(r, (m.get(r) ?? 0) + 1), new Map<string, number>());
  return [...counts].filter(([, n]) => n > 1);
};
/** Content chunks requested besides the page's own (which hydration needs). */
const otherChunks = (requests: string[], own: string) => requests.filter((r) => r.startsWith('/_sipa/r/') && r !== own);
const payloadJson = async (path: string) => (await (await fetch(site.url + routePayloadUrl(path, '/'))).json()) as { chunk: string; data: { title: string } };

describe('prefetching', () => {
  it('prefetches a link’s route once on hover', async () => {
    const { page, requests } = await open(FROM, [NO_INTERSECTION_OBSERVER]);
    // The sidebar's tree, which the page's view is made from, is the one JSON file loaded.
    expect(requests.filter((r) => r.endsWith('.json') && !r.startsWith('/_sipa/sidebars/'))).toEqual([]);
    const payload = await (await fetch(site.url + payloadOf(TO))).json();
    const link = page.locator(`#__sipa a[href="${TO}"]`).first();
    await link.hover();
    await pollUntil(page, (c) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(c)), payload.chunk as string);
    await page.mouse.move(0, 0);
    await link.hover();
    await page.waitForTimeout(300);
    expect(requests.filter((r) => r === payloadOf(TO))).toHaveLength(1);
    expect(requests.filter((r) => r === payload.chunk)).toHaveLength(1);
  }, 60_000);

  it('prefetches links that become visible', async () => {
    const { requests } = await open(FROM);
    // The sidebar link to the installation guide is visible on load; its payload is fetched once the
    // page is idle, which a loaded machine may reach after the network was first quiet.
    await until(() => requests.includes(payloadOf(TO)));
    expect(requests).toContain(payloadOf(TO));
  }, 60_000);

  it('loads only the payloads of links in view, not their content chunks', async () => {
    const own = (await payloadJson(FROM)).chunk;
    const { page, requests } = await open(FROM, [THREE_G]);
    await until(() => requests.includes(payloadOf(TO)));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const payloads = requests.filter((r) => r.startsWith('/_sipa/routes/'));
    // The sidebar and the navbar show many links.
    expect(payloads.length).toBeGreaterThan(5);
    expect(otherChunks(requests, own)).toEqual([]);
    expect(repeated(requests)).toEqual([]);
  }, 60_000);

  it(`on a fast connection, idle time loads the content chunks of at most ${IDLE_CHUNKS_PER_PAGE} links in view, once each, and as many on the next page`, async () => {
    const own = (await payloadJson(FROM)).chunk;
    const { page, requests } = await open(FROM, [FOUR_G]);
    await until(() => otherChunks(requests, own).length >= IDLE_CHUNKS_PER_PAGE);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const idleChunks = otherChunks(requests, own);
    expect(idleChunks).toHaveLength(IDLE_CHUNKS_PER_PAGE);
    // They are the chunks of the first links in view, in the page's order, to other routes.
    const firstInView = await page.evaluate((here) => {
      const paths = [...document.querySelectorAll<HTMLAnchorElement>('#__sipa a[href^="/"]:not([target])')]
        .filter((a) => {
          const box = a.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        })
        .map((a) => new URL(a.href).pathname)
        .filter((path) => path !== here && !/\.[a-z0-9]+$/i.test(path));
      return [...new Set(paths)];
    }, FROM);
    const expected = await Promise.all(firstInView.slice(0, IDLE_CHUNKS_PER_PAGE).map(async (path) => (await payloadJson(path)).chunk));
    expect(idleChunks).toEqual(expected);
    expect(repeated(requests)).toEqual([]);

    // The page navigated to gets its own idle chunks, besides its own.
    const API = '/docs/api/Sipa';
    const apiChunk = (await payloadJson(API)).chunk;
    const mark = requests.length;
    const nextIdleChunks = () => otherChunks(requests.slice(mark), own).filter((r) => r !== apiChunk);
    await clickLink(page, API);
    await page.waitForURL(site.url + API);
    await until(() => nextIdleChunks().length >= IDLE_CHUNKS_PER_PAGE);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(nextIdleChunks()).toHaveLength(IDLE_CHUNKS_PER_PAGE);
    expect(repeated(requests)).toEqual([]);
  }, 60_000);

  it('loads the content chunk of a link in view when the pointer enters it or it gets the focus', async () => {
    const own = (await payloadJson(FROM)).chunk;
    const to = await payloadJson(TO);
    const { page, requests } = await open(FROM, [THREE_G]);
    await until(() => requests.includes(payloadOf(TO)));
    await page.waitForLoadState('networkidle');
    expect(requests).not.toContain(to.chunk);
    await page.locator(`#__sipa a[href="${TO}"]`).first().hover();
    await pollUntil(page, (c) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(c)), to.chunk);
    // Keyboard focus does the same for another link.
    const other = '/docs/guides/history_and_why';
    const otherChunk = (await payloadJson(other)).chunk;
    expect(requests).not.toContain(otherChunk);
    await page.locator(`#__sipa a[href="${other}"]`).first().focus();
    await pollUntil(page, (c) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(c)), otherChunk);
    await page.waitForTimeout(300);
    expect(otherChunks(requests, own).sort()).toEqual([to.chunk, otherChunk].sort());
    expect(requests.filter((r) => r === payloadOf(TO))).toHaveLength(1);
    expect(requests.filter((r) => r === to.chunk)).toHaveLength(1);
  }, 60_000);

  it('starts loading a route on pointerdown, and the click that follows navigates with those requests', async () => {
    const to = await payloadJson(TO);
    const { page, requests, errors } = await open(FROM, [NO_INTERSECTION_OBSERVER, THREE_G]);
    await setMarker(page);
    expect(requests.filter((r) => r.startsWith('/_sipa/routes/'))).toEqual([]);
    // A press without a hover (as on a touch screen): the route starts loading before the click.
    const chunkRequested = page.waitForRequest((r) => r.url().endsWith(to.chunk));
    await page.locator(`#__sipa a[href="${TO}"]`).first().dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, button: 0 });
    await chunkRequested;
    expect(requests).toContain(payloadOf(TO));
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO);
    await pollUntil(page, (t) => document.querySelector('h1')?.textContent?.includes(t), to.data.title);
    expect(await marker(page)).toBe(42);
    expect(requests.filter((r) => r === payloadOf(TO))).toHaveLength(1);
    expect(requests.filter((r) => r === to.chunk)).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it('navigates to a route whose payload was prefetched but not its chunk, with the progress bar while the chunk is slow', async () => {
    const to = await payloadJson(TO);
    const { page, requests, errors } = await open(FROM, [THREE_G, WATCH_PROGRESS]);
    await until(() => requests.includes(payloadOf(TO)));
    await page.waitForLoadState('networkidle');
    expect(requests).not.toContain(to.chunk);
    let held = 0;
    await page.route(`**${to.chunk}`, async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await setMarker(page);
    await clickLink(page, TO);
    await page.waitForSelector('#sipa-progress', { timeout: 5000 });
    await page.waitForURL(site.url + TO);
    await pollUntil(page, (t) => document.querySelector('h1')?.textContent?.includes(t), to.data.title);
    await page.waitForSelector('#sipa-progress', { state: 'detached', timeout: 5000 });
    expect(await marker(page)).toBe(42);
    expect(held).toBe(1);
    expect(requests.filter((r) => r === payloadOf(TO))).toHaveLength(1);
    expect(requests.filter((r) => r === to.chunk)).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  for (const [name, script] of [
    ['saveData', SAVE_DATA],
    ['2g', TWO_G],
  ] as const) {
    it(`prefetches nothing with ${name}: not in view, on hover, focus or pointerdown, nor the matcher`, async () => {
      const own = (await payloadJson(FROM)).chunk;
      const { page, requests } = await open(FROM, [script]);
      const link = page.locator(`#__sipa a[href="${TO}"]`).first();
      await link.hover();
      await link.focus();
      await link.dispatchEvent('pointerdown', { pointerType: 'mouse', isPrimary: true, button: 0 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      expect(requests.filter((r) => r.startsWith('/_sipa/routes/'))).toEqual([]);
      expect(otherChunks(requests, own)).toEqual([]);
      expect(requests.filter((r) => MATCHER_CHUNK.test(r))).toEqual([]);
      // Navigation itself still works.
      await clickLink(page, TO);
      await page.waitForURL(site.url + TO);
      expect(requests).toContain(payloadOf(TO));
    }, 60_000);
  }
});

describe('progress bar', () => {
  it('appears when a navigation is pending for more than 200 ms, then goes', async () => {
    const { page } = await open(FROM, [SAVE_DATA, WATCH_PROGRESS]);
    await page.route(`**${payloadOf(TO)}`, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await clickLink(page, TO);
    await page.waitForSelector('#sipa-progress', { timeout: 1000 });
    await page.waitForURL(site.url + TO);
    await page.waitForSelector('#sipa-progress', { state: 'detached', timeout: 5000 });
  }, 60_000);

  it('does not appear for a fast navigation', async () => {
    const { page } = await open(FROM, [NO_INTERSECTION_OBSERVER, WATCH_PROGRESS]);
    // Prefetch the route by hovering its link, so the navigation itself is instant.
    const payload = await (await fetch(site.url + payloadOf(TO))).json();
    await page.locator(`#__sipa a[href="${TO}"]`).first().hover();
    await pollUntil(page, (c) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(c)), payload.chunk as string);
    await page.waitForLoadState('networkidle');
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO);
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => (window as unknown as { __progressSeen: boolean }).__progressSeen)).toBe(false);
  }, 60_000);
});

describe('slow network: no prefetch (save-data), every script and fetch after load held 2.5 s', () => {
  it('shows the progress bar 200 ms after the click, while the lazily loaded matcher is still on its way', async () => {
    const { page, errors } = await open(FROM, [SAVE_DATA, REPORT_REJECTIONS]);
    const net = await slowNetwork(page);
    const barAtClick = await page.evaluate((href) => {
      document.querySelector<HTMLAnchorElement>(`#__sipa a[href="${href}"]`)!.click();
      return document.getElementById('sipa-progress') !== null;
    }, TO);
    expect(barAtClick).toBe(false);
    await page.waitForSelector('#sipa-progress');
    // The bar came while the navigation still waited for its first lazy code: nothing has arrived.
    expect(net.settled).toEqual([]);
    expect(net.held.some((p) => MATCHER_CHUNK.test(p))).toBe(true);
    await page.waitForURL(site.url + TO, { timeout: 30_000 });
    await page.waitForSelector('#sipa-progress', { state: 'detached', timeout: 10_000 });
    await expect.poll(() => page.locator('h1').first().innerText()).toMatch(/Install/i);
    expect(uncaught(errors)).toEqual([]);
  }, 60_000);

  it('when the navigation code then fails to load, the click ends in a full page load of the target', async () => {
    const { page, errors } = await open(FROM, [SAVE_DATA, REPORT_REJECTIONS]);
    const payload = await (await fetch(site.url + payloadOf(TO))).json();
    const net = await slowNetwork(page, { fail: true });
    await setMarker(page);
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO, { timeout: 30_000 });
    await pollUntil(page, () => (window as unknown as { __marker?: number }).__marker === undefined);
    expect(await page.locator('h1').first().innerText()).toContain(payload.data.title);
    expect(net.held.some((p) => MATCHER_CHUNK.test(p))).toBe(true);
    expect(uncaught(errors)).toEqual([]);
  }, 60_000);

  it('when the reload guard holds, shows the error with Try again, and Try again works once the code loads', async () => {
    const { page, errors } = await open(FROM, [SAVE_DATA, REPORT_REJECTIONS]);
    await page.evaluate(() => sessionStorage.setItem('sipa:chunk-reload', String(Date.now())));
    await slowNetwork(page, { fail: true });
    await setMarker(page);
    await clickLink(page, TO);
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor({ timeout: 30_000 });
    expect(await marker(page)).toBe(42);
    // The bar does not stay behind the error screen.
    await page.waitForSelector('#sipa-progress', { state: 'detached' });
    await page.unroute('**/*');
    await retry.click();
    await retry.waitFor({ state: 'detached' });
    await page.waitForURL(site.url + TO);
    expect(await page.locator('h1').first().innerText()).toMatch(/Install/i);
    expect(await marker(page)).toBe(42);
    expect(uncaught(errors)).toEqual([]);
  }, 60_000);

  it('when only the route data then fails to load (the matcher came earlier), shows the error with Try again', async () => {
    const { page, errors } = await open(FROM, [SAVE_DATA, REPORT_REJECTIONS]);
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO);
    await pollUntil(page, () => /Install/i.test(document.querySelector('h1')?.textContent ?? ''));
    const net = await slowNetwork(page, { fail: true });
    await setMarker(page);
    await clickLink(page, '/docs/api/Sipa');
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor({ timeout: 30_000 });
    expect(net.held).toEqual([payloadOf('/docs/api/Sipa')]);
    expect(await marker(page)).toBe(42);
    await page.unroute('**/*');
    await retry.click();
    await retry.waitFor({ state: 'detached' });
    expect(await page.locator('h1').first().innerText()).toBe('Sipa');
    expect(uncaught(errors)).toEqual([]);
  }, 60_000);

  it('back to a #hash entry of another page whose code fails to load ends in a full page load of it', async () => {
    const { page, errors } = await open(FROM, [SAVE_DATA, REPORT_REJECTIONS]);
    await page.evaluate((from) => {
      history.pushState(null, '', '/docs/api/Sipa#getVersion');
      history.pushState(null, '', from);
    }, FROM);
    await slowNetwork(page, { fail: true });
    await setMarker(page);
    await page.goBack();
    await page.waitForURL(`${site.url}/docs/api/Sipa#getVersion`);
    await pollUntil(page, () => (window as unknown as { __marker?: number }).__marker === undefined, undefined, { timeout: 30_000 });
    expect(await page.locator('h1').first().innerText()).toBe('Sipa');
    expect(uncaught(errors)).toEqual([]);
  }, 60_000);
});

describe('URL variants answered with 404.html by a static host', () => {
  it('/blog/index.html shows the blog under its normalised URL, without hydration errors', async () => {
    const response = await fetch(`${site.url}/blog/index.html`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
    const { page, errors } = await open('/blog/index.html', [SAVE_DATA, REPORT_REJECTIONS]);
    await page.waitForURL(`${site.url}/blog`);
    await pollUntil(page, () => document.title.startsWith('Blog |'));
    await page.locator('.blog-layout').first().waitFor();
    expect(await mainText(page)).not.toContain('Page not found');
    expect(besides404(errors)).toEqual([]);
  }, 60_000);

  it('/docs/api/Sipa/index.html#getVersion shows the page and scrolls to the heading; a trailing slash and .html work too', async () => {
    const { page, errors } = await open('/docs/api/Sipa/index.html#getVersion', [SAVE_DATA, REPORT_REJECTIONS]);
    await page.waitForURL(`${site.url}/docs/api/Sipa#getVersion`);
    await pollUntil(page, () => {
      const el = document.getElementById('getVersion');
      if (!el || window.scrollY === 0) return false;
      const top = el.getBoundingClientRect().top;
      return top >= -2 && top < 200;
    });
    expect(await page.title()).toMatch(/^Sipa \|/);
    await page.goto(`${site.url}/docs/guides/installation/`);
    await page.waitForURL(`${site.url}/docs/guides/installation`);
    await pollUntil(page, () => /Install/i.test(document.querySelector('h1')?.textContent ?? ''));
    // A variant the host serves itself (the file exists) gets its canonical URL too.
    expect((await fetch(`${site.url}/docs/guides/overview.html`)).status).toBe(200);
    await page.goto(`${site.url}/docs/guides/overview.html?x=1#what-a-sipa-project-looks-like`);
    await page.waitForURL(`${site.url}/docs/guides/overview?x=1#what-a-sipa-project-looks-like`);
    expect(besides404(errors)).toEqual([]);
  }, 60_000);

  it('a path that is no route keeps the not-found page and its URL; without JavaScript a variant shows it too', async () => {
    const { page, errors } = await open('/docs/no-such-page/index.html', [SAVE_DATA, REPORT_REJECTIONS]);
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${site.url}/docs/no-such-page/index.html`);
    expect(await page.locator('h1').first().innerText()).toBe('Page not found');
    expect(besides404(errors)).toEqual([]);

    const context = await site.browser.newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const noJs = await context.newPage();
    await noJs.goto(`${site.url}/blog/index.html`);
    expect(await noJs.locator('h1').first().innerText()).toBe('Page not found');
  }, 60_000);
});

describe('failures', () => {
  it('does a full page load of the target when its chunk fails to load', async () => {
    const { page } = await open(FROM, [SAVE_DATA]);
    const payload = await (await fetch(site.url + payloadOf(TO))).json();
    let failed = 0;
    await page.route(`**${payload.chunk}`, (route) => {
      failed++;
      return route.fulfill({ status: 500, body: 'gone' });
    });
    await setMarker(page);
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO);
    await pollUntil(page, () => (window as unknown as { __marker?: number }).__marker === undefined);
    expect(failed).toBeGreaterThan(0);
    // The server-rendered page of the target is shown.
    expect(await page.locator('h1').first().innerText()).toContain(payload.data.title);
  }, 60_000);

  it('does not reload again right after a chunk reload (guard): shows the error with Try again', async () => {
    const { page } = await open(FROM, [SAVE_DATA]);
    const payload = await (await fetch(site.url + payloadOf(TO))).json();
    await page.route(`**${payload.chunk}`, (route) => route.abort());
    await page.evaluate(() => sessionStorage.setItem('sipa:chunk-reload', String(Date.now())));
    await setMarker(page);
    await clickLink(page, TO);
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await marker(page)).toBe(42);
    expect(await mainText(page)).toContain(payload.chunk);
    await page.unroute(`**${payload.chunk}`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await pollUntil(page, (t) => document.querySelector('h1')?.textContent?.includes(t), payload.data.title as string);
  }, 60_000);

  it('shows the route-loading error with a Try again button that works once the payload loads', async () => {
    const { page } = await open(FROM, [SAVE_DATA]);
    let block = true;
    await page.route(`**${payloadOf(TO)}`, (route) => (block ? route.fulfill({ status: 500, body: 'nope' }) : route.continue()));
    await setMarker(page);
    await clickLink(page, TO);
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    expect(await mainText(page)).toContain(`Loading ${TO} failed: the server answered 500`);
    await retry.click();
    await page.waitForTimeout(300);
    await retry.waitFor();
    block = false;
    await retry.click();
    await retry.waitFor({ state: 'detached' });
    expect(await page.locator('h1').first().innerText()).toMatch(/Install/i);
    expect(await marker(page)).toBe(42);
  }, 60_000);

  it("shows 'This page crashed.' for a render error, and 'Try again' re-renders", async () => {
    const { page } = await open(FROM, [SAVE_DATA]);
    const payload = await (await fetch(site.url + payloadOf(TO))).json();
    await page.route(`**${payload.chunk}`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `export default function Crashing() { if (!window.__allowRender) throw new Error('Boom from the test page'); return 'Recovered content'; }`,
      }),
    );
    await clickLink(page, TO);
    await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
    expect(await mainText(page)).toContain('Boom from the test page');
    await page.evaluate(() => ((window as unknown as { __allowRender: boolean }).__allowRender = true));
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Recovered content').waitFor();
    expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(0);
  }, 60_000);

  it('throws an error naming a page module without a default export', async () => {
    const { page } = await open(FROM, [SAVE_DATA]);
    const payload = await (await fetch(site.url + payloadOf(TO))).json();
    await page.route(`**${payload.chunk}`, (route) => route.fulfill({ contentType: 'text/javascript', body: 'export const notAComponent = 1;' }));
    await setMarker(page);
    await clickLink(page, TO);
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await mainText(page)).toContain(`The page module ${payload.chunk} has no default export`);
    expect(await marker(page)).toBe(42);
  }, 60_000);

  it('keeps working with one console warning when localStorage throws', async () => {
    const THROWING_STORAGE = `(() => {
      const fail = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
      for (const m of ['getItem', 'setItem', 'removeItem', 'clear', 'key']) Storage.prototype[m] = fail;
      Object.defineProperty(window, 'localStorage', { configurable: true, get: fail });
    })();`;
    const { page, warnings, errors } = await open(FROM, [THROWING_STORAGE]);
    const html = page.locator('html');
    const toggle = page.locator('.color-mode-toggle').first();
    const before = await html.getAttribute('data-theme');
    await toggle.click();
    await pollUntil(page, (b) => document.documentElement.getAttribute('data-theme') !== b, before);
    await toggle.click();
    await pollUntil(page, (b) => document.documentElement.getAttribute('data-theme') === b, before);
    // Client-side navigation still works.
    await clickLink(page, TO);
    await page.waitForURL(site.url + TO);
    await page.waitForTimeout(300);
    const storageWarnings = warnings.filter((w) => /storage/i.test(w));
    expect(storageWarnings).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it("shows the 'did not load properly' banner on a home page served under another path, without the bundle", async () => {
    const context = await site.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const home = await (await fetch(`${site.url}/`)).text();
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.route(`${site.url}/sub/`, (route) => route.fulfill({ contentType: 'text/html', body: home }));
    await page.goto(`${site.url}/sub/`);
    const banner = page.locator('#sipa-base-url-issue');
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('did not load properly');
    expect(text).toContain('base URL is /');
    expect(text).toMatch(/baseUrl\s+to\s+\/sub\//);
  }, 60_000);

  it('shows no banner on the home page at the base URL, even without the bundle', async () => {
    const context = await site.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(`${site.url}/`);
    await page.waitForLoadState('load');
    expect(await page.locator('#sipa-base-url-issue').count()).toBe(0);
  }, 60_000);
});

describe('console', () => {
  it('logs no errors on normal pages', async () => {
    for (const path of ['/', FROM, '/docs/api/Sipa', '/blog', TO]) {
      const { errors } = await open(path);
      expect(errors, path).toEqual([]);
    }
  }, 120_000);
});
