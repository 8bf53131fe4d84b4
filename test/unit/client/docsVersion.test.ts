import { describe, expect, it } from 'vitest';
import { preferredVersionKey, rememberDocsVersion } from '../../../src/client/docsVersion.js';
import type { SafeStorage } from '../../../src/client/storage.js';
import type { ClientSiteData, RoutePayload } from '../../../src/shared/types.js';

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
