import { describe, expect, it } from 'vitest';
import { ConfigObject } from '../../../src/docusaurus/evaluated.js';
import { algoliaSearchRoute } from '../../../src/docusaurus/searchPage.js';

const route = (themeConfig: Record<string, unknown>) => algoliaSearchRoute(ConfigObject.of('themeConfig', themeConfig as never));

describe("the search page of Algolia's theme", () => {
  it('is at /search by default, at searchPagePath when given, and absent without Algolia or with searchPagePath: false', () => {
    expect(route({ algolia: { appId: 'A', apiKey: 'k', indexName: 'i' } })).toBe('/search');
    expect(route({ algolia: { appId: 'A', searchPagePath: 'find/results' } })).toBe('/find/results');
    expect(route({ algolia: { appId: 'A', searchPagePath: '/find/' } })).toBe('/find');
    expect(route({ algolia: { appId: 'A', searchPagePath: false } })).toBeNull();
    expect(route({ navbar: {} })).toBeNull();
  });
});
