import { describe, expect, it } from 'vitest';
import { idealImageVariants, idealImageWidths, markdownVariants, sizesOf, srcSetOf } from '../../../../src/compiler/compile/imageVariants.js';
import { DEFAULT_IDEAL_IMAGE, DEFAULT_IMAGE_SETTINGS } from '../../../../src/config/images.js';

const wide = { file: '_sipa/img/wide-9596ac86.png', width: 1600, height: 900 };

describe('markdownVariants', () => {
  it('makes the configured widths below the original and the original width, in WebP, heights in proportion', () => {
    const variants = markdownVariants(wide, DEFAULT_IMAGE_SETTINGS);
    expect(variants.map((v) => [v.file, v.width, v.height, v.format])).toEqual([
      ['_sipa/img/wide-9596ac86-640w-q80.webp', 640, 360, 'webp'],
      ['_sipa/img/wide-9596ac86-1280w-q80.webp', 1280, 720, 'webp'],
      ['_sipa/img/wide-9596ac86-1600w-q80.webp', 1600, 900, 'webp'],
    ]);
  });

  it('never enlarges: an image narrower than every width gets one copy at its own width', () => {
    expect(markdownVariants({ file: '_sipa/img/icon-1.jpg', width: 48, height: 32 }, DEFAULT_IMAGE_SETTINGS).map((v) => v.width)).toEqual([48]);
    expect(markdownVariants({ file: '_sipa/img/a-1.png', width: 1280, height: 10 }, DEFAULT_IMAGE_SETTINGS).map((v) => v.width)).toEqual([640, 1280]);
  });

  it('names a copy by its format and quality, so other settings never reuse its file', () => {
    const [avif] = markdownVariants(wide, { ...DEFAULT_IMAGE_SETTINGS, widths: [400], format: 'avif', quality: 50 });
    expect(avif!.file).toBe('_sipa/img/wide-9596ac86-400w-q50.avif');
  });

  it('gives none when turned off, for SVG and GIF, and for an image of unknown size', () => {
    expect(markdownVariants(wide, { ...DEFAULT_IMAGE_SETTINGS, responsive: false })).toEqual([]);
    expect(markdownVariants({ file: '_sipa/img/d-1.svg', width: 40, height: 20 }, DEFAULT_IMAGE_SETTINGS)).toEqual([]);
    expect(markdownVariants({ file: '_sipa/img/anim-1.gif', width: 400, height: 200 }, DEFAULT_IMAGE_SETTINGS)).toEqual([]);
    expect(markdownVariants({ file: '_sipa/img/x-1.png' }, DEFAULT_IMAGE_SETTINGS)).toEqual([]);
  });

  it('writes the srcset with the base URL and a sizes that never asks for less than is shown', () => {
    expect(srcSetOf(markdownVariants(wide, { ...DEFAULT_IMAGE_SETTINGS, widths: [640] }), '/sipa/')).toBe('/sipa/_sipa/img/wide-9596ac86-640w-q80.webp 640w, /sipa/_sipa/img/wide-9596ac86-1600w-q80.webp 1600w');
    expect(sizesOf(1600)).toBe('(max-width: 1600px) 100vw, 1600px');
  });
});

describe('idealImageWidths (the ideal-image plugin)', () => {
  it('is the original width without size options', () => {
    expect(idealImageWidths(1600, DEFAULT_IDEAL_IMAGE)).toEqual([1600]);
  });

  it('spreads `steps` widths from min to max, max defaulting to the original', () => {
    expect(idealImageWidths(1600, { ...DEFAULT_IDEAL_IMAGE, min: 400, max: 1000 })).toEqual([400, 600, 800, 1000]);
    expect(idealImageWidths(1600, { ...DEFAULT_IDEAL_IMAGE, min: 400, steps: 2 })).toEqual([400, 1600]);
  });

  it('takes `sizes` outright, capped at the original and each made once', () => {
    expect(idealImageWidths(1600, { ...DEFAULT_IDEAL_IMAGE, sizes: [2000, 320, 800, 320], min: 10 })).toEqual([320, 800, 1600]);
  });

  it("keeps the image's own format and the plugin's quality", () => {
    const variants = idealImageVariants({ file: '/site/img/photo.jpeg', width: 1000, height: 500 }, { ...DEFAULT_IDEAL_IMAGE, sizes: [500] });
    expect(variants).toEqual([{ file: '/site/img/photo-500w-q85.jpg', width: 500, height: 250, format: 'jpeg', quality: 85 }]);
  });
});
