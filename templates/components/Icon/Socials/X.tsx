import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/X`: a simple monochrome mark for X links (drawn by the theme, not the brand's logo), in the text colour. */
export default function X({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M4 4l16 16M20 4L4 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
