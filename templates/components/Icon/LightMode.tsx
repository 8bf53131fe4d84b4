import type { SVGProps } from 'react';

/** `@theme/Icon/LightMode`: a sun, as the colour-mode switch shows in light mode. Any SVG attribute may be given; the size is 24px unless set. */
export default function IconLightMode({ width = 24, height = 24, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width={width} height={height} aria-hidden="true" {...props}>
      <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
