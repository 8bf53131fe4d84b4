import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheIndex, readCacheEntry } from '../../../src/util/diskCache.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

const entryMtime = (dir: string, key: string) => statSync(path.join(dir, key.slice(0, 2), `${key}.json`)).mtimeMs;

describe('openCacheIndex', () => {
  it('keeps only the items a build sets, and writes only when something changed', async () => {
    const dir = path.join(tmp.dir, 'index');
    const first = openCacheIndex<{ n: number }>(dir, 'site-a');
    expect(first.known('x')).toBeUndefined();
    first.set('x', { n: 1 });
    first.set('y', { n: 2 });
    first.save();
    expect(readCacheEntry(dir, 'site-a')).toEqual({ x: { n: 1 }, y: { n: 2 } });

    // The same items again: nothing is written.
    const before = entryMtime(dir, 'site-a');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const same = openCacheIndex<{ n: number }>(dir, 'site-a');
    for (const key of ['x', 'y']) same.set(key, same.known(key)!);
    same.save();
    expect(entryMtime(dir, 'site-a')).toBe(before);

    // One item dropped: the index is rewritten without it.
    const fewer = openCacheIndex<{ n: number }>(dir, 'site-a');
    fewer.set('x', fewer.known('x')!);
    fewer.save();
    expect(readCacheEntry(dir, 'site-a')).toEqual({ x: { n: 1 } });

    // One item changed.
    const changed = openCacheIndex<{ n: number }>(dir, 'site-a');
    changed.set('x', { n: 3 });
    changed.save();
    expect(readCacheEntry(dir, 'site-a')).toEqual({ x: { n: 3 } });
    expect(readdirSync(path.join(dir, 'si'))).toEqual(['site-a.json']);
  });

  it('reads and writes nothing without a cache folder', () => {
    const index = openCacheIndex<number>(null, 'site-b');
    index.set('x', 1);
    expect(() => index.save()).not.toThrow();
    expect(index.known('x')).toBeUndefined();
  });
});
