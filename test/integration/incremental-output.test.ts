// A build over a previous good output keeps the pages whose documents are unchanged as they are
// instead of writing them again. These tests pin what that must never change: the output is the one a
// fresh build writes, hand-edited files are replaced, and links into changed pages are still checked.
import { appendFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { indexedPages, SEARCH } from './siteSearch.js';

describe('builds over a previous output', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: string;
  let out: string;
  const build = () => buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  const inode = async (rel: string) => (await stat(path.join(out, rel))).ino;
  const read = (rel: string) => readFile(path.join(out, rel), 'utf8');

  beforeAll(async () => {
    tmp = await tempDir();
    site = await copyFixture('basic', tmp.dir);
    out = path.join(tmp.dir, 'out');
    await build();
  }, 120_000);
  afterAll(() => tmp.cleanup());

  const routeChunk = async (page: string) => /_sipa\/r\/[^"'\s]+\.js/.exec(await read(page))?.[0] ?? '';

  it('keeps the files of unchanged pages and writes the edited one', async () => {
    const before = { first: await inode('docs/intro/first.html'), second: await inode('docs/intro/second.html') };
    const firstChunk = await routeChunk('docs/intro/first.html');
    const firstChunkInode = await inode(firstChunk);
    await appendFile(path.join(site, 'docs/010_intro/020_second.mdx'), '\nA sentence added by the test.\n');
    await build();
    expect(await inode('docs/intro/first.html')).toBe(before.first);
    expect(await inode('docs/intro/second.html')).not.toBe(before.second);
    // Route chunks are named by content: the unchanged page's chunk is the same file, kept.
    expect(firstChunk).not.toBe('');
    expect(await routeChunk('docs/intro/first.html')).toBe(firstChunk);
    expect(await inode(firstChunk)).toBe(firstChunkInode);
    expect(await read('docs/intro/second.html')).toContain('A sentence added by the test.');
    expect(await read('docs/intro/first.html')).toContain('Intro text.');
  }, 120_000);

  it('removes the files of a deleted page and ends up with the files a fresh build writes, plus what the user added', async () => {
    const reference = path.join(site, 'docs/reference.md');
    const text = await readFile(reference, 'utf8');
    await rm(reference);
    await writeFile(path.join(out, 'stray.txt'), 'not written by any build');
    const { warnings } = await build();
    // A file sipadocs did not write is never removed: it stays, named in a warning.
    expect(warnings.some((w) => w.includes('stray.txt: not written by sipadocs'))).toBe(true);
    expect(await read('stray.txt')).toBe('not written by any build');
    await rm(path.join(out, 'stray.txt'));
    const fresh = path.join(tmp.dir, 'fresh');
    await buildOnce({ siteDir: site, outDir: fresh, logger: silentLogger() });
    // The search index is the exception: built incrementally, it is a base and a delta whose files
    // differ from a fresh build's, while the pages it finds are the same.
    const files = async (dir: string) => (await readdir(dir, { recursive: true })).filter((f) => !f.startsWith(`${SEARCH}/`)).sort();
    expect(await files(out)).toEqual(await files(fresh));
    expect(await indexedPages(out)).toEqual(await indexedPages(fresh));
    expect(await files(out)).not.toContain(path.join('docs', 'reference.html'));
    await writeFile(reference, text);
    await build();
    expect(await read('docs/reference.html')).toContain('<html');
  }, 120_000);

  it('takes the bodies of pages from their files when only the document around them changed', async () => {
    const config = path.join(site, 'sipadocs.config.ts');
    const text = await readFile(config, 'utf8');
    // A new favicon changes every page's document but no page's body. (Not noIndex: it also
    // removes the search button from every body.)
    await writeFile(config, text.replace("title: 'Fixture',", "title: 'Fixture',\n  favicon: 'img/new-icon.png',"));
    const summaries: Record<string, string> = {};
    const logger = {
      ...silentLogger(),
      async stage<T>(name: string, run: () => Promise<T>, describe?: (result: T) => string) {
        const result = await run();
        summaries[name] = describe?.(result) ?? '';
        return result;
      },
    };
    try {
      const { pages } = await buildOnce({ siteDir: site, outDir: out, logger });
      // Every page is written again, none is rendered again.
      expect(summaries.render).toBe(`${pages} pages (${pages} cached)`);
      expect(await read('docs/intro/first.html')).toContain('<link rel="icon" href="/img/new-icon.png">');
      expect(await read('docs/intro/first.html')).toContain('Intro text.');
    } finally {
      await writeFile(config, text);
    }
    await build();
    expect(await read('docs/intro/first.html')).not.toContain('new-icon');
  }, 120_000);

  it('replaces an output file that was changed by hand', async () => {
    const good = await read('docs/reference.html');
    await writeFile(path.join(out, 'docs/reference.html'), 'edited by hand');
    await build();
    expect(await read('docs/reference.html')).toBe(good);
  }, 120_000);

  it('still finds a broken anchor in an unchanged page when its target heading is removed', async () => {
    const second = path.join(site, 'docs/010_intro/020_second.mdx');
    const text = await readFile(second, 'utf8');
    const keptInode = await inode('docs/intro/first.html');
    await writeFile(second, text.replace('## Details {#custom-details}', '## Details'));
    const error = await build().then(
      () => null,
      (e: unknown) => e,
    );
    const problems = error instanceof SiteErrors ? error.errors : [error];
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBeInstanceOf(SiteError);
    expect((problems[0] as SiteError).code).toBe('BROKEN_LINKS');
    expect((problems[0] as SiteError).message).toContain('/docs/intro/second#custom-details');
    // The failed build left the last good output as it was.
    expect(await inode('docs/intro/first.html')).toBe(keptInode);
    await writeFile(second, text);
    await build();
  }, 120_000);
});
