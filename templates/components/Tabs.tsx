import { Children, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { onStorageChange, siteStorage } from '../../src/client/storage.js';
import type { TabItemProps } from './TabItem.js';
import { replayedControl } from '../../src/shared/earlyInput.js';

export const TAB_STORAGE_PREFIX = 'docusaurus.tab.';
const SYNC_EVENT = 'sipa:tab-group';

export interface TabsProps {
  /** Tabs with the same groupId switch together and remember the choice. */
  groupId?: string;
  defaultValue?: string;
  /**
   * The chosen tab is in the page's address, as in Docusaurus: `?<key>=<value>` opens that tab and
   * choosing one writes it there. `true` takes `groupId` as the key, a string is the key.
   */
  queryString?: string | boolean;
  /** Class of the tab list, as Docusaurus's `className`. */
  className?: string;
  children?: ReactNode;
}

/** The query parameter a group's choice is kept in, or null (`queryString: true` needs a `groupId`). */
export function tabQueryKey(queryString: string | boolean | undefined, groupId: string | undefined): string | null {
  if (typeof queryString === 'string' && queryString !== '') return queryString;
  return queryString === true && groupId ? groupId : null;
}

/** Writes the choice into the address without a new history entry, the router's state kept. */
function writeQuery(key: string, value: string): void {
  const url = new URL(location.href);
  if (url.searchParams.get(key) === value) return;
  url.searchParams.set(key, value);
  history.replaceState(history.state, '', url);
}

/** Accessible tabs (roles tab/tablist/tabpanel, arrow keys), synced by groupId and remembered. */
export default function Tabs({ groupId, defaultValue, queryString, className, children }: TabsProps) {
  const items = Children.toArray(children).filter(isValidElement) as ReactElement<TabItemProps>[];
  const values = items.map((item) => item.props.value);
  const initial = defaultValue ?? items.find((item) => item.props.default)?.props.value ?? values[0] ?? '';
  const [selected, setSelected] = useState(initial);
  const id = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const queryKey = tabQueryKey(queryString, groupId);
  useEffect(() => {
    // The address wins over a stored choice, as in Docusaurus.
    const fromQuery = queryKey ? new URLSearchParams(location.search).get(queryKey) : null;
    if (fromQuery !== null && values.includes(fromQuery)) {
      setSelected(fromQuery);
      if (groupId) siteStorage().set(TAB_STORAGE_PREFIX + groupId, fromQuery);
    }
    if (!groupId) return;
    const stored = siteStorage().get(TAB_STORAGE_PREFIX + groupId);
    if (stored && values.includes(stored) && (fromQuery === null || !values.includes(fromQuery))) setSelected(stored);
    const onSync = (event: Event) => {
      const detail = (event as CustomEvent<{ groupId: string; value: string }>).detail;
      if (detail.groupId === groupId && values.includes(detail.value)) setSelected(detail.value);
    };
    window.addEventListener(SYNC_EVENT, onSync);
    const off = onStorageChange(TAB_STORAGE_PREFIX + groupId, (value) => value && values.includes(value) && setSelected(value));
    return () => {
      window.removeEventListener(SYNC_EVENT, onSync);
      off();
    };
    // values are derived from children; the group id identifies the subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groupId, queryKey]);

  const select = (value: string) => {
    setSelected(value);
    if (queryKey) writeQuery(queryKey, value);
    if (groupId) {
      siteStorage().set(TAB_STORAGE_PREFIX + groupId, value);
      window.dispatchEvent(new CustomEvent(SYNC_EVENT, { detail: { groupId, value } }));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    select(values[next]!);
  };

  return (
    <div className="tabs">
      <div role="tablist" className={className ? `tabs__list ${className}` : 'tabs__list'} aria-orientation="horizontal">
        {items.map((item, i) => {
          const active = item.props.value === selected;
          return (
            <button
              {...replayedControl}
              key={item.props.value}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={active ? 0 : -1}
              className={`tabs__tab${active ? ' tabs__tab--active' : ''}`}
              onClick={() => select(item.props.value)}
              onKeyDown={(event) => onKeyDown(event, i)}
            >
              {item.props.label ?? item.props.value}
            </button>
          );
        })}
      </div>
      {items.map((item, i) => (
        <div
          key={item.props.value}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={item.props.value !== selected}
          className="tabs__panel"
          tabIndex={0}
        >
          {/* The item itself, so that a site's replacement of TabItem renders, as in Docusaurus. */}
          {item}
        </div>
      ))}
    </div>
  );
}
