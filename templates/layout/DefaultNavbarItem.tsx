import type { MouseEventHandler } from 'react';
import { Link, useNavigation } from '../../src/client/navigation.js';
import { linkTarget } from '../../src/shared/paths.js';
import type { NavItem, SidebarView } from '../../src/shared/types.js';
import IconExternalLink from '../components/Icon/ExternalLink.js';
import { useCurrentRoute } from './routeContext.js';
import { translate } from '../../src/shared/translate.js';

/**
 * Whether an item is the current page's: by its route prefix, by the docs sidebar the page
 * belongs to (an item for a doc or a sidebar), else by its route; a dropdown when one of its links is.
 */
export function isActive(item: NavItem, pathname: string, sidebar: SidebarView | null = null): boolean {
  if (item.type === 'dropdown') return (item.items ?? []).some((entry) => isActive(entry, pathname, sidebar));
  if (item.activeBasePath) return pathname === item.activeBasePath || pathname.startsWith(`${item.activeBasePath}/`);
  if (item.activeSidebar && sidebar?.name === item.activeSidebar) return true;
  return item.to !== undefined && pathname === linkTarget(item.to).to;
}

/** The props of a navbar link, Docusaurus's names (a site's replacement of `NavbarItem/DefaultNavbarItem` gets these). */
export interface DefaultNavbarItemProps {
  label?: string;
  /** A route of the site (client-side navigation) … */
  to?: string;
  /** … or another site's URL (a new tab, with the external-link mark). */
  href?: string;
  /** Shown instead of the label. */
  html?: string;
  className?: string;
  'aria-label'?: string;
  /** Route prefix that marks the link active. */
  activeBasePath?: string;
  /** The docs sidebar whose pages mark the link active ("<instance>:<name>"). */
  activeSidebar?: string;
  position?: 'left' | 'right';
  /** In the mobile menu. */
  mobile?: boolean;
  /** In a dropdown's menu. */
  isDropdownItem?: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

/**
 * `@theme/NavbarItem/DefaultNavbarItem`: a link of the navbar, of its mobile menu or of a
 * dropdown. A site path opens client-side and is marked while the page in view is its own (or
 * under `activeBasePath`, or of its sidebar); another site's opens in a new tab.
 */
export function DefaultNavbarItem({ label, to, href, html, className, 'aria-label': ariaLabel, activeBasePath, activeSidebar, isDropdownItem, onClick }: DefaultNavbarItemProps) {
  const { pathname } = useNavigation();
  const sidebar = useCurrentRoute()?.sidebar ?? null;
  const linkClass = isDropdownItem ? 'dropdown__link' : 'navbar__link';
  const content = html ? <span dangerouslySetInnerHTML={{ __html: html }} /> : <>{label}</>;
  if (href) {
    return (
      <a className={classes(linkClass, className)} href={href} target="_blank" rel="noopener noreferrer" aria-label={ariaLabel} onClick={onClick}>
        {content}
        {/* As Docusaurus's: a link with a label (not an icon drawn by its class, nor HTML) gets the mark. */}
        {label && !html ? <IconExternalLink className="external-link-icon" /> : null}
        <span className="visually-hidden">{` ${translate({ id: 'theme.IconExternalLink.ariaLabel', message: '(opens in a new tab)' })}`}</span>
      </a>
    );
  }
  const active = isActive({ label: label ?? '', to, activeBasePath, activeSidebar }, pathname, sidebar);
  return (
    <Link className={classes(linkClass, className, active && `${linkClass}--active`)} {...linkTarget(to ?? '')} aria-current={active ? 'page' : undefined} aria-label={ariaLabel} onClick={onClick}>
      {content}
    </Link>
  );
}
