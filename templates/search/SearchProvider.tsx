import { createContext, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { contextualSearchTags, excludedSearchScopes, usePageVersion } from '../../src/client/docsVersion.js';
import { useNavigation } from '../../src/client/navigation.js';
import type { ClientSiteData } from '../../src/shared/types.js';
import type { SearchDialogProps } from './SearchDialog.js';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { translate } from '../../src/shared/translate.js';

/**
 * What every page carries of search: this provider, the navbar button and the keyboard shortcuts.
 * The dialog (and pagefind, which it loads) is a separate chunk imported on first use, so a visit
 * that does not search downloads none of it. A site with `algolia` opens DocSearch instead, also
 * a chunk loaded on first use (see docSearch.ts).
 */
interface SearchControls {
  /** Opens the dialog (loading it first if needed). */
  open(): void;
  /** Starts loading the dialog's code ahead of a likely click (hover, focus). */
  warmUp(): void;
}

const SearchContext = createContext<SearchControls | null>(null);

/** Null when the site has no search index (a noIndex site). */
export function useSearch(): SearchControls | null {
  return useContext(SearchContext);
}

/** True when a key typed now goes into a text field (where "/" is a character, not a shortcut). */
function isEditable(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || !element.tagName) return false;
  return element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName);
}

export function SearchProvider({ site, children }: { site: ClientSiteData; children: ReactNode }) {
  const { navigate } = useNavigation();
  const pageVersion = usePageVersion();
  // The open dialog's component, or null while it is closed.
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  /** What had focus before the dialog opened: focus goes back there when it closes. */
  const returnFocus = useRef<Element | null>(null);
  const controls = useRef<SearchControls>(undefined);
  // What DocSearch reads when it opens: the latest of the page's values.
  const current = useRef({ site, navigate, pageVersion });
  current.current = { site, navigate, pageVersion };
  if (!controls.current && site.algolia) {
    let loading: Promise<typeof import('sipa:docsearch')> | null = null;
    const load = () =>
      (loading ??= import('sipa:docsearch').catch((error: unknown) => {
        loading = null;
        throw error;
      }));
    controls.current = {
      warmUp: () => void load().catch(() => {}),
      open() {
        returnFocus.current = document.activeElement;
        load().then(
          ({ openDocSearch }) => {
            const { site: now, navigate: go, pageVersion: version } = current.current;
            openDocSearch?.({
              algolia: now.algolia!,
              baseUrl: now.baseUrl,
              navigate: go,
              tags: contextualSearchTags(now, version),
              onClose: () => (returnFocus.current as HTMLElement | null)?.focus?.(),
            });
          },
          () => {},
        );
      },
    };
  }
  if (!controls.current) {
    let loading: Promise<ComponentType<SearchDialogProps>> | null = null;
    const load = () =>
      (loading ??= import('./SearchDialog.js').then(
        (module) => module.SearchDialog,
        (error: unknown) => {
          // A failed download (offline, a new deploy) is tried again on the next open.
          loading = null;
          throw error;
        },
      ));
    controls.current = {
      warmUp: () => void load().catch(() => {}),
      open() {
        returnFocus.current = document.activeElement;
        load().then((component) => setDialog(() => component), () => {});
      },
    };
  }
  const { open } = controls.current;

  const searchable = site.search || site.algolia !== undefined;
  useEffect(() => {
    if (!searchable) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.shiftKey;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !isEditable(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchable, open]);

  return (
    <SearchContext.Provider value={searchable ? controls.current : null}>
      {children}
      {Dialog ? (
        <Dialog
          baseUrl={site.baseUrl}
          navigate={navigate}
          returnFocus={returnFocus.current}
          onClose={() => setDialog(null)}
          excludeScopes={excludedSearchScopes(site, pageVersion)}
        />
      ) : null}
    </SearchContext.Provider>
  );
}

/** The navbar's search button, with its shortcut; on narrow screens only its icon (drawn in CSS) shows. */
export function SearchButton() {
  const search = useSearch();
  // The server cannot know the visitor's platform: "Ctrl" until the page knows it is an Apple one.
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(/Mac|iPhone|iPad/.test(navigator.platform)), []);
  if (!search) return null;
  return (
    <button
      {...replayedControl}
      type="button"
      className="search-button"
      aria-keyshortcuts="Control+K Meta+K /"
      onClick={search.open}
      onPointerEnter={search.warmUp}
      onFocus={search.warmUp}
    >
      <span className="search-button__label">{translate({ id: 'theme.SearchBar.label', message: 'Search' })}</span>
      <kbd className="search-button__keys" aria-hidden="true">{apple ? '⌘' : 'Ctrl'} K</kbd>
    </button>
  );
}
