// A page's data names its sidebar view by its shape over the full tree; the runtime makes the
// view back from the tree, and must get exactly the view the page's HTML was rendered from.
import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE, LIST_WINDOW, LONG_LIST, listBaseOf, planListPages } from '../../../src/model/sidebarLists.js';
import { prepareSidebarViews } from '../../../src/model/sidebarView.js';
import type { Doc, SiteModel } from '../../../src/model/model.js';
import { describeView, viewFromShape } from '../../../src/shared/sidebarShape.js';
import type { SidebarItem } from '../../../src/shared/types.js';

const link = (href: string): SidebarItem => ({ type: 'link', label: href.split('/').pop()!, href });
const category = (label: string, collapsed: boolean, items: SidebarItem[], href?: string): SidebarItem => ({
  type: 'category', label, collapsed, collapsible: true, items, ...(href ? { href } : {}),
});

/** Every route of a tree, in order. */
const routesOf = (items: SidebarItem[]): string[] =>
  items.flatMap((item) => (item.type === 'link' ? [item.href] : item.type === 'category' ? [...(item.href ? [item.href] : []), ...routesOf(item.items)] : []));

/** A site's sidebar: a flat folder of `flat` docs at the top, and nested categories, open and closed, one of them long too. */
function tree(flat: number): SidebarItem[] {
  return [
    ...Array.from({ length: flat }, (_, i) => link(`/docs/page-${i}`)),
    category('Guides', false, [link('/docs/guides/a'), category('Deep', true, [link('/docs/guides/deep/x'), link('/docs/guides/deep/y')])], '/docs/guides'),
    category('Reference', true, Array.from({ length: 300 }, (_, i) => link(`/docs/reference/r-${i}`))),
    category('Empty', true, []),
  ];
}

const model = (items: SidebarItem[]) => ({
  sidebars: [{ id: 'docs', name: 'docs', pluginId: 'default', version: 'current', items }],
  docsInstances: [{ id: 'default', versions: [{ name: 'current', routeBase: '/docs' }] }],
  docs: routesOf(items).map((route) => ({ route, description: `About ${route}` }) as Doc),
}) as unknown as Pick<SiteModel, 'sidebars' | 'docsInstances' | 'docs'>;

describe('the shape of a sidebar view', () => {
  it('makes back every page\'s view from the tree, windows, gaps and closed categories included', () => {
    const items = tree(4000);
    const m = model(items);
    const views = prepareSidebarViews('docs', items, 'default:docs', listBaseOf(m.sidebars[0]!, m));
    const full = JSON.parse(views.json) as SidebarItem[];
    const pages = [...routesOf(items).filter((_, i) => i % 97 === 0), '/docs/page-0', '/docs/page-3999', '/docs/reference/r-150', '/docs/guides/deep/y', '/elsewhere'];
    for (const page of pages) {
      const view = views.viewFor(page, '/');
      const ref = views.refOf(view);
      expect(viewFromShape(full, ref.shape), page).toEqual(view.items);
      expect(JSON.stringify(ref.shape).length).toBeLessThan(400);
    }
  });

  it('shows a long list around the page, with gaps that link to the list\'s pages holding what they leave out', () => {
    const items = tree(4000);
    const m = model(items);
    const views = prepareSidebarViews('docs', items, 'default:docs', listBaseOf(m.sidebars[0]!, m));
    const listed = new Map(planListPages(m).map((route) => [route.path, route]));
    const view = views.viewFor('/docs/page-2000', '/');
    const [before, ...rest] = view.items;
    const shown = rest.slice(0, 2 * LIST_WINDOW + 1);
    const after = rest[2 * LIST_WINDOW + 1]!;
    expect(shown.map((item) => item.type === 'link' && item.href)).toEqual(Array.from({ length: 2 * LIST_WINDOW + 1 }, (_, i) => `/docs/page-${2000 - LIST_WINDOW + i}`));
    expect(before).toMatchObject({ type: 'gap', count: 2000 - LIST_WINDOW, label: '1,975 more pages' });
    // The rest of the top list: the docs after the window, and the three categories.
    expect(after).toMatchObject({ type: 'gap', count: 4003 - (2000 + LIST_WINDOW + 1) });
    // Each gap leads to the page of the list holding the item next to the window.
    for (const [gap, item] of [[before, 2000 - LIST_WINDOW - 1], [after, 2000 + LIST_WINDOW + 1]] as const) {
      const page = listed.get(gap.type === 'gap' ? gap.href : '');
      expect(page?.data.kind === 'category' && page.data.items.map((card) => card.href)).toContain(`/docs/page-${item}`);
    }
    // Every doc of the list is on exactly one of its pages, each page LIST_PAGE_SIZE items at most.
    const top = [...listed.values()].filter((route) => route.path.startsWith('/docs/_lists/docs/all/'));
    expect(top.length).toBe(Math.ceil(4003 / LIST_PAGE_SIZE));
    const cards = top.flatMap((route) => (route.data.kind === 'category' ? route.data.items : []));
    expect(cards.filter((card) => card.href.startsWith('/docs/page-')).length).toBe(4000);
    expect(cards.find((card) => card.href === '/docs/page-7')?.description).toBe('About /docs/page-7');
    expect(top.every((route) => route.meta.noIndex)).toBe(true);
  });

  it('leaves lists of up to LONG_LIST rows whole, as they always were', () => {
    const items = tree(LONG_LIST - 4);
    const views = prepareSidebarViews('docs', items, 'default:docs');
    const view = views.viewFor('/docs/page-3', '/');
    expect(view.items.some((item) => item.type === 'gap')).toBe(false);
    expect(view.items.length).toBe(items.length);
    expect(views.refOf(view).shape.windows).toBeUndefined();
  });

  it('describes a view that does not follow its tree as an error, not as another view', () => {
    expect(() => describeView([link('/a')], [category('X', false, [])])).toThrow(/does not follow its tree/);
  });
});
