/**
 * A site whose pages show a 1600×900 PNG, on the fast path and as MDX: the image gets WebP copies
 * at 640, 1280 and 1600 pixels, listed in its srcset with its width and height, and each copy is
 * encoded once: a later build takes it from the cache, or keeps the last output's file.
 */
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

const COPIES = ['wide-HASH-640w-q80.webp', 'wide-HASH-1280w-q80.webp', 'wide-HASH-1600w-q80.webp'];

describe('responsive images of markdown pages', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: string;
  let out: string;
  const build = (outDir: string) => buildOnce({ siteDir: site, outDir, logger: silentLogger() });
  const images = async (outDir: string) => (await readdir(path.join(outDir, '_sipa/img'))).sort();
  /** The encoded copies in the cache, each with when it was written. */
  const cached = async () => {
    const dir = path.join(site, 'node_modules/.cache/sipadocs/artifacts/image-variants');
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    return Object.fromEntries(await Promise.all(files.map(async (file) => [file, (await stat(file)).mtimeMs] as const)));
  };

  beforeAll(async () => {
    tmp = await tempDir();
    site = await copyFixture('images', tmp.dir);
    // The site's own project, so its cache is its own.
    await writeFile(path.join(site, 'package.json'), '{ "private": true }\n');
    out = path.join(tmp.dir, 'out');
    await build(out);
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('writes WebP copies at 640, 1280 and the original width beside the original, and none for SVG', async () => {
    const files = (await images(out)).map((file) => file.replace(/-[0-9a-f]{8}(?=[-.])/, '-HASH'));
    expect(files).toEqual(['drawing-HASH.svg', 'small-HASH-48w-q80.webp', 'small-HASH.png', ...[...COPIES].sort(), 'wide-HASH.png'].sort());
    for (const [width, height] of [[640, 360], [1280, 720], [1600, 900]]) {
      const file = (await images(out)).find((name) => name.endsWith(`-${width}w-q80.webp`) && name.startsWith('wide-'))!;
      const meta = await sharp(path.join(out, '_sipa/img', file)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
  });

  it('gives the image its srcset, sizes, width and height on the fast path and as MDX alike', async () => {
    const [plain, mdx] = await Promise.all(['docs/plain.html', 'docs/component.html'].map((page) => readFile(path.join(out, page), 'utf8')));
    const wideImage = (html: string) => /<img src="\/_sipa\/img\/wide-[0-9a-f]{8}\.png" alt="A wide screenshot"[^>]*>/.exec(html)![0];
    for (const img of [wideImage(plain), wideImage(mdx)]) {
      expect(img).toContain('width="1600" height="900"');
      expect(img).toContain('loading="lazy" decoding="async"');
      expect(img).toContain('sizes="(max-width: 1600px) 100vw, 1600px"');
      expect([...img.matchAll(/\/_sipa\/img\/wide-[0-9a-f]{8}-(\d+)w-q80\.webp (\d+)w/g)].map((m) => [Number(m[1]), Number(m[2])])).toEqual([[640, 640], [1280, 1280], [1600, 1600]]);
    }
    expect(wideImage(plain)).toBe(wideImage(mdx));
    // An SVG scales by itself; an author's own srcset stays as written.
    expect(plain).toMatch(/<img src="\/_sipa\/img\/drawing-[0-9a-f]{8}\.svg" alt="A drawing" loading="lazy" decoding="async" width="40" height="20"\/>/);
    expect(mdx).toMatch(/<img src="\/_sipa\/img\/wide-[0-9a-f]{8}\.png" alt="Written as JSX" srcSet="\/own.png 1x"/);
  });

  it('encodes each copy once: a build into a new folder takes them from the cache, one into the same folder keeps its files', async () => {
    const before = await cached();
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(4);
    const copies = (await images(out)).filter((file) => file.endsWith('.webp'));
    const written = await Promise.all(copies.map(async (file) => (await stat(path.join(out, '_sipa/img', file))).mtimeMs));

    const other = path.join(tmp.dir, 'other');
    await build(other);
    expect(await images(other)).toEqual(await images(out));
    for (const file of copies) expect(await readFile(path.join(other, '_sipa/img', file))).toEqual(await readFile(path.join(out, '_sipa/img', file)));
    // Not one entry written again: nothing was encoded.
    expect(await cached()).toEqual(before);

    await build(out);
    expect(await Promise.all(copies.map(async (file) => (await stat(path.join(out, '_sipa/img', file))).mtimeMs))).toEqual(written);
  }, 120_000);
});
