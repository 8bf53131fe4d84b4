/** Public API of the sipadocs package, for site config and sidebars files. */
export { defineConfig, defineSidebars } from './config/defineConfig.js';
export type { SidebarsConfig, SidebarConfigItem } from './config/defineConfig.js';
export type { UserConfig } from './config/types.js';
