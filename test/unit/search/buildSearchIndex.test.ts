import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlannedRoute } from '../../../src/model/routes.js';
import { openLastOutput } from '../../../src/cache/lastOutput.js';
import { buildSearchIndex, createSearchCollector, isSearchable, SEARCH_INDEXES, type SearchRecord } from '../../../src/search/buildSearchIndex.js';
import { SEARCH_DOCUMENTS } from '../../../src/search/searchStore.js';
import { createStagingDir } from '../../../src/staging/stagingDir.js';
import { tempDir, testArtifacts } from '../../helpers.js';

const route = (path: string, kind: PlannedRoute['data']['kind'], noIndex?: boolean): PlannedRoute =>
  ({ path, outputFile: `${path.slice(1) || 'index'}.html`, meta: { title: path, description: '', path, noIndex }, data: { kind } as PlannedRoute['data'], content: null, sidebarId: null, sourceFile: null }) as PlannedRoute;

const body = '<main><article data-search-body=""><h1>T</h1><p>words</p></article></main>';

describe('which pages are searched', () => {
  it('takes docs, posts and pages, and leaves out lists, tags, the archive, category indexes and the 404 page', () => {
    expect(isSearchable(route('/docs/a', 'doc'))).toBe(true);
    expect(isSearchable(route('/blog/a', 'blogPost'))).toBe(true);
    expect(isSearchable(route('/about', 'page'))).toBe(true);
    for (const kind of ['blogList', 'blogTags', 'blogArchive', 'category', 'notFound'] as const) expect(isSearchable(route('/x', kind))).toBe(false);
  });

  it('leaves out a page whose meta says noIndex (a draft or an unlisted page)', async () => {
    const artifacts = await testArtifacts();
    expect(isSearchable(route('/docs/unlisted', 'doc', true))).toBe(false);
    const collector = createSearchCollector(artifacts.kind(SEARCH_DOCUMENTS), artifacts.kind(SEARCH_INDEXES), () => null);
    collector.addBody(route('/docs/unlisted', 'doc', true), 'k1', body, { title: 'T', description: '', path: '/docs/unlisted', noIndex: true });
    collector.addBody(route('/docs/listed', 'doc'), 'k2', body, { title: 'T', description: '', path: '/docs/listed' });
    const documents = artifacts.kind(SEARCH_DOCUMENTS);
    expect(documents.stats.made).toBe(1);
    expect(collector.store.find(route('/docs/listed', 'doc'), 'k2').document?.title).toBe('T');
    expect(collector.store.find(route('/docs/unlisted', 'doc'), 'k1').document).toBeNull();
  });
});

describe('documents streamed to the indexer while pages render', () => {
  const pages = [route('/docs/a', 'doc'), route('/docs/b', 'doc'), route('/blog/c', 'blogPost')];
  const bodyOf = (word: string) => `<main><article data-search-body=""><h1>Page ${word}</h1><p>The ${word} lives here.</p></article></main>`;

  /** One cold build's search stage over `pages`, its documents streamed or not; the index's pages by route. */
  async function index(stream: boolean, routes = pages, rendered = pages) {
    const tmp = await tempDir();
    try {
      const artifacts = await testArtifacts();
      const collector = createSearchCollector(artifacts.kind(SEARCH_DOCUMENTS), artifacts.kind(SEARCH_INDEXES), () => null, stream ? { language: 'en', order: pages.map((page) => page.path) } : undefined);
      for (const page of rendered) {
        const i = pages.indexOf(page);
        collector.addBody(page, `body-${i}`, bodyOf(['wombat', 'quokka', 'numbat'][i]!), { title: page.path, description: '', path: page.path });
      }
      const staging = await createStagingDir(path.join(tmp.dir, 'out'));
      const last = openLastOutput(path.join(tmp.dir, 'out'), staging, null);
      const result = await buildSearchIndex(collector, {
        routes,
        bodyKeyOf: (page) => `body-${pages.indexOf(page)}`,
        last,
        section: last.section<SearchRecord>('search'),
        language: 'en',
      });
      await staging.discard();
      return result;
    } finally {
      await tmp.cleanup();
    }
  }

  it('gives the index the documents as they are read, and the same index as indexing them after', async () => {
    const streamed = await index(true);
    expect(streamed).toMatchObject({ kind: 'full', indexedPages: 3, streamed: true });
    const after = await index(false);
    expect(after).toMatchObject({ kind: 'full', indexedPages: 3, streamed: false });
    expect(streamed.manifest.base.pages).toEqual(after.manifest.base.pages);
  }, 60_000);

  it('writes the same index whatever order the pages finish rendering in', async () => {
    const files = (result: Awaited<ReturnType<typeof index>>) => result.manifest.base.files.map(([file, size]) => `${file} ${size}`).sort();
    const inOrder = await index(false);
    const reversed = await index(true, pages, [...pages].reverse());
    expect(reversed).toMatchObject({ streamed: true });
    expect(files(reversed)).toEqual(files(inOrder));
  }, 60_000);

  it('indexes the usual way when the stream holds other pages than the site', async () => {
    const result = await index(true, pages.slice(0, 2));
    expect(result).toMatchObject({ kind: 'full', streamed: false });
    expect(Object.keys(result.manifest.base.pages).sort()).toEqual(['/docs/a', '/docs/b']);
  }, 60_000);
});
