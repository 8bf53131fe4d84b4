import { match, type MatchFunction } from 'path-to-regexp';

/** Compiled route patterns, at most 10,000 of them (spec §9). */
export const MATCHER_CACHE_SIZE = 10_000;

export type RouteMatcher = (pathname: string) => boolean;

/**
 * A cache of at most `max` entries that evicts the least recently used one. A Map keeps its keys
 * in insertion order, so moving a key to the end on each read makes the first key the least
 * recently used. (lru-cache did the same for 6.8 kB of gzip in the matcher's 8.9 kB chunk, which
 * every visit that prefetches downloads.)
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** Builds a matcher of routes (decoded paths) over path-to-regexp patterns with a bounded cache of compiled patterns. */
export function createRouteMatcher(patterns: readonly string[], cacheSize = MATCHER_CACHE_SIZE) {
  const cache = new BoundedCache<string, MatchFunction<Partial<Record<string, string | string[]>>>>(cacheSize);
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
