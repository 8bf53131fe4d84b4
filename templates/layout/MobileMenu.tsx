import { useEffect, useRef, useState } from 'react';
import { useNavigation } from '../../src/client/navigation.js';
import type { ClientSiteData, NavItem, SidebarView } from '../../src/shared/types.js';
import { useSearch } from '../search/SearchProvider.js';
import { DocSidebar } from './DocSidebar.js';
import { MOBILE_MENU_ID, NavHtml, NavLink } from './Navbar.js';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { translate } from '../../src/shared/translate.js';

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

/** Browsers without popovers (before 2024) show the panel by a class the runtime sets. */
const OPEN_CLASS = 'mobile-menu--open';
const isShown = (panel: HTMLElement) => (typeof panel.showPopover === 'function' ? panel.matches(':popover-open') : panel.classList.contains(OPEN_CLASS));
function show(panel: HTMLElement, value: boolean): void {
  if (isShown(panel) === value) return;
  if (typeof panel.showPopover !== 'function') panel.classList.toggle(OPEN_CLASS, value);
  else if (value) panel.showPopover();
  else panel.hidePopover();
}

/**
 * The sidebar panel of narrow screens: the main menu, or on docs pages the doc sidebar with a
 * '← Back to main menu' button. Closes itself when the window becomes desktop-wide.
 *
 * The panel is a popover the navbar's menu button opens without JavaScript (it holds the main
 * menu until the page runs), so a tap before the runtime has loaded opens it; its close button,
 * Escape and a tap beside it close it natively too. The `open` state follows the popover, and the
 * popover the state.
 */
export function MobileMenu({ site, sidebar, open, onOpen, onClose }: { site: ClientSiteData; sidebar: SidebarView | null; open: boolean; onOpen?: () => void; onClose: () => void }) {
  const { pathname } = useNavigation();
  const search = useSearch();
  const [showMain, setShowMain] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Each opening shows the doc sidebar first, on docs pages.
  useEffect(() => {
    if (!open) setShowMain(false);
  }, [open, sidebar]);
  // The popover opened or closed by the browser (Escape, a tap beside it, the button of a navbar
  // that does not call onOpenMenu): the state follows. Opened before the page ran: now.
  useEffect(() => {
    const panel = panelRef.current!;
    const onToggle = (event: Event) => ((event as ToggleEvent).newState === 'open' ? onOpen?.() : onClose());
    panel.addEventListener('beforetoggle', onToggle);
    if (isShown(panel)) onOpen?.();
    return () => panel.removeEventListener('beforetoggle', onToggle);
  }, [onOpen, onClose]);
  // The popover follows the state; not on the first render, where the state follows the popover.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) show(panelRef.current!, open);
    mounted.current = true;
  }, [open]);
  // Focus moves into the panel when it opens and back to where it was when it closes.
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

  return (
    <div ref={panelRef} id={MOBILE_MENU_ID} popover="auto" className="mobile-menu" role="dialog" aria-label={translate({ id: 'sipadocs.mobileMenu.ariaLabel', message: 'Navigation menu' })}>
      <div className="mobile-menu__header">
        <span className="mobile-menu__title">{site.navbar.title}</span>
        <button ref={closeRef} type="button" className="mobile-menu__close" aria-label={translate({ id: 'theme.docs.sidebar.closeSidebarButtonAriaLabel', message: 'Close the navigation menu' })} popoverTarget={MOBILE_MENU_ID} popoverTargetAction="hide" onClick={onClose}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" /></svg>
        </button>
      </div>
      {!open || showMain || !sidebar ? (
        <ul className="mobile-menu__items">
          {search ? (
            <li>
              <button
                {...replayedControl}
                type="button"
                className="mobile-menu__search"
                onClick={() => {
                  onClose();
                  search.open();
                }}
              >
                {translate({ id: 'theme.SearchBar.label', message: 'Search' })}
              </button>
            </li>
          ) : null}
          {site.navbar.items.map((item, i) => (
            <li key={i}><MobileItem item={item} pathname={pathname} sidebar={sidebar} onNavigate={onClose} /></li>
          ))}
        </ul>
      ) : (
        <>
          <button type="button" className="mobile-menu__back" onClick={() => setShowMain(true)}>{translate({ id: 'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel', message: '← Back to main menu' })}</button>
          <DocSidebar view={sidebar} onNavigate={onClose} />
        </>
      )}
    </div>
  );
}
