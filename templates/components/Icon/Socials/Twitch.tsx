import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/Twitch`: a simple monochrome mark for Twitch links (drawn by the theme, not the brand's logo), in the text colour. */
export default function Twitch({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M4 3v15h5v3l3-3h4l4-4V3zM11 7v5M15 7v5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
