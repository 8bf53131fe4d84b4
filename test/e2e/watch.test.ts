// `sipadocs serve --watch` end to end: a real CLI process on a temporary copy of the e2e fixture site, and
// headless Chromium watching the open page update, the sidebar grow, and the error overlay
// come and go.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, releaseBrowser, testBrowser } from '../../support/browser.js';
import { E2E_SITE } from '../../support/servedSite.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STEP = 60_000;

let tmp: string;
let site: string;
let child: ChildProcess;
let output = '';
let baseUrl: string;
let browser: Browser;
let page: Page;

const docFile = () => path.join(site, 'docs/guides/overview.mdx');

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-watch-'));
  site = path.join(tmp, 'site');
  await cp(path.join(REPO, E2E_SITE), site, { recursive: true });
  child = spawn(process.execPath, ['bin/sipadocs.js', 'serve', '--watch', '--site', site, '--out-dir', path.join(tmp, 'out'), '--port', '0'], {
    cwd: REPO,
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Watching for changes/.test(output) && /at (http:\/\/\S+?)\/?\n/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
  browser = await testBrowser();
  page = await browser.newPage();
  // Every document of the session records what the site's Content-Security-Policy blocks.
  await page.addInitScript(() => {
    const blocked: string[] = JSON.parse(sessionStorage.getItem('__csp') ?? '[]');
    document.addEventListener('securitypolicyviolation', (e) => {
      blocked.push(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
      sessionStorage.setItem('__csp', JSON.stringify(blocked));
    });
  });
}, 120_000);

afterAll(async () => {
  await releaseBrowser(browser);
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
  if (tmp) await rm(tmp, { recursive: true, force: true });
}, 60_000);

const bodyHas = (text: string) => pollUntil(page, (t) => document.body.innerText.includes(t), text, { timeout: STEP });

describe('serve --watch', () => {
  it('shows the open doc, edited, in place: no page load, and where it was scrolled to', async () => {
    await page.goto(`${baseUrl}/docs/guides/overview`);
    await bodyHas('Sipa is a small framework');
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true, undefined, { timeout: STEP });
    await page.evaluate(() => {
      window.scrollTo(0, 600);
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const text = await readFile(docFile(), 'utf8');
    await writeFile(docFile(), text.replace('Sipa is a small framework', 'Sipa is a WATCHED-EDIT framework'));
    await bodyHas('Sipa is a WATCHED-EDIT framework');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // The old text is gone, not left beside the new.
    expect(await page.evaluate(() => document.body.innerText.includes('Sipa is a small framework'))).toBe(false);
  }, STEP * 2);

  it('swaps stylesheets without a reload on a CSS-only change', async () => {
    await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
    const css = path.join(site, 'css/custom.css');
    await writeFile(css, `${await readFile(css, 'utf8')}\n:root { --sipa-watch-test: 42px; }\n`);
    await pollUntil(page, () => getComputedStyle(document.documentElement).getPropertyValue('--sipa-watch-test').trim() === '42px', undefined, {
      timeout: STEP,
    });
    expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  }, STEP * 2);

  it('shows a new doc in the sidebar in place, and navigates to it client-side', async () => {
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await writeFile(path.join(site, 'docs/guides/watch-added.mdx'), '---\ntitle: Watch Added Doc\nsidebar_position: 99\n---\n\nAdded while watching.\n');
    await page.locator('nav.sidebar').getByText('Watch Added Doc').click({ timeout: STEP });
    await bodyHas('Added while watching.');
    expect(page.url()).toBe(`${baseUrl}/docs/guides/watch-added`);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.goBack();
    await bodyHas('WATCHED-EDIT');
  }, STEP * 2);

  it('reloads the page when the runtime every page loads changed (the site config)', async () => {
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const config = path.join(site, 'sipadocs.config.ts');
    const text = await readFile(config, 'utf8');
    expect(text).toContain("  navbar: {\n    title: 'SIPA',");
    await writeFile(config, text.replace("  navbar: {\n    title: 'SIPA',", "  navbar: {\n    title: 'SIPA-RELOADED',"));
    await page.locator('nav').getByText('SIPA-RELOADED').first().waitFor({ timeout: STEP });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined();
  }, STEP * 2);

  it('shows an overlay for broken MDX while the server keeps serving, and clears it once fixed', async () => {
    const good = await readFile(docFile(), 'utf8');
    await writeFile(docFile(), `${good}\n\n<Broken\n`);
    const overlay = page.locator('#__sipa-overlay');
    await overlay.waitFor({ state: 'visible', timeout: STEP });
    expect(await overlay.innerText()).toMatch(/overview\.mdx:\d+:\d+: error MDX_SYNTAX/);
    expect(output).toMatch(/overview\.mdx:\d+:\d+: error MDX_SYNTAX/);

    const response = await fetch(`${baseUrl}/docs/guides/overview`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('WATCHED-EDIT');

    await writeFile(docFile(), good.replace('WATCHED-EDIT', 'FIXED-AGAIN'));
    await bodyHas('FIXED-AGAIN');
    await overlay.waitFor({ state: 'detached', timeout: STEP });
  }, STEP * 3);

  it("ran every step under the site's Content-Security-Policy, live-reload script included, without a violation", async () => {
    const response = await page.goto(`${baseUrl}/docs/guides/overview`);
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self' ('wasm-unsafe-eval' )?'sha256-/);
    expect(await page.locator('script[src="/__sipa/live-reload.js"]').count()).toBe(1);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('__csp') ?? '[]'))).toEqual([]);
  }, STEP);

  it('shuts down cleanly on Ctrl+C', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('Server stopped.');
  }, STEP);
});
