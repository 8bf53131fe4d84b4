import { replacesContentComponent, type SiteThemeFolder } from '../../bundle/themeOverrides.js';
import { pluginsFor, type SitePlugins } from '../../config/sitePlugins.js';
import type { ContentScope } from './compileJob.js';

/**
 * Plugins known to change only pages that hold a mark they look for: a page without it is left
 * as it is. Each test may say yes for a page the plugin leaves alone, never no for one it changes.
 */
const PLUGIN_TRIGGERS: Record<string, (body: string) => boolean> = {
  // Code blocks whose meta is "npm2yarn".
  '@docusaurus/remark-plugin-npm2yarn': (body) => body.includes('npm2yarn'),
  // Code blocks whose meta holds "tab".
  'docusaurus-remark-plugin-tab-blocks': (body) => /^[ \t]*(?:`{3,}|~{3,})[^\n]*tab/m.test(body),
};

/**
 * Whether a page may take the fast path, which renders markdown with the theme's own components
 * and the generator's own plugins: not when the site replaces a component the fast path writes
 * into pages (the MDX path then renders them with the replacement), nor when a plugin of the site
 * applies to the page and may change it.
 */
export function fastPathFor(theme: SiteThemeFolder, plugins: SitePlugins): (scope: ContentScope, body: string) => boolean {
  const replaced = replacesContentComponent(theme.overrides);
  return (scope, body) => {
    if (replaced) return false;
    const lists = pluginsFor(plugins, scope);
    return Object.values(lists).every((list) =>
      list.every(({ source }) => {
        const trigger = source.kind === 'package' ? PLUGIN_TRIGGERS[source.name] : undefined;
        return trigger !== undefined && !trigger(body);
      }),
    );
  };
}
