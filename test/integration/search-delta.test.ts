/**
 * The search index built incrementally: an edited page is indexed alone into the delta, a removed
 * page is dropped, a change outside the pages' content indexes nothing, and many edits rebuild the
 * base. After each step, queries run through pagefind's own runtime and the dialog's merging find
 * what a fresh build of the same content finds: the same pages, excerpts and headings, and for
 * one-word queries the same scores (every page here has the same number of words, so pagefind's
 * page-length weighting is the same in every index).
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import type { SearchStats } from '../../src/search/buildSearchIndex.js';
import { deltaLimit } from '../../src/search/searchPlan.js';
import { silentLogger, tempDir } from '../helpers.js';
import { indexedPages, openSiteSearch, readDeltaFile, SEARCH, type FoundPage } from './siteSearch.js';

/** Pages p00…p39, besides the home page. */
const PAGES = 40;
/** The home page, made like the others (all pages have as many words). */
const HOME = 99;
/** Pages in the index: the home page too. */
const INDEXED = PAGES + 1;
/** Words per page body (the title's two words aside). */
const WORDS = 24;
const SYLLABLES = ['bo', 'ka', 'ri', 'tu', 'me', 'sa', 'lo', 'ni'];
/** A word found on page i alone: three syllables and "qux", so no such word starts another. */
const uniqueWord = (i: number) => `${SYLLABLES[i % 8]}${SYLLABLES[Math.floor(i / 8) % 8]}${SYLLABLES[Math.floor(i / 64) % 8]}qux`;
/** Words shared by some pages, each on a different share of them (so each weighs differently). */
const sharedWords = (i: number) => [i % 2 === 0 ? 'alpha' : '', i % 3 === 0 ? 'beta' : '', i % 5 === 0 ? 'gamma' : '', i % 7 === 0 ? 'delta' : ''].filter(Boolean);

/** A page of exactly WORDS body words: its own word, its shared words, then filler. */
function pageSource(i: number, replace: Record<string, string> = {}): string {
  const words = [uniqueWord(i), ...sharedWords(i)];
  while (words.length < WORDS) words.push(words.length % 2 ? 'lorem' : 'ipsum');
  for (const [i, word] of words.entries()) words[i] = replace[word] ?? word;
  // The page's own word names it too, so replacing it leaves no trace of the old word.
  const name = replace[uniqueWord(i)] ?? uniqueWord(i);
  return `---\ntitle: Page ${name}\n---\n\n# Page ${name}\n\n## Section\n\n${words.join(' ')}\n`;
}

const pageFile = (siteDir: string, i: number) => path.join(siteDir, 'pages', `p${String(i).padStart(2, '0')}.md`);

async function writeSite(siteDir: string, title = 'Search delta'): Promise<void> {
  await mkdir(path.join(siteDir, 'pages'), { recursive: true });
  await writeFile(
    path.join(siteDir, 'sipadocs.config.ts'),
    `import { defineConfig } from 'sipadocs';\nexport default defineConfig({ title: '${title}', url: 'https://fixture.example', navbar: { items: [] }, footer: { columns: [], copyright: 'Fixture' } });\n`,
  );
}

/** Builds as a new process would: no memory of earlier builds but the persistent cache and the output. */
async function build(siteDir: string, outDir: string): Promise<SearchStats> {
  const { stats } = await buildOnce({ siteDir, outDir, logger: silentLogger() });
  return stats.search!;
}

/** The queries compared between the incremental and the fresh index. */
function queries(): string[] {
  const unique = [...Array.from({ length: PAGES + 2 }, (_, i) => uniqueWord(i)), uniqueWord(HOME)];
  return [...unique, 'alpha', 'beta', 'gamma', 'delta', 'lorem', 'section', 'page', 'fizzlewick', 'wobblequark', 'alpha beta', 'beta gamma lorem', 'fizzlewick alpha', `${uniqueWord(3)} alpha`, '"lorem ipsum"', `"${uniqueWord(5)} alpha"`];
}

const ONE_WORD = /^[a-z]+$/;

/** Runs every query on both sites and checks they find the same pages, excerpts and headings. */
async function expectSameResults(incremental: string, fresh: string): Promise<void> {
  const a = await openSiteSearch(incremental);
  const b = await openSiteSearch(fresh);
  try {
    for (const query of queries()) {
      const [found, expected] = [await a.query(query), await b.query(query)];
      const byUrl = (pages: FoundPage[]) => [...pages].sort((x, y) => (x.url < y.url ? -1 : 1)).map(({ score, ...page }) => page);
      expect(byUrl(found), query).toEqual(byUrl(expected));
      if (!ONE_WORD.test(query)) continue;
      // One word: the same score, so the same order.
      const scores = new Map(expected.map((page) => [page.url, page.score]));
      for (const page of found) expect(page.score, `${query} ${page.url}`).toBeCloseTo(scores.get(page.url)!, 4);
    }
  } finally {
    await a.close();
    await b.close();
  }
}

describe('the search index, built incrementally', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let siteDir: string;
  let out: string;
  /** Builds the site as it is now into a new folder, from scratch. */
  const freshBuild = async () => {
    const fresh = path.join(tmp.dir, `fresh-${Date.now()}`);
    const stats = await build(siteDir, fresh);
    expect(stats.kind).toBe('full');
    return fresh;
  };
  const basePfMeta = async () => (await readdir(path.join(out, SEARCH))).find((f) => f.endsWith('.pf_meta'))!;

  beforeAll(async () => {
    tmp = await tempDir();
    siteDir = path.join(tmp.dir, 'site');
    await writeSite(siteDir);
    await writeFile(path.join(siteDir, 'pages', 'index.md'), pageSource(HOME));
    for (let i = 0; i < PAGES; i++) await writeFile(pageFile(siteDir, i), pageSource(i));
    out = path.join(tmp.dir, 'out');
    expect(await build(siteDir, out)).toEqual({ pages: INDEXED, indexed: true, kind: 'full', indexedPages: INDEXED });
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('indexes an edited page alone, into the delta, which replaces its base entry', async () => {
    const baseMeta = await basePfMeta();
    const metaTime = (await stat(path.join(out, SEARCH, baseMeta))).mtimeMs;
    const oldId = (await indexedPages(out)).get('/p03')!.id;
    await writeFile(pageFile(siteDir, 3), pageSource(3, { [uniqueWord(3)]: 'fizzlewick' }));
    expect(await build(siteDir, out)).toEqual({ pages: INDEXED, indexed: true, kind: 'delta', indexedPages: 1 });
    const delta = await readDeltaFile(out);
    expect(delta).toEqual({ base: INDEXED, delta: 1, pages: [(await indexedPages(out)).get('/p03')!.id], drop: [oldId] });
    // The base's files are the last build's.
    expect(await basePfMeta()).toBe(baseMeta);
    expect((await stat(path.join(out, SEARCH, baseMeta))).mtimeMs).toBe(metaTime);

    const search = await openSiteSearch(out);
    try {
      expect((await search.query('fizzlewick')).map((p) => p.url)).toEqual(['/p03']);
      // The old word was only on the edited page: the base's entry of it no longer answers.
      expect(await search.query(uniqueWord(3))).toEqual([]);
    } finally {
      await search.close();
    }
  }, 120_000);

  it('indexes again only the delta when another page is edited, reading the first from the cache', async () => {
    await writeFile(pageFile(siteDir, 7), pageSource(7, { lorem: 'wobblequark' }));
    expect(await build(siteDir, out)).toMatchObject({ kind: 'delta', indexedPages: 2 });
    expect(await readDeltaFile(out)).toMatchObject({ base: INDEXED, delta: 2 });
    expect([...(await indexedPages(out)).keys()].length).toBe(INDEXED);
  }, 120_000);

  it('indexes nothing when every page is rendered again but no content changed', async () => {
    // The site's title is in every page's navbar, outside the searchable content.
    await writeSite(siteDir, 'Search delta, renamed');
    expect(await build(siteDir, out)).toEqual({ pages: INDEXED, indexed: false, kind: 'kept', indexedPages: 0 });
  }, 120_000);

  it('drops a removed page, indexing nothing', async () => {
    const removedId = (await indexedPages(out)).get('/p11')!.id;
    await rm(pageFile(siteDir, 11));
    expect(await build(siteDir, out)).toEqual({ pages: INDEXED - 1, indexed: true, kind: 'delta', indexedPages: 0 });
    expect((await readDeltaFile(out)).drop).toContain(removedId);
    expect((await indexedPages(out)).has('/p11')).toBe(false);
    const search = await openSiteSearch(out);
    try {
      expect(await search.query(uniqueWord(11))).toEqual([]);
      expect((await search.query('alpha')).map((p) => p.url)).not.toContain('/p11');
    } finally {
      await search.close();
    }
  }, 120_000);

  it('finds what a fresh build of the same content finds', async () => {
    // A new page too, into the delta.
    await writeFile(pageFile(siteDir, PAGES), pageSource(PAGES));
    expect(await build(siteDir, out)).toMatchObject({ kind: 'delta', indexedPages: 3 });
    const fresh = await freshBuild();
    expect(await indexedPages(out)).toEqual(await indexedPages(fresh));
    await expectSameResults(out, fresh);
  }, 180_000);

  it('indexes every page into a new base when the delta would pass its limit, and still finds the same', async () => {
    const limit = deltaLimit(INDEXED);
    for (let i = 12; i < 12 + limit; i++) await writeFile(pageFile(siteDir, i), pageSource(i, { ipsum: 'dolor' }));
    expect(await build(siteDir, out)).toEqual({ pages: INDEXED, indexed: true, kind: 'full', indexedPages: INDEXED });
    expect(await readDeltaFile(out)).toEqual({ base: INDEXED, delta: 0, pages: [], drop: [] });
    expect(await readdir(path.join(out, SEARCH))).not.toContain('delta');
    await expectSameResults(out, await freshBuild());
  }, 180_000);
});
