import path from 'node:path';
import { readThemeDir, type SiteThemeFolder } from '../bundle/themeOverrides.js';
import type { PluginBundleParts } from '../bundle/virtualModules.js';
import type { SiteConfig } from '../config/types.js';
import type { SiteModel } from '../model/model.js';
import { reactPageAt } from '../model/pages.js';
import type { PluginsOutcome } from './runPlugins.js';

/** The config with the plugins' tags: theirs after the config's own in <head>, and at the end of <body>. */
export function withPluginTags(config: SiteConfig, outcome: PluginsOutcome): SiteConfig {
  if (outcome.headTags.length === 0 && outcome.bodyTags.length === 0) return config;
  return Object.freeze({ ...config, headTags: [...config.headTags, ...outcome.headTags], bodyTags: outcome.bodyTags });
}

/**
 * The site's theme folder with the plugins' theme folders behind it (`getThemePath`): a component
 * the site replaces itself stays the site's; of two plugins giving one, the first listed wins.
 */
export function withPluginThemes(theme: SiteThemeFolder, outcome: PluginsOutcome): SiteThemeFolder {
  if (outcome.themePaths.length === 0) return theme;
  const merged: SiteThemeFolder = { overrides: { ...theme.overrides }, modules: { ...theme.modules } };
  for (const dir of outcome.themePaths) {
    const given = readThemeDir(dir);
    for (const [name, file] of Object.entries(given.overrides)) merged.overrides[name as keyof typeof merged.overrides] ??= file;
    for (const [name, file] of Object.entries(given.modules)) merged.modules[name] ??= file;
  }
  return merged;
}

/**
 * The plugins' routes as React pages of the model, each rendered by the module written for it;
 * a route a page or doc of the site already has stays theirs (the build warns of the duplicate).
 */
export function addPluginPages(model: SiteModel, outcome: PluginsOutcome, config: SiteConfig): void {
  for (const { route, module } of outcome.routes) {
    model.pages.push(reactPageAt(route, path.relative(config.siteDir, module).split(path.sep).join('/'), module, { min: config.toc.minHeadingLevel, max: config.toc.maxHeadingLevel }));
  }
}

/** What the plugins give the bundles, or nothing for a site without plugins (its bundles are as they were). */
export function pluginBundleParts(outcome: PluginsOutcome): PluginBundleParts | undefined {
  if (outcome.plugins.length === 0) return undefined;
  return { globalData: outcome.globalData, clientModules: outcome.clientModules, aliases: outcome.aliases };
}
