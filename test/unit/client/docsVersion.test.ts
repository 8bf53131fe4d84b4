import { describe, expect, it } from 'vitest';
import { contextualSearchTags, excludedSearchScopes, preferredVersionKey, rememberDocsVersion, versionTarget, type VersionChoice } from '../../../src/client/docsVersion.js';
import type { SafeStorage } from '../../../src/client/storage.js';
import type { ClientSiteData, DocVersionData, RoutePayload } from '../../../src/shared/types.js';

const docs = { pluginId: 'default', version: { name: 'current', label: 'Next' }, versionPersistence: 'localStorage' } as ClientSiteData['docs'];
const payload = (kind: string) => ({ meta: { path: '/x', title: '', description: '' }, data: { kind }, chunk: null }) as unknown as RoutePayload;
function memory(): SafeStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v), remove: (k) => void map.delete(k) };
}

describe('rememberDocsVersion', () => {
  it('stores the version per docs plugin on doc pages', () => {
    const s = memory();
    rememberDocsVersion(docs, payload('doc'), s);
    expect(preferredVersionKey('default')).toBe('docs-preferred-version-default');
    expect(s.get('docs-preferred-version-default')).toBe('current');
    rememberDocsVersion({ ...docs, pluginId: 'api' }, payload('doc'), s);
    expect(s.get('docs-preferred-version-api')).toBe('current');
  });
  it('ignores other pages and disabled persistence', () => {
    const s = memory();
    rememberDocsVersion(docs, payload('blogPost'), s);
    rememberDocsVersion({ ...docs, versionPersistence: 'none' }, payload('doc'), s);
    expect(s.map.size).toBe(0);
  });
});

const versions = {
  versions: [
    { name: 'current', label: 'Next', path: '/docs/next', mainDoc: '/docs/next/intro' },
    { name: '2.0', label: '2.0', path: '/docs', mainDoc: '/docs/intro' },
    { name: '1.0', label: '1.0', path: '/docs/1.0', mainDoc: '/docs/1.0' },
  ],
  lastVersion: '2.0',
};
const page: DocVersionData = { pluginId: 'default', name: 'current', label: 'Next', banner: 'unreleased', badge: true, alternates: { '2.0': '/docs/guides/setup' } };

describe('docs versions in the browser', () => {
  it('stores the version of a visited doc of a versioned docs plugin', () => {
    const s = memory();
    const versioned = { ...payload('doc'), data: { kind: 'doc', version: { ...page, pluginId: 'community', name: '1.0' } } } as unknown as RoutePayload;
    rememberDocsVersion(docs, versioned, s);
    expect([...s.map]).toEqual([['docs-preferred-version-community', '1.0']]);
  });

  it('leads each version to the same doc, else to its main doc', () => {
    const choice: VersionChoice = { pluginId: 'default', versions, active: 'current', chosen: 'current' };
    expect(versions.versions.map((v) => versionTarget(choice, v.name, page, '/docs/next/guides/setup'))).toEqual(['/docs/next/guides/setup', '/docs/guides/setup', '/docs/1.0']);
    // From a page that is no doc of this plugin: every version's main doc.
    expect(versions.versions.map((v) => versionTarget(choice, v.name, null, '/blog'))).toEqual(['/docs/next/intro', '/docs/intro', '/docs/1.0']);
  });

  it('searches the version of the page, else the preferred one, else the last', () => {
    const site = { docs, docsVersions: { default: versions } } as unknown as ClientSiteData;
    const s = memory();
    expect(excludedSearchScopes(site, null, s)).toEqual(['default@current', 'default@1.0']);
    s.set('docs-preferred-version-default', '1.0');
    expect(excludedSearchScopes(site, null, s)).toEqual(['default@current', 'default@2.0']);
    expect(excludedSearchScopes(site, page, s)).toEqual(['default@2.0', 'default@1.0']);
    s.set('docs-preferred-version-default', 'gone');
    expect(excludedSearchScopes(site, null, s)).toEqual(['default@current', 'default@1.0']);
    expect(excludedSearchScopes({ docs } as ClientSiteData, null, s)).toEqual([]);
  });
});

describe("DocSearch's contextual tags", () => {
  it('names the pages that are no doc, and each docs instance in the version searches keep to', () => {
    const algolia = { contextual: { language: 'en', docsVersions: { default: '2.0', api: 'current' } } } as unknown as ClientSiteData['algolia'];
    const site = { docs, algolia, docsVersions: { default: versions } } as unknown as ClientSiteData;
    const s = memory();
    expect(contextualSearchTags(site, null, s)).toEqual(['default', 'docs-default-2.0', 'docs-api-current']);
    expect(contextualSearchTags(site, page, s)).toEqual(['default', 'docs-default-current', 'docs-api-current']);
    s.set('docs-preferred-version-default', '1.0');
    expect(contextualSearchTags(site, null, s)).toEqual(['default', 'docs-default-1.0', 'docs-api-current']);
  });
});
