import { createContext, useContext } from 'react';
import type { DocRouteData } from '../../src/shared/types.js';

/** The doc in view, for the parts of its page (`DocItem/Layout` and what it holds) and `useDoc`. */
export interface DocInView {
  data: DocRouteData;
  /** URL of its markdown, for the "Copy page" button. */
  markdownUrl?: string;
}

export const DocContext = createContext<DocInView | null>(null);

/** The doc in view, or null outside a doc's page. */
export function useDocInView(): DocInView | null {
  return useContext(DocContext);
}
