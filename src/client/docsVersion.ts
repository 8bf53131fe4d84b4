import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ClientSiteData, DocsInstanceVersions, DocVersionData, RoutePayload } from '../shared/types.js';
import { useSiteData } from './siteContext.js';
import { onStorageChange, siteStorage, type SafeStorage } from './storage.js';

/** localStorage key of the preferred docs version of one docs plugin. */
export const preferredVersionKey = (pluginId: string) => `docs-preferred-version-${pluginId}`;

/** Told to this tab's components when it stores a preferred version (other tabs hear `storage`). */
const CHANGE_EVENT = 'sipa:docs-version';

/**
 * Remembers the version of a visited doc for its docs plugin: the doc's version when its docs have
 * several, else the site's one docs version (`current`, labelled Next).
 */
export function rememberDocsVersion(docs: ClientSiteData['docs'], payload: RoutePayload, storage: SafeStorage): void {
  if (docs.versionPersistence !== 'localStorage' || payload.data.kind !== 'doc') return;
  const version = payload.data.version;
  storePreferredVersion(version?.pluginId ?? docs.pluginId, version?.name ?? docs.version.name, storage);
}

/** Stores the version a visitor chose (in the version dropdown, or the banner's link to the latest). */
export function storePreferredVersion(pluginId: string, name: string, storage: SafeStorage = siteStorage()): void {
  if (storage.get(preferredVersionKey(pluginId)) === name) return;
  storage.set(preferredVersionKey(pluginId), name);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: pluginId }));
}

/** The version of the page in view, when it is a doc (or category index) of a docs instance with several versions. */
export const PageVersionContext = createContext<DocVersionData | null>(null);

export function usePageVersion(): DocVersionData | null {
  return useContext(PageVersionContext);
}

/**
 * The stored preferred version of a docs plugin, when it is one of its versions. Null while
 * rendering on the server and hydrating (storage is the browser's), then what storage says,
 * following changes made in this tab or another.
 */
export function usePreferredVersion(pluginId: string, versions: DocsInstanceVersions | undefined, persistence: 'localStorage' | 'none'): string | null {
  const key = preferredVersionKey(pluginId);
  const stored = useSyncExternalStore(
    (changed) => {
      if (persistence !== 'localStorage') return () => {};
      const stopStorage = onStorageChange(key, changed);
      window.addEventListener(CHANGE_EVENT, changed);
      return () => {
        stopStorage();
        window.removeEventListener(CHANGE_EVENT, changed);
      };
    },
    () => (persistence === 'localStorage' ? siteStorage().get(key) : null),
    () => null,
  );
  return stored !== null && versions?.versions.some((version) => version.name === stored) ? stored : null;
}

/** A docs plugin's versions and the one that links lead to (see chooseVersion); null when it has one version. */
export interface VersionChoice {
  pluginId: string;
  versions: DocsInstanceVersions;
  /** The version of the page in view, when it is one of this plugin's docs. */
  active: string | null;
  /** The version links lead to: the active one, else the stored preference, else the last. */
  chosen: string;
}

/**
 * The version of a docs plugin that its links lead to, as in Docusaurus: the version of the doc in
 * view, else the one the visitor prefers, else the last version (the one at the docs' base path).
 */
export function useVersionChoice(pluginId = 'default'): VersionChoice | null {
  const site = useSiteData();
  const versions = site.docsVersions?.[pluginId];
  const page = usePageVersion();
  const preferred = usePreferredVersion(pluginId, versions, site.docs.versionPersistence);
  if (!versions) return null;
  const active = page?.pluginId === pluginId ? page.name : null;
  return { pluginId, versions, active, chosen: active ?? preferred ?? versions.lastVersion };
}

/**
 * Where a version's link leads from the page in view (`pathname`, whose version is `page`): the
 * page itself in its own version, the same doc in another version that has it, else that
 * version's main doc.
 */
export function versionTarget(choice: VersionChoice, name: string, page: DocVersionData | null, pathname: string): string {
  if (page?.pluginId === choice.pluginId) {
    if (name === page.name) return pathname;
    const same = page.alternates[name];
    if (same) return same;
  }
  return choice.versions.versions.find((version) => version.name === name)?.mainDoc ?? choice.versions.versions[0]!.mainDoc;
}

/** The search filter value of a version's pages (`data-search-scope` on their article): "<instance>@<version>". */
export const searchScope = (pluginId: string, version: string) => `${pluginId}@${version}`;

/** The version of an instance with several that searches keep to: the page's, else the stored preference, else the last. */
function searchedVersion(site: ClientSiteData, pluginId: string, versions: DocsInstanceVersions, page: DocVersionData | null, storage: SafeStorage): string {
  const stored = site.docs.versionPersistence === 'localStorage' ? storage.get(preferredVersionKey(pluginId)) : null;
  const preferred = versions.versions.some((version) => version.name === stored) ? stored : null;
  return (page?.pluginId === pluginId ? page.name : null) ?? preferred ?? versions.lastVersion;
}

/**
 * The search scopes a query leaves out: for each docs instance with several versions, every version
 * but the chosen one (see searchedVersion).
 */
export function excludedSearchScopes(site: ClientSiteData, page: DocVersionData | null, storage: SafeStorage = siteStorage()): string[] {
  return Object.entries(site.docsVersions ?? {}).flatMap(([pluginId, versions]) => {
    const chosen = searchedVersion(site, pluginId, versions, page, storage);
    return versions.versions.filter((version) => version.name !== chosen).map((version) => searchScope(pluginId, version.name));
  });
}

/**
 * DocSearch's contextual tags (`docsearch:docusaurus_tag`, see the config's `algolia`): the pages
 * that are no doc, and for each docs instance the version searches keep to (see searchedVersion;
 * its only one for an instance without versions).
 */
export function contextualSearchTags(site: ClientSiteData, page: DocVersionData | null, storage: SafeStorage = siteStorage()): string[] {
  const lastVersions = site.algolia?.contextual?.docsVersions ?? {};
  return ['default', ...Object.entries(lastVersions).map(([pluginId, last]) => {
    const versions = site.docsVersions?.[pluginId];
    return `docs-${pluginId}-${versions ? searchedVersion(site, pluginId, versions, page, storage) : last}`;
  })];
}
