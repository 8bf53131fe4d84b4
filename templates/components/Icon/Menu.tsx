import type { SVGProps } from 'react';

/** `@theme/Icon/Menu`: three bars, as the mobile menu button shows. Any SVG attribute may be given; the size is 30px unless set. */
export default function IconMenu({ width = 30, height = 30, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
