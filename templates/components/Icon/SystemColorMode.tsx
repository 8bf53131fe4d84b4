import type { SVGProps } from 'react';

/** `@theme/Icon/SystemColorMode`: a half-filled circle, for the mode that follows the system. Any SVG attribute may be given; the size is 24px unless set. */
export default function IconSystemColorMode({ width = 24, height = 24, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M12 3a9 9 0 1 0 0 18zM12 3a9 9 0 0 1 0 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
