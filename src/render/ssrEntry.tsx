/** Server-side renderer, bundled for Node into each server group file (see virtualModules.ts). */
import { renderToString } from 'react-dom/server';
// Standalone route modules (see routeChunks.ts) read React and the theme from this registry.
import 'sipa:shared-modules';
import { serverNavigation } from '../client/navigation.js';
import type { PageHead } from '../client/pageHead.js';
import type { LoadedRoute } from '../client/routeLoader.js';
import { Root } from '../client/Root.js';
import type { ClientSiteData } from '../shared/types.js';
import { normalizePath } from '../shared/paths.js';
import { setTranslations } from '../shared/translate.js';

/** The page's body HTML; `head` receives what the page said about its head while rendering (see pageHead.ts). */
export function renderBody(site: ClientSiteData, route: LoadedRoute, head?: PageHead): string {
  setTranslations(site.translations, site.locale.htmlLang);
  const navigation = serverNavigation(normalizePath(route.payload.meta.path));
  return renderToString(<Root site={site} route={route} navigation={navigation} head={head} />);
}
