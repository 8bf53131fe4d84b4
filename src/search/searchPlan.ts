/**
 * Decides what a build does to the search index, from what the last good build's index holds and
 * each page's search document now. Pure: no disk, no indexer.
 *
 * The index is a base (every page as of some build) plus a delta (the pages added or changed
 * since, indexed again at each build) and the list of base entries the delta replaces or that were
 * removed. The delta is bounded: past `deltaLimit` pages the base is indexed again and the delta
 * emptied, so a build costs about what changed and a query stays as cheap as on a fresh index.
 */

/** A page of an index: the hash of its search document and the id the indexer gave its entry. */
export type IndexedPage = [documentHash: string, id: string];

export type SearchPlan =
  | { kind: 'full' }
  | {
      kind: 'delta';
      /** Routes whose document differs from the base's (or that the base lacks): the delta's pages. */
      changed: string[];
      /** The base's ids that the delta replaces or whose route is gone: left out of every result. */
      drop: string[];
    };

/**
 * The most pages the delta may hold over a base of `pages` pages before the base is rebuilt.
 * Indexing costs about the same per page (on the generated 10,000-doc site, under load: a new base
 * 7–10 ms a page, a delta of 11 pages 1.2 s in all), so over a run of one-page edits a limit L
 * costs a new base every L builds plus, each build, a delta of L/2 pages on average: N/L + L/2
 * page-costs a build, least at L = √(2N): 142 pages at 10,000 (about 141 page-costs a build on
 * average, against 10,000 for indexing every page), 9 on the Sipa site's 37 pages.
 */
export function deltaLimit(pages: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(2 * pages)));
}

/**
 * The plan for a build whose searchable pages have these documents (hash by route), over a base
 * that holds `base` (null when there is none to build on: no last index, other indexing code or
 * language, or its files are gone).
 */
export function planSearchIndex(current: ReadonlyMap<string, string>, base: Readonly<Record<string, IndexedPage>> | null): SearchPlan {
  if (!base) return { kind: 'full' };
  const changed: string[] = [];
  const drop: string[] = [];
  for (const [route, hash] of current) {
    const before = base[route];
    if (before?.[0] === hash) continue;
    changed.push(route);
    if (before) drop.push(before[1]);
  }
  let removed = 0;
  for (const route of Object.keys(base)) {
    if (current.has(route)) continue;
    removed++;
    drop.push(base[route]![1]);
  }
  // An edited page counts once, though the delta holds it and the base's entry is dropped.
  if (changed.length + removed > deltaLimit(Object.keys(base).length)) return { kind: 'full' };
  return { kind: 'delta', changed: changed.sort(), drop: drop.sort() };
}
