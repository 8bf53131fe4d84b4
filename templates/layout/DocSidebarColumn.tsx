import { useEffect, useRef, useState } from 'react';
import { useSiteData } from '../../src/client/siteContext.js';
import type { SidebarView } from '../../src/shared/types.js';
import { DocSidebar } from './DocSidebar.js';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { translate } from '../../src/shared/translate.js';

/** Whether the visitor hid the sidebar: kept while they navigate from page to page (module state lives as long as the tab). */
let hiddenByVisitor = false;

/**
 * The docs page's sidebar column. With `docs.sidebarHideable`, a button at its foot collapses it
 * to a narrow strip, whose own button brings it back; the content takes the room.
 */
export function DocSidebarColumn({ view }: { view: SidebarView }) {
  const hideable = useSiteData().docs.sidebarHideable;
  const [hidden, setHiddenState] = useState(() => hideable && hiddenByVisitor);
  const button = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  const setHidden = (value: boolean) => {
    hiddenByVisitor = value;
    moveFocus.current = true;
    setHiddenState(value);
  };
  // The button pressed is gone: the focus goes to the one that replaced it.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    button.current?.focus();
  }, [hidden]);
  if (hidden) {
    return (
      <aside className="doc-layout__sidebar doc-layout__sidebar--hidden">
        <button {...replayedControl} ref={button} type="button" className="sidebar-expand" aria-label={translate({ id: 'theme.docs.sidebar.expandButtonAriaLabel', message: 'Expand the sidebar' })} title={translate({ id: 'theme.docs.sidebar.expandButtonTitle', message: 'Expand the sidebar' })} onClick={() => setHidden(false)}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 3l5 5-5 5M8 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.75" /></svg>
        </button>
      </aside>
    );
  }
  return (
    <aside className="doc-layout__sidebar">
      <DocSidebar view={view} />
      {hideable ? (
        <button {...replayedControl} ref={button} type="button" className="sidebar-collapse" aria-label={translate({ id: 'theme.docs.sidebar.collapseButtonAriaLabel', message: 'Collapse the sidebar' })} title={translate({ id: 'theme.docs.sidebar.collapseButtonTitle', message: 'Collapse the sidebar' })} onClick={() => setHidden(true)}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M8 3L3 8l5 5M13 3L8 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.75" /></svg>
        </button>
      ) : null}
    </aside>
  );
}
