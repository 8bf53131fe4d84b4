import type { ConfigObject } from './evaluated.js';

/** Where Docusaurus's Algolia theme puts its search page when `searchPagePath` is not given. */
const DEFAULT_SEARCH_PAGE_PATH = 'search';

/**
 * The route of the search page a Docusaurus site with `themeConfig.algolia` has (`/search`, or
 * `algolia.searchPagePath`), or null when it has none (no Algolia, or `searchPagePath: false`).
 */
export function algoliaSearchRoute(themeConfig: ConfigObject): string | null {
  const algolia = themeConfig.value.algolia;
  if (!algolia || typeof algolia !== 'object' || Array.isArray(algolia)) return null;
  const setting = (algolia as Record<string, unknown>).searchPagePath;
  if (setting === false) return null;
  const inSite = (typeof setting === 'string' ? setting : DEFAULT_SEARCH_PAGE_PATH).replace(/^\/+|\/+$/g, '');
  return inSite ? `/${inSite}` : null;
}
