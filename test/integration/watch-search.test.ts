/**
 * Search in watch mode: a save is shown first, with the last index kept as it is, and the build
 * that follows indexes it; open tabs are not told of that second build. Queries run through
 * pagefind's own runtime, as in search-delta.test.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/dev/serve.js';
import { liveReloadEvents, startQuietWatchServer, tempDir } from '../helpers.js';
import { openSiteSearch } from './siteSearch.js';

const page = (title: string, words: string) => `---\ntitle: ${title}\n---\n\n# ${title}\n\n${words}\n`;

describe('search in watch mode', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let server: RunningServer;
  let siteDir: string;
  let outDir: string;
  const outcomes: Array<{ ok: boolean; searchOnly: boolean }> = [];
  /** What open tabs are told (liveReloadEvents). */
  let events: string[] = [];

  beforeAll(async () => {
    tmp = await tempDir();
    siteDir = path.join(tmp.dir, 'site');
    outDir = path.join(tmp.dir, 'out');
    await mkdir(path.join(siteDir, 'pages'), { recursive: true });
    await writeFile(
      path.join(siteDir, 'sipadocs.config.ts'),
      "import { defineConfig } from 'sipadocs';\nexport default defineConfig({ title: 'Watch search', url: 'https://fixture.example', navbar: { items: [] }, footer: { columns: [], copyright: 'Fixture' } });\n",
    );
    await writeFile(path.join(siteDir, 'pages', 'index.md'), page('Home', 'The home page of the fixture.'));
    for (const name of ['one', 'two', 'three']) await writeFile(path.join(siteDir, 'pages', `${name}.md`), page(`Page ${name}`, `Words of page ${name}: bokaritu lorem ipsum.`));
    server = await startQuietWatchServer(siteDir, outDir);
    server.onRebuild = ({ ok, searchOnly }) => void outcomes.push({ ok, searchOnly });
    events = await liveReloadEvents(server.url);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await tmp?.cleanup();
  });

  it('shows a save first and indexes it in the build that follows, which open tabs are not told of', async () => {
    const before = await openSiteSearch(server.root);
    try {
      expect((await before.query('bokaritu')).map((p) => p.url).sort()).toEqual(['/one', '/three', '/two']);
    } finally {
      await before.close();
    }
    await writeFile(path.join(siteDir, 'pages', 'two.md'), page('Page two', 'Words of page two: fizzlewick lorem ipsum.'));
    const deadline = Date.now() + 60_000;
    while (outcomes.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.idle();
    expect(outcomes).toEqual([
      { ok: true, searchOnly: false },
      { ok: true, searchOnly: true },
    ]);
    // One event for the save (after the connection's hello), none for the search build.
    expect(events).toEqual(['hello', 'update']);

    const after = await openSiteSearch(server.root);
    try {
      expect((await after.query('fizzlewick')).map((p) => p.url)).toEqual(['/two']);
      expect((await after.query('bokaritu')).map((p) => p.url).sort()).toEqual(['/one', '/three']);
    } finally {
      await after.close();
    }
  }, 120_000);
});
