import type { RouteModule, RoutePayload } from '../shared/types.js';
import { normalizePath, routePayloadUrl } from '../shared/paths.js';

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
 * Loads routes (payload JSON, then the content chunk) with one in-flight request per path and a
 * cache of finished ones; the chunk loader is injected so tests and the browser share the logic.
 */
export function createRouteLoader(options: RouteLoaderOptions) {
  const cache = new Map<string, Promise<LoadedRoute>>();

  const loadUncached = async (path: string): Promise<LoadedRoute> => {
    const response = await options.fetchJson(routePayloadUrl(path, options.baseUrl));
    let payload: RoutePayload;
    if (response.status === 404) {
      payload = { ...NOT_FOUND, meta: { title: 'Page not found', description: '', path, noIndex: true } };
    } else if (!response.ok) {
      throw new Error(`Loading ${path} failed: the server answered ${response.status} ${response.statusText}`.trim());
    } else {
      payload = (await response.json()) as RoutePayload;
    }
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
    load(pathname: string): Promise<LoadedRoute> {
      const path = normalizePath(pathname);
      let pending = cache.get(path);
      if (!pending) {
        pending = loadUncached(path);
        cache.set(path, pending);
        // Failed loads are forgotten so Retry really retries.
        pending.catch(() => cache.delete(path));
      }
      return pending;
    },
    /** Seeds the cache with the route the page was server-rendered with. */
    seed(route: LoadedRoute): void {
      cache.set(normalizePath(route.payload.meta.path), Promise.resolve(route));
    },
  };
}

/** Routes that show content need a component as their chunk's default export. */
export function assertDefaultExport(payload: RoutePayload, module: RouteModule): void {
  const needsContent = payload.data.kind === 'doc' || payload.data.kind === 'blogPost' || payload.data.kind === 'page';
  if (needsContent && typeof module.default !== 'function') {
    throw new Error(`The page module ${payload.chunk ?? payload.meta.path} has no default export (a React component is expected)`);
  }
}

export type RouteLoader = ReturnType<typeof createRouteLoader>;
