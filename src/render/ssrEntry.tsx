/** Server-side entry, bundled for Node: renders a route's React tree to HTML. */
import { renderToString } from 'react-dom/server';
import { serverNavigation } from '../client/navigation.js';
import type { LoadedRoute } from '../client/routeLoader.js';
import { Root } from '../client/Root.js';
import type { ClientSiteData } from '../shared/types.js';
import { normalizePath } from '../shared/paths.js';
import { announcementScript } from '../../templates/layout/AnnouncementBar.js';
import { colorModeScript } from '../../templates/layout/colorMode.js';

export function renderBody(site: ClientSiteData, route: LoadedRoute): string {
  const navigation = serverNavigation(normalizePath(route.payload.meta.path));
  return renderToString(<Root site={site} route={route} navigation={navigation} />);
}

/** Inline <head> scripts that must run before first paint. */
export function headScripts(site: ClientSiteData): string[] {
  const scripts = [colorModeScript(site.colorMode.defaultMode, site.colorMode.respectPrefersColorScheme)];
  if (site.announcementBar) scripts.push(announcementScript(site.announcementBar.id));
  return scripts;
}
