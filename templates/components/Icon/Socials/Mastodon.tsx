import type { SVGProps } from 'react';

/** `@theme/Icon/Socials/Mastodon`: a simple monochrome mark for Mastodon links (drawn by the theme, not the brand's logo), in the text colour. */
export default function Mastodon({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M5 9a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v3a5 5 0 0 1-5 5h-4a3 3 0 0 0 0 3h5M9 13V9.5a1.5 1.5 0 0 1 3 0V11M12 11V9.5a1.5 1.5 0 0 1 3 0V13" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
