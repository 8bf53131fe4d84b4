import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSiteData } from '../../src/client/siteContext.js';
import { applyColorMode, currentColorMode, type ColorMode } from '../layout/colorMode.js';

export type { ColorMode };

const subscribeToTheme = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
};

/**
 * `useColorMode` of `@docusaurus/theme-common`: the colour mode shown and a way to change it.
 * The server render and hydration see the site's default mode (the server cannot know the
 * visitor's); the real one follows at once, and every change after.
 */
export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode) => void; isDarkTheme: boolean } {
  const { colorMode: settings } = useSiteData();
  const colorMode = useSyncExternalStore(subscribeToTheme, currentColorMode, () => settings.defaultMode);
  const setColorMode = useCallback((mode: ColorMode) => applyColorMode(mode, true), []);
  return { colorMode, setColorMode, isDarkTheme: colorMode === 'dark' };
}

/** `useThemeConfig` of `@docusaurus/theme-common`: the theme's settings the site gave, in Docusaurus's shape. */
export function useThemeConfig() {
  const site = useSiteData();
  return useMemo(
    () => ({
      navbar: { ...site.navbar },
      footer: { links: site.footer.columns, copyright: site.footer.copyright },
      colorMode: { ...site.colorMode },
      announcementBar: site.announcementBar,
      docs: { sidebar: { hideable: site.docs.sidebarHideable, autoCollapseCategories: site.docs.autoCollapseCategories }, versionPersistence: site.docs.versionPersistence },
      metadata: [] as Array<Record<string, string>>,
    }),
    [site],
  );
}

const DESKTOP_WIDTH = 996;
const subscribeToSize = (onChange: () => void) => {
  addEventListener('resize', onChange);
  return () => removeEventListener('resize', onChange);
};

/** `useWindowSize` of `@docusaurus/theme-common`: 'desktop' or 'mobile' (at Docusaurus's 996px), 'ssr' on the server and while hydrating. */
export function useWindowSize(): 'desktop' | 'mobile' | 'ssr' {
  return useSyncExternalStore(subscribeToSize, () => (window.innerWidth > DESKTOP_WIDTH ? 'desktop' : 'mobile'), () => 'ssr' as const);
}
