import type { RouteModule, RoutePayload, StoredRoutePayload } from '../shared/types.js';
import { normalizePath, routePayloadUrl } from '../shared/paths.js';
import { withSidebarView } from './sidebarTree.js';
import { translate } from '../shared/translate.js';

/** A route ready to render: its payload and its loaded content chunk. */
export interface LoadedRoute {
  payload: RoutePayload;
  module: RouteModule;
}

/**
 * Code a navigation needs (a route's chunk, the route matcher) could not be loaded; usually a new
 * deploy removed the old hashed file, so a full page load is the recovery.
 */
export class ChunkLoadError extends Error {
  constructor(readonly chunk: string, cause: unknown, what = "the page's code") {
    super(`Loading ${what} (${chunk}) failed`, { cause });
    this.name = 'ChunkLoadError';
  }
}

export interface RouteLoaderOptions {
  baseUrl: string;
  fetchJson: (url: string) => Promise<Response>;
  importChunk: (url: string) => Promise<RouteModule>;
}

const NOT_FOUND: Omit<RoutePayload, 'meta'> = { data: { kind: 'notFound' }, chunk: null, sidebar: null };

/**
 * Loads routes in two steps, the payload JSON, then the content chunk it names, with one
 * in-flight request per path and step and a cache of finished ones; the chunk loader is injected
 * so tests and the browser share the logic. A payload loaded on its own (a prefetch) is the one
 * a later full load uses, so a route is never fetched twice.
 */
export function createRouteLoader(options: RouteLoaderOptions) {
  const payloads = new Map<string, Promise<RoutePayload>>();
  const routes = new Map<string, Promise<LoadedRoute>>();

  const fetchPayload = async (path: string): Promise<RoutePayload> => {
    const response = await options.fetchJson(routePayloadUrl(path, options.baseUrl));
    if (response.status === 404) return { ...NOT_FOUND, meta: { title: translate({ id: 'theme.NotFound.title', message: 'Page not found' }), description: '', path, noIndex: true } };
    if (!response.ok) throw new Error(`Loading ${path} failed: the server answered ${response.status} ${response.statusText}`.trim());
    // Its sidebar is named, not copied: the view is made from the sidebar's tree (fetched once).
    return withSidebarView((await response.json()) as StoredRoutePayload, options.fetchJson);
  };

  const loadPayload = (path: string): Promise<RoutePayload> => cached(payloads, path, fetchPayload);

  const loadRoute = async (path: string): Promise<LoadedRoute> => {
    const payload = await loadPayload(path);
    let module: RouteModule = {};
    if (payload.chunk) {
      try {
        module = await options.importChunk(payload.chunk);
      } catch (error) {
        throw new ChunkLoadError(payload.chunk, error);
      }
    }
    assertDefaultExport(payload, module);
    return { payload, module };
  };

  return {
    /** The route's payload and content chunk. */
    load(pathname: string): Promise<LoadedRoute> {
      return cached(routes, normalizePath(pathname), loadRoute);
    },
    /** The route's payload alone (its chunk is loaded by `load`). */
    payload(pathname: string): Promise<RoutePayload> {
      return loadPayload(normalizePath(pathname));
    },
    /** True once `load` was called for the route (loading or loaded) and did not fail. */
    hasRoute(pathname: string): boolean {
      return routes.has(normalizePath(pathname));
    },
    /** Forgets every payload and chunk loaded so far: after a rebuild (watch mode), any of them may have changed. */
    forget(): void {
      payloads.clear();
      routes.clear();
    },
    /** Seeds the cache with the route the page was server-rendered with. */
    seed(route: LoadedRoute): void {
      const path = normalizePath(route.payload.meta.path);
      payloads.set(path, Promise.resolve(route.payload));
      routes.set(path, Promise.resolve(route));
    },
  };
}

/** The pending or finished `load(path)` of `cache`, started if there is none. Failed loads are forgotten so Retry really retries. */
function cached<T>(cache: Map<string, Promise<T>>, path: string, load: (path: string) => Promise<T>): Promise<T> {
  let pending = cache.get(path);
  if (!pending) {
    pending = load(path);
    cache.set(path, pending);
    const settled = pending;
    settled.catch(() => {
      if (cache.get(path) === settled) cache.delete(path);
    });
  }
  return pending;
}

/** Routes that show content need a component as their chunk's default export. */
export function assertDefaultExport(payload: RoutePayload, module: RouteModule): void {
  const needsContent = payload.data.kind === 'doc' || payload.data.kind === 'blogPost' || payload.data.kind === 'page';
  if (needsContent && typeof module.default !== 'function') {
    throw new Error(`The page module ${payload.chunk ?? payload.meta.path} has no default export (a React component is expected)`);
  }
}

export type RouteLoader = ReturnType<typeof createRouteLoader>;
