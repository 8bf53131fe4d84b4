import type { ReactNode } from 'react';

/**
 * `@theme/MDXContent`: what wraps MDX content in Docusaurus, giving it the theme's components.
 * Here the content already has them (the page's MDX is rendered with the theme's map), so it
 * renders its children.
 */
export default function MDXContent({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
