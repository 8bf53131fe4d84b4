import { createContext, useContext } from 'react';

/** What a page says about its head while it renders: `<Layout title description>` of pages written for Docusaurus. */
export interface PageHead {
  title?: string;
  description?: string;
}

/**
 * Collects a page's head while the server renders it (the first value given wins); absent in the
 * browser, where the page's title comes from its route data, which the server render filled in.
 */
export const PageHeadContext = createContext<PageHead | null>(null);

/** Records `head` for the server render; does nothing in the browser. */
export function usePageHead(head: PageHead): void {
  const collected = useContext(PageHeadContext);
  if (!collected) return;
  if (head.title !== undefined) collected.title ??= head.title;
  if (head.description !== undefined) collected.description ??= head.description;
}
