import type { ClientSiteData, RoutePayload } from '../shared/types.js';
import type { SafeStorage } from './storage.js';

/** localStorage key of the preferred docs version of one docs plugin. */
export const preferredVersionKey = (pluginId: string) => `docs-preferred-version-${pluginId}`;

/** Remembers the version of a visited doc (the site has one: `current`, labelled Next). */
export function rememberDocsVersion(docs: ClientSiteData['docs'], payload: RoutePayload, storage: SafeStorage): void {
  if (docs.versionPersistence !== 'localStorage' || payload.data.kind !== 'doc') return;
  storage.set(preferredVersionKey(docs.pluginId), docs.version.name);
}
