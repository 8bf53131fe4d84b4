import { describe, expect, it } from 'vitest';
import { prepareSidebarViews } from '../../../src/model/sidebarView.js';
import type { SidebarItem } from '../../../src/shared/types.js';

const link = (href: string): SidebarItem => ({ type: 'link', label: href, href });
const category = (label: string, collapsed: boolean, items: SidebarItem[], href?: string): SidebarItem => ({
  type: 'category', label, collapsed, collapsible: true, items, ...(href ? { href } : {}),
});

describe('prepareSidebarViews', () => {
  const tree: SidebarItem[] = [
    link('/docs/intro'),
    category('Open', false, [link('/docs/open/a'), category('Nested closed', true, [link('/docs/open/nested/x')])]),
    category('Closed', true, [link('/docs/closed/a'), link('/docs/closed/b')], '/docs/category/closed'),
    category('Empty closed', true, []),
  ];
  const views = prepareSidebarViews('tutorial sidebar', tree);

  it('names a content-hashed JSON file holding the full tree', () => {
    expect(views.file).toMatch(/^_sipa\/sidebars\/tutorial-sidebar-[0-9a-f]{10}\.json$/);
    expect(JSON.parse(views.json)).toEqual(tree);
    expect(prepareSidebarViews('tutorial sidebar', tree.slice(1)).file).not.toBe(views.file);
  });

  it('leaves out the items of closed categories that do not contain the page', () => {
    const view = views.viewFor('/docs/intro', '/base/');
    expect(view.url).toBe(`/base/${views.file}`);
    const [, open, closed, empty] = view.items;
    expect(open).not.toHaveProperty('partial');
    expect(open!.type === 'category' && open!.items[1]).toMatchObject({ label: 'Nested closed', items: [], partial: true });
    expect(closed).toMatchObject({ items: [], partial: true, href: '/docs/category/closed' });
    // Nothing was left out of an empty category, so it is not partial.
    expect(empty).toMatchObject({ items: [] });
    expect(empty).not.toHaveProperty('partial');
  });

  it('keeps every category around the page open, whether the page is a doc or a category index', () => {
    const inNested = views.viewFor('/docs/open/nested/x', '/').items[1]!;
    expect(inNested.type === 'category' && inNested.items[1]).toMatchObject({ items: [{ href: '/docs/open/nested/x' }] });
    const onIndex = views.viewFor('/docs/category/closed', '/').items[2]!;
    expect(onIndex.type === 'category' && onIndex.items.map((i) => i.href)).toEqual(['/docs/closed/a', '/docs/closed/b']);
  });

  it('gives pages in the same closed categories one shared view, and others their own', () => {
    expect(views.viewFor('/docs/closed/a', '/')).toBe(views.viewFor('/docs/closed/b', '/'));
    expect(views.viewFor('/docs/intro', '/')).toBe(views.viewFor('/docs/open/a', '/'));
    expect(views.viewFor('/docs/closed/a', '/')).not.toBe(views.viewFor('/docs/intro', '/'));
    expect(views.viewFor('/docs/intro', '/')).not.toBe(views.viewFor('/docs/intro', '/base/'));
  });
});
