import { useCallback, useSyncExternalStore } from 'react';
import { useSiteData } from '../../src/client/siteContext.js';
import { siteStorage } from '../../src/client/storage.js';
import { COLOR_MODE_KEY, type ColorMode } from './colorModeScript.js';

export { COLOR_MODE_KEY, type ColorMode };

export function currentColorMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
}

export function applyColorMode(mode: ColorMode, persist: boolean): void {
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.style.colorScheme = mode;
  if (persist) siteStorage().set(COLOR_MODE_KEY, mode);
}

const subscribeToTheme = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
};

/**
 * The colour mode shown and a way to change it (`useColorMode` of `@docusaurus/theme-common`).
 * The server render and hydration see the site's default mode (the server cannot know the
 * visitor's); the real one follows at once, and every change after.
 */
export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode) => void; isDarkTheme: boolean } {
  const { colorMode: settings } = useSiteData();
  const colorMode = useSyncExternalStore(subscribeToTheme, currentColorMode, () => settings.defaultMode);
  const setColorMode = useCallback((mode: ColorMode) => applyColorMode(mode, true), []);
  return { colorMode, setColorMode, isDarkTheme: colorMode === 'dark' };
}
