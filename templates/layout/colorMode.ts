import { siteStorage } from '../../src/client/storage.js';

export type ColorMode = 'light' | 'dark';
export const COLOR_MODE_KEY = 'theme';

/**
 * Inline script for <head>: sets data-theme before first paint, from the stored choice, else the
 * system preference, else the configured default. Kept tiny and dependency-free.
 */
export function colorModeScript(defaultMode: ColorMode, respectPrefersColorScheme: boolean): string {
  return `(function(){var d=${JSON.stringify(defaultMode)},t=null;try{t=localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)})}catch(e){}if(t!=='light'&&t!=='dark'){t=d;${
    respectPrefersColorScheme
      ? "if(window.matchMedia('(prefers-color-scheme: dark)').matches)t='dark';else if(window.matchMedia('(prefers-color-scheme: light)').matches)t='light';"
      : ''
  }}document.documentElement.setAttribute('data-theme',t);document.documentElement.style.colorScheme=t})()`;
}

export function currentColorMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
}

export function applyColorMode(mode: ColorMode, persist: boolean): void {
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.style.colorScheme = mode;
  if (persist) siteStorage().set(COLOR_MODE_KEY, mode);
}
