import { useEffect, useRef, useState, type AnchorHTMLAttributes } from 'react';
import css from './searchDialog.css' with { type: 'text' };
import { DELTA_DIR, DELTA_FILE, searchMerged, type SearchDeltaFile } from './mergeResults.js';

/**
 * What the search dialog and the search page share: loading the site's index (pagefind and the
 * delta) on first use, the search styles, and turning pagefind's pages into groups of results.
 * Neither the entry nor a page that does not search loads it.
 */

/** The parts of pagefind's browser API used here (`<baseUrl>_sipa/search/pagefind.js`). */
interface Pagefind {
  options(options: { basePath: string; baseUrl: string; excerptLength: number }): Promise<void>;
  init(): Promise<void>;
  mergeIndex(indexPath: string, options: { baseUrl: string; excerptLength: number }): Promise<void>;
  search(term: string, options?: { filters?: PagefindFilters }): Promise<{ results: PagefindResult[] }>;
}
/** Pages whose `scope` filter is one of these are left out. */
type PagefindFilters = { not: { scope: { any: string[] } } };
export interface PagefindResult {
  id: string;
  score: number;
  data(): Promise<PagefindPage>;
}
export interface PagefindPage {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results: Array<{ title: string; url: string; excerpt: string }>;
}

export interface ResultOption {
  id: string;
  url: string;
  title: string;
  excerpt: string;
  /** The page itself (true) or one of its headings. */
  isPage: boolean;
}
export interface PageGroup {
  title: string;
  options: ResultOption[];
}
export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; query: string; total: number; groups: PageGroup[] };

/** Pages shown at first, and added by each "more results". */
export const PAGE_STEP = 8;
/** Headings shown under one page. */
const HEADINGS_PER_PAGE = 4;
/** Words around a match in an excerpt. */
const EXCERPT_WORDS = 18;

/** The site's index: pagefind over the base, with the delta merged into it, and how to merge their results. */
interface SiteIndex {
  search(term: string, excludeScopes: string[]): Promise<PagefindResult[]>;
}

let indexLoad: Promise<SiteIndex> | null = null;
/**
 * Loads pagefind and the delta file from the site's own origin, then the base index and the delta
 * index when there is one; a failure is forgotten so the next query tries again.
 */
export function loadIndex(baseUrl: string): Promise<SiteIndex> {
  indexLoad ??= (async () => {
    const basePath = `${baseUrl}_sipa/search/`;
    // Fetched beside pagefind's runtime, and revalidated: it must describe the indexes deployed now.
    const [pagefind, delta] = await Promise.all([
      import(/* @vite-ignore */ `${basePath}pagefind.js`) as Promise<Pagefind>,
      fetch(`${basePath}${DELTA_FILE}`, { cache: 'no-cache' }).then((response) => {
        if (!response.ok) throw new Error(`${response.status} for ${DELTA_FILE}`);
        return response.json() as Promise<SearchDeltaFile>;
      }),
    ]);
    await pagefind.options({ basePath, baseUrl, excerptLength: EXCERPT_WORDS });
    await pagefind.init();
    if (delta.delta > 0) await pagefind.mergeIndex(`${basePath}${DELTA_DIR}`, { baseUrl, excerptLength: EXCERPT_WORDS });
    return {
      search(term, excludeScopes) {
        const options = excludeScopes.length > 0 ? { filters: { not: { scope: { any: excludeScopes } } } } : undefined;
        return searchMerged((word) => pagefind.search(word, options), term, delta);
      },
    };
  })();
  indexLoad.catch(() => (indexLoad = null));
  return indexLoad;
}

let stylesAdded = false;
/** Adds the search styles to the page, once: the dialog's and the search page's results share them. */
export function addSearchStyles(): void {
  if (stylesAdded) return;
  stylesAdded = true;
  const style = document.createElement('style');
  style.dataset.search = '';
  style.textContent = css as string;
  document.head.appendChild(style);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);

/** An excerpt from pagefind (escaped text with <mark> around matches) as React nodes: no HTML is injected. */
export function Excerpt({ html }: { html: string }) {
  const parts = html.split(/<mark>(.*?)<\/mark>/g);
  return (
    <span className="search-result__excerpt">
      {parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{decode(part)}</mark> : decode(part.replace(/<[^>]*>/g, ''))))}
    </span>
  );
}

export function toGroups(pages: PagefindPage[], idPrefix: string): PageGroup[] {
  let n = 0;
  return pages.map((page) => {
    const title = page.meta.title || page.url;
    const headings = page.sub_results.filter((sub) => sub.url.includes('#')).slice(0, HEADINGS_PER_PAGE);
    // The page's own entry shows its best excerpt outside the headings listed below it.
    const pageExcerpt = page.sub_results.find((sub) => !sub.url.includes('#'))?.excerpt ?? (headings.length ? '' : page.excerpt);
    const options: ResultOption[] = [{ id: `${idPrefix}-${n++}`, url: page.url, title, excerpt: pageExcerpt, isPage: true }];
    for (const sub of headings) options.push({ id: `${idPrefix}-${n++}`, url: sub.url, title: sub.title, excerpt: sub.excerpt, isPage: false });
    return { title, options };
  });
}

/** What useSearchResults gives: the state of the query's search, how many pages it shows, and a way to show more. */
export interface SearchResults {
  state: SearchState;
  /** Pages of the results shown (PAGE_STEP at first, more after each showMore). */
  shown: number;
  /** Adds PAGE_STEP more pages to those shown. */
  showMore(): Promise<void>;
}

/**
 * Searches the site's index for `query` once typing has paused for `delayMs`, leaving out the docs
 * versions in `excludeScopes` ("\n"-separated); a result that arrives for an older query is
 * dropped. `onSearch` is told each query searched for, `onResults` each new set of results (not
 * those of showMore). Shared by the dialog and the search page.
 */
export function useSearchResults(
  query: string,
  baseUrl: string,
  excludeScopes: string,
  idPrefix: string,
  delayMs: number,
  callbacks: { onSearch?(term: string): void; onResults?(): void } = {},
): SearchResults {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [shown, setShown] = useState(PAGE_STEP);
  const search = useRef<{ id: number; ids: PagefindResult[] }>({ id: 0, ids: [] });
  // The latest callbacks, without making a new render start the search again.
  const told = useRef(callbacks);
  told.current = callbacks;

  useEffect(() => {
    const term = query.trim();
    const id = ++search.current.id;
    if (!term) {
      setState({ status: 'idle' });
      return;
    }
    setState((s) => (s.status === 'done' ? s : { status: 'loading' }));
    const timer = setTimeout(async () => {
      told.current.onSearch?.(term);
      try {
        const index = await loadIndex(baseUrl);
        const results = await index.search(term, excludeScopes ? excludeScopes.split('\n') : []);
        if (id !== search.current.id) return;
        search.current.ids = results;
        const pages = await Promise.all(results.slice(0, PAGE_STEP).map((r) => r.data()));
        if (id !== search.current.id) return;
        setShown(PAGE_STEP);
        told.current.onResults?.();
        setState({ status: 'done', query: term, total: results.length, groups: toGroups(pages, `${idPrefix}-${id}`) });
      } catch {
        if (id === search.current.id) setState({ status: 'error' });
      }
    }, delayMs);
    return () => clearTimeout(timer);
  }, [query, baseUrl, idPrefix, excludeScopes, delayMs]);

  const showMore = async () => {
    if (state.status !== 'done') return;
    const id = search.current.id;
    const next = search.current.ids.slice(0, shown + PAGE_STEP);
    const pages = await Promise.all(next.map((r) => r.data()));
    if (id !== search.current.id) return;
    setShown(next.length);
    setState({ ...state, groups: toGroups(pages, `${idPrefix}-${id}`) });
  };

  return { state, shown, showMore };
}

/**
 * One result as a link: the page's title, or a heading's with "# " before it, and the excerpt. A
 * plain left click opens it through `onOpen` (the client router); a click with a modifier, or the
 * middle button, is the browser's (a new tab, say).
 */
export function ResultLink({ option, onOpen, ...attributes }: { option: ResultOption; onOpen(option: ResultOption): void } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className' | 'onClick'>) {
  return (
    <a
      {...attributes}
      href={option.url}
      className={`search-result${option.isPage ? ' search-result--page' : ' search-result--heading'}`}
      onClick={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen(option);
      }}
    >
      <span className="search-result__title">{option.isPage ? option.title : `# ${option.title}`}</span>
      {option.excerpt ? <Excerpt html={option.excerpt} /> : null}
    </a>
  );
}
