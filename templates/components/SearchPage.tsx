import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { excludedSearchScopes, usePageVersion } from '../../src/client/docsVersion.js';
import { useNavigation } from '../../src/client/navigation.js';
import { useSiteData } from '../../src/client/siteContext.js';
import { documentTitle } from '../../src/shared/documentTitle.js';
import { addSearchStyles, ResultLink, useSearchResults, type ResultOption } from '../search/searchClient.js';
import Layout from './Layout.js';
import { selectPlural, translate } from '../../src/shared/translate.js';

/** The query a search page's address asks for (`?q=`). */
const QUERY_PARAMETER = 'q';

/** The page's address for a query: the query in `?q=`, nothing for an empty one, the fragment dropped. */
function addressFor(query: string): string {
  const url = new URL(window.location.href);
  if (query) url.searchParams.set(QUERY_PARAMETER, query);
  else url.searchParams.delete(QUERY_PARAMETER);
  url.hash = '';
  return `${url.pathname}${url.search}`;
}

/**
 * `@theme/SearchPage`: a page of search results, as the search page of Docusaurus's Algolia theme
 * (`/search` by default; `sipadocs migrate` writes `src/pages/search.tsx` for a site that had it).
 * Its address holds the query (`/search?q=hooks`), so results can be linked to and bookmarked, and
 * its form works before the page's script runs: submitting it loads the same address. It searches
 * the site's own index, the same as the navbar's dialog, in the docs version the visitor reads.
 */
export default function SearchPage() {
  const site = useSiteData();
  const { navigate, pathname } = useNavigation();
  const pageVersion = usePageVersion();
  const scopes = excludedSearchScopes(site, pageVersion).join('\n');
  // Empty on the server and at hydration; the address's query is read once the page runs.
  const [query, setQuery] = useState('');
  const uid = useId().replace(/[^\w-]/g, '');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    addSearchStyles();
    // What was typed before the page ran wins over the address (see the early-input replay).
    const typed = inputRef.current?.value ?? '';
    setQuery(typed || (new URLSearchParams(window.location.search).get(QUERY_PARAMETER) ?? ''));
  }, []);

  // The address follows the query without adding a history entry per keystroke.
  const onSearch = (term: string) => {
    if (addressFor(term) !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', addressFor(term));
  };
  const { state, shown, showMore } = useSearchResults(query, site.baseUrl, scopes, uid, 120, { onSearch });

  const open = (option: ResultOption) => navigate(option.url);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The form's own submission is for visits without the page's script; here the query is live.
    event.preventDefault();
    setQuery(inputRef.current?.value ?? '');
  };

  let status = '';
  if (state.status === 'loading') status = translate({ id: 'sipadocs.search.searching', message: 'Searching…' });
  else if (state.status === 'error') status = translate({ id: 'theme.SearchModal.errorScreen.titleText', message: 'Search is not available right now. Check the connection and type again.' });
  else if (state.status === 'done' && state.total === 0) status = translate({ id: 'sipadocs.search.noResults', message: 'No results for “{query}”.' }, { query: state.query });
  else if (state.status === 'done') status = selectPlural(translate({ id: 'theme.SearchPage.documentsFound.plurals', message: '1 page found.|{count} pages found.' }, { count: state.total }), state.total);

  const heading = state.status === 'done' ? translate({ id: 'theme.SearchPage.existingResultsTitle', message: 'Search results for “{query}”' }, { query: state.query }) : translate({ id: 'theme.SearchPage.emptyResultsTitle', message: 'Search the documentation' });
  // The head was rendered for the page without a query; the tab's title follows the results.
  useEffect(() => {
    document.title = documentTitle({ path: pathname, title: heading }, site);
  }, [heading, pathname, site]);
  return (
    <Layout title={heading}>
      <div className="search-page" data-search-ignore="">
        <h1>{heading}</h1>
        <form className="search-page__form" role="search" method="get" onSubmit={onSubmit}>
          <input
            ref={inputRef}
            className="search-page__input"
            type="search"
            name={QUERY_PARAMETER}
            aria-label={translate({ id: 'theme.SearchPage.inputLabel', message: 'Search the site' })}
            autoComplete="off"
            spellCheck={false}
            placeholder={translate({ id: 'theme.SearchPage.inputPlaceholder', message: 'Search the docs and the blog' })}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
        <p className="search-page__status" role="status">{status}</p>
        {state.status === 'done' ? (
          <div className="search-page__results">
            {state.groups.map((group, g) => (
              <section key={`${g}-${group.options[0]!.url}`} aria-label={group.title} className="search-results__page">
                {group.options.map((option) => (
                  <ResultLink key={option.id} option={option} onOpen={open} />
                ))}
              </section>
            ))}
          </div>
        ) : null}
        {state.status === 'done' && state.total > shown ? (
          <button type="button" className="search-dialog__more" onClick={() => void showMore()}>
            {translate({ id: 'sipadocs.search.showMore', message: 'Show more results ({count} more)' }, { count: state.total - shown })}
          </button>
        ) : null}
      </div>
    </Layout>
  );
}
