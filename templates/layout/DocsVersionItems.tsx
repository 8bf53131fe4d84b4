import { storePreferredVersion, usePageVersion, useVersionChoice, versionTarget } from '../../src/client/docsVersion.js';
import { Link, useNavigation } from '../../src/client/navigation.js';
import { linkTarget } from '../../src/shared/paths.js';
import type { FooterLink, NavItem } from '../../src/shared/types.js';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { useDropdown } from './useDropdown.js';
import IconExternalLink from '../components/Icon/ExternalLink.js';
import { translate } from '../../src/shared/translate.js';

export function ExtraLink({ item, onNavigate }: { item: FooterLink; onNavigate?: () => void }) {
  if (item.to !== undefined) return <Link className="dropdown__link" {...linkTarget(item.to)} onClick={onNavigate}>{item.label}</Link>;
  return (
    <a className="dropdown__link" href={item.href} target="_blank" rel="noopener noreferrer">
      {item.label}
      <IconExternalLink className="external-link-icon" />
      <span className="visually-hidden">{` ${translate({ id: 'theme.IconExternalLink.ariaLabel', message: '(opens in a new tab)' })}`}</span>
    </a>
  );
}

/**
 * The navbar's version dropdown of a docs instance: its label is the chosen version's (the page's,
 * the stored preference, else the last), and each version leads to the page in view in that
 * version, else to its main doc. Choosing one stores it as the preferred version. Opens when a
 * mouse hovers it (a click then keeps it open) and on click (a tap); Escape and a click elsewhere close it.
 */
export function DocsVersionDropdown({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const choice = useVersionChoice(item.docsPluginId);
  const page = usePageVersion();
  const { pathname } = useNavigation();
  const { open, close, menuId, rootProps, toggleProps } = useDropdown(pathname);
  if (!choice) return null;
  const chosen = choice.versions.versions.find((version) => version.name === choice.chosen)!;
  const active = choice.active !== null && !item.dropdownActiveClassDisabled;
  const choose = (name: string) => {
    storePreferredVersion(choice.pluginId, name);
    close();
    onNavigate?.();
  };
  return (
    // A mouse opens it by hovering; a tap (which also sends mouse events) only by the button's click.
    <div
      className="dropdown"
      {...rootProps}
    >
      <button
        {...replayedControl}
        type="button"
        className={`navbar__link dropdown__toggle${active ? ' navbar__link--active' : ''}`}
        {...toggleProps}
        aria-label={item.ariaLabel ?? translate({ id: 'sipadocs.versionDropdown.ariaLabel', message: 'Docs version: {versionLabel}' }, { versionLabel: chosen.label })}
      >
        {item.label || chosen.label}
      </button>
      <ul className="dropdown__menu" id={menuId} hidden={!open}>
        {(item.dropdownItemsBefore ?? []).map((extra) => <li key={`before-${extra.label}`}><ExtraLink item={extra} onNavigate={onNavigate} /></li>)}
        {choice.versions.versions.map((version) => {
          const current = version.name === choice.active;
          return (
            <li key={version.name}>
              <Link
                className={`dropdown__link${current ? ' dropdown__link--active' : ''}`}
                to={versionTarget(choice, version.name, page, pathname)}
                aria-current={current ? 'page' : undefined}
                onClick={() => choose(version.name)}
              >
                {version.label}
              </Link>
            </li>
          );
        })}
        {(item.dropdownItemsAfter ?? []).map((extra) => <li key={`after-${extra.label}`}><ExtraLink item={extra} onNavigate={onNavigate} /></li>)}
      </ul>
    </div>
  );
}

/** The navbar's `docsVersion` item: a link to the chosen version's main doc, labelled with the version unless it has a label. */
export function DocsVersionLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const choice = useVersionChoice(item.docsPluginId);
  const { pathname } = useNavigation();
  if (!choice) return null;
  const chosen = choice.versions.versions.find((version) => version.name === choice.chosen)!;
  const active = choice.active !== null;
  return (
    <Link className={`navbar__link${active ? ' navbar__link--active' : ''}`} to={chosen.mainDoc} aria-current={pathname === chosen.mainDoc ? 'page' : undefined} onClick={onNavigate}>
      {item.label || chosen.label}
    </Link>
  );
}

/**
 * Where a navbar link to a doc leads: the doc in the chosen version of its docs instance when it
 * has one there, else where the config says.
 */
export function useVersionedTo(item: NavItem): string | undefined {
  const choice = useVersionChoice(item.docVersions?.pluginId ?? 'default');
  if (!item.docVersions || !choice) return item.to;
  return item.docVersions.routes[choice.chosen] ?? item.to;
}
