import { appendFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { indexedPages, readDeltaFile, SEARCH } from './siteSearch.js';
const exists = (file: string) => stat(file).then(() => true, () => false);

describe('the search index', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let siteDir: string;
  let out: string;
  beforeAll(async () => {
    tmp = await tempDir();
    // A project of its own, so the cache this test removes is its own, not the one other test files build with.
    await writeFile(path.join(tmp.dir, 'package.json'), '{ "name": "project", "private": true }\n');
    siteDir = await copyFixture('basic', tmp.dir);
    out = path.join(tmp.dir, 'out');
    await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('holds the docs, posts and pages with their titles, headings and text, and nothing of the chrome', async () => {
    const pages = await indexedPages(out);
    expect([...pages.keys()].sort()).toEqual(['/', '/blog/hello', '/blog/second', '/docs/intro/first', '/docs/intro/second', '/docs/reference']);
    const first = pages.get('/docs/intro/first')!;
    expect(first.title).toBe('First page');
    expect(first.anchors).toEqual(expect.arrayContaining(['first-steps', 'a-sub-step']));
    expect(first.content).toContain('Intro text.');
    // Code is indexed too (with a lower weight).
    expect(first.content).toContain('console.log(a)');
    // Not the sidebar, the breadcrumbs, the pager or the edit link.
    expect(first.content).not.toMatch(/Edit this page|Next|Getting started/);
    expect(first.content).not.toContain('Second page');
  });

  it('leaves out the 404 page, blog lists, tag pages, the archive and generated category indexes', async () => {
    const urls = [...(await indexedPages(out)).keys()];
    for (const route of ['/404', '/blog', '/blog/page/2', '/blog/tags', '/blog/tags/news', '/blog/archive', '/docs/category/getting-started']) {
      expect(urls).not.toContain(route);
    }
  });

  it('ships only what the browser needs: no pagefind UI', async () => {
    const files = await readdir(path.join(out, SEARCH));
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.en.pagefind', 'index', 'fragment', 'delta.json']));
    expect(files.filter((f) => /ui|highlight|playground/.test(f))).toEqual([]);
    // A fresh index is all base: no delta to load.
    expect(files).not.toContain('delta');
    expect(await readDeltaFile(out)).toEqual({ base: 6, delta: 0, pages: [], drop: [] });
  });

  it('keeps the index as it is when no page changed, and indexes only an edited page, into the delta', async () => {
    const unchanged = await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
    expect(unchanged.stats.search).toEqual({ pages: 6, indexed: false, kind: 'kept', indexedPages: 0 });
    const entry = path.join(out, SEARCH, 'pagefind-entry.json');
    const before = (await stat(entry)).mtimeMs;
    const secondId = (await indexedPages(out)).get('/docs/intro/second')!.id;

    await appendFile(path.join(siteDir, 'docs/010_intro/020_second.mdx'), '\nA quokka wandered into the second page.\n');
    const edited = await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
    expect(edited.stats.search).toEqual({ pages: 6, indexed: true, kind: 'delta', indexedPages: 1 });
    // The base is as it was; the delta holds the edited page and replaces its base entry.
    expect((await stat(entry)).mtimeMs).toBe(before);
    const delta = await readDeltaFile(out);
    expect(delta).toMatchObject({ base: 6, delta: 1, drop: [secondId] });
    const pages = await indexedPages(out);
    expect(pages.get('/docs/intro/second')!.content).toContain('quokka');
    expect(delta.pages).toEqual([pages.get('/docs/intro/second')!.id]);
  }, 120_000);

  it('reads kept pages back from the output when their search documents are in no cache', async () => {
    // A fresh process: no memory, and the persistent cache of search documents is gone. A base
    // file is missing from the output too, so every page is indexed again, kept ones included.
    const searchCache = path.join(tmp.dir, 'node_modules/.cache/sipadocs/artifacts/search');
    expect(await exists(searchCache)).toBe(true);
    await rm(searchCache, { recursive: true, force: true });
    const fragments = path.join(out, SEARCH, 'fragment');
    await rm(path.join(fragments, (await readdir(fragments))[0]!));
    await appendFile(path.join(siteDir, 'docs/reference.md'), '\nA wombat lives in the reference.\n');
    const { stats } = await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
    expect(stats.render.kept).toBeGreaterThan(0);
    expect(stats.search).toEqual({ pages: 6, indexed: true, kind: 'full', indexedPages: 6 });
    expect(await readDeltaFile(out)).toMatchObject({ delta: 0, drop: [] });
    const pages = await indexedPages(out);
    expect(pages.get('/docs/reference')!.content).toContain('wombat');
    // A kept page is still in the index, with its text.
    expect(pages.get('/docs/intro/first')!.content).toContain('Intro text.');
    expect(pages.get('/docs/intro/second')!.content).toContain('quokka');
  }, 120_000);
});

describe('a site with noIndex', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('has no search index and no search button', async () => {
    const siteDir = await copyFixture('basic', tmp.dir);
    const config = path.join(siteDir, 'sipadocs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Fixture',", "title: 'Fixture',\n  noIndex: true,"));
    const out = path.join(tmp.dir, 'out');
    await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
    expect(await exists(path.join(out, SEARCH))).toBe(false);
    const html = await readFile(path.join(out, 'docs/intro/first.html'), 'utf8');
    expect(html).toContain('noindex');
    expect(html).not.toContain('class="search-button"');
  }, 120_000);
});
