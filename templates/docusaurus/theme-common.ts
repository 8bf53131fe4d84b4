import { useMemo, useSyncExternalStore } from 'react';
import { useSiteData } from '../../src/client/siteContext.js';
import type { ColorMode } from '../layout/colorMode.js';

export type { ColorMode };
/** `useColorMode`: the colour mode shown (`colorMode`, `isDarkTheme`) and `setColorMode`. */
export { useColorMode } from '../layout/colorMode.js';
/** Where Docusaurus 2 had them (3 moved them to `@docusaurus/plugin-content-docs/client`). */
export { useCurrentSidebarCategory, useDocsSidebar } from './plugin-content-docs/client.js';

/** `useThemeConfig` of `@docusaurus/theme-common`: the theme's settings the site gave, in Docusaurus's shape. */
export function useThemeConfig() {
  const site = useSiteData();
  return useMemo(
    () => ({
      navbar: { ...site.navbar },
      footer: { links: site.footer.columns, copyright: site.footer.copyright, style: site.footer.style, logo: site.footer.logo },
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
