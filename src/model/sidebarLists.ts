import { routeToHtmlFile } from '../shared/paths.js';
import type { CategoryRouteData, PageMeta, SidebarCategory, SidebarItem } from '../shared/types.js';
import type { Doc, Sidebar, SiteModel } from './model.js';
import type { PlannedRoute } from './routes.js';

/**
 * Long lists of a sidebar: a category (or the top of a sidebar) of thousands of docs, such as a
 * folder of generated reference pages, would put thousands of links into every page of it (569 KB
 * a page at 4,000 docs in one folder). A page shows such a list in part instead: the items around
 * its own, and in place of the others a gap that links to a page listing them (see SidebarGap).
 * Without JavaScript every doc stays two clicks away; with it, the theme shows the items of a gap
 * in place from the full tree. Lists of up to LONG_LIST rows are shown whole, as before.
 *
 * Docusaurus, Starlight and MkDocs-Material write the whole open list into every page (Material's
 * `navigation.prune` leaves out closed sections, but not the siblings of the page).
 */
export const LONG_LIST = 120;

/** Items a page shows before and after its own in a long list. */
export const LIST_WINDOW = 25;

/** Items listed on each page of a long list. */
export const LIST_PAGE_SIZE = 100;

/** A long list of a sidebar: its index (its category's, depth first over the whole tree; -1 for the top) and its items. */
export interface LongList {
  index: number;
  category: SidebarCategory | null;
  items: SidebarItem[];
}

/** The long lists of a tree, in the numbering of sidebarShape.ts. */
export function longListsOf(items: readonly SidebarItem[]): LongList[] {
  const lists: LongList[] = [];
  if (items.length > LONG_LIST) lists.push({ index: -1, category: null, items: [...items] });
  let next = 0;
  const walk = (list: readonly SidebarItem[]) => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      const index = next++;
      if (item.items.length > LONG_LIST) lists.push({ index, category: item, items: item.items });
      walk(item.items);
    }
  };
  walk(items);
  return lists;
}

/** Where the page of a sidebar's list that holds the item at `position` is. */
export function listPageRoute(base: ListBase, list: number, position: number): string {
  const page = Math.floor(position / LIST_PAGE_SIZE) + 1;
  return `${base.routeBase === '/' ? '' : base.routeBase}/_lists/${base.slug}/${list < 0 ? 'all' : list}/${page}`;
}

/** Where a sidebar's list pages live: under its docs version's route, by a slug of its name. */
export interface ListBase {
  routeBase: string;
  slug: string;
}

export function listBaseOf(sidebar: Pick<Sidebar, 'pluginId' | 'version' | 'name'>, model: Pick<SiteModel, 'docsInstances'>): ListBase {
  const version = model.docsInstances.find((instance) => instance.id === sidebar.pluginId)?.versions.find((v) => v.name === sidebar.version);
  return { routeBase: version?.routeBase ?? '/docs', slug: sidebar.name.replace(/[^A-Za-z0-9_-]+/g, '-') || 'sidebar' };
}

/**
 * The pages that list each long list of the site's sidebars, LIST_PAGE_SIZE items a page, as
 * category index pages: each item with its link and description, the pages linked in order. They
 * repeat other pages' links, so search engines are told to leave them (noIndex).
 */
export function planListPages(model: Pick<SiteModel, 'sidebars' | 'docsInstances' | 'docs'>): PlannedRoute[] {
  const docsByRoute = new Map<string, Doc>(model.docs.map((doc) => [doc.route, doc]));
  const routes: PlannedRoute[] = [];
  for (const sidebar of model.sidebars) {
    const base = listBaseOf(sidebar, model);
    for (const list of longListsOf(sidebar.items)) {
      const pages = Math.ceil(list.items.length / LIST_PAGE_SIZE);
      const name = list.category?.label ?? 'All pages';
      const routeOf = (page: number) => listPageRoute(base, list.index, page * LIST_PAGE_SIZE);
      for (let page = 0; page < pages; page++) {
        const from = page * LIST_PAGE_SIZE;
        const shown = list.items.slice(from, from + LIST_PAGE_SIZE);
        const title = `${name} (${from + 1}–${from + shown.length} of ${list.items.length})`;
        const data: CategoryRouteData = {
          kind: 'category',
          title,
          description: '',
          breadcrumbs: [],
          items: shown.flatMap((item) => cardOf(item, docsByRoute)),
          previous: page > 0 ? { title: `${name} (${from - LIST_PAGE_SIZE + 1}–${from})`, permalink: routeOf(page - 1) } : null,
          next: page + 1 < pages ? { title: `${name} (${from + LIST_PAGE_SIZE + 1}–${Math.min(from + 2 * LIST_PAGE_SIZE, list.items.length)})`, permalink: routeOf(page + 1) } : null,
        };
        const meta: PageMeta = { title, description: '', path: routeOf(page), noIndex: true };
        routes.push({ path: meta.path, outputFile: routeToHtmlFile(meta.path), meta, data, content: null, sidebarId: sidebar.id, sourceFile: null });
      }
    }
  }
  return routes;
}

/** An item of a long list as a card of its page: a doc with its description, a category by its page or first doc. */
function cardOf(item: SidebarItem, docsByRoute: ReadonlyMap<string, Doc>): CategoryRouteData['items'] {
  if (item.type === 'gap') return [];
  if (item.type === 'category') {
    const href = item.href ?? firstHref(item.items);
    return href ? [{ label: item.label, href, description: '', isCategory: true }] : [];
  }
  return [{ label: item.label, href: item.href, description: item.type === 'link' ? (docsByRoute.get(item.href)?.description ?? '') : '', isCategory: false }];
}

function firstHref(items: readonly SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'link') return item.href;
    if (item.type === 'category') {
      const found = item.href ?? firstHref(item.items);
      if (found) return found;
    }
  }
  return undefined;
}
