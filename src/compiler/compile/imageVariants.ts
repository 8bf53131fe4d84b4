/**
 * Which resized copies an image gets, and how a page names them: pure planning, no encoding (see
 * imageEncoder.ts). A variant's file is named by the source's content hash, its width, quality
 * and format, so the same source and settings always give the same names, whichever thread or
 * build plans them, and a variant kept from an earlier build is the one asked for.
 */

import type { IdealImageSettings, ImageSettings } from '../../config/images.js';

/** The formats a resized copy may be written in. */
export type VariantFormat = 'webp' | 'avif' | 'png' | 'jpeg';

/** One resized copy of an image. */
export interface ImageVariant {
  /** Relative to the output directory. */
  file: string;
  width: number;
  height: number;
  format: VariantFormat;
  quality: number;
}

/** What planning needs of an image: its output file (content-hashed name) and its size. */
export interface PlannedSource {
  file: string;
  width?: number;
  height?: number;
}

/** Raster formats sharp reads and resizes well; SVG scales by itself, and an animated GIF would lose its frames. */
const RESIZABLE = /\.(png|jpe?g|webp)$/i;

export const isResizable = (file: string): boolean => RESIZABLE.test(file);

/**
 * The copies of a markdown image: one per configured width below the original's, and one at the
 * original's width, all in the modern format (the original file stays the `src`, for browsers
 * without `srcset`). None when the site turned them off, the image is not a raster format sharp
 * resizes, or its size is unknown.
 */
export function markdownVariants(image: PlannedSource, settings: ImageSettings): ImageVariant[] {
  if (!settings.responsive || !isResizable(image.file) || !image.width || !image.height) return [];
  const widths = [...new Set([...settings.widths.filter((width) => width < image.width!), image.width])].sort((a, b) => a - b);
  return widths.map((width) => variantOf(image, width, settings.format, settings.quality));
}

/**
 * The widths the ideal-image plugin gives an image `width` wide, as its loader chooses them:
 * `sizes` when given; else `steps` widths spread evenly from `min` to `max` when either is
 * given (`max` defaulting to the image's width, `min` to `max`); else the image's own width.
 * No width exceeds the image's; equal widths are made once.
 */
export function idealImageWidths(width: number, settings: IdealImageSettings): number[] {
  let wanted: number[];
  if (settings.sizes && settings.sizes.length > 0) wanted = settings.sizes;
  else if (settings.min !== undefined || settings.max !== undefined) {
    const max = settings.max ?? width;
    const min = settings.min ?? max;
    const steps = Math.max(1, settings.steps);
    wanted = steps === 1 || min === max ? [min] : Array.from({ length: steps }, (_, i) => Math.ceil(min + ((max - min) / (steps - 1)) * i));
  } else wanted = [width];
  return [...new Set(wanted.map((w) => Math.min(Math.round(w), width)).filter((w) => w > 0))].sort((a, b) => a - b);
}

/** The ideal-image copies of an image: the plugin's widths, in the image's own format. */
export function idealImageVariants(image: PlannedSource, settings: IdealImageSettings): ImageVariant[] {
  if (!isResizable(image.file) || !image.width || !image.height) return [];
  const format: VariantFormat = /\.png$/i.test(image.file) ? 'png' : /\.webp$/i.test(image.file) ? 'webp' : 'jpeg';
  return idealImageWidths(image.width, settings).map((width) => variantOf(image, width, format, settings.quality));
}

function variantOf(image: PlannedSource, width: number, format: VariantFormat, quality: number): ImageVariant {
  const height = Math.max(1, Math.round((image.height! * width) / image.width!));
  const stem = image.file.replace(/\.[^./]+$/, '');
  const extension = format === 'jpeg' ? 'jpg' : format;
  return { file: `${stem}-${width}w-q${quality}.${extension}`, width, height, format, quality };
}

/** The `srcset` of variants: each URL with its width. */
export function srcSetOf(variants: readonly ImageVariant[], baseUrl: string): string {
  return variants.map((variant) => `${baseUrl}${variant.file} ${variant.width}w`).join(', ');
}

/**
 * The `sizes` of an image shown at most `width` CSS pixels wide: the viewport's width below that
 * (the theme's images never overflow their column), else its own width. It is an upper bound: a
 * browser then never picks a copy smaller than what it shows.
 */
export function sizesOf(width: number): string {
  return `(max-width: ${width}px) 100vw, ${width}px`;
}
