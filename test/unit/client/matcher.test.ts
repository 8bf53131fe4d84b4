import { describe, expect, it } from 'vitest';
import { BoundedCache, createRouteMatcher, MATCHER_CACHE_SIZE } from '../../../src/client/matcher.js';

describe('createRouteMatcher', () => {
  it('matches paths with path-to-regexp patterns', () => {
    const { matches } = createRouteMatcher(['/', '/docs/guides/overview', '/blog/:slug', '/docs/*rest']);
    expect(matches('/')).toBe(true);
    expect(matches('/docs/guides/overview')).toBe(true);
    expect(matches('/blog/hello')).toBe(true);
    expect(matches('/docs/api/a/b')).toBe(true);
    expect(matches('/blog')).toBe(false);
    expect(matches('/nope')).toBe(false);
  });

  it('matches decoded routes, "%" included, without decoding them again', () => {
    const { matches } = createRouteMatcher(['/docs{/*rest}', '/notes \\(draft\\)']);
    expect(matches('/docs/100%')).toBe(true);
    expect(matches('/docs/50%25 off')).toBe(true);
    expect(matches('/notes (draft)')).toBe(true);
    expect(matches('/notes%20(draft)')).toBe(false);
  });

  it('caches compiled patterns (compiled once)', () => {
    const { matches, cache } = createRouteMatcher(['/a', '/b']);
    matches('/a');
    const first = cache.get('/a');
    matches('/x');
    expect(cache.get('/a')).toBe(first);
    expect(cache.size).toBe(2);
  });

  it('bounds the cache at 10000 entries (LRU)', () => {
    expect(MATCHER_CACHE_SIZE).toBe(10_000);
    const patterns = Array.from({ length: 10_050 }, (_, i) => `/p/${i}`);
    const { matches, cache } = createRouteMatcher(patterns);
    expect(cache.max).toBe(10_000);
    expect(matches('/p/10049')).toBe(true);
    expect(cache.size).toBe(10_000);
    // the least recently used patterns were evicted, the latest kept
    expect(cache.has('/p/0')).toBe(false);
    expect(cache.has('/p/10049')).toBe(true);
    // evicted patterns still match (recompiled on demand)
    expect(matches('/p/0')).toBe(true);
    expect(cache.size).toBe(10_000);
  });

  it('honours a smaller bound', () => {
    const { matches, cache } = createRouteMatcher(['/a', '/b', '/c'], 2);
    matches('/zzz');
    expect(cache.size).toBe(2);
  });
});

describe('BoundedCache', () => {
  it('evicts the least recently used entry, a read counting as a use', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    cache.set('a', 4);
    cache.set('d', 5);
    expect([cache.get('a'), cache.has('c'), cache.get('d'), cache.size]).toEqual([4, false, 5, 2]);
    expect(cache.get('zzz')).toBeUndefined();
  });
});
