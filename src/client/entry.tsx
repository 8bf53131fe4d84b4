/**
 * Browser entry: hydrates the server-rendered page, then handles navigation client-side.
 * Imports only browser code, the theme and shared/.
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import siteData from 'sipa:site-data';
// Registers React and the theme's components for the route chunks, which do not bundle their own.
import 'sipa:shared-modules';
import type { ClientSiteData, RouteModule, RoutePayload, StoredRoutePayload } from '../shared/types.js';
import type { EarlyInput } from '../shared/earlyInput.js';
import { CONTENT_CHANGED_EVENT } from '../shared/liveUpdate.js';
import { documentTitle } from '../shared/documentTitle.js';
import { normalizePath } from '../shared/paths.js';
import { STATIC_HTML_CLASS } from '../shared/staticHtml.js';
import { setTranslations } from '../shared/translate.js';
import { StaticHtml } from 'sipa:theme';
import { isFastConnection, shouldPrefetch } from './connection.js';
import { rememberDocsVersion } from './docsVersion.js';
import { RouteLoadError } from './ErrorBoundary.js';
import { invariant } from './invariant.js';
import { createLinkObserver } from './linkObserver.js';
import { followEarlyLink, replayEarlyInput, takeEarlyInput } from './earlyInput.js';
import type { Navigation } from './navigation.js';
import { createPrefetcher } from './prefetcher.js';
import { createProgressBar } from './progressBar.js';
import { ChunkLoadError, createRouteLoader, type LoadedRoute } from './routeLoader.js';
import { Root } from './Root.js';
import { canonicalHref, decodeFragment, siteTargetOf, type SiteTarget } from './sitePath.js';
import { attachRouteStyles } from './routeStyles.js';
import { withSidebarView } from './sidebarTree.js';
import { siteStorage } from './storage.js';
import '../../templates/css/theme.css';
import 'sipa:custom-css';
// The modules the site's plugins run on every page (their getClientModules); none without plugins.
import 'sipa:client-modules';

declare global {
  interface Window {
    __SIPA_LOADED__?: boolean;
    /** Set once the whole page has hydrated (the root's first effects ran). */
    __SIPA_HYDRATED__?: boolean;
  }
}

// Tells the inline base-URL check that the bundle did load.
window.__SIPA_LOADED__ = true;

const site = siteData as ClientSiteData;
// The locale's words, for the theme's and the pages' `translate`.
setTranslations(site.translations, site.locale.htmlLang);
const RELOAD_GUARD_KEY = 'sipa:chunk-reload';
/**
 * The path-to-regexp matcher (with its LRU of compiled patterns) is only needed once the visitor
 * navigates or a prefetch starts, so it loads lazily instead of weighing on the first visit.
 */
let matcherPromise: Promise<(path: string) => boolean> | null = null;
function routeMatches(path: string): Promise<boolean> {
  matcherPromise ??= import('./matcher.js').then(
    ({ createRouteMatcher }) => createRouteMatcher(site.routePatterns).matches,
    (error: unknown) => {
      // Forgotten, so that Retry (or the next click) loads it again.
      matcherPromise = null;
      throw new ChunkLoadError('route matcher', error, 'the navigation code');
    },
  );
  return matcherPromise.then((matches) => matches(path));
}
const loader = createRouteLoader({
  baseUrl: site.baseUrl,
  fetchJson: (url) => fetch(url, { headers: { accept: 'application/json' } }),
  importChunk: (url) => import(/* @vite-ignore */ url) as Promise<RouteModule>,
});
const progress = createProgressBar();
const prefetcher = createPrefetcher({
  loader,
  isRoute: routeMatches,
  allowed: () => shouldPrefetch(),
  fast: () => isFastConnection(),
  // After the page's own loading; the timeout bounds the wait on a page that is never idle.
  whenIdle: (task) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 0)),
});

/** The site target of a link, or null for anything the browser should load itself. */
const sitePathOf = (href: string): SiteTarget | null => siteTargetOf(href, location.href, site.baseUrl);
/** One observer for every link of the page: a link in view gets its payload prefetched. */
const observeLink = createLinkObserver((href) => {
  const target = sitePathOf(href);
  if (target) prefetcher.visible(target.path);
});

/** The element a fragment points at, as browsers find it: the element with that id, else an `<a name>`. */
function fragmentTarget(hash: string): Element | null {
  if (!hash) return null;
  return document.getElementById(hash) ?? [...document.getElementsByName(hash)].find((element) => element.localName === 'a') ?? null;
}

function scrollToTarget(hash: string): void {
  const target = fragmentTarget(hash);
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * Full page load of `url` after code failed to load; guarded (10 s, in sessionStorage) so a broken
 * deploy cannot loop reloads. False when the guard holds: the caller shows the error with Retry.
 */
function reloadOnce(url: string): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last < 10_000) return false;
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    // Without sessionStorage there is no guard; reloading once is still the best recovery.
  }
  // After back/forward the address already is the target: assigning it again (with a #hash) would
  // only scroll, so reload instead.
  if (url === location.href) window.location.reload();
  else window.location.assign(url);
  return true;
}

function updateHead(payload: RoutePayload): void {
  document.title = documentTitle(payload.meta, site);
  document.querySelector('meta[name="description"]')?.setAttribute('content', payload.meta.description);
}

type ScrollPosition = { x: number; y: number };

/**
 * Scroll positions per history entry. Each entry gets a key in history.state; the position of the
 * current entry is recorded on scroll (popstate comes after the entry changed, too late to read it).
 */
const scrollMemory = (() => {
  const positions = new Map<string, ScrollPosition>();
  const newKey = () => Math.random().toString(36).slice(2, 10);
  const state = history.state as { key?: string; scroll?: ScrollPosition } | null;
  let key = state?.key ?? newKey();
  if (state?.scroll) positions.set(key, state.scroll);
  history.replaceState({ ...state, key }, '');
  return {
    /** Where a reloaded page or an entry reached from another site was scrolled to. */
    initial: (): ScrollPosition | undefined => state?.scroll,
    record() {
      positions.set(key, { x: scrollX, y: scrollY });
    },
    /** Also into history.state, so a full reload or a return from another site can restore it. */
    save() {
      this.record();
      history.replaceState({ ...history.state, key, scroll: positions.get(key) }, '');
    },
    push(url: string) {
      key = newKey();
      history.pushState({ key }, '', url);
    },
    /** Corrects the current entry's URL (a not-found page that showed the real route). */
    replace(url: string) {
      history.replaceState({ ...history.state, key }, '', url);
    },
    /** The remembered position of the entry returned to, if any (else its hash or the top is the target). */
    pop(entryState: unknown): ScrollPosition | undefined {
      // The page being left is still on screen: record its position now, since a scroll just
      // before the back/forward may not have fired its (coalesced, per-frame) event yet.
      this.record();
      const entry = entryState as { key?: string; scroll?: ScrollPosition } | null;
      key = entry?.key ?? newKey();
      if (!entry?.key) history.replaceState({ ...entry, key }, '');
      return positions.get(key) ?? entry?.scroll;
    },
  };
})();

interface ViewState {
  route: LoadedRoute;
  hash: string;
  error: { error: Error; retry: () => void } | null;
  /** Scroll target after the next commit: a position (back/forward) or a hash/top. */
  scroll: { x: number; y: number } | { hash: string } | null;
}

function ClientApp({ initial, earlyInput }: { initial: LoadedRoute; earlyInput: EarlyInput }) {
  const [view, setView] = useState<ViewState>(() => {
    const type = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
    const saved = type === 'reload' || type === 'back_forward' ? scrollMemory.initial() : undefined;
    return { route: initial, hash: decodeFragment(location.hash.slice(1)), error: null, scroll: saved ?? null };
  });
  const navigationId = useRef(0);

  /**
   * Shows `href`: 'push' for a click, 'pop' for back/forward (to `restore` if a position is
   * remembered), 'replace' for a not-found page whose URL is a variant of a route (it then shows
   * that route under its canonical URL, or stays as it is), 'refresh' for the route shown after
   * watch mode rebuilt it (at `restore`, a full page load if that fails). Never rejects: a failure
   * ends in the guarded full page load or the error screen with Retry.
   */
  const go = useCallback(async (href: string, mode: 'push' | 'pop' | 'replace' | 'refresh', restore?: ScrollPosition): Promise<void> => {
    const target = sitePathOf(href);
    if (!target) {
      if (mode !== 'replace') window.location.assign(href);
      return;
    }
    const id = ++navigationId.current;
    // Back/forward keeps the entry's URL; otherwise the site's own form of it is shown.
    const url = mode === 'pop' || mode === 'refresh' ? target.url.href : canonicalHref(target, site.baseUrl);
    if (mode === 'push') scrollMemory.save();
    if (mode === 'push' && target.path === sitePathOf(location.href)?.path && target.url.hash) {
      scrollMemory.push(url);
      setView((v) => ({ ...v, hash: target.hash, scroll: { hash: target.hash } }));
      return;
    }
    // The delay counts from the click, whatever lazy code (the matcher) the navigation loads first.
    progress.start();
    try {
      if (!(await routeMatches(target.path))) {
        if (id === navigationId.current && mode !== 'replace') window.location.assign(href);
        return;
      }
      const route = await loader.load(target.path);
      if (id !== navigationId.current) return;
      // A not-found page whose path is no route either: it already shows what it should.
      if (mode === 'replace' && route.payload.data.kind === 'notFound') return;
      // Only now, not when prefetching: a page's global CSS must not restyle the page still shown.
      if (route.payload.css) await attachRouteStyles(route.payload.css);
      if (id !== navigationId.current) return;
      if (mode === 'push') scrollMemory.push(url);
      if (mode === 'replace') scrollMemory.replace(url);
      invariant(normalizePath(route.payload.meta.path) === target.path || route.payload.data.kind === 'notFound', `route mismatch for ${target.path}`);
      updateHead(route.payload);
      setView({ route, hash: target.hash, error: null, scroll: restore ?? { hash: target.hash } });
    } catch (error) {
      if (id !== navigationId.current) return;
      if (mode === 'refresh') return window.location.reload();
      if (error instanceof ChunkLoadError && reloadOnce(url)) return;
      if (mode === 'push') scrollMemory.push(url);
      const retry = () => void go(url, mode === 'replace' ? 'replace' : 'pop');
      setView((v) => ({ ...v, error: { error: error as Error, retry }, scroll: { hash: '' } }));
    } finally {
      if (id === navigationId.current) progress.done();
    }
  }, []);

  // A page reached under a variant of its URL ("/docs/x.html") shows its canonical URL. Static
  // hosts answer most variants ("/blog/index.html", "/blog/") with the not-found page: once that
  // has hydrated as it was rendered, it shows the route the URL names, if there is one.
  useEffect(() => {
    const target = sitePathOf(location.href);
    if (!target) return;
    const canonical = canonicalHref(target, site.baseUrl);
    if (canonical === location.href) return;
    if (initial.payload.data.kind === 'notFound') void go(location.href, 'replace');
    else if (normalizePath(initial.payload.meta.path) === target.path) scrollMemory.replace(canonical);
  }, [initial, go]);

  useEffect(() => {
    window.__SIPA_HYDRATED__ = true;
    // The whole page is live: what the visitor clicked before takes effect now, and a link
    // clicked before shows its page client-side, as a click now would.
    replayEarlyInput(earlyInput.events);
    if (earlyInput.link) void go(earlyInput.link, 'push');
  }, [earlyInput, go]);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const onPop = (event: PopStateEvent) => void go(location.href, 'pop', scrollMemory.pop(event.state));
    const onScroll = () => scrollMemory.record();
    const onBeforeUnload = () => scrollMemory.save();
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [go]);

  // Watch mode rebuilt pages: the route shown is loaded again and replaces the content in place,
  // where it is scrolled to, instead of a full page load.
  useEffect(() => {
    const onContentChanged = (event: Event) => {
      event.preventDefault();
      loader.forget();
      void go(location.href, 'refresh', { x: scrollX, y: scrollY });
    };
    document.addEventListener(CONTENT_CHANGED_EVENT, onContentChanged);
    return () => document.removeEventListener(CONTENT_CHANGED_EVENT, onContentChanged);
  }, [go]);

  useEffect(() => rememberDocsVersion(site.docs, view.route.payload, siteStorage()), [view.route]);

  // Before the links of the page shown set up their observers (passive effects run after layout effects).
  useLayoutEffect(() => prefetcher.pageShown(), [view.route]);

  useLayoutEffect(() => {
    const scroll = view.scroll;
    if (!scroll) return;
    if ('hash' in scroll) scrollToTarget(scroll.hash);
    else window.scrollTo(scroll.x, scroll.y);
  }, [view]);

  const navigation = useMemo<Navigation>(
    () => ({
      pathname: normalizePath(view.route.payload.meta.path),
      hash: view.hash,
      navigate: (href) => void go(href, 'push'),
      observeLink,
      prefetch: (href) => {
        const target = sitePathOf(href);
        if (target) prefetcher.intent(target.path);
      },
      isInternal: (href) => sitePathOf(href) !== null,
    }),
    [view.route, view.hash, go],
  );

  let override: ReactNode = undefined;
  if (view.error) override = <RouteLoadError error={view.error.error} onRetry={view.error.retry} />;
  return <Root site={site} route={view.route} navigation={navigation} override={override} />;
}

/**
 * The HTML of a route's content made at build time (see StaticHtml), read back from the page, or
 * null when the route's content is a component or the page does not hold exactly one such block.
 */
function staticContentOf(payload: RoutePayload): string | null {
  const { data } = payload;
  if (!(data.kind === 'doc' || data.kind === 'blogPost' || data.kind === 'page') || !data.staticHtml) return null;
  const blocks = document.querySelectorAll(`#__sipa .${STATIC_HTML_CLASS}`);
  return blocks.length === 1 ? blocks[0]!.innerHTML : null;
}

async function start(): Promise<void> {
  const dataElement = document.getElementById('__SIPA_ROUTE__');
  invariant(dataElement, 'the page has no route data');
  const stored = JSON.parse(dataElement.textContent ?? '{}') as StoredRoutePayload;
  let payload: RoutePayload;
  try {
    // The page holds its sidebar once, in its HTML: the runtime makes the same view from the tree.
    payload = await withSidebarView(stored);
  } catch (error) {
    // The server-rendered page stays usable (plain links, no client-side navigation).
    console.error(error);
    followEarlyLink();
    return;
  }
  let module: RouteModule = {};
  const staticContent = staticContentOf(payload);
  if (staticContent !== null) {
    // Content made at build time is on the page already: hydrating it needs no chunk.
    module = { default: () => <StaticHtml html={staticContent} /> };
  } else if (payload.chunk) {
    try {
      module = (await import(/* @vite-ignore */ payload.chunk)) as RouteModule;
    } catch (error) {
      // The server-rendered page stays usable (plain links, no client-side navigation).
      console.error(new ChunkLoadError(payload.chunk, error));
      followEarlyLink();
      return;
    }
  }
  const initial = { payload, module };
  loader.seed(initial);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for a long page's whole tree; the server HTML is already on screen.
  const earlyInput = takeEarlyInput();
  startTransition(() => {
    hydrateRoot(document.getElementById('__sipa')!, <ClientApp initial={initial} earlyInput={earlyInput} />);
  });
}

void start();
