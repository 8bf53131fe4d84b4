// A page's sidebar markup stays within a budget whatever the size of the site and its collapse settings.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NavigationProvider, serverNavigation } from '../../../src/client/navigation.js';
import { SiteContext } from '../../../src/client/siteContext.js';
import { fitMarkupBudget, sidebarMarkupSize, SIDEBAR_MARKUP_BUDGET } from '../../../src/model/sidebarBudget.js';
import { prepareSidebarViews } from '../../../src/model/sidebarView.js';
import type { ClientSiteData, SidebarCategory, SidebarItem, SidebarView } from '../../../src/shared/types.js';
import { DocSidebar } from '../../../templates/layout/DocSidebar.js';

/** What the theme writes for a page's view of its sidebar. */
const markup = (view: SidebarView, pathname: string) =>
  renderToStaticMarkup(
    createElement(SiteContext.Provider, { value: { baseUrl: '/', docs: { autoCollapseCategories: false } } as ClientSiteData }, createElement(NavigationProvider, { value: serverNavigation(pathname), children: createElement(DocSidebar, { view }) })),
  );

const link = (href: string, label = `The page at ${href.split('/').pop()}`): SidebarItem => ({ type: 'link', label, href });
const category = (label: string, collapsed: boolean, items: SidebarItem[], href?: string): SidebarCategory => ({
  type: 'category', label, collapsed, collapsible: true, items, ...(href ? { href } : {}),
});

/** 5,000 docs: 20 sections of 10 chapters of 25 pages, every third chapter with a page of its own. */
function bigTree(collapsed: boolean): SidebarItem[] {
  return Array.from({ length: 20 }, (_, s) =>
    category(`Section ${s}`, collapsed, Array.from({ length: 10 }, (_, c) =>
      category(`Chapter ${s}.${c}`, collapsed, Array.from({ length: 25 }, (_, p) => link(`/docs/section-${s}/chapter-${c}/page-${p}`)), c % 3 === 0 ? `/docs/section-${s}/chapter-${c}` : undefined),
    ), `/docs/section-${s}`),
  );
}

const pages = ['/docs/section-0/chapter-0/page-0', '/docs/section-9/chapter-4/page-12', '/docs/section-19/chapter-9/page-24', '/docs/section-7/chapter-3'];

describe('the sidebar markup budget', () => {
  it('estimates the markup the theme writes', () => {
    const tree: SidebarItem[] = [
      link('/docs/intro', 'Intro & basics'),
      { type: 'external', label: 'GitHub', href: 'https://github.com/sipa-js/sipa' },
      category('Open', false, [link('/docs/open/a'), category('Nested', false, [link('/docs/open/nested/x')], '/docs/open/nested')]),
      category('Closed', true, [link('/docs/closed/a')]),
      ...bigTree(false).slice(0, 2),
    ];
    const view = prepareSidebarViews('estimate', tree).viewFor('/docs/intro', '/');
    const real = markup(view, '/docs/intro').length;
    expect(Math.abs(sidebarMarkupSize(view.items) - real) / real).toBeLessThan(0.1);
  });

  it('keeps every page of 5,000 docs under 60 KB of sidebar markup, open categories or closed', () => {
    for (const collapsed of [false, true]) {
      const views = prepareSidebarViews(`big-${collapsed}`, bigTree(collapsed));
      // The whole tree open is ten times the budget.
      if (!collapsed) expect(sidebarMarkupSize(JSON.parse(views.json) as SidebarItem[])).toBeGreaterThan(10 * SIDEBAR_MARKUP_BUDGET);
      for (const page of pages) {
        const html = markup(views.viewFor(page, '/'), page);
        expect(html.length).toBeLessThan(60 * 1024);
        // The page itself, marked as the current one.
        expect(html).toContain(`href="${page}" class="sidebar__link sidebar__link--active" aria-current="page"`);
      }
    }
  });

  it('keeps the categories around the page with all their items, and the others in order while they fit', () => {
    const tree = bigTree(false);
    const page = '/docs/section-9/chapter-4/page-12';
    const fitted = fitMarkupBudget(tree, page);
    const section = fitted[9] as SidebarCategory;
    expect(section.partial).toBeUndefined();
    expect(section.items).toHaveLength(10);
    expect((section.items[4] as SidebarCategory).items).toHaveLength(25);
    // Every section is there, none of them closed: the ones left out are shown open and filled once the page runs.
    expect(fitted).toHaveLength(20);
    for (const item of fitted) expect(item).toMatchObject({ type: 'category', collapsed: false });
    const kept = fitted.map((item) => !(item as SidebarCategory).partial);
    expect(kept[0]).toBe(true);
    expect(kept[19]).toBe(false);
    // Top to bottom: once a section is left out, the ones after it that are not around the page are too.
    const firstLeftOut = kept.indexOf(false);
    expect(kept.slice(firstLeftOut).filter((k, i) => k && firstLeftOut + i !== 9)).toEqual([]);
    expect(sidebarMarkupSize(fitted)).toBeLessThanOrEqual(SIDEBAR_MARKUP_BUDGET);
  });

  it('leaves a view within the budget as it is, and gives pages with the same fitted tree one view', () => {
    const small = prepareSidebarViews('small', bigTree(false).slice(0, 1));
    expect(JSON.stringify(small.viewFor('/docs/section-0/chapter-1/page-3', '/').items)).toBe(small.json);
    const views = prepareSidebarViews('shared', bigTree(false));
    expect(views.viewFor('/docs/section-12/chapter-2/page-1', '/')).toBe(views.viewFor('/docs/section-12/chapter-2/page-7', '/'));
    expect(views.viewFor('/docs/section-12/chapter-2/page-1', '/')).not.toBe(views.viewFor('/docs/section-13/chapter-2/page-1', '/'));
  });
});
