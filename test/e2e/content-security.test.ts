// The Content-Security-Policy follows the content: an inline script that raw HTML in a page brings
// is allowed by its hash (also while the page is kept from an earlier build), an inline event
// handler is named in a warning, and a site's own _headers rules come before the generated ones.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { scriptHash } from '../../src/server/securityHeaders.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { startSite, type BuiltSite } from '../../support/servedSite.js';
import { pollUntil } from '../../support/browser.js';

const CONTENT_SCRIPT = 'window.__fromContent = (window.__fromContent || 0) + 1';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: BuiltSite;
let siteDir: string;

beforeAll(async () => {
  tmp = await tempDir();
  siteDir = await copyFixture('basic', tmp.dir);
  await writeFile(
    path.join(siteDir, 'docs/scripted.mdx'),
    [
      '# Scripted',
      '',
      `<div dangerouslySetInnerHTML={{ __html: '<script>${CONTENT_SCRIPT}</script><button onclick="go()">Go</button>' }} />`,
      '',
    ].join('\n'),
  );
  await mkdir(path.join(siteDir, 'static'), { recursive: true });
  await writeFile(path.join(siteDir, 'static/_headers'), '/docs/*\n  X-Robots-Tag: noindex\n');
  site = await startSite(siteDir);
}, 180_000);
afterAll(async () => {
  await site?.close();
  await tmp?.cleanup();
});

describe('a Content-Security-Policy that follows the content', () => {
  it("runs a page's own inline script, allowed by its hash, and blocks only its inline event handler", async () => {
    const page = await site.browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => /content security policy/i.test(message.text()) && violations.push(message.text()));
    const response = await page.goto(`${site.url}/docs/scripted`, { waitUntil: 'load' });
    expect(response!.headers()['content-security-policy']).toContain(scriptHash(CONTENT_SCRIPT));
    // The site's own rule applies too.
    expect(response!.headers()['x-robots-tag']).toBe('noindex');
    await pollUntil(page, () => (window as unknown as { __SIPA_HYDRATED__?: boolean }).__SIPA_HYDRATED__ === true);
    expect(await page.evaluate(() => (window as unknown as { __fromContent?: number }).__fromContent)).toBe(1);
    // Only the event handler is blocked, as the build's warning says.
    expect(violations.map((v) => v.split(' violates')[0])).toEqual(['Executing inline event handler']);
    await page.close();
  }, 60_000);

  it("writes the site's _headers first, and keeps the hash and the warning while the page is kept", async () => {
    const headers = await readFile(path.join(site.outDir, '_headers'), 'utf8');
    expect(headers.startsWith('/docs/*\n  X-Robots-Tag: noindex\n')).toBe(true);
    expect(headers).toContain(scriptHash(CONTENT_SCRIPT));
    const logger = silentLogger();
    const { warnings, stats } = await buildOnce({ siteDir, outDir: site.outDir, logger });
    expect(stats.render.kept).toBeGreaterThan(0);
    expect(await readFile(path.join(site.outDir, '_headers'), 'utf8')).toBe(headers);
    expect(warnings.filter((w) => w.includes('inline event handler'))).toEqual([
      expect.stringMatching(/docs\/scripted\.mdx: an inline event handler .* will not run/),
    ]);
  }, 120_000);
});
