// The browser the tests drive: Chromium started by support/browser.ts keeps every feature that
// Playwright turns off (Chromium reads only the last --disable-features), and opens a page
// without the address bar's WebUI popups, which cost a renderer of their own per page, and reaches
// no host but this machine's without intercepting a request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookup } from 'node:dns/promises';
import os from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../support/browser.js';

/** The features the running browser was told to turn off: the last --disable-features of the command line chrome://version shows. */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const page = await browser.newPage();
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  await page.close();
  const last = commandLine.split(/\s+/).filter((arg) => arg.startsWith('--disable-features=')).at(-1) ?? '--disable-features=';
  return last.slice('--disable-features='.length).split(',').filter(Boolean);
}

/** The URLs of the browser's targets other than pages and tabs (WebUI it draws for itself). */
async function browserUiTargets(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] } as never)) as { targetInfos: Array<{ type: string; url: string }> };
  return targetInfos.filter((target) => target.type !== 'page' && target.type !== 'tab').map((target) => target.url);
}

describe('the tests\' Chromium', () => {
  let ours: Browser;
  let plain: Browser;
  beforeAll(async () => {
    ours = await launchBrowser();
    plain = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  }, 60_000);
  afterAll(async () => {
    await ours?.close();
    await plain?.close();
  });

  it('turns off every feature Playwright turns off, and the address bar\'s WebUI popups', async () => {
    const playwrights = await disabledFeatures(plain);
    expect(playwrights.length).toBeGreaterThan(5);
    const disabled = await disabledFeatures(ours);
    expect(playwrights.filter((feature) => !disabled.includes(feature))).toEqual([]);
    expect(disabled).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });

  it('opens a page without building the address bar\'s popups, which Playwright\'s defaults build', async () => {
    const opened = async (browser: Browser) => {
      const context = await browser.newContext();
      await context.newPage();
      // The popups are made while the window opens; give them the time to show up.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const ui = await browserUiTargets(browser);
      await context.close();
      return ui;
    };
    expect((await opened(plain)).filter((url) => url.includes('omnibox-popup'))).not.toEqual([]);
    expect((await opened(ours)).filter((url) => url.includes('omnibox-popup'))).toEqual([]);
  });

  it('reaches the local server and no other host, without a route in the context', async () => {
    // The machine's own name resolves here without a network (/etc/hosts), so a page could reach
    // a server behind it: the plain browser does, ours does not.
    const { address } = await lookup(os.hostname(), { family: 4 });
    const server = http.createServer((_request, response) => response.end('<!doctype html><title>local</title>'));
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    const port = (server.address() as AddressInfo).port;
    const reach = async (browser: Browser, from: string, url: string) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(from);
        // A no-cors fetch settles without reading the answer: it fails only when nothing answers.
        return await page.evaluate((target) => fetch(target, { mode: 'no-cors' }).then(() => 'answered', (error: Error) => `failed: ${error.message}`), url);
      } finally {
        await context.close();
      }
    };
    try {
      const local = `http://${address}:${port}`;
      const named = `http://${os.hostname()}:${port}/`;
      expect(await reach(plain, `${local}/`, named)).toBe('answered');
      expect(await reach(ours, `${local}/`, `${local}/again`)).toBe('answered');
      expect(await reach(ours, `${local}/`, named)).toMatch(/^failed/);
      expect(await reach(ours, `${local}/`, 'https://fonts.example/')).toMatch(/^failed/);
    } finally {
      server.close();
    }
  });
});
