import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { PageVersionContext } from '../src/client/docsVersion.js';
import type { LoadedRoute } from '../src/client/routeLoader.js';
import { routeMarkdownUrl } from '../src/shared/paths.js';
import type { ClientSiteData } from '../src/shared/types.js';
import { AnnouncementBar } from './layout/AnnouncementBar.js';
import { BackToTop } from './layout/BackToTop.js';
import { Footer } from './layout/Footer.js';
import { MobileMenu } from './layout/MobileMenu.js';
import { Navbar } from './layout/Navbar.js';
import { CurrentRouteContext } from './layout/routeContext.js';
import { SearchProvider } from './search/SearchProvider.js';
import Root from './components/Root.js';
import { BlogArchiveScreen, BlogAuthorsScreen, BlogListScreen, BlogPostScreen, BlogTagsScreen } from './screens/BlogScreens.js';
import { DocScreen } from './screens/DocScreen.js';
import { NotFoundScreen, PageScreen } from './screens/PageScreens.js';
import { translate } from '../src/shared/translate.js';

/** Content made at build time; the runtime hydrates it from the page on the first visit. */
export { default as StaticHtml } from './components/StaticHtml.js';

export interface AppProps {
  site: ClientSiteData;
  route: LoadedRoute;
  /** Replaces the page area (e.g. a route-loading error). */
  override?: ReactNode;
}

type Mdx = ComponentType<{ components?: object }>;

function Screen({ site, route }: { site: ClientSiteData; route: LoadedRoute }) {
  const { data } = route.payload;
  const Content = (route.module.default as Mdx | undefined) ?? null;
  const { sidebar } = route.payload;
  switch (data.kind) {
    case 'doc':
    case 'category':
      return <DocScreen data={data} sidebar={sidebar} Content={Content} markdownUrl={routeMarkdownUrl(route.payload.meta.path, site.baseUrl)} path={route.payload.meta.path} />;
    case 'docsTags':
    case 'docsTag':
      return <DocScreen data={data} sidebar={sidebar} Content={Content} />;
    case 'blogList':
      return <BlogListScreen data={data} excerpts={(route.module.excerpts ?? []) as Mdx[]} site={site} />;
    case 'blogPost':
      return <BlogPostScreen data={data} Content={Content} site={site} />;
    case 'blogTags':
      return <BlogTagsScreen data={data} />;
    case 'blogArchive':
      return <BlogArchiveScreen data={data} />;
    case 'blogAuthors':
      return <BlogAuthorsScreen data={data} />;
    case 'page':
      return <PageScreen data={data} Content={Content} ownMain={route.payload.meta.ownMain} />;
    case 'notFound':
      return <NotFoundScreen site={site} />;
  }
}

/** The page frame: skip link, announcement bar, navbar, mobile menu, the route's screen, footer; search around them. */
export function App({ site, route, override }: AppProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { sidebar } = route.payload;
  // Another page closes the menu (not the first: a menu opened before the page ran stays open).
  const menuRoute = useRef(route);
  useEffect(() => {
    if (menuRoute.current === route) return;
    menuRoute.current = route;
    setMenuOpen(false);
  }, [route]);
  const { data } = route.payload;
  const version = (data.kind === 'doc' || data.kind === 'category') && data.version ? data.version : null;
  const current = useMemo(() => ({ data, sidebar }), [data, sidebar]);
  const frame = (
    <CurrentRouteContext.Provider value={current}>
    <PageVersionContext.Provider value={version}>
    <SearchProvider site={site}>
      <a className="skip-link" href="#main-content">{translate({ id: 'theme.common.skipToMainContent', message: 'Skip to main content' })}</a>
      {site.announcementBar ? <AnnouncementBar bar={site.announcementBar} /> : null}
      <Navbar site={site} sidebar={sidebar} onOpenMenu={openMenu} />
      <MobileMenu site={site} sidebar={sidebar} open={menuOpen} onOpen={openMenu} onClose={closeMenu} />
      <div className="page">
        {override ? <main id="main-content" className="page__override" tabIndex={-1}>{override}</main> : <Screen site={site} route={route} />}
      </div>
      <Footer site={site} />
      <BackToTop />
    </SearchProvider>
    </PageVersionContext.Provider>
    </CurrentRouteContext.Provider>
  );
  return <Root>{frame}</Root>;
}
