import type { ReactNode } from 'react';

export interface LayoutProps {
  children?: ReactNode;
  /** Ignored: a page's title and description come from its `meta` export. */
  title?: string;
  description?: string;
  /** Class of a wrapper around the page's content. */
  wrapperClassName?: string;
  /** Ignored: every page has the navbar and the footer. */
  noFooter?: boolean;
}

/**
 * For pages written for Docusaurus, which wrap themselves in `<Layout>`: a sipadocs page already
 * sits in the site's frame (navbar, footer), so this renders only the page's own content.
 */
export default function Layout({ children, wrapperClassName }: LayoutProps) {
  return wrapperClassName ? <div className={wrapperClassName}>{children}</div> : <>{children}</>;
}
