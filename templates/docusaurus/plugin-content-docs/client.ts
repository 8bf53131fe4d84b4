import { useMemo } from 'react';
import { preferredVersionKey } from '../../../src/client/docsVersion.js';
import { useNavigation } from '../../../src/client/navigation.js';
import { useSiteData } from '../../../src/client/siteContext.js';
import { siteStorage } from '../../../src/client/storage.js';
import type { ClientSiteData, SidebarCategory, SidebarItem } from '../../../src/shared/types.js';
import { useDocInView } from '../../layout/docContext.js';
import { useCurrentRoute } from '../../layout/routeContext.js';
import { categoryAt } from '../../layout/sidebarCategory.js';

/** A docs version as `@docusaurus/plugin-content-docs/client` describes it. */
export interface GlobalVersion {
  name: string;
  label: string;
  isLast: boolean;
  /** Where its docs are, a site path ("/docs", "/docs/next"). */
  path: string;
  /** The route of its main doc (Docusaurus gives the doc's id). */
  mainDocId: string;
  docs: Array<{ id: string; path: string; sidebar?: string }>;
  draftIds: string[];
  sidebars?: Record<string, { link?: { path: string; label: string } }>;
}

/** A docs plugin instance's data: where its docs are and its versions, the last one first. */
export interface GlobalPluginData {
  path: string;
  versions: GlobalVersion[];
  breadcrumbs: boolean;
}

/** The docs version of the page, as `useDocsVersion` gives it. */
export interface PropVersionMetadata {
  pluginId: string;
  version: string;
  label: string;
  banner: null;
  badge: boolean;
  noIndex: boolean;
  className: string;
  isLast: boolean;
}

/** Each docs instance's versions, from the site data: those with several versions, else the site's one docs folder. */
function pluginsData(site: ClientSiteData): Record<string, GlobalPluginData> {
  const all: Record<string, GlobalPluginData> = {};
  for (const [id, { versions, lastVersion }] of Object.entries(site.docsVersions ?? {})) {
    const list = versions.map((version): GlobalVersion => ({ name: version.name, label: version.label, isLast: version.name === lastVersion, path: version.path, mainDocId: version.mainDoc, docs: [], draftIds: [] }));
    all[id] = { path: list.find((version) => version.isLast)?.path ?? list[0]!.path, versions: list, breadcrumbs: true };
  }
  const { docs } = site;
  all[docs.pluginId] ??= {
    path: docs.routeBasePath,
    versions: [{ name: docs.version.name, label: docs.version.label, isLast: true, path: docs.routeBasePath, mainDocId: '', docs: [], draftIds: [] }],
    breadcrumbs: true,
  };
  return all;
}

const isUnder = (pathname: string, base: string) => pathname === base || pathname.startsWith(base.endsWith('/') ? base : `${base}/`);

/** `useAllDocsData`: every docs plugin's data, by plugin id. */
export function useAllDocsData(): Record<string, GlobalPluginData> {
  const site = useSiteData();
  return useMemo(() => pluginsData(site), [site]);
}

/** `useDocsData`: one docs plugin's data (the site's only one without an id). */
export function useDocsData(pluginId?: string): GlobalPluginData {
  const all = useAllDocsData();
  const site = useSiteData();
  const data = all[pluginId ?? site.docs.pluginId];
  if (!data) throw new Error(`no docs plugin with id "${pluginId}"`);
  return data;
}

/** `useActivePlugin`: the docs plugin whose docs the page is in, or undefined. */
export function useActivePlugin(_options?: { failfast?: boolean }): { pluginId: string; pluginData: GlobalPluginData } | undefined {
  const all = useAllDocsData();
  const { pathname } = useNavigation();
  // A plugin's versions may lie outside its base path ("/docs" and "/docs-1.0" are possible): any of them counts.
  const found = Object.entries(all).find(([, data]) => data.versions.some((version) => isUnder(pathname, version.path)));
  return found ? { pluginId: found[0], pluginData: found[1] } : undefined;
}

/** `useVersions`: a docs plugin's versions, the last one first. */
export function useVersions(pluginId?: string): GlobalVersion[] {
  return useDocsData(pluginId).versions;
}

/** `useLatestVersion`: the last released version of a docs plugin. */
export function useLatestVersion(pluginId?: string): GlobalVersion {
  const versions = useVersions(pluginId);
  return versions.find((version) => version.isLast) ?? versions[0]!;
}

/** `useActiveVersion`: the version whose docs the page is in, or undefined outside the docs. */
export function useActiveVersion(pluginId?: string): GlobalVersion | undefined {
  const versions = useVersions(pluginId);
  const { pathname } = useNavigation();
  // The longest path first: "/docs/next" before "/docs".
  return [...versions].sort((a, b) => b.path.length - a.path.length).find((version) => isUnder(pathname, version.path));
}

/** `useActiveDocContext`: the version the page is in and the doc it is, if any. */
export function useActiveDocContext(pluginId?: string) {
  const activeVersion = useActiveVersion(pluginId);
  const { pathname } = useNavigation();
  const activeDoc = activeVersion?.docs.find((doc) => doc.path === pathname);
  return { activeVersion, activeDoc, alternateDocVersions: {} as Record<string, GlobalVersion['docs'][number]> };
}

/** `useDocsVersion`: the version of the doc page being shown (its metadata as Docusaurus gives it). */
export function useDocsVersion(): PropVersionMetadata {
  const site = useSiteData();
  const active = useActiveVersion(site.docs.pluginId);
  const latest = useLatestVersion(site.docs.pluginId);
  const version = active ?? latest;
  return { pluginId: site.docs.pluginId, version: version.name, label: version.label, banner: null, badge: false, noIndex: false, className: '', isLast: version.isLast };
}

/** `useDocsPreferredVersion`: the version the visitor last read (remembered in the browser), and a way to set it. */
export function useDocsPreferredVersion(pluginId?: string) {
  const site = useSiteData();
  const versions = useVersions(pluginId);
  const id = pluginId ?? site.docs.pluginId;
  return useMemo(() => {
    const saved = typeof window === 'undefined' ? null : siteStorage().get(preferredVersionKey(id));
    return {
      preferredVersion: versions.find((version) => version.name === saved) ?? null,
      savePreferredVersionName: (name: string) => siteStorage().set(preferredVersionKey(id), name),
    };
  }, [versions, id]);
}

/** A doc as `useDoc` gives it, in Docusaurus's shape, from what the page carries. */
export interface DocContextValue {
  metadata: {
    id: string;
    title: string;
    description: string;
    permalink: string;
    editUrl: string | undefined;
    lastUpdatedAt: number | undefined;
    lastUpdatedBy: string | undefined;
    formattedLastUpdatedAt: string | undefined;
    tags: Array<{ label: string; permalink: string }>;
    version: string;
    previous: { title: string; permalink: string } | undefined;
    next: { title: string; permalink: string } | undefined;
    /** Not carried by the page: empty. */
    frontMatter: Record<string, unknown>;
    unlisted: boolean;
  };
  /** Not carried by the page: empty (the front matter stays at build time). */
  frontMatter: Record<string, unknown>;
  toc: Array<{ value: string; id: string; level: number }>;
  contentTitle: string | undefined;
  assets: { image?: string };
}

/**
 * `useDoc`: the doc in view (for a site's replacement of `DocItem/Layout` and its parts). Its
 * `frontMatter` and `description` are empty: the page does not carry them. Outside a doc's page
 * it throws, as in Docusaurus.
 */
export function useDoc(): DocContextValue {
  const doc = useDocInView();
  const { pathname } = useNavigation();
  if (!doc) throw new Error('useDoc() is for the parts of a doc page (DocItem/Layout and what it shows): this component is not in one');
  const { data } = doc;
  return useMemo(() => {
    const lastUpdatedAt = data.lastUpdate?.date ? Date.parse(data.lastUpdate.date) : undefined;
    return {
      metadata: {
        id: data.docId,
        title: data.title,
        description: '',
        permalink: pathname,
        editUrl: data.editUrl ?? undefined,
        lastUpdatedAt: Number.isNaN(lastUpdatedAt) ? undefined : lastUpdatedAt,
        lastUpdatedBy: data.lastUpdate?.author ?? undefined,
        formattedLastUpdatedAt: data.lastUpdate?.formattedDate ?? undefined,
        tags: data.tags ?? [],
        version: data.version?.name ?? 'current',
        previous: data.previous ?? undefined,
        next: data.next ?? undefined,
        frontMatter: {},
        unlisted: false,
      },
      frontMatter: {},
      toc: data.toc.map((item) => ({ value: item.text, id: item.id, level: item.level })),
      contentTitle: data.contentHasTitle ? data.title : undefined,
      assets: {},
    };
  }, [data, pathname]);
}

/**
 * `useCurrentSidebarCategory`: the sidebar category whose page is in view (a generated index, or
 * its linked doc), with its items as this page's sidebar has them. Throws elsewhere, as in Docusaurus.
 */
export function useCurrentSidebarCategory(): SidebarCategory {
  const sidebar = useCurrentRoute()?.sidebar;
  const { pathname } = useNavigation();
  const category = sidebar ? categoryAt(sidebar.items, pathname) : null;
  if (!category) throw new Error(`useCurrentSidebarCategory(): ${pathname} is no sidebar category's page`);
  return category;
}

/** `useDocsSidebar`: the docs sidebar of the page in view (`name`, `items`), or null. */
export function useDocsSidebar(): { name: string; items: SidebarItem[] } | null {
  const sidebar = useCurrentRoute()?.sidebar;
  return useMemo(() => (sidebar ? { name: (sidebar.name ?? '').replace(/^[^:]*:/, ''), items: sidebar.items } : null), [sidebar]);
}
