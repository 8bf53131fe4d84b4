import type { ArtifactKind, ArtifactKindSpec } from '../../cache/artifacts.js';
import type { ImageVariant } from './imageVariants.js';

/** A resized copy, encoded: its size is known without reading its bytes (a kept file is checked by size). */
export interface EncodedImage {
  size: number;
  bytes(): Uint8Array;
}

/**
 * Encoded copies, by the source's content and the variant (width, format, quality): encoding is
 * the costly part (tenths of a second a copy), so an unchanged image is never encoded again. The
 * index holds each copy's size, so a build that keeps the copies of the last output never reads
 * their bytes; those are read from their own entry only when a copy must be written.
 */
export const IMAGE_VARIANTS: ArtifactKindSpec<EncodedImage, number, string> = {
  name: 'image-variants',
  disk: {
    record: (image) => image.size,
    blob: (image) => Buffer.from(image.bytes()).toString('base64'),
    restore: (size, blob) => {
      let bytes: Uint8Array | null = null;
      return { size, bytes: () => (bytes ??= Buffer.from(blob(), 'base64')) };
    },
  },
  // A one-off build has no second lookup worth holding bytes for (the bundles' two lookups of an imported image's copies read the disk).
  keepInBuild: false,
  size: (image) => image.size,
  memoryLimit: 64 * 1024 * 1024,
};

/** The key of a variant of a source whose content hash is `sourceHash`. */
export function variantKey(kind: ArtifactKind<EncodedImage>, sourceHash: string, variant: ImageVariant): string {
  return kind.key(sourceHash, variant.width, variant.format, variant.quality);
}

/**
 * The encoded copy of `source` for `variant`, from the artifacts when it was made before, else
 * encoded with sharp (turned upright by its EXIF orientation first, as browsers show it).
 */
export async function encodedVariant(kind: ArtifactKind<EncodedImage>, source: Uint8Array, sourceHash: string, variant: ImageVariant): Promise<EncodedImage> {
  return kind.get(variantKey(kind, sourceHash, variant), async () => {
    const bytes = await encodeVariant(source, variant);
    return { size: bytes.length, bytes: () => bytes };
  });
}

/** Encodes one copy; sharp is loaded on first use, so a site without raster images never loads it. */
export async function encodeVariant(source: Uint8Array, variant: Pick<ImageVariant, 'width' | 'format' | 'quality'>): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const image = sharp(source).rotate().resize({ width: variant.width, withoutEnlargement: true });
  switch (variant.format) {
    case 'webp':
      return image.webp({ quality: variant.quality }).toBuffer();
    case 'avif':
      return image.avif({ quality: variant.quality }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: variant.quality, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
  }
}
