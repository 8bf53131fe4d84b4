import path from 'node:path';
import type { ConfiguredSitePlugin, PluginEntry } from './pluginApi.js';
import type { ValidationIssue } from './validate.js';

/**
 * What the schema cannot say of `plugins`: each entry is a function, a module's path, or
 * `[function or path, options]` (false and null, as Docusaurus allows, are left out).
 */
export function pluginEntryIssues(config: unknown): ValidationIssue[] {
  const list = (config as { plugins?: unknown } | null)?.plugins;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown, i) => {
    if (entry === false || entry === null) return [];
    const head = Array.isArray(entry) ? entry[0] : entry;
    if ((typeof head === 'function' || (typeof head === 'string' && head.trim() !== '')) && (!Array.isArray(entry) || entry.length <= 2)) return [];
    const where = `plugins.${i}`;
    return [{ path: where, message: `${where} is not a plugin: give its function, the path of its module ("./plugins/my-plugin", "docusaurus-lunr-search"), or [plugin, options]` }];
  });
}

/**
 * The config's plugins as the build runs them: a module path relative to the site folder made
 * absolute (a package's name is kept, resolved from the site when the plugin is loaded).
 */
export function configuredPlugins(entries: PluginEntry[] | undefined, siteDir: string): ConfiguredSitePlugin[] {
  const result: ConfiguredSitePlugin[] = [];
  (entries ?? []).forEach((entry, i) => {
    if (entry === false || entry === null) return;
    const [head, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
    const plugin = typeof head === 'string' && /^\.{1,2}[\\/]/.test(head) ? path.resolve(siteDir, head) : head;
    const named = typeof head === 'string' ? ` (${head})` : typeof head === 'function' && head.name ? ` (${head.name})` : '';
    const id = (options as { id?: unknown } | undefined)?.id;
    result.push({ plugin, options: options ?? {}, where: `plugins.${i}${named}`, id: typeof id === 'string' ? id : 'default' });
  });
  return result;
}
