import { viewFromShape } from '../shared/sidebarShape.js';
import type { RoutePayload, SidebarItem, SidebarRef, SidebarView, StoredRoutePayload } from '../shared/types.js';

/** Full sidebar trees by URL, fetched once per tab (the files are named by their content). */
const trees = new Map<string, Promise<SidebarItem[]>>();

/**
 * The full tree of a sidebar, fetched once for every page of it (the page's loader preloads it
 * while the runtime loads, see render/document.ts). A failed load is forgotten, so the next asks again.
 */
export function sidebarTree(url: string, fetchJson: (url: string) => Promise<Response> = (u) => fetch(u)): Promise<SidebarItem[]> {
  let pending = trees.get(url);
  if (!pending) {
    pending = fetchJson(url).then((response) => {
      if (!response.ok) throw new Error(`Loading the sidebar (${url}) failed: the server answered ${response.status}`);
      return response.json() as Promise<SidebarItem[]>;
    });
    trees.set(url, pending);
    const settled = pending;
    settled.catch(() => {
      if (trees.get(url) === settled) trees.delete(url);
    });
  }
  return pending;
}

/** Whether the tree at `url` was asked for in this tab already (loading or loaded). */
export const hasSidebarTree = (url: string): boolean => trees.has(url);

/** A page's sidebar as the theme renders it, made from the full tree and the page's shape of it. */
export async function sidebarView(ref: SidebarRef, fetchJson?: (url: string) => Promise<Response>): Promise<SidebarView> {
  const tree = await sidebarTree(ref.url, fetchJson);
  return { ...(ref.name ? { name: ref.name } : {}), url: ref.url, items: viewFromShape(tree, ref.shape) };
}

/** A route's payload as pages and payload files carry it, with its sidebar made ready to render. */
export async function withSidebarView(payload: StoredRoutePayload, fetchJson?: (url: string) => Promise<Response>): Promise<RoutePayload> {
  return { ...payload, sidebar: payload.sidebar ? await sidebarView(payload.sidebar, fetchJson) : null };
}
