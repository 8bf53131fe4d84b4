import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbageAbove } from '../../../src/render/memory.js';

describe('collectGarbageAbove', () => {
  it('frees unreachable large strings when the heap is above the limit, and does nothing below it', () => {
    const used = () => v8.getHeapStatistics().used_heap_size;
    collectGarbageAbove(0);
    const baseline = used();
    // Arrays this size go to the large-object space, which only a full collection frees.
    let garbage: number[][] | null = Array.from({ length: 50 }, (_, i) => new Array<number>(300_000).fill(i + 0.5));
    expect(used()).toBeGreaterThan(baseline + 40 * 1024 * 1024);
    garbage = null;
    collectGarbageAbove(Number.MAX_SAFE_INTEGER);
    expect(used()).toBeGreaterThan(baseline + 40 * 1024 * 1024);
    collectGarbageAbove(0);
    expect(used()).toBeLessThan(baseline + 10 * 1024 * 1024);
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
