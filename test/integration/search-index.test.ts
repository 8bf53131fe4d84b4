import { appendFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/build/build.js';
import { REPO_ROOT } from '../../src/bundle/virtualModules.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

const SEARCH = '_sipa/search';
const exists = (file: string) => stat(file).then(() => true, () => false);

/** What the index holds of each page, read from pagefind's fragment files (gzip, a signature, then JSON). */
async function indexedPages(outDir: string): Promise<Map<string, { title: string; content: string; anchors: string[] }>> {
  const dir = path.join(outDir, SEARCH, 'fragment');
  const pages = new Map<string, { title: string; content: string; anchors: string[] }>();
  for (const name of await readdir(dir)) {
    const text = gunzipSync(await readFile(path.join(dir, name))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; meta: { title: string }; anchors: Array<{ id: string }> };
    pages.set(fragment.url, { title: fragment.meta.title, content: fragment.content, anchors: fragment.anchors.map((a) => a.id) });
  }
  return pages;
}

describe('the search index', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let siteDir: string;
  let out: string;
  beforeAll(async () => {
    tmp = await tempDir();
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
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.en.pagefind', 'index', 'fragment']));
    expect(files.filter((f) => /ui|highlight|playground/.test(f))).toEqual([]);
  });

  it('keeps the index as it is when no page changed, and indexes again when one did', async () => {
    const unchanged = await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
    expect(unchanged.stats.search).toEqual({ pages: 6, indexed: false });
    const entry = path.join(out, SEARCH, 'pagefind-entry.json');
    const before = (await stat(entry)).mtimeMs;

    await appendFile(path.join(siteDir, 'docs/010_intro/020_second.mdx'), '\nA quokka wandered into the second page.\n');
    const edited = await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
    expect(edited.stats.search).toEqual({ pages: 6, indexed: true });
    expect((await stat(entry)).mtimeMs).not.toBe(before);
    expect((await indexedPages(out)).get('/docs/intro/second')!.content).toContain('quokka');
  }, 120_000);

  it('reads kept pages back from the output when their search documents are in no cache', async () => {
    // A fresh process: no memory, and the persistent cache of search documents is gone.
    await rm(path.join(REPO_ROOT, 'node_modules/.cache/sipadocs/build/search'), { recursive: true, force: true });
    await appendFile(path.join(siteDir, 'docs/reference.md'), '\nA wombat lives in the reference.\n');
    const { stats } = await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
    expect(stats.render.kept).toBeGreaterThan(0);
    expect(stats.search).toEqual({ pages: 6, indexed: true });
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
