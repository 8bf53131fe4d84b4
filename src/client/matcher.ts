import { LRUCache } from 'lru-cache';
import { match, type MatchFunction } from 'path-to-regexp';

/** Compiled route patterns, at most 10,000 of them (spec §9). */
export const MATCHER_CACHE_SIZE = 10_000;

export type RouteMatcher = (pathname: string) => boolean;

/** Builds a matcher over path-to-regexp patterns with a bounded cache of compiled patterns. */
export function createRouteMatcher(patterns: readonly string[], cacheSize = MATCHER_CACHE_SIZE) {
  const cache = new LRUCache<string, MatchFunction<Partial<Record<string, string | string[]>>>>({ max: cacheSize });
  const compiled = (pattern: string) => {
    let fn = cache.get(pattern);
    if (!fn) {
      fn = match(pattern, { decode: decodeURIComponent });
      cache.set(pattern, fn);
    }
    return fn;
  };
  const matches: RouteMatcher = (pathname) => patterns.some((pattern) => compiled(pattern)(pathname) !== false);
  return { matches, cache };
}
