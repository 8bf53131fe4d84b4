import * as DocSearchJs from '@docsearch/js/docsearch';
import type { DocSearchInstance, DocSearchProps } from '@docsearch/js/docsearch';
import variables from '@docsearch/css/dist/_variables.css' with { type: 'text' };
import modal from '@docsearch/css/dist/modal.css' with { type: 'text' };
import type { AlgoliaSiteData } from '../../src/shared/types.js';

/**
 * Algolia DocSearch, loaded on first use only (see SearchProvider) for a site with `algolia`: its
 * dialog, searching the site's Algolia index. The navbar's button and the shortcuts stay the
 * site's own; a result of this site opens through the client router.
 */
export interface DocSearchOptions {
  algolia: AlgoliaSiteData;
  baseUrl: string;
  /** The client router's navigate (see Navigation). */
  navigate(href: string): void;
  /** `docsearch:docusaurus_tag` values of the pages to search (see contextualFacetFilters), for contextual search. */
  tags: string[];
  /** Called when the dialog closes. */
  onClose(): void;
}

// The module's default export, which is the function in the bundle; typed by hand because the package's
// types read as CommonJS under Node's resolution (the tests' settings), where the default is the namespace.
const docsearch = (DocSearchJs as unknown as { default: (props: DocSearchProps) => DocSearchInstance }).default;
type DocSearchHit = { url: string };

let instance: { filters: string; search: DocSearchInstance } | null = null;
let stylesAdded = false;

/** Opens DocSearch's dialog, made again when the pages it should search changed since it last opened. */
export function openDocSearch(options: DocSearchOptions): void {
  addStyles();
  const searchParameters = withContext(options.algolia, options.tags);
  const filters = JSON.stringify(searchParameters);
  if (instance && instance.filters !== filters) {
    instance.search.destroy();
    instance = null;
  }
  if (instance) {
    instance.search.open();
    return;
  }
  const container = document.createElement('div');
  container.hidden = true;
  document.body.appendChild(container);
  // Read by onReady, which may run before docsearch() returns.
  let search: DocSearchInstance | null = null;
  const { appId, apiKey, indexName, placeholder, insights } = options.algolia;
  const made = docsearch({
    container,
    appId,
    apiKey,
    indices: [{ name: indexName, searchParameters }],
    ...(placeholder !== undefined ? { placeholder } : {}),
    insights,
    // The site's own shortcuts open it (see SearchProvider).
    keyboardShortcuts: { 'Ctrl/Cmd+K': false, '/': false },
    transformItems: <T extends DocSearchHit>(items: T[]) => items.map((item) => ({ ...item, url: siteRelative(item.url) })),
    navigator: {
      navigate: ({ itemUrl }: { itemUrl: string }) => options.navigate(itemUrl),
      navigateNewTab: ({ itemUrl }: { itemUrl: string }) => void window.open(itemUrl, '_blank', 'noopener'),
      navigateNewWindow: ({ itemUrl }: { itemUrl: string }) => void window.open(itemUrl, '_blank', 'noopener'),
    },
    onReady: () => search?.open(),
    onClose: options.onClose,
  });
  search = made;
  instance = { filters, search: made };
  if (made.isReady) made.open();
}

/** A result's URL on this site as a path ("https://example.com/docs/x#y" → "/docs/x#y"), so it opens client-side; others stay. */
function siteRelative(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url;
  } catch {
    return url;
  }
}

/** The site's search parameters, with contextual search's filters added to its own `facetFilters`. */
function withContext(algolia: AlgoliaSiteData, tags: string[]): Record<string, unknown> {
  if (!algolia.contextual) return algolia.searchParameters;
  const own = algolia.searchParameters.facetFilters;
  const context = [`language:${algolia.contextual.language}`, tags.map((tag) => `docusaurus_tag:${tag}`)];
  const facetFilters = own === undefined ? context : [...(Array.isArray(own) ? own : [own]), ...context];
  return { ...algolia.searchParameters, facetFilters };
}

/** DocSearch's style sheets, in the theme's colours. */
function addStyles(): void {
  if (stylesAdded) return;
  stylesAdded = true;
  const style = document.createElement('style');
  style.dataset.docsearch = '';
  style.textContent = `${variables as string}\n${modal as string}\nhtml[data-theme]{--docsearch-primary-color:var(--sd-color-primary);--docsearch-highlight-color:var(--sd-color-primary);--docsearch-font-family:var(--sd-font)}`;
  document.head.appendChild(style);
}
