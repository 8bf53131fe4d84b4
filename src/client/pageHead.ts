import { createContext, useContext } from 'react';

/** What a page says about its head while it renders: `<Layout title description>` and `<Head>` of pages written for Docusaurus. */
export interface PageHead {
  title?: string;
  description?: string;
  /** The whole document title, as `<Head><title>` gives it (no site name is added to it). */
  documentTitle?: string;
  /** Other elements for the document's head, as HTML (see templates/docusaurus/Head.tsx). */
  tags?: string[];
  /** Elements `<Head>` cannot put in a head, by tag name, for a warning. */
  ignored?: string[];
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
  // As in Docusaurus, where the last <title> rendered wins, a page's <Head> overrides its layout's.
  if (head.documentTitle !== undefined) collected.documentTitle = head.documentTitle;
  if (head.tags) (collected.tags ??= []).push(...head.tags);
  if (head.ignored) (collected.ignored ??= []).push(...head.ignored);
}
