import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

/**
 * The Chromium features Playwright turns off itself (its default `--disable-features`, as of the
 * version in package-lock.json): Chromium reads only the last `--disable-features` it is given, so
 * ours must repeat them (test/e2e/browser-flags.test.ts compares them with Playwright's own).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Features turned off for the tests' speed alone. Chromium 156 draws the address bar's suggestion
 * popups with WebUI, and a headless window builds both before its page opens: a renderer of
 * their own that spent about 2 s of CPU for every page the tests opened, more than loading the
 * page itself, on a machine the test files share. And Chromium starts a spare renderer beside
 * each one it uses, for the next page to open, where the tests open each page in a context of its
 * own, which cannot use it: a context and one page cost about 1.8 s of CPU with the spare, 1.5 s
 * without (8 contexts, the e2e site, summed over Chromium's processes, 2 runs each).
 */
const IDLE_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/**
 * Nothing the tests open leaves the machine: every host name but the local server's fails to
 * resolve. A catch-all `context.route` did this before, but Playwright then intercepts every
 * request of the context (each one a round trip through this process) and turns the HTTP cache
 * off, for pages that request nothing outside anyway.
 */
export const LOCAL_HOSTS_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

/** Debian's Chromium, headless, with the flags this machine needs (no background network calls, no host but this one). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      LOCAL_HOSTS_ONLY,
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...IDLE_FEATURES].join(',')}`,
    ],
  });
}

let shared: Promise<Browser> | null = null;

/**
 * The Chromium the test files of one process share. A launch costs about 1.3 s of CPU and some
 * twenty processes, and some thirty files drive a browser; their worker processes run them one
 * after another (vitest's `isolate: false`), so each file opens its contexts in the running browser
 * and closes them with releaseBrowser when it ends. A browser that crashed or was closed is
 * launched again. Playwright closes it when the process exits.
 */
export function testBrowser(): Promise<Browser> {
  // Chained on the last call's browser, so that calls made at once share one launch.
  shared = (shared ?? launchBrowser()).then(
    (browser) => (browser.isConnected() ? browser : launchBrowser()),
    () => launchBrowser(),
  );
  return shared;
}

/** Closes every context of the shared browser (a page opened with `browser.newPage()` has one): the next file starts with none. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close().catch(() => {})));
}

/** How often pollUntil checks its condition, in milliseconds. */
const POLL_MS = 50;

/**
 * `page.waitForFunction`, checked every POLL_MS instead of at every animation frame (Playwright's
 * default): checking at every frame makes Chromium draw sixty frames a second for as long as the
 * test waits, about 0.13 s of CPU for every second waited (a page left alone draws none).
 */
export async function pollUntil<Arg>(page: Page, condition: string | ((arg: Arg) => unknown), arg?: Arg, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(condition as (arg: unknown) => unknown, arg, { ...options, polling: POLL_MS });
}

/**
 * The console error of Chromium's own request for the host's /favicon.ico, made for a page that
 * names no icon of its own: not the site's doing (under a base URL, not even the site's address).
 */
export const isFaviconMiss = (message: ConsoleMessage): boolean => message.type() === 'error' && /^https?:\/\/[^/]+\/favicon\.ico$/.test(message.location().url);
