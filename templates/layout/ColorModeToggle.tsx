import { useEffect, useState } from 'react';
import { onStorageChange } from '../../src/client/storage.js';
import { applyColorMode, COLOR_MODE_KEY, currentColorMode, type ColorMode } from './colorMode.js';
import { replayedControl } from '../../src/shared/earlyInput.js';
import { translate } from '../../src/shared/translate.js';

export interface ColorModeToggleProps {
  /** Class of the toggle's wrapper, and of its button (as Docusaurus's props). */
  className?: string;
  buttonClassName?: string;
  /** The mode shown, when the caller keeps it (the navbar passes it, as Docusaurus's does). */
  value?: ColorMode;
  /** Called with the mode chosen instead of applying it, when given. */
  onChange?: (mode: ColorMode) => void;
}

/**
 * Switch button between light and dark; the choice is stored under "theme" and synced across tabs.
 * Until a choice is stored, the head script (colorMode.ts) follows the system preference. Its
 * props are Docusaurus's, so a site's replacement (`src/theme/ColorModeToggle`) gets `value` and
 * `onChange` as there.
 */
export function ColorModeToggle({ className, buttonClassName, value, onChange }: ColorModeToggleProps) {
  // null until mounted: the server cannot know the mode, so the first render must not depend on it.
  const [own, setOwn] = useState<ColorMode | null>(null);
  useEffect(() => {
    setOwn(currentColorMode());
    // The button follows data-theme whoever sets it: the head script following the system
    // preference, another tab's choice, or this button.
    const observer = new MutationObserver(() => setOwn(currentColorMode()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const stopSync = onStorageChange(COLOR_MODE_KEY, (stored) => {
      if (stored === 'light' || stored === 'dark') applyColorMode(stored, false);
    });
    return () => {
      observer.disconnect();
      stopSync();
    };
  }, []);
  // Once mounted, the caller's value when it keeps one.
  const mode = own === null ? null : (value ?? own);
  const next: ColorMode = mode === 'light' ? 'dark' : 'light';
  const modeName = (name: ColorMode) => (name === 'dark' ? translate({ id: 'theme.colorToggle.ariaLabel.mode.dark', message: 'dark mode' }) : translate({ id: 'theme.colorToggle.ariaLabel.mode.light', message: 'light mode' }));
  const label = mode ? translate({ id: 'theme.colorToggle.ariaLabel', message: 'Switch to {next} (currently {mode})' }, { next: modeName(next), mode: modeName(mode) }) : translate({ id: 'sipadocs.colorToggle.ariaLabel', message: 'Switch between dark and light mode' });
  const button = (
    <button
      {...replayedControl}
      type="button"
      className={buttonClassName ? `color-mode-toggle ${buttonClassName}` : 'color-mode-toggle'}
      aria-label={label}
      title={label}
      onClick={() => {
        const target = mode === null ? (currentColorMode() === 'light' ? 'dark' : 'light') : next;
        if (onChange) onChange(target);
        else applyColorMode(target, true);
        setOwn(target);
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
  return className ? <div className={className}>{button}</div> : button;
}
