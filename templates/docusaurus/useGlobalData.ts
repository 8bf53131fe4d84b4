import globalData from 'sipa:global-data';

/**
 * `@docusaurus/useGlobalData`: the data the site's plugins set with `setGlobalData`, by plugin
 * name, then plugin id. The data is bundled with this module alone, which only the pages that
 * import it load: a page that reads none carries none of it.
 */
export default function useGlobalData(): Record<string, Record<string, unknown>> {
  return globalData;
}

/** Every instance's data of one plugin, by plugin id. */
export function useAllPluginInstancesData(pluginName: string, options: { failfast?: boolean } = {}): Record<string, unknown> | undefined {
  const data = globalData[pluginName];
  if (!data && options.failfast) throw new Error(`no global data for the plugin "${pluginName}"`);
  return data;
}

/** One plugin instance's data (`pluginId` 'default' unless given). */
export function usePluginData(pluginName: string, pluginId = 'default', options: { failfast?: boolean } = {}): unknown {
  const data = globalData[pluginName]?.[pluginId];
  if (data === undefined && options.failfast) throw new Error(`no global data for the plugin "${pluginName}" with the id "${pluginId}"`);
  return data;
}
