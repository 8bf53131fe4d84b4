import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigation } from '../../src/client/navigation.js';
import { useSiteData } from '../../src/client/siteContext.js';
import IconExternalLink from '../components/Icon/ExternalLink.js';
import { sidebarTree } from '../../src/client/sidebarTree.js';
import { routeHref } from '../../src/shared/paths.js';
import type { SidebarCategory, SidebarGap, SidebarItem, SidebarView } from '../../src/shared/types.js';
import { selectPlural, translate, translationLocale } from '../../src/shared/translate.js';

/** Remembers opened/closed categories while navigating (module state lives as long as the tab). */
const categoryState = new Map<string, boolean>();

/** Asks for the full tree; given to categories whose items this page's copy left out. */
const LoadFullTree = createContext<() => void>(() => {});

/**
 * The item of the full tree each item of a page's copy of a list stands for, and for a gap the
 * items it leaves out (null while the full tree is not loaded).
 */
function alignWithTree(items: SidebarItem[], full: SidebarItem[] | null): Array<{ full: SidebarItem | null; run: SidebarItem[] | null }> {
  let at = 0;
  return items.map((item) => {
    if (item.type === 'gap') {
      const run = full ? full.slice(at, at + item.count) : null;
      at += item.count;
      return { full: null, run };
    }
    return { full: full?.[at++] ?? null, run: null };
  });
}

function containsPath(items: SidebarItem[], pathname: string): boolean {
  return items.some((item) =>
    item.type === 'category' ? item.href === pathname || containsPath(item.items, pathname) : item.href === pathname,
  );
}

/** What a list of sibling categories shares when opening one closes the others (docs.autoCollapseCategories). */
interface Siblings {
  /** The key of the sibling opened last. */
  opened: string | null;
  onOpen(key: string): void;
}

function Category({ item, tree, path, onNavigate, siblings }: { item: SidebarCategory; tree: SidebarItem | null; path: string; onNavigate?: () => void; siblings: Siblings | null }) {
  const { pathname } = useNavigation();
  const key = `${path}/${item.label}`;
  const active = item.href === pathname || containsPath(item.items, pathname);
  const [open, setOpenState] = useState(() => categoryState.get(key) ?? (!item.collapsed || active));
  const details = useRef<HTMLDetailsElement>(null);
  const loadFullTree = useContext(LoadFullTree);
  const setOpen = (value: boolean) => {
    categoryState.set(key, value);
    setOpenState(value);
    if (value) siblings?.onOpen(key);
  };
  // A category is a native disclosure, so a click before the page ran opened or closed it
  // already: the state follows the page's.
  useLayoutEffect(() => {
    const element = details.current;
    if (element && element.open !== open) setOpen(element.open);
    // Once, when the category first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (open && item.partial) loadFullTree();
  }, [open, item.partial, loadFullTree]);
  // In the same commit as the sibling's opening: never a frame, or a reading of the page, with
  // both open.
  useLayoutEffect(() => {
    if (open && siblings?.opened && siblings.opened !== key) setOpen(false);
    // Only a sibling's opening closes this one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siblings?.opened]);
  // Once the page runs, the theme opens and closes it, so the items render with the open state.
  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    setOpen(!open);
  };
  const link = item.href ? (
    <Link className={`sidebar__link${item.href === pathname ? ' sidebar__link--active' : ''}`} to={item.href} aria-current={item.href === pathname ? 'page' : undefined} onClick={onNavigate}>
      {item.label}
    </Link>
  ) : null;
  // A category this copy left empty shows the full tree's items once it has them.
  const full = tree?.type === 'category' ? tree.items : null;
  const shown = item.partial ? full : item.items;
  const items = open && shown ? <SidebarItems items={shown} tree={full} path={key} onNavigate={onNavigate} /> : null;
  if (!item.collapsible) {
    return (
      <li className="sidebar__category sidebar__category--open">
        <div className="sidebar__category-row">{link ?? <span className="sidebar__link sidebar__category-label">{item.label}</span>}</div>
        {items}
      </li>
    );
  }
  const label = open ? translate({ id: 'theme.DocSidebarItem.collapseCategoryAriaLabel', message: 'Collapse the category {label}' }, { label: item.label }) : translate({ id: 'theme.DocSidebarItem.expandCategoryAriaLabel', message: 'Expand the category {label}' }, { label: item.label });
  return (
    <li className={`sidebar__category${open ? ' sidebar__category--open' : ''}`}>
      {link ? <div className="sidebar__category-row sidebar__category-row--beside">{link}</div> : null}
      <details ref={details} className="sidebar__details" open={open} onToggle={(event) => event.currentTarget.open !== open && setOpen(event.currentTarget.open)}>
        {link ? (
          // Beside the link, on its row: the chevron alone opens and closes the category.
          <summary className="sidebar__toggle sidebar__toggle--beside" aria-label={label} onPointerEnter={item.partial ? loadFullTree : undefined} onClick={toggle} />
        ) : (
          <summary className="sidebar__category-row" onPointerEnter={item.partial ? loadFullTree : undefined} onClick={toggle}>
            <span className="sidebar__link sidebar__category-label">{item.label}</span>
            <span className="sidebar__toggle" aria-hidden="true" />
          </summary>
        )}
        {items}
      </details>
    </li>
  );
}

/**
 * A gap of a long list: a link to the page listing the items left out, which shows them in place
 * instead once the full tree is at hand.
 */
function Gap({ item, onShow }: { item: SidebarGap; onShow: (() => void) | null }) {
  const { baseUrl } = useSiteData();
  return (
    <li className="sidebar__gap">
      <a
        className="sidebar__link sidebar__gap-link"
        href={routeHref(baseUrl, item.href)}
        onClick={(event) => {
          if (!onShow) return;
          event.preventDefault();
          onShow();
        }}
      >
        {selectPlural(translate({ id: 'sipadocs.sidebar.morePages', message: '1 more page|{count} more pages' }, { count: item.count.toLocaleString(translationLocale()) }), item.count)}
      </a>
    </li>
  );
}

function SidebarItems({ items, tree, path, onNavigate }: { items: SidebarItem[]; tree: SidebarItem[] | null; path: string; onNavigate?: () => void }) {
  const { pathname } = useNavigation();
  const autoCollapse = useSiteData().docs.autoCollapseCategories;
  const [opened, setOpened] = useState<string | null>(null);
  const siblings = useMemo<Siblings | null>(() => (autoCollapse ? { opened, onOpen: setOpened } : null), [autoCollapse, opened]);
  const aligned = useMemo(() => alignWithTree(items, tree), [items, tree]);
  // Gaps shown in place, by the position of their first item in the full list.
  const [shownGaps, setShownGaps] = useState<ReadonlySet<string>>(() => new Set());
  const render = (item: SidebarItem, full: SidebarItem | null) =>
    item.type === 'category' ? (
      <Category key={`c:${item.label}`} item={item} tree={full} path={path} onNavigate={onNavigate} siblings={siblings} />
    ) : item.type === 'external' ? (
      <li key={`e:${item.href}`}>
        <a className="sidebar__link" href={item.href} target="_blank" rel="noopener noreferrer">
          {item.label}
          <IconExternalLink className="external-link-icon" />
          <span className="visually-hidden">{` ${translate({ id: 'theme.IconExternalLink.ariaLabel', message: '(opens in a new tab)' })}`}</span>
        </a>
      </li>
    ) : item.type === 'link' ? (
      <li key={`l:${item.href}`} className={item.className}>
        <Link className={`sidebar__link${item.href === pathname ? ' sidebar__link--active' : ''}`} to={item.href} aria-current={item.href === pathname ? 'page' : undefined} onClick={onNavigate}>
          {item.label}
        </Link>
      </li>
    ) : null;
  return (
    <ul className="sidebar__list">
      {items.map((item, i) => {
        if (item.type !== 'gap') return render(item, aligned[i]!.full);
        const { run } = aligned[i]!;
        const key = `g:${item.href}:${item.count}`;
        if (run && shownGaps.has(key)) return run.map((entry) => render(entry, entry));
        return <Gap key={key} item={item} onShow={run ? () => setShownGaps((gaps) => new Set([...gaps, key])) : null} />;
      })}
    </ul>
  );
}

/**
 * The docs sidebar tree; categories are collapsible, the current page is highlighted. It starts
 * from the page's own copy of the tree (the view), and fills what that copy left out (closed
 * categories, the rest of a long list) from the full tree, which the runtime has loaded for it.
 */
export function DocSidebar({ view, onNavigate }: { view: SidebarView; onNavigate?: () => void }) {
  const [full, setFull] = useState<{ url: string; items: SidebarItem[] } | null>(null);
  const { url } = view;
  const loadFullTree = useCallback(() => {
    void sidebarTree(url).then((items) => setFull((current) => (current?.url === url ? current : { url, items })), () => {});
  }, [url]);
  // After the first render, which must be the server's: the tree is at hand (the view was made from it).
  useEffect(() => {
    if (full?.url !== url) loadFullTree();
  }, [url, full, loadFullTree]);
  return (
    <LoadFullTree.Provider value={loadFullTree}>
      <nav className="sidebar" aria-label={translate({ id: 'theme.docs.sidebar.navAriaLabel', message: 'Docs sidebar' })}>
        <SidebarItems items={view.items} tree={full?.url === url ? full.items : null} path="" onNavigate={onNavigate} />
      </nav>
    </LoadFullTree.Provider>
  );
}
