import type { ReactNode } from 'react';

/**
 * `@theme/Root`: wraps every page, inside the site's data and navigation and around the navbar,
 * the page and the footer. The theme's renders its children; a site replaces it
 * (`src/theme/Root.tsx`) to add providers or elements that stay across pages.
 */
export default function Root({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
