import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildOnce } from '../src/pipeline/build.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../src/server/staticServer.js';
import { launchBrowser } from './browser.js';

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
 * Builds a site (E2E_SITE by default) once into a temp dir, serves it on a free port (with the headers
 * of its _headers file, its Content-Security-Policy among them) and launches Chromium.
 */
export async function startSite(siteDir = E2E_SITE): Promise<BuiltSite> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'sipadocs-e2e-'));
  await buildOnce({ siteDir, outDir, quiet: true });
  const server: http.Server = createStaticServer({ root: outDir });
  const { url } = await listenOnFreePort(server, { port: 0 });
  const browser = await launchBrowser();
  return {
    url: url.replace(/\/$/, ''),
    outDir,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await closeServer(server).catch(() => {});
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
