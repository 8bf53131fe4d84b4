import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useNavigation } from '../../src/client/navigation.js';
import { useSiteData } from '../../src/client/siteContext.js';
import { routeHref } from '../../src/shared/paths.js';
import { withBaseUrl } from './useBaseUrl.js';

export interface Location {
  /** The path of the page as the browser shows it, base URL included (as in Docusaurus). */
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

const noSubscription = () => () => {};

/** `useLocation` of `@docusaurus/router`: where the visitor is. The query is known in the browser only (empty on the server and while hydrating). */
export function useLocation(): Location {
  const { pathname, hash } = useNavigation();
  const { baseUrl } = useSiteData();
  const search = useSyncExternalStore(noSubscription, () => location.search, () => '');
  return useMemo(() => ({ pathname: routeHref(baseUrl, pathname), search, hash: hash ? `#${hash.replace(/^#/, '')}` : '', state: null }), [baseUrl, pathname, search, hash]);
}

/** `useHistory` of `@docusaurus/router`: moves to another page of the site (client-side) or URL. */
export function useHistory() {
  const navigation = useNavigation();
  const site = useSiteData();
  const location = useLocation();
  return useMemo(
    () => ({
      location,
      push: (to: string) => navigation.navigate(withBaseUrl(to, site)),
      replace: (to: string) => navigation.navigate(withBaseUrl(to, site)),
      goBack: () => history.back(),
    }),
    [navigation, site, location],
  );
}

/** `Redirect` of `@docusaurus/router`: goes to `to` once in the browser; the server renders nothing. */
export function Redirect({ to }: { to: string }) {
  const navigation = useNavigation();
  const site = useSiteData();
  useEffect(() => navigation.navigate(withBaseUrl(to, site)), [navigation, site, to]);
  return null;
}
