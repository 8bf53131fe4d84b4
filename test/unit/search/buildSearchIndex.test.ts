import { describe, expect, it } from 'vitest';
import type { PlannedRoute } from '../../../src/content/routes.js';
import { createSearchCollector, isSearchable } from '../../../src/search/buildSearchIndex.js';

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

  it('leaves out a page whose meta says noIndex (a draft or an unlisted page)', () => {
    expect(isSearchable(route('/docs/unlisted', 'doc', true))).toBe(false);
    const collector = createSearchCollector();
    collector.addBody(route('/docs/unlisted', 'doc', true), 'k1', body, { title: 'T', description: '', path: '/docs/unlisted', noIndex: true });
    collector.addBody(route('/docs/listed', 'doc'), 'k2', body, { title: 'T', description: '', path: '/docs/listed' });
    expect([...collector.documents.keys()]).toEqual(['k2']);
  });
});
