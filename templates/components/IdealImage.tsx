import type { ImgHTMLAttributes } from 'react';

/** What `img` may be: a URL (`import x from './x.png'`, `useBaseUrl(…)`), or the object Docusaurus's ideal-image loader makes of a `require`. */
export type IdealImageSource = string | { src: { src: string; srcSet?: Array<{ path: string; width: number }> | string; width?: number; height?: number; images?: Array<{ path: string; width: number }> }; preSrc?: string } | { default: string };

export interface IdealImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  img: IdealImageSource;
}

/** The URL, the widths' sources and the size of an `img` prop. */
function sourceOf(img: IdealImageSource): { src: string; srcSet?: string; width?: number; height?: number } {
  if (typeof img === 'string') return { src: img };
  if ('default' in img) return { src: img.default };
  const { src } = img;
  const images = src.images ?? (Array.isArray(src.srcSet) ? src.srcSet : undefined);
  const srcSet = typeof src.srcSet === 'string' ? src.srcSet : images?.map((image) => `${image.path} ${image.width}w`).join(', ');
  return { src: src.src, srcSet, width: src.width, height: src.height };
}

/**
 * `@theme/IdealImage` of Docusaurus's ideal-image plugin: here a plain image, loaded lazily, with
 * the widths the source gives as its `srcset`. sipadocs makes no resized copies of images yet, so
 * an image imported as a file is served at its size, as one `src`.
 */
export default function IdealImage({ img, alt, width, height, ...rest }: IdealImageProps) {
  const source = sourceOf(img);
  return <img src={source.src} srcSet={source.srcSet} alt={alt} width={width ?? source.width} height={height ?? source.height} loading="lazy" decoding="async" {...rest} />;
}
