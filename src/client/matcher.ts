import { LRUCache } from 'lru-cache';
import { match, type MatchFunction } from 'path-to-regexp';

/** Compiled route patterns, at most 10,000 of them (spec §9). */
export const MATCHER_CACHE_SIZE = 10_000;

export type RouteMatcher = (pathname: string) => boolean;

/** Builds a matcher of routes (decoded paths) over path-to-regexp patterns with a bounded cache of compiled patterns. */
export function createRouteMatcher(patterns: readonly string[], cacheSize = MATCHER_CACHE_SIZE) {
  const cache = new LRUCache<string, MatchFunction<Partial<Record<string, string | string[]>>>>({ max: cacheSize });
  const compiled = (pattern: string) => {
    let fn = cache.get(pattern);
    if (!fn) {
      // Paths arrive as routes, already decoded once (see routeOfUrlPath): decoding again would
      // misread "/docs/100%" (and throw on it).
      fn = match(pattern, { decode: false });
      cache.set(pattern, fn);
    }
    return fn;
  };
  const matches: RouteMatcher = (pathname) => patterns.some((pattern) => compiled(pattern)(pathname) !== false);
  return { matches, cache };
}
