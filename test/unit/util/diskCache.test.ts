import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCacheEntry, writeCacheEntry } from '../../../src/util/diskCache.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

describe('cache entries', () => {
  it('are files named by their key, in a folder named by its first two characters, written whole', () => {
    const dir = path.join(tmp.dir, 'entries');
    writeCacheEntry(dir, 'ab12', { n: 1 });
    writeCacheEntry(dir, 'ab12', { n: 2 });
    expect(readCacheEntry(dir, 'ab12')).toEqual({ n: 2 });
    expect(readdirSync(path.join(dir, 'ab'))).toEqual(['ab12.json']);
  });

  it('read as a miss when missing or unreadable, and are neither read nor written without a folder', () => {
    const dir = path.join(tmp.dir, 'misses');
    expect(readCacheEntry(dir, 'cd34')).toBeNull();
    writeCacheEntry(dir, 'cd34', { n: 1 });
    writeFileSync(path.join(dir, 'cd', 'cd34.json'), '{"n": ');
    expect(readCacheEntry(dir, 'cd34')).toBeNull();
    expect(() => writeCacheEntry(null, 'ef56', 1)).not.toThrow();
    expect(readCacheEntry(null, 'ef56')).toBeNull();
  });
});
