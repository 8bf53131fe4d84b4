import type { PluggableList } from 'unified';
import { pluginFunction, thawedOptions, type PluginLists } from '../../config/sitePlugins.js';

/** A page's remark and rehype plugins, ready for the MDX compiler (see CompileOptions.plugins). */
export interface LoadedPlugins {
  beforeRemark: PluggableList;
  remark: PluggableList;
  beforeRehype: PluggableList;
  rehype: PluggableList;
}

/**
 * Imports the plugins of a page's lists (each module once a thread: Node keeps it) and pairs
 * each with a copy of its options the plugin may change; null when there are none.
 */
export async function loadPlugins(lists: PluginLists): Promise<LoadedPlugins | null> {
  if (Object.values(lists).every((list) => list.length === 0)) return null;
  const load = (list: PluginLists[keyof PluginLists]) =>
    Promise.all(
      list.map(async ({ source, options }) => {
        const fn = source.kind === 'config' ? source.fn : pluginFunction((await import(source.module)) as Record<string, unknown>, source.exportPath);
        return (options === undefined ? [fn] : [fn, thawedOptions(options)]) as PluggableList[number];
      }),
    );
  const [beforeRemark, remark, beforeRehype, rehype] = await Promise.all([
    load(lists.beforeDefaultRemarkPlugins),
    load(lists.remarkPlugins),
    load(lists.beforeDefaultRehypePlugins),
    load(lists.rehypePlugins),
  ]);
  return { beforeRemark, remark, beforeRehype, rehype };
}
