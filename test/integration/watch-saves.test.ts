/**
 * `serve --watch` and saves that are not one event. Node's writeFile, and editors that save in
 * place, truncate the file and then write it, sometimes in several writes. The file watcher
 * reports the first of these, and then nothing more about that file for 50 ms.
 * - A file read empty is given a moment to be written before it is built: otherwise open tabs
 *   showed the page empty (losing its scroll position) just before the saved one.
 * - A file read half-written, whose rebuild failed sooner than the rest was written, is looked at
 *   again once the watcher's 50 ms are over: a config saved so left the session on its error.
 * - That second look, like a touch, does not change what open tabs are told of a build: a
 *   stylesheet saved in the same batch is still swapped in place, with no reload of the page.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { open, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/dev/serve.js';
import { liveReloadEvents, startQuietWatchServer, tempDir } from '../helpers.js';

const config = (title: string) =>
  `import { defineConfig } from 'sipadocs';\nexport default defineConfig({ title: '${title}', url: 'https://fixture.example', customCss: ['./custom.css'], navbar: { items: [] }, footer: { columns: [], copyright: 'Fixture' } });\n`;

describe('serve --watch and a save in two steps', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let server: RunningServer;
  let siteDir: string;
  let rebuilt: ((ok: boolean) => void) | undefined;
  /** What open tabs are told (liveReloadEvents). */
  let events: string[] = [];

  beforeAll(async () => {
    tmp = await tempDir();
    siteDir = path.join(tmp.dir, 'site');
    await mkdir(path.join(siteDir, 'pages'), { recursive: true });
    await writeFile(path.join(siteDir, 'sipadocs.config.ts'), config('Saved in two steps'));
    await writeFile(path.join(siteDir, 'pages', 'index.md'), '# Saved\n\nThe first words.\n');
    await writeFile(path.join(siteDir, 'custom.css'), ':root { --saved: 1px; }\n');
    server = await startQuietWatchServer(siteDir, path.join(tmp.dir, 'out'));
    server.onRebuild = ({ ok, searchOnly }) => {
      if (!searchOnly) rebuilt?.(ok);
    };
    events = await liveReloadEvents(server.url);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await tmp?.cleanup();
  });

  /** Writes `first` over `file`, waits for the rebuild that reads that much, and writes `rest` right after it. */
  async function saveInTwoWrites(file: string, first: string, rest: string): Promise<boolean> {
    const halfBuilt = new Promise<boolean>((resolve) => (rebuilt = resolve));
    const handle = await open(file, 'w');
    try {
      await handle.write(first);
      const ok = await halfBuilt;
      rebuilt = undefined;
      // After the rebuild's own second reading of the file, well inside the watcher's 50 ms.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await handle.write(rest);
      return ok;
    } finally {
      await handle.close();
    }
  }

  const servedHome = async () => readFile(path.join(server.root, 'index.html'), 'utf8');

  it('builds a config as saved after the build of its first half failed', async () => {
    for (const title of ['Second title', 'Third title', 'Fourth title']) {
      const text = config(title);
      const half = text.indexOf('defineConfig(') + 'defineConfig('.length;
      expect(await saveInTwoWrites(path.join(siteDir, 'sipadocs.config.ts'), text.slice(0, half), text.slice(half))).toBe(false);
      await server.idle();
      expect(await servedHome()).toContain(`<span class="navbar__title">${title}</span>`);
    }
  }, 60_000);

  it('does not build a page read empty in the middle of its save: open tabs are told of the saved page once', async () => {
    const page = path.join(siteDir, 'pages', 'index.md');
    for (const words of ['The fourth words.', 'The fifth words.']) {
      await server.idle();
      events.length = 0;
      const builds: boolean[] = [];
      rebuilt = (ok) => void builds.push(ok);
      const handle = await open(page, 'w');
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await handle.write(`# Saved\n\n${words}\n`);
      } finally {
        await handle.close();
      }
      for (const deadline = Date.now() + 30_000; builds.length === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await server.idle();
      rebuilt = undefined;
      expect(builds).toEqual([true]);
      expect(await servedHome()).toContain(words);
      expect(events).toEqual(['update']);
    }
  }, 60_000);

  it('swaps a stylesheet saved beside a page reported without a change of content, rather than reloading the page', async () => {
    const page = path.join(siteDir, 'pages', 'index.md');
    // A page the session has built since it changed: the session knows its content.
    const pageBuilt = new Promise<boolean>((resolve) => (rebuilt = resolve));
    await writeFile(page, '# Saved\n\nThe second words.\n');
    expect(await pageBuilt).toBe(true);
    rebuilt = undefined;
    for (const round of [1, 2, 3]) {
      await server.idle();
      events.length = 0;
      // One batch: the page is touched (its second look after a rebuild is reported the same
      // way), the stylesheet changed.
      const now = new Date();
      utimesSync(page, now, now);
      writeFileSync(path.join(siteDir, 'custom.css'), `:root { --saved: ${round + 2}px; }\n`);
      for (const deadline = Date.now() + 30_000; !events.includes('css') && !events.includes('reload') && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
      await server.idle();
      expect(events).toEqual(['css']);
    }
  }, 60_000);
});
