import type { SVGProps } from 'react';

/** `@theme/Icon/ExternalLink`: the mark after a link that leaves the site (navbar, footer and sidebar links to other sites carry it). Any SVG attribute may be given; the size is 13.5px unless set. */
export default function IconExternalLink({ width = 13.5, height = 13.5, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
