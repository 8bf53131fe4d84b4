// The Chromium that the browser test files of a worker share (support/browser.ts).
import { expect, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../../support/browser.js';

it('is launched once for calls made at once, left without contexts by releaseBrowser, and launched again once closed', async () => {
  const [first, second] = await Promise.all([testBrowser(), testBrowser()]);
  expect(second).toBe(first);
  const context = await first.newContext();
  await context.newPage();
  await first.newPage();
  expect(first.contexts()).toHaveLength(2);
  await releaseBrowser(first);
  expect(first.contexts()).toEqual([]);
  expect(await testBrowser()).toBe(first);

  await first.close();
  const next = await testBrowser();
  expect(next).not.toBe(first);
  expect(next.isConnected()).toBe(true);
  await releaseBrowser(next);
}, 60_000);
