import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeBaseUrl, readBuiltBaseUrl } from '../../../src/server/builtBaseUrl.js';
import { tempDir } from '../../helpers.js';

const page = (entry: string) => `<!doctype html><html><body><div id="__sipa"></div><script data-entry="${entry}" data-preload="">(function(){})()</script></body></html>`;

describe('readBuiltBaseUrl', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>> | undefined;
  afterEach(() => tmp?.cleanup());

  it('reads the base URL the pages name their scripts under', async () => {
    tmp = await tempDir();
    await writeFile(path.join(tmp.dir, 'index.html'), page('/sub/dir/_sipa/entry-ABCD1234.js'));
    expect(await readBuiltBaseUrl(tmp.dir)).toBe('/sub/dir/');
    await writeFile(path.join(tmp.dir, 'index.html'), page('/_sipa/entry-ABCD1234.js'));
    expect(await readBuiltBaseUrl(tmp.dir)).toBe('/');
  });

  it('falls back on the 404 page, then on "/" for a folder sipadocs did not build', async () => {
    tmp = await tempDir();
    expect(await readBuiltBaseUrl(tmp.dir)).toBe('/');
    await writeFile(path.join(tmp.dir, 'index.html'), '<h1>Hand-written</h1><script src="/app/_sipa/entry-X.js"></script>');
    expect(await readBuiltBaseUrl(tmp.dir)).toBe('/');
    await writeFile(path.join(tmp.dir, '404.html'), page('/sub/_sipa/entry-ABCD1234.js'));
    expect(await readBuiltBaseUrl(tmp.dir)).toBe('/sub/');
  });
});

describe('normalizeBaseUrl', () => {
  it.each([['sub', '/sub/'], ['/sub', '/sub/'], ['/sub/', '/sub/'], ['//a/b//', '/a/b/'], ['/', '/'], ['', '/']])('%s → %s', (given, base) => {
    expect(normalizeBaseUrl(given)).toBe(base);
  });
});
