import type { SVGProps } from 'react';

/** `@theme/Icon/Arrow`: a chevron pointing right (rotate it with CSS for other directions). Any SVG attribute may be given; the size is 20px unless set. */
export default function IconArrow({ width = 20, height = 20, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
