// No imports and no DOM at load time: the build imports this to write each page's <head>.
export type ColorMode = 'light' | 'dark';
export const COLOR_MODE_KEY = 'theme';

/**
 * Inline script for <head>: sets data-theme before first paint, from the stored choice, else the
 * system preference (when respected), else the configured default. While no choice is stored it
 * also follows live changes of the system preference; the toggle watches data-theme. Kept tiny
 * and dependency-free.
 */
export function colorModeScript(defaultMode: ColorMode, respectPrefersColorScheme: boolean): string {
  const stored = `function g(){try{var v=localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)});return v==='light'||v==='dark'?v:null}catch(x){return null}}`;
  const apply = "function a(t){e.setAttribute('data-theme',t);e.style.colorScheme=t}";
  if (!respectPrefersColorScheme) {
    return `(function(){var d=${JSON.stringify(defaultMode)},e=document.documentElement;${stored}${apply}a(g()||d)})()`;
  }
  // The listener is added after the mode is set, so a browser that cannot add it still gets the mode.
  return `(function(){var d=${JSON.stringify(defaultMode)},e=document.documentElement,m=matchMedia('(prefers-color-scheme: dark)');${stored}${apply}function s(){return m.matches?'dark':matchMedia('(prefers-color-scheme: light)').matches?'light':d}a(g()||s());try{m.addEventListener('change',function(){if(!g())a(s())})}catch(x){}})()`;
}
