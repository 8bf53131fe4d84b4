import { useEffect, useState } from 'react';
import { onStorageChange } from '../../src/client/storage.js';
import { applyColorMode, COLOR_MODE_KEY, currentColorMode, type ColorMode } from './colorMode.js';
import { replayedControl } from '../../src/shared/earlyInput.js';

/**
 * Switch button between light and dark; the choice is stored under "theme" and synced across tabs.
 * Until a choice is stored, the head script (colorMode.ts) follows the system preference.
 */
export function ColorModeToggle() {
  // null until mounted: the server cannot know the mode, so the first render must not depend on it.
  const [mode, setMode] = useState<ColorMode | null>(null);
  useEffect(() => {
    setMode(currentColorMode());
    // The button follows data-theme whoever sets it: the head script following the system
    // preference, another tab's choice, or this button.
    const observer = new MutationObserver(() => setMode(currentColorMode()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const stopSync = onStorageChange(COLOR_MODE_KEY, (value) => {
      if (value === 'light' || value === 'dark') applyColorMode(value, false);
    });
    return () => {
      observer.disconnect();
      stopSync();
    };
  }, []);
  const next: ColorMode = mode === 'light' ? 'dark' : 'light';
  return (
    <button
      {...replayedControl}
      type="button"
      className="color-mode-toggle"
      aria-label={mode ? `Switch to ${next} mode (currently ${mode} mode)` : 'Switch between dark and light mode'}
      title={mode ? `Switch to ${next} mode` : 'Switch colour mode'}
      onClick={() => {
        const target = mode === null ? (currentColorMode() === 'light' ? 'dark' : 'light') : next;
        applyColorMode(target, true);
        setMode(target);
      }}
    >
      <svg className="color-mode-toggle__sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" stroke="currentColor" strokeWidth="2" />
      </svg>
      <svg className="color-mode-toggle__moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" fill="currentColor" />
      </svg>
    </button>
  );
}
