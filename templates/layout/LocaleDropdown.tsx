import { useNavigation } from '../../src/client/navigation.js';
import { useSiteData } from '../../src/client/siteContext.js';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { useDropdown } from './useDropdown.js';
import { encodeRoute, withBase } from '../../src/shared/paths.js';
import { translate } from '../../src/shared/translate.js';
import type { NavItem } from '../../src/shared/types.js';
import { ExtraLink } from './DocsVersionItems.js';

/**
 * The navbar's `localeDropdown`: the site's locales, each leading to the page in view in that
 * locale (every locale has every route), as Docusaurus's does; labelled with the locale shown.
 * A locale is a site of its own, so its link loads the page rather than navigating in this one.
 * Opens on hover and on click, as the other dropdowns do; Escape and a click elsewhere close it.
 */
export function LocaleDropdown({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const site = useSiteData();
  const { pathname } = useNavigation();
  const { open, close, menuId, rootProps, toggleProps } = useDropdown(pathname);
  const locales = site.i18n?.locales ?? [];
  if (locales.length === 0) return null;
  const current = site.locale.name;
  // The same page in each locale; what follows the path (a query, a #heading) goes along.
  const goTo = (href: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    location.assign(`${href}${location.search}${location.hash}`);
  };
  return (
    <div
      className={`dropdown dropdown--locales${item.className ? ` ${item.className}` : ''}`}
      {...rootProps}
    >
      <button
        {...replayedControl}
        type="button"
        className="navbar__link dropdown__toggle"
        {...toggleProps}
        aria-label={item.ariaLabel ?? translate({ id: 'theme.navbar.mobileLanguageDropdown.label', message: 'Languages' })}
      >
        <svg className="dropdown__locale-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="none" stroke="currentColor" strokeWidth="1.6" d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-8.5 9h17M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3Z" />
        </svg>
        {item.label || site.locale.label}
      </button>
      <ul className="dropdown__menu" id={menuId} hidden={!open}>
        {(item.dropdownItemsBefore ?? []).map((extra) => <li key={`before-${extra.label}`}><ExtraLink item={extra} onNavigate={onNavigate} /></li>)}
        {locales.map((locale) => {
          const href = withBase(locale.baseUrl, encodeRoute(pathname));
          const active = locale.name === current;
          return (
            <li key={locale.name}>
              <a
                className={`dropdown__link${active ? ' dropdown__link--active' : ''}`}
                href={href}
                lang={locale.htmlLang}
                hrefLang={locale.htmlLang}
                aria-current={active ? 'page' : undefined}
                onClick={goTo(href)}
              >
                {locale.label}
              </a>
            </li>
          );
        })}
        {(item.dropdownItemsAfter ?? []).map((extra) => <li key={`after-${extra.label}`}><ExtraLink item={extra} onNavigate={onNavigate} /></li>)}
      </ul>
    </div>
  );
}
