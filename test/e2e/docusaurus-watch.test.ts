// `sipadocs serve --watch` in a Docusaurus project where it stands: a real CLI process started in
// a copy of the Docusaurus 3 fixture (no --site: the project is found by its config), and headless
// Chromium seeing an edit to one of its docs in place, and one to its sidebars file.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAvailablePackages } from '../sitePackages.js';
import { pollUntil, releaseBrowser, testBrowser } from '../../support/browser.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STEP = 60_000;

let tmp: string;
let project: string;
let child: ChildProcess;
let output = '';
let baseUrl: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-docusaurus-watch-'));
  project = path.join(tmp, 'lumen-docs');
  await cp(path.join(REPO, 'test/fixtures/docusaurus3-project'), project, { recursive: true });
  await installAvailablePackages(project, { transitive: ['clsx'] });
  child = spawn(process.execPath, [path.join(REPO, 'bin/sipadocs.js'), 'serve', '--watch', '--port', '0'], {
    cwd: project,
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
}, 180_000);

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

describe('serve --watch in a Docusaurus project', () => {
  it('shows an edit to one of its docs in place, without a page load', async () => {
    await page.goto(`${baseUrl}/docs/guides/first-store`);
    await bodyHas('The listener runs once per change');
    await pollUntil(page, () => window.__SIPA_HYDRATED__ === true, undefined, { timeout: STEP });
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const doc = path.join(project, 'docs/guides/first-store.md');
    await writeFile(doc, (await readFile(doc, 'utf8')).replace('The listener runs once per change', 'The listener runs EDITED-IN-PLACE'));
    await bodyHas('The listener runs EDITED-IN-PLACE');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await page.evaluate(() => document.body.innerText.includes('The listener runs once per change'))).toBe(false);
  }, STEP * 2);

  it('reads the project again when its sidebars file changes', async () => {
    const sidebars = path.join(project, 'sidebars.js');
    await writeFile(sidebars, (await readFile(sidebars, 'utf8')).replace("'Getting started':", "'Start here':"));
    await page.locator('nav.sidebar').getByText('Start here').first().waitFor({ timeout: STEP });
  }, STEP * 2);

  it('writes nothing into the project but its cache', async () => {
    expect(output).not.toMatch(/error/i);
    await expect(readFile(path.join(project, 'build', 'index.html'))).rejects.toThrow();
  });
});
