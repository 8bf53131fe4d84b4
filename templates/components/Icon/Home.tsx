import type { SVGProps } from 'react';

/** `@theme/Icon/Home`: a house, as breadcrumbs start with. Any SVG attribute may be given; the size is 16px unless set. */
export default function IconHome({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M3 11l9-7 9 7M5 9.5V20h5v-6h4v6h5V9.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
