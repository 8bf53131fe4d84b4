import type { AlgoliaConfig } from '../config/types.js';
import { describeValue, holdsMarker, isObject, type ConfigObject } from './evaluated.js';
import type { Evaluated } from './sandbox.js';
import type { MigrationNotes } from './notes.js';

/**
 * The application id Docusaurus 2 before beta.17 gave DocSearch when the config named none: the
 * application of the indexes Algolia's DocSearch programme ran for open-source projects.
 */
const LEGACY_DOCSEARCH_APP = 'BH4D9OD16A';

/** What DocSearch's options sipadocs has no counterpart of mean, for the report. */
const ALGOLIA_REASONS: Record<string, string> = {
  externalUrlRegex: 'sipadocs opens every result of another site as a link to it',
  replaceSearchResultPathname: "sipadocs opens a result at the path Algolia's index holds",
  translations: "sipadocs shows DocSearch's own English words",
  askAi: "sipadocs's DocSearch has no Ask AI",
};

/**
 * `themeConfig.algolia` as sipadocs's `algolia`: the application, key and index, contextual
 * search, the search parameters, placeholder and insights. `searchPagePath` is the search page
 * (see searchPage.ts). Nothing when the config has no `algolia`, or one without a key or an index.
 */
export function translateAlgolia(algolia: ConfigObject, notes: MigrationNotes): { algolia?: AlgoliaConfig } {
  if (Object.keys(algolia.value).length === 0) return {};
  algolia.ignore('searchPagePath');
  const apiKey = algolia.string('apiKey');
  const indexName = algolia.string('indexName');
  const given = algolia.string('appId');
  if (!apiKey || !indexName) {
    notes.notCarried(`${algolia.where}: ${describeValue(algolia.value)}`, 'DocSearch needs an apiKey and an indexName; the site searches its own index');
    algolia.ignore(...Object.keys(algolia.value));
    return {};
  }
  const appId = given ?? LEGACY_DOCSEARCH_APP;
  if (!given) notes.carriedOver(`${algolia.where}.appId: none given; DocSearch's application ${LEGACY_DOCSEARCH_APP}, which Docusaurus 2 before beta.17 took then`);
  const settings: AlgoliaConfig = { appId, apiKey, indexName };
  const contextualSearch = algolia.boolean('contextualSearch');
  if (contextualSearch !== undefined) settings.contextualSearch = contextualSearch;
  const placeholder = algolia.string('placeholder');
  if (placeholder !== undefined) settings.placeholder = placeholder;
  const insights = algolia.boolean('insights');
  if (insights !== undefined) settings.insights = insights;
  const parameters = algolia.get('searchParameters');
  if (isObject(parameters) && !holdsMarker(parameters)) settings.searchParameters = parameters;
  else if (parameters !== undefined) notes.notCarried(`${algolia.path('searchParameters')}: ${describeValue(parameters)}`, 'an object of Algolia search parameters, as data, was expected');
  algolia.reportRest(notes, ALGOLIA_REASONS);
  notes.carriedOver(`${algolia.where}: DocSearch (index "${indexName}") opens from the navbar's search button; the site's own index is still built`);
  return { algolia: settings };
}

