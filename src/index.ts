/**
 * Public API of the sipadocs package: the helpers that type a site's config and sidebars files,
 * and the commands as functions (see api.ts).
 */
export { defineConfig, defineSidebars } from './config/defineConfig.js';
export type { SidebarsConfig, SidebarConfigItem } from './config/defineConfig.js';
export type { UserConfig } from './config/types.js';
export { build, checkLinks, init, serve } from './api.js';
export type { BuildOptions, BuildResult, CheckLinksResult, InitResult, ServeOptions, SiteServer } from './api.js';
export type { BrokenLink } from './check/checkBuiltSite.js';
export { SiteError, SiteErrors, formatSiteError } from './errors.js';
export type { ErrorCode, SourceLocation } from './errors.js';
