import { useEffect, useRef, useState } from 'react';
import { useNavigation } from '../../src/client/navigation.js';
import type { ClientSiteData, NavItem, SidebarView } from '../../src/shared/types.js';
import { useSearch } from '../search/SearchProvider.js';
import { DocSidebar } from './DocSidebar.js';
import { NavHtml, NavLink } from './Navbar.js';

/** A navbar item in the menu: a link, HTML, or a dropdown shown as its label over its links. */
function MobileItem({ item, pathname, sidebar, onNavigate }: { item: NavItem; pathname: string; sidebar: SidebarView | null; onNavigate: () => void }) {
  if (item.type === 'html') return <NavHtml item={item} className="mobile-menu__html" />;
  if (item.type !== 'dropdown') return <NavLink item={item} pathname={pathname} sidebar={sidebar} onNavigate={onNavigate} />;
  return (
    <details className="mobile-menu__dropdown" open>
      <summary className="navbar__link">{item.html ? <span dangerouslySetInnerHTML={{ __html: item.html }} /> : item.label}</summary>
      <ul className="mobile-menu__items">
        {(item.items ?? []).map((entry, i) => (
          <li key={i}><MobileItem item={entry} pathname={pathname} sidebar={sidebar} onNavigate={onNavigate} /></li>
        ))}
      </ul>
    </details>
  );
}

/** Mobile/desktop breakpoint (spec §9): at this width or less the mobile menu is used. */
export const MOBILE_BREAKPOINT = 996;

/**
 * The sidebar panel of narrow screens: the main menu, or on docs pages the doc sidebar with a
 * '← Back to main menu' button. Closes itself when the window becomes desktop-wide.
 */
export function MobileMenu({ site, sidebar, open, onClose }: { site: ClientSiteData; sidebar: SidebarView | null; open: boolean; onClose: () => void }) {
  const { pathname } = useNavigation();
  const search = useSearch();
  const [showMain, setShowMain] = useState(sidebar === null);

  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setShowMain(sidebar === null), [sidebar, open]);
  // A modal panel: focus moves into it when it opens and back to where it was when it closes.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT + 1}px)`);
    const onChange = () => query.matches && onClose();
    onChange();
    query.addEventListener('change', onChange);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      query.removeEventListener('change', onChange);
      window.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="mobile-menu" role="dialog" aria-modal="true" aria-label="Navigation menu">
      <button type="button" className="mobile-menu__backdrop" aria-label="Close the navigation menu" onClick={onClose} tabIndex={-1} />
      <div className="mobile-menu__panel">
        <div className="mobile-menu__header">
          <span className="mobile-menu__title">{site.navbar.title}</span>
          <button ref={closeRef} type="button" className="mobile-menu__close" aria-label="Close the navigation menu" onClick={onClose}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" /></svg>
          </button>
        </div>
        {showMain || !sidebar ? (
          <ul className="mobile-menu__items">
            {search ? (
              <li>
                <button
                  type="button"
                  className="mobile-menu__search"
                  onClick={() => {
                    onClose();
                    search.open();
                  }}
                >
                  Search
                </button>
              </li>
            ) : null}
            {site.navbar.items.map((item, i) => (
              <li key={i}><MobileItem item={item} pathname={pathname} sidebar={sidebar} onNavigate={onClose} /></li>
            ))}
          </ul>
        ) : (
          <>
            <button type="button" className="mobile-menu__back" onClick={() => setShowMain(true)}>← Back to main menu</button>
            <DocSidebar view={sidebar} onNavigate={onClose} />
          </>
        )}
      </div>
    </div>
  );
}
