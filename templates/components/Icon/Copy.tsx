import type { SVGProps } from 'react';

/** `@theme/Icon/Copy`: two sheets, as a copy button shows. Any SVG attribute may be given; the size is 16px unless set. */
export default function IconCopy({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M8 8h11v12H8zM5 16H4V4h11v1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
