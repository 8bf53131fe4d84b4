import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildOnce } from '../src/pipeline/build.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../src/server/staticServer.js';
import { releaseBrowser, testBrowser } from './browser.js';
import { assertUnchanged, sharedBuild, type SharedBuildOptions } from './sharedBuild.js';

export interface BuiltSite {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The built site's folder. */
  outDir: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The site the browser tests drive: a copy of the Sipa documentation frozen for the tests, so that
 * editing the documentation (site/) never breaks them; tests name its pages and read its text.
 */
export const E2E_SITE = 'test/fixtures/e2e-site';

/**
 * Serves a built site (E2E_SITE by default) on a free port (with the headers of its _headers file,
 * its Content-Security-Policy among them), with the Chromium of this process (testBrowser). A frozen fixture of this
 * repository (a folder under test/fixtures/) is built once per run and shared with the other test
 * files that serve it (see sharedBuild.ts): read its output, never write in it; `close` fails when
 * a test changed it (`copy`: a copy of it is built, see SharedBuildOptions). Any other folder (a
 * copy a test changed) is built into a temp dir of its own.
 */
export async function startSite(siteDir = E2E_SITE, options: SharedBuildOptions = {}): Promise<BuiltSite> {
  const shared = isFrozenFixture(siteDir);
  const outDir = shared ? (await sharedBuild(siteDir, options)).outDir : await mkdtemp(path.join(tmpdir(), 'sipadocs-e2e-'));
  if (!shared) await buildOnce({ siteDir, outDir, quiet: true });
  const server: http.Server = createStaticServer({ root: outDir });
  const { url } = await listenOnFreePort(server, { port: 0 });
  const browser = await testBrowser();
  return {
    url: url.replace(/\/$/, ''),
    outDir,
    browser,
    async close() {
      await releaseBrowser(browser);
      await closeServer(server).catch(() => {});
      if (shared) assertUnchanged(outDir);
      else await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** A folder under this repository's test/fixtures/, which tests copy before they change it. */
function isFrozenFixture(siteDir: string): boolean {
  const relative = path.relative(path.resolve('test/fixtures'), path.resolve(siteDir));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
