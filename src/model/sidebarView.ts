import { createHash } from 'node:crypto';
import { describeView, gapOf } from '../shared/sidebarShape.js';
import type { SidebarCategory, SidebarItem, SidebarRef, SidebarView } from '../shared/types.js';
import { createBudgetedViews } from './sidebarBudget.js';
import { LIST_WINDOW, listPageRoute, longListsOf, type ListBase } from './sidebarLists.js';

/** Folder of the output (under the asset folder) that holds each sidebar's full tree as JSON. */
export const SIDEBAR_ASSET_DIR = '_sipa/sidebars';

export interface SidebarViews {
  /** The full tree's file, relative to the output directory. */
  file: string;
  json: string;
  /**
   * The tree as a page at `pathname` first shows it. Pages under the same collapsed categories (and
   * at the same place of the long lists that hold them) get the same object, which callers must
   * treat as read-only.
   */
  viewFor(pathname: string, baseUrl: string): SidebarView;
  /** What the page's data says of a view: the tree's URL and the view's shape over it (see sidebarShape.ts). */
  refOf(view: SidebarView): SidebarRef;
}

/**
 * Prepares the per-page views of one sidebar. A page ships only the part of the tree it renders:
 * a category that starts closed and does not contain the page keeps its label but not its items
 * (`partial`); the client fetches the full tree from `file` when such a category is opened.
 * A long list shows the items around the page's and gaps linking to the list's pages (see
 * sidebarLists.ts, and `listBase`, where those pages are).
 * That keeps every page's HTML and data proportional to what it shows, not to the size of the site.
 */
export function prepareSidebarViews(id: string, fullItems: SidebarItem[], name?: string, listBase: ListBase = { routeBase: '/docs', slug: id }): SidebarViews {
  // Doc ids are for the generator only; every byte here is repeated in thousands of pages.
  const strip = (list: SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type === 'category') return { ...item, items: strip(item.items) };
      if (item.type === 'link') {
        const link: SidebarItem = { type: 'link', label: item.label, href: item.href };
        if (item.className) link.className = item.className;
        if (item.customProps) link.customProps = item.customProps;
        return link;
      }
      return item;
    });
  const items = strip(fullItems);
  const json = JSON.stringify(items);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
  const file = `${SIDEBAR_ASSET_DIR}/${id.replace(/[^A-Za-z0-9_-]+/g, '-')}-${hash}.json`;
  // Only collapsed categories differ from page to page: one is open exactly when it holds the page.
  // Pages that sit in the same collapsed categories share one view (and its digest).
  const collapsedOver = new Map<string, number[]>();
  let collapsedCount = 0;
  const collect = (list: SidebarItem[]): string[] =>
    list.flatMap((item) => {
      if (item.type !== 'category') return item.type === 'link' ? [item.href] : [];
      const below = [...(item.href ? [item.href] : []), ...collect(item.items)];
      if (item.collapsed) {
        const index = collapsedCount++;
        collapsedIndex.set(item, index);
        for (const href of below) {
          const over = collapsedOver.get(href);
          if (over) over.push(index);
          else collapsedOver.set(href, [index]);
        }
      }
      return below;
    });
  const collapsedIndex = new Map<SidebarCategory, number>();
  collect(items);
  // Categories numbered as the shape of a view numbers them; each long list with, for every page
  // under it, the position of the item that holds the page.
  const categoryIndex = new Map<SidebarCategory, number>();
  const number = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      categoryIndex.set(item, categoryIndex.size);
      number(item.items);
    }
  };
  number(items);
  const longLists = longListsOf(items).map((list) => {
    const holder = new Map<string, number>();
    list.items.forEach((item, position) => {
      for (const href of hrefsUnder(item)) holder.set(href, position);
    });
    return { index: list.index, length: list.items.length, holder };
  });
  const windowOf = new Map(longLists.map((list) => [list.index, list]));
  /** Where a page is in each long list: the window each of them shows (the top of the list for a page outside it). */
  const positionsOf = (pathname: string) => longLists.map((list) => list.holder.get(pathname) ?? 0);
  const prune = (list: SidebarItem[], open: ReadonlySet<number>, listIndex: number, positions: ReadonlyMap<number, number>): SidebarItem[] => {
    const long = windowOf.get(listIndex);
    const [start, end] = long ? windowAround(positions.get(listIndex) ?? 0, long.length) : [0, list.length];
    const kept = list.slice(start, end).map((item): SidebarItem => {
      if (item.type !== 'category') return item;
      // The same rule as the theme's first render: open unless collapsed, and always around the page.
      if (!item.collapsed || open.has(collapsedIndex.get(item)!)) return { ...item, items: prune(item.items, open, categoryIndex.get(item)!, positions) };
      return item.items.length > 0 ? { ...item, items: [], partial: true } : item;
    });
    if (!long) return kept;
    const before = start > 0 ? [gapOf(start, listPageRoute(listBase, listIndex, start - 1))] : [];
    const after = end < list.length ? [gapOf(list.length - end, listPageRoute(listBase, listIndex, end))] : [];
    return [...before, ...kept, ...after];
  };
  const views = new Map<string, SidebarView>();
  const refs = new WeakMap<SidebarView, SidebarRef>();
  const withinBudget = createBudgetedViews();
  return {
    file,
    json,
    viewFor: (pathname, baseUrl) => {
      const over = collapsedOver.get(pathname) ?? [];
      const positions = positionsOf(pathname);
      const signature = `${baseUrl}\0${over.join(',')}\0${positions.join(',')}`;
      let view = views.get(signature);
      if (!view) {
        const at = new Map(longLists.map((list, i) => [list.index, positions[i]!]));
        view = { ...(name ? { name } : {}), items: prune(items, new Set(over), -1, at), url: `${baseUrl}${file}` };
        views.set(signature, view);
      }
      return withinBudget(view, pathname);
    },
    refOf(view) {
      let ref = refs.get(view);
      if (!ref) refs.set(view, (ref = { ...(view.name ? { name: view.name } : {}), url: view.url, shape: describeView(items, view.items) }));
      return ref;
    },
  };
}

/** The items [start, end) a long list of `length` items shows around the one at `position`: LIST_WINDOW each side, more on one side near an end. */
function windowAround(position: number, length: number): [number, number] {
  const size = Math.min(length, 2 * LIST_WINDOW + 1);
  const start = Math.max(0, Math.min(position - LIST_WINDOW, length - size));
  return [start, start + size];
}

/** Every route an item leads to: a link's, or a category's own and those of everything in it. */
function hrefsUnder(item: SidebarItem): string[] {
  if (item.type === 'link') return [item.href];
  if (item.type !== 'category') return [];
  return [...(item.href ? [item.href] : []), ...item.items.flatMap(hrefsUnder)];
}