import type { SVGProps } from 'react';

/** `@theme/Icon/Close`: a cross, as close buttons show. Any SVG attribute may be given; the size is 16px unless set. */
export default function IconClose({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M5 5l14 14M19 5L5 19" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
