import ThemedImage from '../components/ThemedImage.js';

export interface SiteLogoProps {
  src: string;
  alt: string;
  /** The image in dark mode; without it `src` shows in both modes. */
  srcDark?: string;
  className: string;
  width?: number;
  height?: number;
}

/**
 * The navbar's or the footer's logo. With `srcDark`, both images are in the page and the style
 * sheet shows the one of the colour mode (set before the page paints), so switching modes, or a
 * first visit in dark mode, never shows the wrong one.
 */
export function SiteLogo({ src, alt, srcDark, className, width, height }: SiteLogoProps) {
  if (srcDark === undefined || srcDark === src) return <img className={className} src={src} alt={alt} width={width} height={height} />;
  return <ThemedImage className={className} sources={{ light: src, dark: srcDark }} alt={alt} width={width} height={height} />;
}
