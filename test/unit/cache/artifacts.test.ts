// The artifact layer: one lookup order, pruning and size limits for every kind of cached result.
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArtifactStore, type ArtifactKindSpec } from '../../../src/cache/artifacts.js';
import { tempDir } from '../../helpers.js';

interface Page {
  title: string;
  code: string;
}

/** A kind kept as compiled pages are: the title in the index, the code in an entry of its own. */
const PAGES: ArtifactKindSpec<Page, string, string> = {
  name: 'pages',
  disk: { record: (page) => page.title, blob: (page) => page.code, restore: (title, blob) => ({ title, get code() { return blob(); } }) },
  size: (page) => page.code.length,
};

let tmp: Awaited<ReturnType<typeof tempDir>>;
let cache: string;
beforeEach(async () => {
  tmp = await tempDir();
  cache = path.join(tmp.dir, 'cache');
});
afterEach(() => tmp.cleanup());

const blobs = () => readdirSync(path.join(cache, 'pages')).filter((shard) => shard !== 'in').flatMap((shard) => readdirSync(path.join(cache, 'pages', shard)));

describe('the artifact layer', () => {
  it('finds an artifact in this build, then the session memory, then the disk, then the last output', async () => {
    const watch = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: true });
    await watch.beginBuild();
    let pages = watch.kind(PAGES);
    const key = pages.key('a.md', 'body of a');
    expect(pages.find(key)).toBeUndefined();
    pages.put(key, { title: 'A', code: 'code of a' });
    expect(pages.find(key)?.code).toBe('code of a');
    expect(pages.stats).toMatchObject({ made: 1, build: 1 });
    watch.endBuild(true);

    await watch.beginBuild();
    pages = watch.kind(PAGES);
    expect(pages.find(key)?.code).toBe('code of a');
    expect(pages.stats).toMatchObject({ memory: 1, disk: 0 });
    watch.endBuild(true);

    // Another process: nothing in memory, the disk has it.
    const oneOff = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: false });
    await oneOff.beginBuild();
    pages = oneOff.kind(PAGES);
    expect(pages.find(key)?.code).toBe('code of a');
    expect(pages.stats).toMatchObject({ memory: 0, disk: 1 });
    // Without any cache, the last output is asked.
    const other = pages.key('b.md', 'body of b');
    expect(pages.find(other, { fromOutput: () => ({ title: 'B', code: 'read back' }) })?.code).toBe('read back');
    expect(pages.stats.output).toBe(1);
    oneOff.endBuild(true);
  });

  it('writes the indexes of a build made with saveLater after it ended: before the next build, or when flushed', async () => {
    const watch = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: true, saveLater: true });
    const onDisk = async (key: string) => {
      const other = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: false });
      await other.beginBuild();
      const found = other.kind(PAGES).find(key)?.code;
      other.endBuild(false);
      return found;
    };
    await watch.beginBuild();
    const a = watch.kind(PAGES).key('a.md');
    watch.kind(PAGES).put(a, { title: 'A', code: 'code of a' });
    watch.endBuild(true);
    expect(await onDisk(a)).toBeUndefined();
    // The next build writes it first.
    await watch.beginBuild();
    expect(await onDisk(a)).toBe('code of a');
    const b = watch.kind(PAGES).key('b.md');
    watch.kind(PAGES).put(b, { title: 'B', code: 'code of b' });
    watch.endBuild(true);
    expect(await onDisk(b)).toBeUndefined();
    watch.flush();
    expect(await onDisk(b)).toBe('code of b');
  });

  it('keys by the kind, its code and every input, and tells invalid artifacts from valid ones', async () => {
    const store = createArtifactStore({ dir: null, siteId: 's', keepInMemory: false });
    await store.beginBuild();
    const pages = store.kind(PAGES);
    const other = store.kind({ ...PAGES, name: 'others' });
    expect(pages.key('x')).not.toBe(other.key('x'));
    expect(pages.key('x', { a: 1 })).not.toBe(pages.key('x', { a: 2 }));
    expect(pages.key('"x"')).not.toBe(pages.key('x'));
    const key = pages.key('a');
    pages.put(key, { title: 'A', code: 'c' });
    expect(pages.find(key, { valid: (page) => page.title === 'B' })).toBeUndefined();
    store.endBuild(true);
  });

  it('checks the files an artifact was made from by content', async () => {
    const image = path.join(tmp.dir, 'image.svg');
    writeFileSync(image, '<svg/>');
    const store = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: true });
    await store.beginBuild();
    const key = store.kind(PAGES).key('page');
    store.kind(PAGES).put(key, { title: 'T', code: 'uses the image' }, [image]);
    store.endBuild(true);

    await store.beginBuild();
    expect(store.kind(PAGES).find(key)).toBeDefined();
    store.endBuild(true);
    writeFileSync(image, '<svg width="2"/>');
    await store.beginBuild();
    expect(store.kind(PAGES).find(key)).toBeUndefined();
    store.endBuild(true);
    // The disk holds the same check.
    const fresh = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: false });
    await fresh.beginBuild();
    expect(fresh.kind(PAGES).find(key)).toBeUndefined();
    fresh.endBuild(true);
  });

  it('drops what a successful build did not use, from memory and from the index, and nothing after a failure', async () => {
    const store = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: true });
    await store.beginBuild();
    const [a, b] = [store.kind(PAGES).key('a'), store.kind(PAGES).key('b')];
    store.kind(PAGES).put(a, { title: 'A', code: 'a' });
    store.kind(PAGES).put(b, { title: 'B', code: 'b' });
    store.endBuild(true);

    const build = async (use: (pages: ReturnType<typeof store.kind<Page, string, string>>) => void, succeeded = true) => {
      await store.beginBuild();
      use(store.kind(PAGES));
      store.endBuild(succeeded);
    };
    // A failed build that used only a drops nothing.
    await build((pages) => pages.find(a), false);
    await build((pages) => {
      expect(pages.find(a)).toBeDefined();
      expect(pages.find(b)).toBeDefined();
    });
    // Kept without being read: still there next time, in memory.
    await build((pages) => {
      pages.find(a);
      pages.keep(b);
    });
    await build((pages) => {
      expect(pages.find(b)).toBeDefined();
      expect(pages.stats.memory).toBe(1);
      pages.find(a);
    });
    // Not used: gone from memory and from the index.
    await build((pages) => pages.find(a));
    await build((pages) => {
      expect(pages.find(b)).toBeUndefined();
      pages.find(a);
    });
    const fresh = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: false });
    await fresh.beginBuild();
    expect(fresh.kind(PAGES).find(a)).toBeDefined();
    expect(fresh.kind(PAGES).find(b)).toBeUndefined();
    fresh.endBuild(true);
  });

  it('writes the index of a kind only when a build added or dropped something', async () => {
    const index = path.join(cache, 'pages', 'in', 'index-s.json');
    const build = async (names: string[]) => {
      const store = createArtifactStore({ dir: cache, siteId: 's', keepInMemory: false });
      await store.beginBuild();
      const pages = store.kind(PAGES);
      for (const name of names) if (!pages.find(pages.key(name))) pages.put(pages.key(name), { title: name, code: name });
      store.endBuild(true);
      return statSync(index).mtimeMs;
    };
    const first = await build(['a', 'b']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await build(['a', 'b'])).toBe(first);
    const fewer = await build(['a']);
    expect(fewer).toBeGreaterThan(first);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await build(['a', 'c'])).toBeGreaterThan(fewer);
  });

  it('keeps the session memory of a kind within its limit', async () => {
    const store = createArtifactStore({ dir: null, siteId: 's', keepInMemory: true });
    const small = { ...PAGES, name: 'small', memoryLimit: 25 };
    await store.beginBuild();
    const keys = ['a', 'b', 'c'].map((name) => store.kind(small).key(name));
    for (const key of keys) store.kind(small).put(key, { title: key, code: '0123456789' });
    store.endBuild(true);
    await store.beginBuild();
    expect(keys.map((key) => store.kind(small).find(key) !== undefined)).toEqual([false, true, true]);
    store.endBuild(true);
  });

  it('removes the entries of dead keys from the disk once there are many, but not those another site uses', async () => {
    const siteA = createArtifactStore({ dir: cache, siteId: 'a', keepInMemory: false });
    const siteB = createArtifactStore({ dir: cache, siteId: 'b', keepInMemory: false });
    await siteB.beginBuild();
    const shared = siteB.kind(PAGES).key('shared');
    siteB.kind(PAGES).put(shared, { title: 'S', code: 'shared' });
    siteB.endBuild(true);

    const build = async (names: string[]) => {
      await siteA.beginBuild();
      for (const name of names) {
        const key = siteA.kind(PAGES).key(name);
        if (!siteA.kind(PAGES).find(key)) siteA.kind(PAGES).put(key, { title: name, code: name });
      }
      siteA.endBuild(true);
    };
    const first = Array.from({ length: 300 }, (_, i) => `first-${i}`);
    await build([...first, 'shared']);
    expect(blobs()).toHaveLength(301);
    // Entries written in the last minute are spared (another build may be about to name them): age them.
    const age = () => {
      const old = new Date(Date.now() - 120_000);
      for (const shard of readdirSync(path.join(cache, 'pages')).filter((s) => s !== 'in')) {
        for (const file of readdirSync(path.join(cache, 'pages', shard))) utimesSync(path.join(cache, 'pages', shard, file), old, old);
      }
    };
    age();
    const second = Array.from({ length: 100 }, (_, i) => `second-${i}`);
    // 300 dead entries, more than the live ones: the folder is swept.
    await build(second);
    expect(blobs()).toHaveLength(101);
    expect(existsSync(path.join(cache, 'pages', shared.slice(0, 2), `${shared}.json`))).toBe(true);
    await siteA.beginBuild();
    expect(second.every((name) => siteA.kind(PAGES).find(siteA.kind(PAGES).key(name)) !== undefined)).toBe(true);
    siteA.endBuild(true);
  });

  it('shares the index of a shared kind between sites: each adds what it made, drops nothing another uses, and the newest are kept', async () => {
    const BUNDLES: ArtifactKindSpec<Page, null, Page> = { name: 'bundles', shared: true, disk: { record: () => null, blob: (page) => page, restore: (_record, blob) => blob() } };
    const siteA = createArtifactStore({ dir: cache, siteId: 'a', keepInMemory: false });
    const siteB = createArtifactStore({ dir: cache, siteId: 'b', keepInMemory: false });
    const make = async (store: typeof siteA, name: string) => {
      await store.beginBuild();
      const kind = store.kind(BUNDLES);
      const key = kind.key(name);
      const found = kind.find(key);
      if (!found) kind.put(key, { title: name, code: `code of ${name}` });
      store.endBuild(true);
      return found;
    };
    expect(await make(siteA, 'entry')).toBeUndefined();
    // Another site finds what the first made.
    expect(await make(siteB, 'entry')).toEqual({ title: 'entry', code: 'code of entry' });
    // A build of site B that uses something else drops nothing of site A's (an unshared kind's index would).
    expect(await make(siteB, 'other')).toBeUndefined();
    expect(await make(siteA, 'entry')).toEqual({ title: 'entry', code: 'code of entry' });
    // The index keeps the newest records: after many more, the first is made again.
    for (let i = 0; i < 40; i++) await make(i % 2 ? siteA : siteB, `more-${i}`);
    expect(await make(siteA, 'more-39')).toBeDefined();
    expect(await make(siteB, 'entry')).toBeUndefined();
  });
});
