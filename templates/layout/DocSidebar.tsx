import { useState } from 'react';
import { Link, useNavigation } from '../../src/client/navigation.js';
import type { SidebarCategory, SidebarItem } from '../../src/shared/types.js';

/** Remembers opened/closed categories while navigating (module state lives as long as the tab). */
const categoryState = new Map<string, boolean>();

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
  const toggle = () => {
    categoryState.set(key, !open);
    setOpen(!open);
  };
  return (
    <li className={`sidebar__category${open ? ' sidebar__category--open' : ''}`}>
      <div className="sidebar__category-row">
        {item.href ? (
          <Link className={`sidebar__link${item.href === pathname ? ' sidebar__link--active' : ''}`} href={item.href} aria-current={item.href === pathname ? 'page' : undefined} onClick={onNavigate}>
            {item.label}
          </Link>
        ) : (
          <button type="button" className="sidebar__link sidebar__category-label" onClick={toggle} aria-expanded={open}>{item.label}</button>
        )}
        {item.collapsible ? (
          <button type="button" className="sidebar__toggle" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} the category ${item.label}`} onClick={toggle}>
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M5 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
          </button>
        ) : null}
      </div>
      {open ? <SidebarItems items={item.items} path={key} onNavigate={onNavigate} /> : null}
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
            <Link className={`sidebar__link${item.href === pathname ? ' sidebar__link--active' : ''}`} href={item.href} aria-current={item.href === pathname ? 'page' : undefined} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

/** The docs sidebar tree; categories are collapsible, the current page is highlighted. */
export function DocSidebar({ items, onNavigate }: { items: SidebarItem[]; onNavigate?: () => void }) {
  return (
    <nav className="sidebar" aria-label="Docs sidebar">
      <SidebarItems items={items} path="" onNavigate={onNavigate} />
    </nav>
  );
}
