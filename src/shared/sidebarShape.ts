import type { SidebarCategory, SidebarItem, SidebarShape } from './types.js';

/**
 * A page's copy of a sidebar (its view) differs from the full tree in two ways only: categories
 * shown without their items (`partial`), and long lists shown in part, with a gap item in place of
 * the items left out before and after the ones kept. The shape says which, by the index of each
 * category in the full tree (depth first, counting every category, from 0) and the list's index
 * (its category's, or -1 for the top list), so the page's data names its view in a few bytes and
 * the runtime makes the same view from the full tree (see viewFromShape), which every page of the
 * sidebar shares.
 */

/** What a gap's link says. */
export const gapLabel = (count: number): string => (count === 1 ? '1 more page' : `${count.toLocaleString('en')} more pages`);

/** The gap standing for `count` items of a long list, whose page is `href`. */
export const gapOf = (count: number, href: string): SidebarItem => ({ type: 'gap', label: gapLabel(count), count, href });

/** The shape of `view` over `full` (the tree it was made from). */
export function describeView(full: readonly SidebarItem[], view: readonly SidebarItem[]): SidebarShape {
  const partial: number[] = [];
  const windows: NonNullable<SidebarShape['windows']> = [];
  let next = 0;
  const indexOf = new Map<SidebarCategory, number>();
  const number = (items: readonly SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      indexOf.set(item, next++);
      number(item.items);
    }
  };
  number(full);
  const walk = (list: number, fullItems: readonly SidebarItem[], viewItems: readonly SidebarItem[]) => {
    let at = 0;
    let start = 0;
    let before = '';
    let after = '';
    let kept = 0;
    for (const item of viewItems) {
      if (item.type === 'gap') {
        if (at === 0) {
          start = item.count;
          before = item.href;
        } else {
          after = item.href;
        }
        at += item.count;
        continue;
      }
      const source = fullItems[at++];
      if (!source || source.type !== item.type) throw new Error(`sipadocs: a sidebar view does not follow its tree (${item.type} at ${at - 1})`);
      kept++;
      if (item.type === 'category' && source.type === 'category') {
        if (item.partial) partial.push(indexOf.get(source)!);
        else walk(indexOf.get(source)!, source.items, item.items);
      }
    }
    if (kept < fullItems.length) windows.push([list, start, start + kept, before, after]);
  };
  walk(-1, full, view);
  const shape: SidebarShape = {};
  if (partial.length > 0) shape.partial = partial;
  if (windows.length > 0) shape.windows = windows;
  return shape;
}

/** The view a shape describes, made from the full tree: the same items as the view it was read from. */
export function viewFromShape(full: readonly SidebarItem[], shape: SidebarShape): SidebarItem[] {
  const partial = new Set(shape.partial ?? []);
  const windows = new Map((shape.windows ?? []).map(([list, start, end, before, after]) => [list, { start, end, before, after }]));
  let next = 0;
  const skip = (items: readonly SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      next++;
      skip(item.items);
    }
  };
  const build = (list: number, items: readonly SidebarItem[]): SidebarItem[] => {
    const window = windows.get(list);
    const out: SidebarItem[] = [];
    items.forEach((item, i) => {
      const shown = !window || (i >= window.start && i < window.end);
      if (item.type !== 'category') {
        if (shown) out.push(item);
        return;
      }
      const index = next++;
      if (!shown) {
        skip(item.items);
        return;
      }
      if (partial.has(index)) {
        skip(item.items);
        out.push({ ...item, items: [], partial: true });
      } else {
        out.push({ ...item, items: build(index, item.items) });
      }
    });
    if (!window) return out;
    const gaps: SidebarItem[] = [];
    if (window.start > 0) gaps.push(gapOf(window.start, window.before));
    const tail = items.length - window.end;
    return [...gaps, ...out, ...(tail > 0 ? [gapOf(tail, window.after)] : [])];
  };
  return build(-1, full);
}
