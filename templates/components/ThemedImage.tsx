import type { ImgHTMLAttributes } from 'react';

export interface ThemedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** The image for each colour mode. */
  sources: { light: string; dark: string };
}

/**
 * `@theme/ThemedImage`: an image with one source per colour mode. Both are in the page and the
 * style sheet shows the one of the mode shown, so the server HTML is right before any script runs.
 */
export default function ThemedImage({ sources, className, alt, ...rest }: ThemedImageProps) {
  return (
    <>
      {(['light', 'dark'] as const).map((mode) => (
        <img key={mode} src={sources[mode]} alt={alt} className={[`themed-image themed-image--${mode}`, className].filter(Boolean).join(' ')} {...rest} />
      ))}
    </>
  );
}
