import { createContext, useContext } from 'react';
import type { ClientSiteData } from '../shared/types.js';
import { invariant } from './invariant.js';

/** The site data of the page, for components deep in content (see templates/docusaurus). */
export const SiteContext = createContext<ClientSiteData | null>(null);

export function useSiteData(): ClientSiteData {
  const site = useContext(SiteContext);
  invariant(site, 'site data is only available inside the page root');
  return site;
}
