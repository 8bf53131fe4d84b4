import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/GitHub`: a simple monochrome mark for GitHub links (drawn by the theme, not the brand's logo), in the text colour. */
export default function GitHub({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M12 3a9 9 0 0 0-2.8 17.5M12 3a9 9 0 0 1 2.8 17.5M9.2 20.5v-3a2 2 0 0 1 .8-1.6c-2.5-.3-4.5-1.4-4.5-4.4 0-1 .3-1.8.9-2.5-.1-.6-.1-1.4.2-2.2 0 0 .8-.2 2.5 1a8 8 0 0 1 5.8 0c1.7-1.2 2.5-1 2.5-1 .3.8.3 1.6.2 2.2.6.7.9 1.5.9 2.5 0 3-2 4.1-4.5 4.4a2 2 0 0 1 .8 1.6v3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
