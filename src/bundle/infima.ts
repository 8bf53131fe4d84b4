import path from 'node:path';
import type { PlannedRoute } from '../model/routes.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import type { ThemeOverrides } from './themeOverrides.js';

/** The Infima classes landing pages written for Docusaurus use (hero, buttons, grid, helpers), in the theme's colours. */
export const INFIMA_STYLESHEET = path.join(PACKAGE_ROOT, 'templates', 'css', 'infima.css');

/**
 * The style sheets the site adds to the theme's: its custom CSS, after Infima's classes when the
 * site has React pages or replaces theme components (code written for Docusaurus uses them; a
 * site of markdown alone does not load them).
 */
export function siteStylesheets(customCss: string[], routes: PlannedRoute[], overrides: ThemeOverrides): string[] {
  const extended = Object.keys(overrides).length > 0 || routes.some((route) => route.content?.kind === 'page');
  return extended ? [INFIMA_STYLESHEET, ...customCss] : customCss;
}
