import { useEffect, useState } from 'react';
import { Link, useNavigation } from '../../src/client/navigation.js';
import type { ClientSiteData, NavItem } from '../../src/shared/types.js';
import { SearchButton } from '../search/SearchProvider.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { DocsVersionDropdown, DocsVersionLink, useVersionedTo } from './DocsVersionItems.js';
import { linkTarget } from '../../src/shared/paths.js';

export function isActive(item: NavItem, pathname: string): boolean {
  if (item.activeBasePath) return pathname === item.activeBasePath || pathname.startsWith(`${item.activeBasePath}/`);
  return item.to !== undefined && pathname === item.to;
}

/** One navbar item: a link, or a docs version item (see DocsVersionItems). */
export function NavLink({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  if (item.type === 'docsVersionDropdown') return <DocsVersionDropdown item={item} onNavigate={onNavigate} />;
  if (item.type === 'docsVersion') return <DocsVersionLink item={item} onNavigate={onNavigate} />;
  if (item.docVersions) return <VersionedDocLink item={item} pathname={pathname} onNavigate={onNavigate} />;
  return <PlainNavLink item={item} pathname={pathname} onNavigate={onNavigate} />;
}

/** A link to a doc of a docs instance with several versions, leading to the chosen version. */
function VersionedDocLink({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const to = useVersionedTo(item);
  return <PlainNavLink item={{ ...item, to }} pathname={pathname} onNavigate={onNavigate} />;
}

function PlainNavLink({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  if (item.href) {
    return (
      <a className="navbar__link" href={item.href} target="_blank" rel="noopener noreferrer" aria-label={item.ariaLabel}>
        {item.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  const active = isActive(item, pathname);
  return (
    <Link className={`navbar__link${active ? ' navbar__link--active' : ''}`} {...linkTarget(item.to ?? '')} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {item.label}
    </Link>
  );
}

/** Top bar: logo and title, the left and right items, the search button, the colour-mode switch and the mobile menu button. */
export function Navbar({ site, onOpenMenu }: { site: ClientSiteData; onOpenMenu: () => void }) {
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

  const left = site.navbar.items.filter((i) => i.position === 'left');
  const right = site.navbar.items.filter((i) => i.position === 'right');
  return (
    // Keyboard users tabbing into a hidden navbar bring it back.
    <nav className={`navbar${hidden ? ' navbar--hidden' : ''}`} aria-label="Main" onFocus={() => setHidden(false)}>
      <div className="navbar__inner">
        <button type="button" className="navbar__menu-button" aria-label="Open the navigation menu" onClick={onOpenMenu}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" /></svg>
        </button>
        <Link className="navbar__brand" to="/">
          {site.navbar.logo ? <img className="navbar__logo" src={site.navbar.logo.src} alt={site.navbar.logo.alt} width="32" height="32" /> : null}
          <span className="navbar__title">{site.navbar.title}</span>
        </Link>
        <ul className="navbar__items">
          {left.map((item) => (
            <li key={`${item.type ?? ''}${item.label}`}><NavLink item={item} pathname={pathname} /></li>
          ))}
        </ul>
        <SearchButton />
        <ul className="navbar__items navbar__items--right">
          {right.map((item) => (
            <li key={`${item.type ?? ''}${item.label}`}><NavLink item={item} pathname={pathname} /></li>
          ))}
          {site.colorMode.disableSwitch ? null : <li><ColorModeToggle /></li>}
        </ul>
      </div>
    </nav>
  );
}
