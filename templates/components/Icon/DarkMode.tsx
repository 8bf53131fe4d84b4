import type { SVGProps } from 'react';

/** `@theme/Icon/DarkMode`: a moon, as the colour-mode switch shows in dark mode. Any SVG attribute may be given; the size is 24px unless set. */
export default function IconDarkMode({ width = 24, height = 24, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" fill="currentColor" />
    </svg>
  );
}
