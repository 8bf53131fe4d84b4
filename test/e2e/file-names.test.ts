/**
 * Docs, posts and pages whose file names hold spaces, non-ASCII letters, "#", "?", "%" or
 * parentheses: their routes keep those characters, links to them are percent-encoded once, and
 * the build's link check, the static server, `check-links` and the browser all agree. The odd
 * files are written by the test (a "?" cannot be part of a file name on every system git runs on).
 */
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../../src/server/staticServer.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { isFaviconMiss, pollUntil, releaseBrowser, testBrowser } from '../../support/browser.js';

/** Each odd page: its file, its title, and the href a link to it must have. */
const TARGETS = [
  { file: 'docs/with space.md', title: 'Spaced doc', href: '/docs/with%20space' },
  { file: 'docs/café.md', title: 'Café doc', href: '/docs/caf%C3%A9' },
  { file: 'docs/a#b.md', title: 'Hash doc', href: '/docs/a%23b' },
  { file: 'docs/what?.md', title: 'Question doc', href: '/docs/what%3F' },
  { file: 'docs/100%.md', title: 'Percent doc', href: '/docs/100%25' },
  { file: 'blog/2024-03-04-50% off.md', title: 'Half-price post', href: '/blog/2024/03/04/50%25%20off' },
  { file: 'pages/notes (draft).md', title: 'Draft notes', href: '/notes%20(draft)' },
];

/** Emulates a visitor who saves data: nothing is prefetched, so a click really loads the route. */
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`;

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let server: http.Server;
let origin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  tmp = await tempDir();
  const site = await copyFixture('basic', tmp.dir);
  // The fixture keeps one unresolved markdown link on purpose (the build only warns); mend it here.
  await writeFile(path.join(site, 'docs/reference.md'), '# Reference\n\nSee [the first page](./010_intro/010_first.mdx).\n');
  for (const target of TARGETS) {
    // A markdown page shows no title of its own (the front matter's is the document's): it gets its heading from its content.
    const heading = target.file.startsWith('pages/') ? `# ${target.title}\n\n` : '';
    await writeFile(path.join(site, target.file), `---\ntitle: ${target.title}\n---\n\n${heading}Text of ${target.title}.\n\n## Part two\n\nMore.\n`);
  }
  // Relative markdown links name the files (percent-encoded where a raw character would end the path).
  await writeFile(
    path.join(site, 'docs/links.md'),
    [
      '# Links',
      '',
      '- [spaced](./with%20space.md)',
      '- [café](./café.md#part-two)',
      '- [hash](./a%23b.md)',
      '- [question](./what%3F.md)',
      '- [percent](./100%25.md)',
      '- [post](/blog/2024/03/04/50%25%20off)',
      '- [notes](</notes (draft)>)',
      '',
    ].join('\n'),
  );
  out = path.join(tmp.dir, 'build');
  await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  server = createStaticServer({ root: out });
  origin = (await listenOnFreePort(server, { port: 0 })).url.replace(/\/$/, '');
  browser = await testBrowser();
}, 180_000);

afterAll(async () => {
  await releaseBrowser(browser);
  if (server) await closeServer(server).catch(() => {});
  await tmp?.cleanup();
}, 30_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

async function open(pathname: string): Promise<{ page: Page; requests: string[]; errors: string[]; status: number | undefined }> {
  const context = await browser.newContext();
  contexts.push(context);
  await context.addInitScript(SAVE_DATA);
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (isFaviconMiss(message)) return;
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  const response = await page.goto(origin + pathname);
  await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
  return { page, requests, errors, status: response?.status() };
}

/** A value that survives client-side navigation and is gone after a full page load. */
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

const heading = (page: Page) => page.locator('#__sipa h1').first().innerText();

describe('pages whose file names need percent-encoding', () => {
  it('link to each other with hrefs encoded once', async () => {
    const html = await (await fetch(`${origin}/docs/links`)).text();
    for (const target of TARGETS) expect(html).toContain(`href="${target.href.replace('/docs/caf%C3%A9', '/docs/caf%C3%A9#part-two')}"`);
  });

  it.each(TARGETS)('$file opens from a link, client-side', async (target) => {
    const { page, requests, errors } = await open('/docs/links');
    await setMarker(page);
    requests.length = 0;
    await page.locator(`#__sipa article a[href^="${target.href}"]`).click();
    await page.waitForURL((url) => url.pathname === target.href);
    await pollUntil(page, (title) => document.querySelector('#__sipa h1')?.textContent === title, target.title);
    // Still the same document: the route was loaded by the client, its payload fetched at its encoded URL.
    expect(await marker(page)).toBe(42);
    expect(requests).toContain(`/_sipa/routes${target.href}.json`);
    expect(requests).not.toContain(target.href);
    expect(errors).toEqual([]);
  });

  it.each(TARGETS)('$file opens at its URL and hydrates', async (target) => {
    const { page, errors, status } = await open(target.href);
    expect(status).toBe(200);
    expect(await heading(page)).toBe(target.title);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`https://fixture.example${target.href}`);
    expect(errors).toEqual([]);
  });

  it('opens a post from the blog list and a doc from the sidebar', async () => {
    const { page, errors } = await open('/blog');
    await setMarker(page);
    await page.locator('#__sipa .post-header__title a[href="/blog/2024/03/04/50%25%20off"]').click();
    await pollUntil(page, () => document.querySelector('#__sipa h1')?.textContent === 'Half-price post');
    expect(await marker(page)).toBe(42);
    const docs = await open('/docs/reference');
    await setMarker(docs.page);
    await docs.page.locator('#__sipa .sidebar a[href="/docs/what%3F"]').click();
    await pollUntil(docs.page, () => document.querySelector('#__sipa h1')?.textContent === 'Question doc');
    expect(await marker(docs.page)).toBe(42);
    expect(await docs.page.locator('.sidebar__link--active').innerText()).toBe('Question doc');
    expect([...errors, ...docs.errors]).toEqual([]);
  });

  it('are served with 200 at their encoded URLs', async () => {
    for (const target of TARGETS) {
      expect((await fetch(origin + target.href)).status, target.href).toBe(200);
      expect((await fetch(`${origin}/_sipa/routes${target.href}.json`)).status, target.href).toBe(200);
    }
  });

  it('have their markdown copies served with 200 at the URLs llms.txt and the Copy page button use', async () => {
    // Docs and posts have a markdown copy; pages do not.
    for (const target of TARGETS.filter((t) => !t.file.startsWith('pages/'))) {
      const response = await fetch(`${origin}${target.href}.md`);
      expect(response.status, `${target.href}.md`).toBe(200);
      expect(await response.text()).toContain(`Text of ${target.title}.`);
    }
    const llms = await (await fetch(`${origin}/llms.txt`)).text();
    const listed = [...llms.matchAll(/\]\((https?:\/\/[^)\s]+\.md)\)/g)].map((match) => new URL(match[1]!).pathname);
    for (const target of TARGETS.filter((t) => t.file.startsWith('docs/'))) expect(listed).toContain(`${target.href}.md`);
    for (const pathname of listed) expect((await fetch(origin + pathname)).status, pathname).toBe(200);
  });

  it('pass check-links', () => {
    const result = spawnSync(process.execPath, ['bin/sipadocs.js', 'check-links', out], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/none broken/);
  }, 60_000);
});
