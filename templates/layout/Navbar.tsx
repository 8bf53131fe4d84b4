import { useEffect, useState } from 'react';
import { Link, useNavigation } from '../../src/client/navigation.js';
import type { ClientSiteData, NavItem, SidebarView } from '../../src/shared/types.js';
import { SearchButton } from '../search/SearchProvider.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { DocsVersionDropdown, DocsVersionLink, useVersionedTo } from './DocsVersionItems.js';
import { LocaleDropdown } from './LocaleDropdown.js';
import { useDropdown } from './useDropdown.js';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { useColorMode } from './colorMode.js';
import { DefaultNavbarItem, isActive } from './DefaultNavbarItem.js';
import { NavbarBrand } from './NavbarBrand.js';
import { translate } from '../../src/shared/translate.js';

export { isActive };

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

/** What a link shows: its HTML when it has some, else its label (nothing for an icon drawn by its class). */
function LinkContent({ item }: { item: NavItem }) {
  return item.html ? <span dangerouslySetInnerHTML={{ __html: item.html }} /> : <>{item.label}</>;
}

interface NavLinkProps {
  item: NavItem;
  pathname: string;
  /** The page's docs sidebar: an item of that sidebar is active. */
  sidebar?: SidebarView | null;
  onNavigate?: () => void;
  /** The theme's class of the link's kind: a navbar link, or a dropdown's. */
  linkClass?: string;
}

/** One navbar link: a link, or a docs version item (see DocsVersionItems). */
export function NavLink(props: NavLinkProps) {
  const { item, onNavigate } = props;
  if (item.type === 'docsVersionDropdown') return <DocsVersionDropdown item={item} onNavigate={onNavigate} />;
  if (item.type === 'docsVersion') return <DocsVersionLink item={item} onNavigate={onNavigate} />;
  if (item.type === 'localeDropdown') return <LocaleDropdown item={item} onNavigate={onNavigate} />;
  if (item.docVersions) return <VersionedDocLink {...props} />;
  return <PlainNavLink {...props} />;
}

/** A link to a doc of a docs instance with several versions, leading to the chosen version. */
function VersionedDocLink(props: NavLinkProps) {
  const to = useVersionedTo(props.item);
  return <PlainNavLink {...props} item={{ ...props.item, to }} />;
}

/** A link, as `NavbarItem/DefaultNavbarItem` draws it (a site may replace that component): Docusaurus's props from the item. */
function PlainNavLink({ item, onNavigate, linkClass = 'navbar__link' }: NavLinkProps) {
  return (
    <DefaultNavbarItem
      label={item.label}
      to={item.href ? undefined : item.to}
      href={item.href}
      html={item.html}
      className={item.className}
      aria-label={item.ariaLabel}
      activeBasePath={item.activeBasePath}
      activeSidebar={item.activeSidebar}
      position={item.position}
      isDropdownItem={linkClass === 'dropdown__link'}
      onClick={onNavigate}
    />
  );
}

/** The colour-mode switch, given the mode and its setter as Docusaurus's navbar gives them (a site's replacement reads `value` and calls `onChange`). */
function NavbarColorModeToggle() {
  const { colorMode, setColorMode } = useColorMode();
  return <ColorModeToggle value={colorMode} onChange={setColorMode} />;
}

/** Raw HTML of the config, as Docusaurus's `html` items show it. */
export function NavHtml({ item, className }: { item: NavItem; className: string }) {
  return <div className={classes(className, item.className)} dangerouslySetInnerHTML={{ __html: item.html ?? '' }} />;
}

/**
 * A dropdown: its label opens a menu of links and HTML, on hover, click or Enter, as the version
 * dropdown does (see DocsVersionItems); Escape, a click elsewhere or moving the focus out closes it.
 */
export function NavDropdown({ item, pathname, sidebar }: { item: NavItem; pathname: string; sidebar: SidebarView | null }) {
  const { open, close, menuId, rootProps, toggleProps } = useDropdown(pathname);
  const active = isActive(item, pathname, sidebar);
  return (
    <div {...rootProps} className={classes('navbar__item dropdown', item.className)}>
      <button {...replayedControl} type="button" className={classes('navbar__link dropdown__toggle', active && 'navbar__link--active')} {...toggleProps} aria-label={item.ariaLabel}>
        <LinkContent item={item} />
      </button>
      <ul className="dropdown__menu" id={menuId} hidden={!open}>
        {(item.items ?? []).map((entry, i) => (
          <li key={i}>
            {entry.type === 'html' ? <NavHtml item={entry} className="dropdown__html" /> : <NavLink item={entry} pathname={pathname} sidebar={sidebar} linkClass="dropdown__link" onNavigate={close} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A top-level item of the navbar, whatever its kind. */
function NavbarItem({ item, pathname, sidebar }: { item: NavItem; pathname: string; sidebar: SidebarView | null }) {
  if (item.type === 'dropdown') return <NavDropdown item={item} pathname={pathname} sidebar={sidebar} />;
  if (item.type === 'html') return <NavHtml item={item} className="navbar__item" />;
  return <NavLink item={item} pathname={pathname} sidebar={sidebar} />;
}

/** The id of the mobile menu's panel, a popover the menu button opens (see MobileMenu). */
export const MOBILE_MENU_ID = 'mobile-menu';

/** Top bar: logo and title, the left and right items, the search button, the colour-mode switch and the mobile menu button. */
export function Navbar({ site, sidebar = null, onOpenMenu }: { site: ClientSiteData; sidebar?: SidebarView | null; onOpenMenu: () => void }) {
  const { pathname } = useNavigation();
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!site.navbar.hideOnScroll) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 8) return;
      setHidden(y > last && y > 64);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [site.navbar.hideOnScroll]);

  const left = site.navbar.items.filter((i) => i.position !== 'right');
  const right = site.navbar.items.filter((i) => i.position === 'right');
  return (
    // Keyboard users tabbing into a hidden navbar bring it back.
    <nav className={`navbar${hidden ? ' navbar--hidden' : ''}`} aria-label={translate({ id: 'theme.NavBar.navAriaLabel', message: 'Main' })} onFocus={() => setHidden(false)}>
      <div className="navbar__inner">
        <button type="button" className="navbar__menu-button" aria-label={translate({ id: 'theme.docs.sidebar.toggleSidebarButtonAriaLabel', message: 'Open the navigation menu' })} popoverTarget={MOBILE_MENU_ID} popoverTargetAction="show" onClick={onOpenMenu}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" /></svg>
        </button>
        <NavbarBrand navbar={site.navbar} />
        <ul className="navbar__items">
          {left.map((item, i) => (
            <li key={i}><NavbarItem item={item} pathname={pathname} sidebar={sidebar} /></li>
          ))}
        </ul>
        <SearchButton />
        <ul className="navbar__items navbar__items--right">
          {right.map((item, i) => (
            <li key={i}><NavbarItem item={item} pathname={pathname} sidebar={sidebar} /></li>
          ))}
          {site.colorMode.disableSwitch ? null : <li><NavbarColorModeToggle /></li>}
        </ul>
      </div>
    </nav>
  );
}
