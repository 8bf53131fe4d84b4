import { describe, expect, it } from 'vitest';
import type { PlannedRoute } from '../../../src/content/routes.js';
import { createSearchCollector, isSearchable, SEARCH_INDEXES } from '../../../src/search/buildSearchIndex.js';
import { SEARCH_DOCUMENTS } from '../../../src/search/searchStore.js';
import { testArtifacts } from '../../helpers.js';

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
    const collector = createSearchCollector(artifacts.kind(SEARCH_DOCUMENTS), artifacts.kind(SEARCH_INDEXES), '/nonexistent');
    collector.addBody(route('/docs/unlisted', 'doc', true), 'k1', body, { title: 'T', description: '', path: '/docs/unlisted', noIndex: true });
    collector.addBody(route('/docs/listed', 'doc'), 'k2', body, { title: 'T', description: '', path: '/docs/listed' });
    const documents = artifacts.kind(SEARCH_DOCUMENTS);
    expect(documents.stats.made).toBe(1);
    expect(collector.store.find(route('/docs/listed', 'doc'), 'k2').document?.title).toBe('T');
    expect(collector.store.find(route('/docs/unlisted', 'doc'), 'k1').document).toBeNull();
  });
});
