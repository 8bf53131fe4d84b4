import { createContext, useContext } from 'react';
import type { RouteData, SidebarView } from '../../src/shared/types.js';

/** The route in view: its data and its docs sidebar, for the theme's parts deep in the page (hooks of `@docusaurus/*`, DocCardList). */
export interface CurrentRoute {
  data: RouteData;
  sidebar: SidebarView | null;
}

export const CurrentRouteContext = createContext<CurrentRoute | null>(null);

/** The route in view, or null outside a page (a component rendered on its own). */
export function useCurrentRoute(): CurrentRoute | null {
  return useContext(CurrentRouteContext);
}
