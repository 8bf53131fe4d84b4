import { describe, expect, it } from 'vitest';
import { deltaLimit, planSearchIndex, type IndexedPage } from '../../../src/search/searchPlan.js';

/** A base of `n` pages /p0…, each with document hash h<i> and id id<i>. */
function base(n: number): Record<string, IndexedPage> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`/p${i}`, [`h${i}`, `id${i}`] as IndexedPage]));
}
/** The documents of the base's pages now, with some changed, removed or added. */
function current(n: number, change: { edit?: number[]; remove?: number[]; add?: string[] } = {}): Map<string, string> {
  const pages = new Map(Array.from({ length: n }, (_, i) => [`/p${i}`, `h${i}`]));
  for (const i of change.edit ?? []) pages.set(`/p${i}`, `h${i}-edited`);
  for (const i of change.remove ?? []) pages.delete(`/p${i}`);
  for (const route of change.add ?? []) pages.set(route, `h-${route}`);
  return pages;
}

describe('the search plan', () => {
  it('indexes every page into a base when there is none to build on', () => {
    expect(planSearchIndex(current(3), null)).toEqual({ kind: 'full' });
  });

  it('puts an edited page in the delta and drops its base entry', () => {
    expect(planSearchIndex(current(100, { edit: [7] }), base(100))).toEqual({ kind: 'delta', changed: ['/p7'], drop: ['id7'] });
  });

  it('puts an added page in the delta, dropping nothing, and drops a removed page without indexing it', () => {
    expect(planSearchIndex(current(100, { add: ['/new'] }), base(100))).toEqual({ kind: 'delta', changed: ['/new'], drop: [] });
    expect(planSearchIndex(current(100, { remove: [3] }), base(100))).toEqual({ kind: 'delta', changed: [], drop: ['id3'] });
  });

  it('keeps a page whose document is back as the base has it out of the delta', () => {
    expect(planSearchIndex(current(100), base(100))).toEqual({ kind: 'delta', changed: [], drop: [] });
  });

  it('rebuilds the base when changes pass the limit, and not before', () => {
    const limit = deltaLimit(100);
    expect(limit).toBe(15);
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(planSearchIndex(current(100, { edit: upTo(limit) }), base(100)).kind).toBe('delta');
    expect(planSearchIndex(current(100, { edit: upTo(limit + 1) }), base(100))).toEqual({ kind: 'full' });
    // Removed pages count too.
    expect(planSearchIndex(current(100, { edit: upTo(limit), remove: [99] }), base(100))).toEqual({ kind: 'full' });
  });

  it('bounds the delta near the square root of twice the pages', () => {
    expect(deltaLimit(1)).toBe(2);
    expect(deltaLimit(37)).toBe(9);
    expect(deltaLimit(10_101)).toBe(143);
  });
});
