import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/Threads`: a simple monochrome mark for Threads links (drawn by the theme, not the brand's logo), in the text colour. */
export default function Threads({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M12 3a9 9 0 1 0 6.4 15.4M16 12a4 4 0 1 1-4-4c2.5 0 4 1.5 4 4v1.5a2 2 0 0 0 4 0V12a8 8 0 0 0-1.6-4.8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
