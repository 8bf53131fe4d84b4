import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkUnchanged, stampFile, targetsDigest } from '../../../src/build/outputManifest.js';
import { tempDir } from '../../helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function dirs() {
  const tmp = await tempDir('sipadocs-manifest-');
  cleanups.push(tmp.cleanup);
  const from = path.join(tmp.dir, 'out');
  const to = path.join(tmp.dir, 'staging');
  await mkdir(path.join(from, 'docs'), { recursive: true });
  await writeFile(path.join(from, 'docs/a.html'), 'page a');
  await writeFile(path.join(from, 'docs/a.json'), '{"a":1}');
  const ensureDir = (dir: string) => mkdir(dir, { recursive: true }).then(() => {});
  return { from, to, ensureDir };
}

describe('linking unchanged pages from the previous output', () => {
  it('links files that are still as stamped', async () => {
    const { from, to, ensureDir } = await dirs();
    const stamps = [await stampFile(from, 'docs/a.html'), await stampFile(from, 'docs/a.json')];
    expect(await linkUnchanged(from, to, stamps, ensureDir)).toBe(true);
    expect(await readFile(path.join(to, 'docs/a.html'), 'utf8')).toBe('page a');
    expect(await readFile(path.join(to, 'docs/a.json'), 'utf8')).toBe('{"a":1}');
  });

  it('refuses a page when one of its files changed, and leaves nothing of it behind', async () => {
    const { from, to, ensureDir } = await dirs();
    const stamps = [await stampFile(from, 'docs/a.html'), await stampFile(from, 'docs/a.json')];
    await writeFile(path.join(from, 'docs/a.json'), '{"a":22}');
    expect(await linkUnchanged(from, to, stamps, ensureDir)).toBe(false);
    expect(existsSync(path.join(to, 'docs/a.html'))).toBe(false);
  });

  it('refuses a page whose file is gone', async () => {
    const { from, to, ensureDir } = await dirs();
    const stamps = [await stampFile(from, 'docs/a.html'), ['docs/missing.html', 1, 0] as [string, number, number]];
    expect(await linkUnchanged(from, to, stamps, ensureDir)).toBe(false);
    expect(existsSync(path.join(to, 'docs/a.html'))).toBe(false);
  });
});

describe('link targets digest', () => {
  it('ignores order but not a changed id, route or static file', () => {
    const pages = [
      { route: '/a', ids: ['x', 'y'] },
      { route: '/b', ids: [] },
    ];
    const digest = targetsDigest(pages, ['img/logo.svg'], '/');
    expect(targetsDigest([...pages].reverse(), ['img/logo.svg'], '/')).toBe(digest);
    expect(targetsDigest([{ route: '/a', ids: ['y', 'x'] }, pages[1]!], ['img/logo.svg'], '/')).toBe(digest);
    expect(targetsDigest([{ route: '/a', ids: ['x'] }, pages[1]!], ['img/logo.svg'], '/')).not.toBe(digest);
    expect(targetsDigest([pages[0]!, { route: '/c', ids: [] }], ['img/logo.svg'], '/')).not.toBe(digest);
    expect(targetsDigest(pages, [], '/')).not.toBe(digest);
  });
});
