import type { SidebarCategory, SidebarItem, SidebarView } from '../shared/types.js';

/**
 * About how many bytes of sidebar markup a page carries at most, whatever the size of the site and
 * whether its categories start open or closed. A page's view of its sidebar (see sidebarView.ts)
 * already leaves out the items of closed categories that do not hold it; a site whose categories
 * start open would still write its whole tree into every page (740 KB a page at 5,000 docs), so
 * past this budget open categories are left out too (see fitMarkupBudget).
 */
export const SIDEBAR_MARKUP_BUDGET = 48 * 1024;

/**
 * The bytes of markup the theme's DocSidebar writes for an item's row and for a list, as measured
 * on its output (test/unit/model/sidebarBudget.test.ts holds the estimate to the real markup).
 */
const LIST = 31;
const LINK = 46;
const EXTERNAL = 88;
/** A category is a disclosure; one with a page of its own has a link beside it, and its label twice (the link and the toggle's name). */
const CATEGORY = 275;
const CATEGORY_WITH_PAGE = 322;
/** A gap of a long list: a link to the list's page that holds what it leaves out (see sidebarLists.ts). */
const GAP = 90;

/** The markup of one row, without a category's own list. */
function rowSize(item: SidebarItem): number {
  if (item.type === 'link') return LINK + item.label.length + item.href.length + (item.className?.length ?? 0);
  if (item.type === 'external') return EXTERNAL + item.label.length + item.href.length;
  if (item.type === 'gap') return GAP + item.label.length + item.href.length;
  return item.href ? CATEGORY_WITH_PAGE + 2 * item.label.length + item.href.length : CATEGORY + item.label.length;
}

/** The markup the theme writes for a list of items as a page first shows it (closed categories without their lists). */
export function sidebarMarkupSize(items: readonly SidebarItem[]): number {
  let size = LIST;
  for (const item of items) {
    size += rowSize(item);
    if (item.type === 'category' && shownOpen(item)) size += sidebarMarkupSize(item.items);
  }
  return size;
}

/** A category whose list is in the page: a view leaves the items out of the closed ones (see sidebarView.ts). */
const shownOpen = (item: SidebarCategory) => item.items.length > 0 && !item.partial;

/**
 * The part of a sidebar a page ships when its view passes the budget. The categories that hold the
 * page keep their items, so the page's place and its neighbours are always there. The other open
 * categories keep theirs in order, top to bottom, while they fit; past that they ship without them
 * (`partial`), still shown open. Once the page runs, the theme fills such a category from the full
 * tree (DocSidebar loads it for any open partial category), so the sidebar a reader sees is the
 * one the site configures, item for item; what is left out of the HTML is far below the fold, and
 * without JavaScript every page stays reachable from its category's page and the sitemap.
 */
export function fitMarkupBudget(items: SidebarItem[], pathname: string, budget = SIDEBAR_MARKUP_BUDGET): SidebarItem[] {
  const holding = new Set<SidebarCategory>();
  const find = (list: readonly SidebarItem[]): boolean => {
    let found = false;
    for (const item of list) {
      if (item.type === 'category') {
        if (item.href === pathname || find(item.items)) {
          holding.add(item);
          found = true;
        }
      } else if (item.href === pathname) {
        found = true;
      }
    }
    return found;
  };
  find(items);
  // The page's place first: every row of the lists that hold it.
  let remaining = budget - skeletonSize(items, holding);
  const fit = (list: SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type !== 'category' || (!shownOpen(item) && !holding.has(item))) return item;
      if (holding.has(item)) return { ...item, items: fit(item.items) };
      const size = sidebarMarkupSize(item.items);
      if (size <= remaining) {
        remaining -= size;
        return item;
      }
      return { ...item, items: [], partial: true };
    });
  return fit(items);
}

/** The markup of the rows of the lists that hold the page, with every other category's list left out. */
function skeletonSize(items: readonly SidebarItem[], holding: ReadonlySet<SidebarCategory>): number {
  let size = LIST;
  for (const item of items) {
    size += rowSize(item);
    if (item.type === 'category' && holding.has(item)) size += skeletonSize(item.items, holding);
  }
  return size;
}

/**
 * Views within the budget, made once for all the pages that share them: the pages under the same
 * categories of one view get one object, as views themselves are shared (see sidebarView.ts).
 */
export function createBudgetedViews(budget = SIDEBAR_MARKUP_BUDGET): (view: SidebarView, pathname: string) => SidebarView {
  const sizes = new WeakMap<SidebarView, number>();
  const fitted = new WeakMap<SidebarView, Map<string, SidebarView>>();
  return (view, pathname) => {
    let size = sizes.get(view);
    if (size === undefined) sizes.set(view, (size = sidebarMarkupSize(view.items)));
    if (size <= budget) return view;
    const items = fitMarkupBudget(view.items, pathname, budget);
    // Pages whose views come out the same share one: the key is what was kept.
    const key = keptShape(items);
    let byShape = fitted.get(view);
    if (!byShape) fitted.set(view, (byShape = new Map()));
    let result = byShape.get(key);
    if (!result) byShape.set(key, (result = { ...view, items }));
    return result;
  };
}

/** Which categories of a fitted tree kept their items, in order: pages with the same shape share a view. */
function keptShape(items: readonly SidebarItem[]): string {
  let shape = '';
  for (const item of items) {
    if (item.type !== 'category') continue;
    shape += item.partial ? '0' : '1';
    if (!item.partial && item.items.length > 0) shape += `(${keptShape(item.items)})`;
  }
  return shape;
}
