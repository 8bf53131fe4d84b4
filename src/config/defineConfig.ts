import type { SidebarsConfig } from './sidebarsConfig.js';
import type { UserConfig } from './types.js';

export type { SidebarConfigItem, SidebarsConfig } from './sidebarsConfig.js';

/** Identity helper that gives site/sipadocs.config.ts its types. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

/** Identity helper that gives site/sidebars.ts its types. */
export function defineSidebars(sidebars: SidebarsConfig): SidebarsConfig {
  return sidebars;
}
