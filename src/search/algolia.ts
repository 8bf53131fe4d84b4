import type { SiteConfig } from '../config/types.js';
import type { SiteModel } from '../model/model.js';
import type { PlannedRoute } from '../model/routes.js';
import type { AlgoliaSiteData } from '../shared/types.js';

/** DocSearch's tag of the pages that are no doc (Docusaurus's own name for them). */
export const DEFAULT_SEARCH_TAG = 'default';

/** What the browser's DocSearch is given: the config's settings, and for contextual search the site's language and each docs instance's last version. */
export function algoliaSiteData(algolia: NonNullable<SiteConfig['algolia']>, model: SiteModel, language: string): AlgoliaSiteData {
  const docsVersions = Object.fromEntries(model.docsInstances.map((instance) => [instance.id, instance.lastVersion]));
  return {
    appId: algolia.appId,
    apiKey: algolia.apiKey,
    indexName: algolia.indexName,
    searchParameters: structuredClone(algolia.searchParameters),
    ...(algolia.placeholder !== undefined ? { placeholder: algolia.placeholder } : {}),
    insights: algolia.insights,
    contextual: algolia.contextualSearch ? { language, docsVersions } : null,
  };
}

/** A docs version's tag, as Docusaurus names it in `docsearch:docusaurus_tag`: "docs-default-current", "docs-api-1.0". */
export const docsSearchTag = (pluginId: string, version: string) => `docs-${pluginId}-${version}`;

/**
 * Gives each doc and category index route its DocSearch tag (`meta.searchTag`), which its page
 * writes in a `docsearch:docusaurus_tag` meta tag for Algolia's crawler; other pages have the
 * default tag.
 */
export function addSearchTags(routes: PlannedRoute[], model: SiteModel): void {
  const tags = new Map<string, string>();
  for (const doc of model.docs) tags.set(doc.route, docsSearchTag(doc.pluginId, doc.version));
  for (const index of model.categoryIndexes) tags.set(index.route, docsSearchTag(index.pluginId, index.version));
  for (const route of routes) {
    const tag = tags.get(route.path);
    if (tag !== undefined && (route.data.kind === 'doc' || route.data.kind === 'category')) route.meta.searchTag = tag;
  }
}
