import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/StackOverflow`: a simple monochrome mark for Stack Overflow links (drawn by the theme, not the brand's logo), in the text colour. */
export default function StackOverflow({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M5 14v6h14v-6M8 17h8M8.5 13.5l7.5 1M9.5 9.5l7 3M11.5 5.5l6 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
