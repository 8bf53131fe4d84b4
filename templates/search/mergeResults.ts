/**
 * The site's search index is a base (every page as of some build) and a delta (pages added or
 * changed since), both pagefind indexes, plus a small file saying how they fit together. The
 * dialog loads the base, merges the delta into it (pagefind's mergeIndex) and passes every query
 * through `searchMerged`, which makes the two answer as one index built from the current pages.
 * Pure: it runs in the browser and in tests alike.
 */

/** The delta index's folder, inside the search folder. */
export const DELTA_DIR = 'delta/';
/** The file beside the indexes that says how they fit together (a SearchDeltaFile). */
export const DELTA_FILE = 'delta.json';

/** What `DELTA_FILE` holds. */
export interface SearchDeltaFile {
  /** Pages in the base index, the replaced ones included. */
  base: number;
  /** Pages in the delta index; 0 when there is none (nothing to merge). */
  delta: number;
  /** The ids of the delta's pages. */
  pages: string[];
  /** Ids of base pages left out of every result: edited since (the delta has them as they are now) or removed. */
  drop: string[];
}

/** A search result as pagefind returns it: the page's id, its score, and its data on demand. */
export interface ScoredResult {
  id: string;
  score: number;
}

export type Search<R extends ScoredResult> = (term: string) => Promise<{ results: R[] }>;

/**
 * Pagefind's inverse document frequency: how much a word found on `pages` of `total` pages tells
 * about a page. A page's score is a sum of such weights times the word's frequency on the page.
 */
export function inverseFrequency(total: number, pages: number): number {
  return Math.log((total - pages + 0.5) / (pages + 0.5) + 1);
}

/** True for a query pagefind runs as an exact phrase ("…"), whose scores do not depend on the index. */
const isPhrase = (query: string) => /^\s*".+"\s*$/.test(query);

/**
 * Runs `query` on the merged indexes (`search`: pagefind's search, which queries both) and returns
 * its results as one index of the current pages would, best first:
 *
 * - the base's entries of edited and removed pages are left out (the delta's entry of an edited
 *   page stays);
 * - a page must hold every word of the query that some current page holds: pagefind ignores a word
 *   an index lacks, so the small delta would otherwise answer "a b" with pages that have only "a",
 *   and the base would ignore a word only the delta has; a word found only on replaced pages is no
 *   word of the site any more, and the query runs without it;
 * - scores are put on one scale: each index weighs a word by how many of its own pages have it, so
 *   a page of a ten-page delta would score far below the same page in the base. Each result's score
 *   is multiplied by the ratio of the query's word weights over all current pages to its own
 *   index's (exact for one-word queries, up to the average page length; close for more).
 *
 * Without a delta file (or with nothing in it) the results are pagefind's as they are.
 */
export async function searchMerged<R extends ScoredResult>(search: Search<R>, query: string, delta: SearchDeltaFile | null): Promise<R[]> {
  const found = await search(query);
  if (!delta || (delta.delta === 0 && delta.drop.length === 0)) return found.results;
  const inDelta = new Set(delta.pages);
  const dropped = new Set(delta.drop);
  const kept = found.results.filter((result) => !dropped.has(result.id));
  if (isPhrase(query)) return kept;

  const words = query.trim().split(/\s+/).filter(Boolean);
  const perWord = words.length > 1 ? await Promise.all(words.map((word) => search(word))) : [found];
  const counts = perWord.map(({ results }) => {
    let deltaPages = 0;
    let droppedPages = 0;
    for (const result of results) {
      if (inDelta.has(result.id)) deltaPages++;
      else if (dropped.has(result.id)) droppedPages++;
    }
    return { base: results.length - deltaPages, delta: deltaPages, current: results.length - droppedPages, ids: new Set(results.map((r) => r.id)) };
  });
  const gone = words.filter((_, i) => counts[i]!.base > 0 && counts[i]!.current === 0);
  if (gone.length > 0) {
    const rest = words.filter((word) => !gone.includes(word));
    return rest.length === 0 ? [] : searchMerged(search, rest.join(' '), delta);
  }

  const live = counts.filter((count) => count.current > 0);
  const pagesNow = delta.base - delta.drop.length + delta.delta;
  const weightNow = live.reduce((sum, count) => sum + inverseFrequency(pagesNow, count.current), 0);
  const weightIn = (isDelta: boolean) =>
    live.reduce((sum, count) => sum + (isDelta ? inverseFrequency(delta.delta, count.delta) : inverseFrequency(delta.base, count.base)), 0);
  const scale = { base: weightNow / weightIn(false), delta: weightNow / weightIn(true) };
  return kept
    .filter((result) => words.length === 1 || live.every((count) => count.ids.has(result.id)))
    .map((result) => {
      const factor = inDelta.has(result.id) ? scale.delta : scale.base;
      return Number.isFinite(factor) && factor > 0 ? { ...result, score: result.score * factor } : result;
    })
    .sort((a, b) => b.score - a.score);
}
