import { createHash } from 'node:crypto';
import type { SidebarCategory, SidebarItem, SidebarView } from '../shared/types.js';
import { createBudgetedViews } from './sidebarBudget.js';

/** Folder of the output (under the asset folder) that holds each sidebar's full tree as JSON. */
export const SIDEBAR_ASSET_DIR = '_sipa/sidebars';

export interface SidebarViews {
  /** The full tree's file, relative to the output directory. */
  file: string;
  json: string;
  /**
   * The tree as a page at `pathname` first shows it. Pages under the same collapsed categories get
   * the same object, which callers must treat as read-only.
   */
  viewFor(pathname: string, baseUrl: string): SidebarView;
}

/**
 * Prepares the per-page views of one sidebar. A page ships only the part of the tree it renders:
 * a category that starts closed and does not contain the page keeps its label but not its items
 * (`partial`); the client fetches the full tree from `file` when such a category is opened.
 * That keeps every page's HTML and data proportional to what it shows, not to the size of the site.
 */
export function prepareSidebarViews(id: string, fullItems: SidebarItem[], name?: string): SidebarViews {
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
  const prune = (list: SidebarItem[], open: ReadonlySet<number>): SidebarItem[] =>
    list.map((item) => {
      if (item.type !== 'category') return item;
      // The same rule as the theme's first render: open unless collapsed, and always around the page.
      if (!item.collapsed || open.has(collapsedIndex.get(item)!)) return { ...item, items: prune(item.items, open) };
      return item.items.length > 0 ? { ...item, items: [], partial: true } : item;
    });
  const views = new Map<string, SidebarView>();
  const withinBudget = createBudgetedViews();
  return {
    file,
    json,
    viewFor: (pathname, baseUrl) => {
      const over = collapsedOver.get(pathname) ?? [];
      const signature = `${baseUrl}\0${over.join(',')}`;
      let view = views.get(signature);
      if (!view) {
        view = { ...(name ? { name } : {}), items: prune(items, new Set(over)), url: `${baseUrl}${file}` };
        views.set(signature, view);
      }
      return withinBudget(view, pathname);
    },
  };
}