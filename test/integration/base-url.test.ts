// The Sipa site built for a GitHub Pages project site: baseUrl '/sipa/' instead of '/'.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { startServer } from '../../src/dev/serve.js';
import { isExternalUrl } from '../../src/shared/paths.js';
import { copySiteWithBaseUrl, silentLogger, tempDir } from '../helpers.js';

const BASE = '/sipa/';
const SITE_URL = 'https://sipa-js.github.io';

/** Attributes of a page that hold URLs the browser follows or loads (data-preload: several). */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'action', 'data-entry', 'data-site', 'data-preload'];

/** Every URL an HTML page names in its markup: its attributes, and the content of URL metas. */
function urlsOf(html: string): string[] {
  const urls: string[] = [];
  new Parser({
    onopentag(name, attributes) {
      for (const attribute of URL_ATTRIBUTES) {
        const value = attributes[attribute];
        if (value) urls.push(...(attribute === 'data-preload' ? value.split(' ').filter(Boolean) : [value]));
      }
      if (name === 'meta' && /^(og:url|og:image|twitter:image)$/.test(attributes.property ?? attributes.name ?? '')) urls.push(attributes.content!);
      if (attributes.srcset) urls.push(...attributes.srcset.split(',').map((part) => part.trim().split(/\s+/)[0]!));
    },
  }).end(html);
  return urls;
}

/** Keys of the route data that name a route (site paths), and keys that name a file to load (URLs). */
const ROUTE_KEYS = new Set(['permalink', 'href', 'path', 'to', 'previousPage', 'nextPage', 'allTagsPath']);
const FILE_KEYS = new Set(['chunk', 'css', 'url', 'image', 'imageUrl', 'src']);

/** [key, value] of every string in a JSON value, arrays' items under their array's key. */
function stringsOf(value: unknown, key = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsOf(v, k));
  return [];
}

describe(`the Sipa site built with baseUrl '${BASE}'`, () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let logger: ReturnType<typeof silentLogger>;
  let pages: string[];
  beforeAll(async () => {
    tmp = await tempDir();
    const site = await copySiteWithBaseUrl(tmp.dir, BASE);
    out = path.join(tmp.dir, 'build');
    logger = silentLogger();
    // The build fails on any broken link: resolving is passing its own link check.
    await buildOnce({ siteDir: site, outDir: out, logger });
    pages = await fg('**/*.html', { cwd: out });
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('builds, its link check passing, without warnings', () => {
    expect(pages.length).toBe(46);
    expect(logger.lines.filter((line) => line.startsWith('warning'))).toEqual([]);
  });

  it('names no URL outside the base URL on any page: links, images, scripts, the favicon, canonical and social URLs', async () => {
    let checked = 0;
    const outside: string[] = [];
    for (const file of pages) {
      for (const url of urlsOf(await readFile(path.join(out, file), 'utf8'))) {
        checked++;
        if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith(BASE)) outside.push(`${file}: ${url}`);
        if (url.startsWith(SITE_URL) && !url.startsWith(`${SITE_URL}${BASE}`)) outside.push(`${file}: ${url}`);
      }
    }
    expect(outside).toEqual([]);
    // What was looked at: the navbar, sidebar, footer, content links and scripts of every page.
    expect(checked).toBeGreaterThan(pages.length * 20);
    const overview = await readFile(path.join(out, 'docs/guides/overview.html'), 'utf8');
    for (const expected of [
      'href="/sipa/docs/guides/installation"', // sidebar and next page
      'href="/sipa/blog"', // navbar and footer
      'href="/sipa/"', // logo and breadcrumbs
      'src="/sipa/img/logo.svg"',
      'rel="icon" href="/sipa/img/favicon.svg"',
      `rel="canonical" href="${SITE_URL}/sipa/docs/guides/overview"`,
    ]) {
      expect(overview).toContain(expected);
    }
    const blog = await readFile(path.join(out, 'blog.html'), 'utf8');
    expect(blog).toContain('src="/sipa/img/authors/magynhard.svg"');
    expect(blog).toContain('href="/sipa/blog/tags/info"');
    // A markdown link written as "/docs/api/SipaState#set" in a post.
    expect(await readFile(path.join(out, 'blog/mdx-blog-post.html'), 'utf8')).toContain('href="/sipa/docs/api/SipaState#set"');
  });

  it('keeps route links in the payloads as site paths and gives every file URL the base URL', async () => {
    const files = await fg(['_sipa/routes/**/*.json', '_sipa/sidebars/*.json'], { cwd: out });
    expect(files.length).toBeGreaterThan(46);
    const wrong: string[] = [];
    let routeLinks = 0;
    let fileUrls = 0;
    for (const file of files) {
      for (const [key, value] of stringsOf(JSON.parse(await readFile(path.join(out, file), 'utf8')))) {
        if (isExternalUrl(value)) continue;
        if (ROUTE_KEYS.has(key)) {
          routeLinks++;
          if (!value.startsWith('/') || value.startsWith(BASE)) wrong.push(`${file}: ${key} ${value}`);
        }
        if (FILE_KEYS.has(key) && value) {
          fileUrls++;
          if (!value.startsWith(BASE)) wrong.push(`${file}: ${key} ${value}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Each sidebar's links are in its one shared file, not repeated in every page's payload.
    expect(routeLinks).toBeGreaterThan(200);
    expect(fileUrls).toBeGreaterThan(46);
  });

  it('is served by `serve` at its base URL, the server root redirecting there', async () => {
    const server = await startServer({ site: 'unused: the output exists', outDir: out, port: 0, host: '127.0.0.1' });
    try {
      expect(new URL(server.url).pathname).toBe(BASE);
      const home = await fetch(server.url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<title>Sipa');
      expect((await fetch(new URL('docs/guides/overview', server.url))).status).toBe(200);
      const root = await fetch(new URL('/', server.url), { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe(BASE);
      expect((await fetch(new URL('/docs/guides/overview', server.url))).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  const checkLinks = (...args: string[]) => spawnSync(process.execPath, ['bin/sipadocs.js', 'check-links', out, ...args], { encoding: 'utf8' });

  it('passes check-links, which serves the output under the base URL its pages name', () => {
    const result = checkLinks();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/none broken/);
  }, 120_000);

  it('fails check-links on a link that leaves the base URL, and when served at the wrong path', async () => {
    const wrongBase = checkLinks('--base-url', '/');
    expect(wrongBase.status).toBe(1);
    expect(wrongBase.stderr).toContain('→ /sipa/docs/guides/overview (404)');
    await writeFile(path.join(out, 'extra.html'), '<a href="/docs/guides/overview">no base URL</a>');
    const result = checkLinks();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('broken: /sipa/extra → /docs/guides/overview (404)');
  }, 120_000);
});
