import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/Bluesky`: a simple monochrome mark for Bluesky links (drawn by the theme, not the brand's logo), in the text colour. */
export default function Bluesky({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M12 11C10 7 6.5 4 4 4c-1 0-1 3 0 5.5 1 2.5 3 3 5 3-2 .5-4 2-2 4.5s4 .5 5-3c1 3.5 3 5.5 5 3s0-4-2-4.5c2 0 4-.5 5-3 1-2.5 1-5.5 0-5.5-2.5 0-6 3-8 7z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
