import { chromium, type Browser } from 'playwright-core';

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
 * page itself, on a machine the test files share.
 */
const IDLE_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Debian's Chromium, headless, with the flags this machine needs (no background network calls). */
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
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...IDLE_FEATURES].join(',')}`,
    ],
  });
}
