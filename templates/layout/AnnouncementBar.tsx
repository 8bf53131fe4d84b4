import { useEffect, useState } from 'react';
import { Link } from '../../src/client/navigation.js';
import { siteStorage } from '../../src/client/storage.js';
import type { AnnouncementBar as Bar } from '../../src/shared/types.js';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from './announcementScript.js';
import { linkTarget } from '../../src/shared/paths.js';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { translate } from '../../src/shared/translate.js';

/** A dismissible bar above the navbar; dismissal is stored and forgotten when the bar's id changes. */
export function AnnouncementBar({ bar }: { bar: Bar }) {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const storage = siteStorage();
    if (storage.get(ANNOUNCEMENT_ID_KEY) !== bar.id) {
      storage.set(ANNOUNCEMENT_ID_KEY, bar.id);
      storage.remove(ANNOUNCEMENT_DISMISS_KEY);
      document.documentElement.removeAttribute('data-announcement-dismissed');
    }
    setDismissed(storage.get(ANNOUNCEMENT_DISMISS_KEY) === 'true');
  }, [bar.id]);
  if (dismissed) return null;
  return (
    <div className="announcement" role="region" aria-label={translate({ id: 'sipadocs.announcementBar.ariaLabel', message: 'Announcement' })} style={bar.backgroundColor || bar.textColor ? { background: bar.backgroundColor, color: bar.textColor } : undefined}>
      <p className="announcement__content">
        {bar.content}{' '}
        {bar.link ? (
          bar.link.to ? <Link {...linkTarget(bar.link.to)}>{bar.link.label}</Link> : <a href={bar.link.href}>{bar.link.label}</a>
        ) : null}
      </p>
      {bar.isCloseable ? (
        <button
          {...replayedControl}
          type="button"
          className="announcement__close"
          aria-label={translate({ id: 'theme.AnnouncementBar.closeButtonAriaLabel', message: 'Dismiss the announcement' })}
          onClick={() => {
            siteStorage().set(ANNOUNCEMENT_DISMISS_KEY, 'true');
            document.documentElement.setAttribute('data-announcement-dismissed', 'true');
            setDismissed(true);
          }}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" /></svg>
        </button>
      ) : null}
    </div>
  );
}
