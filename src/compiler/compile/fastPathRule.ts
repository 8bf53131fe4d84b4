import { pluginsFor, type SitePlugins } from '../../config/sitePlugins.js';
import type { Mdx1Compat } from '../../config/mdx1Compat.js';
import { mayHaveH1 } from '../mdx/contentTitle.js';
import { isStaticPage } from '../static/isStaticPage.js';

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

/** What of a page the choice depends on (see CompileJob). */
export interface FastPathPage {
  /** The part of the site it belongs to: `docs:<instance>`, `blog` or `pages` (the default). */
  scope?: string;
  body: string;
  format: 'md' | 'mdx';
  /** The front matter when the body reads it, else null. */
  frontMatter: unknown;
}

/** What of a site the choice depends on (in the compile settings, so in every compiled page's key). */
export interface FastPathSite {
  /** The site replaces a theme component the fast path writes into pages. */
  replacesContent?: boolean;
  plugins?: SitePlugins;
  mdx1Compat?: Mdx1Compat;
}

/**
 * Whether a page takes the fast path, which renders markdown with the theme's own components and
 * the generator's own plugins (see static/renderStaticPage.ts). The one place that decides it, but
 * for what the fast path finds only while rendering, when it gives the page back to the MDX path
 * (`needsMdxPath`). Not when:
 *
 * - the site replaces a component the fast path writes into pages (the MDX path then renders
 *   them with the replacement);
 * - a plugin of the site applies to the page and may change it;
 * - the page reads its front matter (`frontMatter` in an expression);
 * - the site reads `:::tip Title` or `{#id}` otherwise than Docusaurus does by default (mdx1Compat);
 * - it is a blog post that may start with an h1, which only the MDX path takes out (see contentTitle.ts);
 * - it has JSX, expressions or imports (a cheap scan, see isStaticPage.ts).
 */
export function takesFastPath(page: FastPathPage, site: FastPathSite): boolean {
  if (site.replacesContent || page.frontMatter !== null) return false;
  const compat = site.mdx1Compat;
  if (compat && !(compat.admonitions && compat.headingIds)) return false;
  const scope = page.scope ?? 'pages';
  if (scope === 'blog' && mayHaveH1(page.body)) return false;
  if (site.plugins && !pluginsLeaveAlone(site.plugins, scope, page.body)) return false;
  return isStaticPage(page.body, page.format);
}

/** Whether no plugin of the site applying to this part of it may change a page with this body. */
function pluginsLeaveAlone(plugins: SitePlugins, scope: string, body: string): boolean {
  return Object.values(pluginsFor(plugins, scope)).every((list) =>
    list.every(({ source }) => {
      const trigger = source.kind === 'package' ? PLUGIN_TRIGGERS[source.name] : undefined;
      return trigger !== undefined && !trigger(body);
    }),
  );
}
