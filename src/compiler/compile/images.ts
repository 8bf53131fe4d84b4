import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ArtifactKind } from '../../cache/artifacts.js';
import type { OutputFiles } from '../../cache/lastOutput.js';
import { encodedVariant, type EncodedImage } from './imageEncoder.js';
import { markdownVariants, type ImageVariant } from './imageVariants.js';
import type { ImageSettings } from '../../config/images.js';

/** Folder of the output that holds the images pages use, under content-hashed names. */
export const IMAGE_DIR = '_sipa/img';

/** An image file as the output names it, with its size when the format tells it. */
export interface ImageFile {
  /** Relative to the output directory: "_sipa/img/diagram-1a2b3c4d.png". */
  file: string;
  width?: number;
  height?: number;
  /** The resized copies pages point at in their `srcset` (see imageVariants.ts); none for a format that gets none. */
  variants: ImageVariant[];
}

export interface ImageFiles {
  /** The output file of the image at an absolute path, or null when there is no such file. */
  info(absPath: string): ImageFile | null;
}

/**
 * Reads each image once (for one build: a later build must see edited files) and names it by a
 * hash of its content, so an unchanged image keeps its name and a changed one never reuses it.
 */
export function createImageFiles(settings?: ImageSettings): ImageFiles {
  const known = new Map<string, ImageFile | null>();
  return {
    info(absPath) {
      let image = known.get(absPath);
      if (image === undefined) {
        image = readImage(absPath, settings);
        known.set(absPath, image);
      }
      return image;
    },
  };
}

function readImage(absPath: string, settings: ImageSettings | undefined): ImageFile | null {
  let data: Buffer;
  try {
    data = readFileSync(absPath);
  } catch {
    return null;
  }
  const image = imageFileOf(absPath, data, settings);
  return image;
}

/** The output file of an image with this content, its size and its copies. */
function imageFileOf(absPath: string, data: Buffer, settings: ImageSettings | undefined): ImageFile {
  const hash = contentHash(data).slice(0, 8);
  const extension = path.extname(absPath).toLowerCase();
  const name = path.basename(absPath, path.extname(absPath)).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'image';
  const image: ImageFile = { file: `${IMAGE_DIR}/${name}-${hash}${extension}`, variants: [] };
  try {
    const size = imageSize(data);
    // EXIF orientations 5 to 8 turn the picture a quarter: the browser shows it the other way round.
    const turned = (size.orientation ?? 1) >= 5;
    image.width = turned ? size.height : size.width;
    image.height = turned ? size.width : size.height;
  } catch {
    // A format whose size cannot be read: the image is still copied, just without width and height.
  }
  if (settings) image.variants = markdownVariants(image, settings);
  return image;
}

const contentHash = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** How the images of markdown pages are staged: their copies' settings, and where encoded copies are kept. */
export interface ImageStaging {
  settings: ImageSettings;
  variants: ArtifactKind<EncodedImage>;
}

/** Copies encoded at once: sharp spreads each over its own threads, so a few at a time keep the cores busy. */
const ENCODE_CONCURRENCY = 2;

/**
 * Puts each image into the staging folder once: an image of the last good output (same
 * content-hashed name, same size) is kept where it is, any other is copied. Its resized copies
 * come from the artifacts (encoded once per source content and variant) and are kept from the
 * last output in the same way, or written.
 *
 * @param images absolute source path by output file
 */
export async function stageImages(images: ReadonlyMap<string, string>, staging: Pick<OutputFiles, 'write' | 'keep'>, options: ImageStaging): Promise<void> {
  const copies: Array<{ source: () => Buffer; hash: () => string; variant: ImageVariant }> = [];
  for (const [file, source] of images) {
    if (!staging.keep(file, statSync(source).size)) staging.write(file, readFileSync(source));
    if (!options.settings.responsive) continue;
    let data: Buffer | null = null;
    const read = () => (data ??= readFileSync(source));
    const planned = imageFileOf(source, read(), options.settings);
    if (planned.file !== file) continue; // changed since it was compiled: the next build sees it
    let hash: string | null = null;
    for (const variant of planned.variants) copies.push({ source: read, hash: () => (hash ??= contentHash(read())), variant });
  }
  let next = 0;
  const work = async () => {
    while (next < copies.length) {
      const { source, hash, variant } = copies[next++]!;
      const encoded = await encodedVariant(options.variants, source(), hash(), variant);
      if (!staging.keep(variant.file, encoded.size)) staging.write(variant.file, encoded.bytes());
    }
  };
  await Promise.all(Array.from({ length: ENCODE_CONCURRENCY }, work));
}
