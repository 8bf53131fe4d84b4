import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/Instagram`: a simple monochrome mark for Instagram links (drawn by the theme, not the brand's logo), in the text colour. */
export default function Instagram({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M4 4h16v16H4zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM16.5 7.5v.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
