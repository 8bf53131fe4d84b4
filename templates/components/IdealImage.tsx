import type { ImgHTMLAttributes } from 'react';

/** One resized copy, as the ideal-image plugin's loader lists them. */
export interface IdealImageCopy {
  path: string;
  width: number;
  height?: number;
}

/** What `img` may be: a URL (`import x from './x.png'`, `useBaseUrl(…)`), the object Docusaurus's ideal-image plugin makes of a `require` (sipadocs makes the same with `images.idealImage`), or a module with a default URL. */
export type IdealImageSource = string | { src: { src: string; srcSet?: IdealImageCopy[] | string; width?: number; height?: number; images?: IdealImageCopy[] }; preSrc?: string } | { default: string };

/** Props of the plugin's component that drive its own loading behaviour; a plain image has no use for them. */
interface IdealImageBehaviour {
  shouldAutoDownload?: unknown;
  getMessage?: unknown;
  getIcon?: unknown;
  loader?: unknown;
  placeholder?: unknown;
  icons?: unknown;
  theme?: unknown;
  threshold?: unknown;
}

export interface IdealImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'placeholder'>, IdealImageBehaviour {
  img: IdealImageSource;
}

/** The URL, the copies as a `srcset` and the size of an `img` prop. */
function sourceOf(img: IdealImageSource): { src: string; srcSet?: string; width?: number; height?: number } {
  if (typeof img === 'string') return { src: img };
  if ('default' in img) return { src: img.default };
  const { src } = img;
  const images = src.images ?? (Array.isArray(src.srcSet) ? src.srcSet : undefined);
  const srcSet = typeof src.srcSet === 'string' ? src.srcSet : images?.map((image) => `${image.path} ${image.width}w`).join(', ');
  return { src: src.src, srcSet: srcSet || undefined, width: src.width, height: src.height };
}

/**
 * `@theme/IdealImage` of Docusaurus's ideal-image plugin: an image loaded lazily, its copies as
 * its `srcset` (the browser picks the one its layout needs, never one wider than the image is
 * shown, by `sizes`), its width and height set so the page does not shift as it loads. The
 * plugin's own low-quality placeholder and download button are left out: the browser's lazy
 * loading does that work.
 */
export default function IdealImage(props: IdealImageProps) {
  const { img, alt, width, height, shouldAutoDownload: _a, getMessage: _b, getIcon: _c, loader: _d, placeholder: _e, icons: _f, theme: _g, threshold: _h, ...rest } = props;
  const source = sourceOf(img);
  const shownWidth = typeof width === 'number' ? width : source.width;
  const sizes = source.srcSet && shownWidth ? `(max-width: ${shownWidth}px) 100vw, ${shownWidth}px` : undefined;
  return <img src={source.src} srcSet={source.srcSet} sizes={sizes} alt={alt} width={width ?? source.width} height={height ?? source.height} loading="lazy" decoding="async" {...rest} />;
}
