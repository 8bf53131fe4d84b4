import type { ReactNode } from 'react';
// The theme, given by the bundler: the runtime does not import the theme that imports it.
import { App } from 'sipa:theme';
import type { ClientSiteData } from '../shared/types.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { NavigationProvider, type Navigation } from './navigation.js';
import { PageHeadContext, type PageHead } from './pageHead.js';
import type { LoadedRoute } from './routeLoader.js';
import { SiteContext } from './siteContext.js';

export interface RootProps {
  site: ClientSiteData;
  route: LoadedRoute;
  navigation: Navigation;
  /** Replaces the page area (route-loading errors). */
  override?: ReactNode;
  /** Server render only: collects what the page says about its head (see pageHead.ts). */
  head?: PageHead;
}

/** The whole React tree of a page; the server renders it and the browser hydrates the same tree. */
export function Root({ site, route, navigation, override, head }: RootProps) {
  return (
    <SiteContext.Provider value={site}>
      <PageHeadContext.Provider value={head ?? null}>
        <NavigationProvider value={navigation}>
          <ErrorBoundary resetKey={route.payload.meta.path}>
            <App site={site} route={route} override={override} />
          </ErrorBoundary>
        </NavigationProvider>
      </PageHeadContext.Provider>
    </SiteContext.Provider>
  );
}
