// The config's headTags, stylesheets and scripts in every page, with the Content-Security-Policy
// extended to exactly what they need: a script and a style sheet from a second origin (another
// server on loopback) load, an inline head script runs by its hash, and nothing is reported as a
// violation; a site's own _headers widens the policy on purpose (connect-src here).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from '../../src/server/securityHeaders.js';
import { copyFixture, tempDir } from '../helpers.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

const INLINE = 'window.__inlineHead = (window.__inlineHead || 0) + 1';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: BuiltSite;
let other: http.Server;
let otherOrigin: string;
const otherRequests: string[] = [];

beforeAll(async () => {
  // The second origin: a script, a style sheet and an endpoint the script sends to.
  other = http.createServer((request, response) => {
    otherRequests.push(request.url ?? '');
    if (request.url === '/analytics.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(`window.__fromOtherOrigin = true; fetch(${JSON.stringify('PING')}.replace('PING', document.currentScript.src.replace('/analytics.js', '/collect')), { mode: 'no-cors' }).then(function () { window.__sent = true; }, function () { window.__sent = false; });`);
    } else if (request.url === '/theme.css') {
      response.writeHead(200, { 'content-type': 'text/css' });
      response.end(':root { --from-other-origin: yes; }');
    } else {
      response.writeHead(204);
      response.end();
    }
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;

  tmp = await tempDir();
  const siteDir = await copyFixture('basic', tmp.dir);
  const config = path.join(siteDir, 'sipadocs.config.ts');
  const settings = [
    `  headTags: [{ tagName: 'script', innerHTML: ${JSON.stringify(INLINE)} }, { tagName: 'meta', attributes: { name: 'x-head-tag', content: 'yes' } }],`,
    `  stylesheets: [${JSON.stringify(`${otherOrigin}/theme.css`)}],`,
    `  scripts: [{ src: ${JSON.stringify(`${otherOrigin}/analytics.js`)}, async: true }],`,
  ].join('\n');
  await writeFile(config, (await readFile(config, 'utf8')).replace('  blog: {', `${settings}\n  blog: {`));
  // The script sends to its own origin: allowed by the site's _headers, on purpose.
  await mkdir(path.join(siteDir, 'static'), { recursive: true });
  await writeFile(path.join(siteDir, 'static/_headers'), `/*\n  Content-Security-Policy: connect-src ${otherOrigin}\n  X-Site-Rule: kept\n`);
  site = await startSite(siteDir);
}, 180_000);

afterAll(async () => {
  await site?.close();
  await new Promise((resolve) => other?.close(resolve));
  await tmp?.cleanup();
});

describe('head tags, style sheets and scripts of the config', () => {
  it('load from the second origin and run inline in Chromium, with no policy violation', async () => {
    const page = await site.browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => /content security policy/i.test(message.text()) && violations.push(message.text()));
    const response = await page.goto(`${site.url}/docs/reference`, { waitUntil: 'load' });
    await pollUntil(page, () => (window as unknown as { __sent?: boolean }).__sent !== undefined);
    expect(await page.evaluate(() => (window as unknown as { __fromOtherOrigin?: boolean }).__fromOtherOrigin)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __inlineHead?: number }).__inlineHead)).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--from-other-origin').trim())).toBe('yes');
    // The connection the site's _headers allows went through.
    expect(await page.evaluate(() => (window as unknown as { __sent?: boolean }).__sent)).toBe(true);
    expect(otherRequests).toContain('/collect');
    expect(await page.locator('meta[name="x-head-tag"]').getAttribute('content')).toBe('yes');
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true);
    expect(violations).toEqual([]);

    const policy = response!.headers()['content-security-policy']!;
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))!.split(' ').slice(1);
    // The policy names that origin, and no other, where it is needed.
    const origins = (name: string) => directive(name).filter((source) => /^https?:\/\//.test(source));
    expect(origins('script-src')).toEqual([otherOrigin]);
    expect(origins('style-src')).toEqual([otherOrigin]);
    expect(origins('connect-src')).toEqual([otherOrigin]);
    expect(directive('script-src')).toContain(scriptHash(INLINE));
    expect(policy.match(/https?:\/\/[^\s;]+/g)!.every((source) => source === otherOrigin)).toBe(true);
    // One policy: the site's own line widened it rather than being sent beside it.
    expect(policy).not.toContain(',');
    expect(response!.headers()['x-site-rule']).toBe('kept');
    await page.close();
  }, 60_000);

  it('writes them in the head of every page, in order, and the widened policy in _headers', async () => {
    const html = await readFile(path.join(site.outDir, 'blog.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    const at = (text: string) => head.indexOf(text);
    expect(at(`<script>${INLINE}</script>`)).toBeGreaterThan(0);
    expect(at('<meta name="x-head-tag" content="yes">')).toBeGreaterThan(at(`<script>${INLINE}</script>`));
    expect(at(`<link rel="stylesheet" href="${otherOrigin}/theme.css">`)).toBeGreaterThan(at('<meta name="x-head-tag"'));
    expect(at(`<script src="${otherOrigin}/analytics.js" async></script>`)).toBeGreaterThan(at(`${otherOrigin}/theme.css`));
    const headers = await readFile(path.join(site.outDir, '_headers'), 'utf8');
    expect(headers.match(/Content-Security-Policy:/g)).toHaveLength(1);
    expect(headers).toContain(`connect-src 'self' ${otherOrigin}`);
  });
});
