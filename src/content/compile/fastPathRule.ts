import { replacesContentComponent, type SiteThemeFolder } from '../../bundle/themeOverrides.js';
import type { ContentScope } from './compileJob.js';

/**
 * Whether the pages of a part of the site may take the fast path, which renders markdown with the
 * theme's own components and the generator's own plugins: not when the site replaces a component
 * the fast path writes into pages (then the MDX path renders them with the replacement).
 */
export function fastPathFor(theme: SiteThemeFolder): (scope: ContentScope) => boolean {
  const replaced = replacesContentComponent(theme.overrides);
  return () => !replaced;
}
