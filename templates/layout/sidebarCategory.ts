import type { SidebarCategory, SidebarItem } from '../../src/shared/types.js';

/** The category of a sidebar whose page (generated index or linked doc) is at `pathname`, searched depth first. */
export function categoryAt(items: readonly SidebarItem[], pathname: string): SidebarCategory | null {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === pathname) return item;
    const inner = categoryAt(item.items, pathname);
    if (inner) return inner;
  }
  return null;
}
