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
