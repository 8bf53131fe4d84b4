import { PLUGIN_LIST_KEYS, type PluginListKey } from '../config/sitePlugins.js';
import type { ConfigObject } from './evaluated.js';
import type { Evaluated } from './sandbox.js';

/** The four plugin lists of a Docusaurus content plugin's options, as evaluated (module stubs and data). */
export type EvaluatedPluginLists = Partial<Record<PluginListKey, Evaluated>>;

/** Reads the plugin lists of a content plugin's options (so they are not reported as unread). */
export function readPluginLists(options: ConfigObject): EvaluatedPluginLists {
  const lists: EvaluatedPluginLists = {};
  for (const key of PLUGIN_LIST_KEYS) {
    const value = options.get(key);
    if (value !== undefined) lists[key] = value;
  }
  return lists;
}
