import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { addSearchStyles, loadIndex, ResultLink, useSearchResults, type ResultOption } from './searchClient.js';
import { selectPlural, translate } from '../../src/shared/translate.js';
import { interpolate } from '../docusaurus/Interpolate.js';

/**
 * Loaded on first use only (see SearchProvider): the dialog, its styles, and pagefind's runtime.
 * It imports nothing of the entry but React, which it takes from the entry's registry of shared
 * modules (see REGISTRY_IMPORTERS in bundleSite.ts); the router comes as `navigate`.
 */
export interface SearchDialogProps {
  baseUrl: string;
  /** The client router's navigate (see Navigation). */
  navigate(href: string): void;
  /** What had focus before the dialog opened. */
  returnFocus: Element | null;
  /** Removes the dialog. */
  onClose(): void;
  /** Docs versions whose pages are left out of the results (see excludedSearchScopes). */
  excludeScopes: string[];
}

/**
 * The search dialog: a modal with a combobox input and a listbox of results grouped by page, each
 * page followed by its matching headings, each a link. Arrow keys move the active result, Enter
 * opens it through the client router (at its heading), Esc closes; Tab stays inside the dialog.
 */
export function SearchDialog({ baseUrl, navigate, returnFocus, onClose, excludeScopes }: SearchDialogProps) {
  // A new array at each render of the provider: its content is what counts.
  const scopes = excludeScopes.join('\n');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const uid = useId().replace(/[^\w-]/g, '');
  // Closing unmounts the dialog; a close event arriving after that (or twice) changes nothing.
  const closed = useRef(false);
  /** Closes; focus goes back where it was (else to the navbar's button), unless a result was opened. */
  const close = (restoreFocus: boolean) => {
    if (closed.current) return;
    closed.current = true;
    // The page behind a modal dialog is inert: it must close before anything there can take focus.
    dialogRef.current?.close();
    if (restoreFocus) {
      const previous = returnFocus as HTMLElement | null;
      const target = previous && previous !== document.body && previous.isConnected && previous.offsetParent !== null ? previous : document.querySelector<HTMLElement>('.search-button');
      target?.focus();
    }
    onClose();
  };
  const listId = `${uid}-results`;

  useLayoutEffect(() => {
    addSearchStyles();
    const dialog = dialogRef.current!;
    if (!dialog.open) dialog.showModal();
    inputRef.current?.focus();
    // Starts pagefind's downloads while the visitor types the first word.
    void loadIndex(baseUrl).catch(() => {});
  }, [baseUrl]);

  const { state, shown, showMore: showMoreResults } = useSearchResults(query, baseUrl, scopes, uid, 60, { onResults: () => setActive(0) });
  const showMore = async () => {
    await showMoreResults();
    inputRef.current?.focus();
  };

  const options = state.status === 'done' ? state.groups.flatMap((g) => g.options) : [];
  const activeOption = options[Math.min(active, options.length - 1)];

  useEffect(() => {
    if (activeOption) document.getElementById(activeOption.id)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  const openResult = (option: ResultOption) => {
    close(false);
    navigate(option.url);
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      openResult(activeOption);
    }
  };

  /** Keeps Tab inside the dialog: the page behind it is inert, but Tab could still reach the browser's own controls. */
  const onDialogKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialogRef.current!.querySelectorAll<HTMLElement>('input, button:not([disabled])')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  let status: ReactNode = null;
  if (state.status === 'loading') status = translate({ id: 'sipadocs.search.searching', message: 'Searching…' });
  else if (state.status === 'error') status = translate({ id: 'theme.SearchModal.errorScreen.titleText', message: 'Search is not available right now. Check the connection and type again.' });
  else if (state.status === 'done' && state.total === 0) status = translate({ id: 'sipadocs.search.noResults', message: 'No results for “{query}”.' }, { query: state.query });
  else if (state.status === 'done') status = selectPlural(translate({ id: 'theme.SearchPage.documentsFound.plurals', message: '1 page found.|{count} pages found.' }, { count: state.total }), state.total);

  const expanded = options.length > 0;
  return (
    <dialog
      ref={dialogRef}
      className="search-dialog"
      aria-label={translate({ id: 'theme.SearchModal.searchBox.searchInputLabel', message: 'Search the site' })}
      onCancel={(event) => {
        event.preventDefault();
        close(true);
      }}
      // Esc pressed again without user activation closes the dialog without a cancel event.
      onClose={() => close(true)}
      onKeyDown={onDialogKey}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current) close(true);
      }}
    >
      <div className="search-dialog__panel">
        <div className="search-dialog__bar">
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            ref={inputRef}
            className="search-dialog__input"
            type="search"
            role="combobox"
            aria-label={translate({ id: 'theme.SearchModal.searchBox.searchInputLabel', message: 'Search the site' })}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeOption?.id}
            autoComplete="off"
            spellCheck={false}
            placeholder={translate({ id: 'theme.SearchModal.placeholder', message: 'Search the docs and the blog' })}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onInputKey}
          />
          <button type="button" className="search-dialog__close" onClick={() => close(true)}>
            <span aria-hidden="true">Esc</span>
            <span className="visually-hidden">{translate({ id: 'theme.SearchModal.searchBox.cancelButtonText', message: 'Close search' })}</span>
          </button>
        </div>
        <div className="search-dialog__results">
          <p className="search-dialog__status" role="status">{status}</p>
          <div id={listId} role="listbox" aria-label={translate({ id: 'sipadocs.search.results', message: 'Results' })} className="search-results">
            {state.status === 'done'
              ? state.groups.map((group, g) => (
                  <div role="group" key={`${g}-${group.options[0]!.url}`} aria-label={group.title} className="search-results__page">
                    {group.options.map((option) => (
                      // The option is a link: it opens in a new tab (middle click, Ctrl+click) and its
                      // address can be copied. Out of the Tab order, as the focus stays in the input.
                      <ResultLink
                        key={option.id}
                        id={option.id}
                        role="option"
                        tabIndex={-1}
                        aria-selected={option === activeOption}
                        onMouseMove={() => setActive(options.indexOf(option))}
                        option={option}
                        onOpen={openResult}
                      />
                    ))}
                  </div>
                ))
              : null}
          </div>
          {state.status === 'done' && state.total > shown ? (
            <button type="button" className="search-dialog__more" onClick={() => void showMore()}>
              {translate({ id: 'sipadocs.search.showMore', message: 'Show more results ({count} more)' }, { count: state.total - shown })}
            </button>
          ) : null}
        </div>
        <p className="search-dialog__help" aria-hidden="true">
          {interpolate(translate({ id: 'sipadocs.search.help', message: '{up} {down} to move · {enter} to open · {esc} to close · {ctrl} {k} or {slash} to search' }), {
            up: <kbd>↑</kbd>,
            down: <kbd>↓</kbd>,
            enter: <kbd>Enter</kbd>,
            esc: <kbd>Esc</kbd>,
            ctrl: <kbd>Ctrl</kbd>,
            k: <kbd>K</kbd>,
            slash: <kbd>/</kbd>,
          })}
        </p>
      </div>
    </dialog>
  );
}
