import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/LinkedIn`: a simple monochrome mark for LinkedIn links (drawn by the theme, not the brand's logo), in the text colour. */
export default function LinkedIn({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M4 4h16v16H4zM8 10v6M8 7v.01M12 16v-6M12 12.5a2.5 2.5 0 0 1 5 0V16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
