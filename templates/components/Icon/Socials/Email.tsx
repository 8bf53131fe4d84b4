import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/Email`: a simple monochrome mark for Email links (drawn by the theme, not the brand's logo), in the text colour. */
export default function Email({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M3 6h18v12H3zM3 6l9 7 9-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
