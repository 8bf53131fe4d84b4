import type { ReactNode } from 'react';
import { usePageHead } from '../../src/client/pageHead.js';

export interface LayoutProps {
  children?: ReactNode;
  /** The page's title and description, unless its `meta` export gives them. */
  title?: string;
  description?: string;
  /** Class of a wrapper around the page's content. */
  wrapperClassName?: string;
  /** Ignored: every page has the navbar and the footer. */
  noFooter?: boolean;
}

/**
 * For pages written for Docusaurus, which wrap themselves in `<Layout>`: a sipadocs page already
 * sits in the site's frame (navbar, footer), so this renders only the page's own content. Its
 * `title` and `description` become the page's, as in Docusaurus, where `meta` does not set them.
 */
export default function Layout({ children, wrapperClassName, title, description }: LayoutProps) {
  usePageHead({ title, description });
  return wrapperClassName ? <div className={wrapperClassName}>{children}</div> : <>{children}</>;
}
