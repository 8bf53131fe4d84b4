import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigation } from '../../src/client/navigation.js';
import { useSiteData } from '../../src/client/siteContext.js';
import IconExternalLink from '../components/Icon/ExternalLink.js';
import type { SidebarCategory, SidebarItem, SidebarView } from '../../src/shared/types.js';

/** Remembers opened/closed categories while navigating (module state lives as long as the tab). */
const categoryState = new Map<string, boolean>();

/** Full sidebar trees by URL, fetched once per tab (the files are content-hashed). */
const fullTrees = new Map<string, Promise<SidebarItem[]>>();

function fetchFullTree(url: string): Promise<SidebarItem[]> {
  let pending = fullTrees.get(url);
  if (!pending) {
    pending = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`Loading the sidebar failed: ${response.status}`);
      return response.json() as Promise<SidebarItem[]>;
    });
    fullTrees.set(url, pending);
    // A failed load is forgotten, so opening the category again retries.
    pending.catch(() => fullTrees.delete(url));
  }
  return pending;
}

/** Asks for the full tree; given to categories whose items this page's copy left out. */
const LoadFullTree = createContext<() => void>(() => {});

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

function Category({ item, path, onNavigate, siblings }: { item: SidebarCategory; path: string; onNavigate?: () => void; siblings: Siblings | null }) {
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
  useEffect(() => {
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
  const items = open && !item.partial ? <SidebarItems items={item.items} path={key} onNavigate={onNavigate} /> : null;
  if (!item.collapsible) {
    return (
      <li className="sidebar__category sidebar__category--open">
        <div className="sidebar__category-row">{link ?? <span className="sidebar__link sidebar__category-label">{item.label}</span>}</div>
        {items}
      </li>
    );
  }
  const label = `${open ? 'Collapse' : 'Expand'} the category ${item.label}`;
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

function SidebarItems({ items, path, onNavigate }: { items: SidebarItem[]; path: string; onNavigate?: () => void }) {
  const { pathname } = useNavigation();
  const autoCollapse = useSiteData().docs.autoCollapseCategories;
  const [opened, setOpened] = useState<string | null>(null);
  const siblings = useMemo<Siblings | null>(() => (autoCollapse ? { opened, onOpen: setOpened } : null), [autoCollapse, opened]);
  return (
    <ul className="sidebar__list">
      {items.map((item) =>
        item.type === 'category' ? (
          <Category key={`c:${item.label}`} item={item} path={path} onNavigate={onNavigate} siblings={siblings} />
        ) : item.type === 'external' ? (
          <li key={`e:${item.href}`}>
            <a className="sidebar__link" href={item.href} target="_blank" rel="noopener noreferrer">
              {item.label}
              <IconExternalLink className="external-link-icon" />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : (
          <li key={`l:${item.href}`} className={item.className}>
            <Link className={`sidebar__link${item.href === pathname ? ' sidebar__link--active' : ''}`} to={item.href} aria-current={item.href === pathname ? 'page' : undefined} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * The docs sidebar tree; categories are collapsible, the current page is highlighted. It starts
 * from the page's own copy of the tree and switches to the full tree once that is loaded.
 */
export function DocSidebar({ view, onNavigate }: { view: SidebarView; onNavigate?: () => void }) {
  const [full, setFull] = useState<{ url: string; items: SidebarItem[] } | null>(null);
  const { url } = view;
  const loadFullTree = useCallback(() => {
    void fetchFullTree(url).then((items) => setFull((current) => (current?.url === url ? current : { url, items })), () => {});
  }, [url]);
  // A tree this tab already loaded is used again at once (e.g. after leaving the docs and coming back).
  useEffect(() => {
    if (full?.url !== url && fullTrees.has(url)) loadFullTree();
  }, [url, full, loadFullTree]);
  const items = full?.url === url ? full.items : view.items;
  return (
    <LoadFullTree.Provider value={loadFullTree}>
      <nav className="sidebar" aria-label="Docs sidebar">
        <SidebarItems items={items} path="" onNavigate={onNavigate} />
      </nav>
    </LoadFullTree.Provider>
  );
}
