import type { SVGProps } from 'react';

/** `@theme/Icon/Success`: a check mark, as a copy button shows once copied. Any SVG attribute may be given; the size is 16px unless set. */
export default function IconSuccess({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
