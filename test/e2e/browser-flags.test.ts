// The browser the tests drive: Chromium started by support/browser.ts keeps every feature that
// Playwright turns off (Chromium reads only the last --disable-features), and opens a page
// without the address bar's WebUI popups, which cost a renderer of their own per page.
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
});
