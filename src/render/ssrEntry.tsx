/** Server-side entry, bundled for Node into one file: renders a route's React tree to HTML. */
import { renderToString } from 'react-dom/server';
import routes from 'sipa:ssr-routes';
import { serverNavigation } from '../client/navigation.js';
import type { LoadedRoute } from '../client/routeLoader.js';
import { Root } from '../client/Root.js';
import type { ClientSiteData, RouteModule } from '../shared/types.js';
import { normalizePath } from '../shared/paths.js';

/** Route modules by entry name, loaded on demand (they are all inside this one file). */
export const routeModules = routes as Record<string, () => Promise<RouteModule>>;

export function renderBody(site: ClientSiteData, route: LoadedRoute): string {
  const navigation = serverNavigation(normalizePath(route.payload.meta.path));
  return renderToString(<Root site={site} route={route} navigation={navigation} />);
}
