import type { SVGProps } from 'react';

/** `@theme/Icon/WordWrap`: a wrapped line, as the code block's wrap button shows. Any SVG attribute may be given; the size is 24px unless set. */
export default function IconWordWrap({ width = 24, height = 24, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M4 6h16M4 12h12a3 3 0 0 1 0 6h-4M14 15.5L11.5 18l2.5 2.5M4 18h5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
