import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { OutputFiles } from '../../cache/lastOutput.js';

/** Folder of the output that holds the images pages use, under content-hashed names. */
export const IMAGE_DIR = '_sipa/img';

/** An image file as the output names it, with its size when the format tells it. */
export interface ImageFile {
  /** Relative to the output directory: "_sipa/img/diagram-1a2b3c4d.png". */
  file: string;
  width?: number;
  height?: number;
}

export interface ImageFiles {
  /** The output file of the image at an absolute path, or null when there is no such file. */
  info(absPath: string): ImageFile | null;
}

/**
 * Reads each image once (for one build: a later build must see edited files) and names it by a
 * hash of its content, so an unchanged image keeps its name and a changed one never reuses it.
 */
export function createImageFiles(): ImageFiles {
  const known = new Map<string, ImageFile | null>();
  return {
    info(absPath) {
      let image = known.get(absPath);
      if (image === undefined) {
        image = readImage(absPath);
        known.set(absPath, image);
      }
      return image;
    },
  };
}

function readImage(absPath: string): ImageFile | null {
  let data: Buffer;
  try {
    data = readFileSync(absPath);
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 8);
  const extension = path.extname(absPath).toLowerCase();
  const name = path.basename(absPath, path.extname(absPath)).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'image';
  const image: ImageFile = { file: `${IMAGE_DIR}/${name}-${hash}${extension}` };
  try {
    const size = imageSize(data);
    // EXIF orientations 5 to 8 turn the picture a quarter: the browser shows it the other way round.
    const turned = (size.orientation ?? 1) >= 5;
    image.width = turned ? size.height : size.width;
    image.height = turned ? size.width : size.height;
  } catch {
    // A format whose size cannot be read: the image is still copied, just without width and height.
  }
  return image;
}

/**
 * Puts each image into the staging folder once: an image of the last good output (same
 * content-hashed name, same size) is kept where it is, any other is copied.
 *
 * @param images absolute source path by output file
 */
export function stageImages(images: ReadonlyMap<string, string>, staging: Pick<OutputFiles, 'write' | 'keep'>): void {
  for (const [file, source] of images) {
    if (!staging.keep(file, statSync(source).size)) staging.write(file, readFileSync(source));
  }
}
