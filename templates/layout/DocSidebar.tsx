import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { Link, useNavigation } from '../../src/client/navigation.js';
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

function Category({ item, path, onNavigate }: { item: SidebarCategory; path: string; onNavigate?: () => void }) {
  const { pathname } = useNavigation();
  const key = `${path}/${item.label}`;
  const active = item.href === pathname || containsPath(item.items, pathname);
  const [open, setOpen] = useState(() => categoryState.get(key) ?? (!item.collapsed || active));
  const loadFullTree = useContext(LoadFullTree);
  useEffect(() => {
    if (open && item.partial) loadFullTree();
  }, [open, item.partial, loadFullTree]);
  const toggle = () => {
    categoryState.set(key, !open);
    setOpen(!open);
  };
  return (
    <li className={`sidebar__category${open ? ' sidebar__category--open' : ''}`}>
      <div className="sidebar__category-row">
        {item.href ? (
          <Link className={`sidebar__link${item.href === pathname ? ' sidebar__link--active' : ''}`} to={item.href} aria-current={item.href === pathname ? 'page' : undefined} onClick={onNavigate}>
            {item.label}
          </Link>
        ) : (
          <button type="button" className="sidebar__link sidebar__category-label" onClick={toggle} aria-expanded={open}>{item.label}</button>
        )}
        {item.collapsible ? (
          <button type="button" className="sidebar__toggle" aria-expanded={open} onPointerEnter={item.partial ? loadFullTree : undefined} aria-label={`${open ? 'Collapse' : 'Expand'} the category ${item.label}`} onClick={toggle} />
        ) : null}
      </div>
      {open && !item.partial ? <SidebarItems items={item.items} path={key} onNavigate={onNavigate} /> : null}
    </li>
  );
}

function SidebarItems({ items, path, onNavigate }: { items: SidebarItem[]; path: string; onNavigate?: () => void }) {
  const { pathname } = useNavigation();
  return (
    <ul className="sidebar__list">
      {items.map((item) =>
        item.type === 'category' ? (
          <Category key={`c:${item.label}`} item={item} path={path} onNavigate={onNavigate} />
        ) : item.type === 'external' ? (
          <li key={`e:${item.href}`}>
            <a className="sidebar__link" href={item.href} target="_blank" rel="noopener noreferrer">{item.label}</a>
          </li>
        ) : (
          <li key={`l:${item.href}`}>
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
