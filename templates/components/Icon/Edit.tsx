import type { SVGProps } from 'react';

/** `@theme/Icon/Edit`: a pencil, as the "Edit this page" link shows. Any SVG attribute may be given; the size is 16px unless set. */
export default function IconEdit({ width = 16, height = 16, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16zM13 7l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
