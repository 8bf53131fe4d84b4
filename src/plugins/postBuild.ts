import type { PostBuildProps } from '../config/pluginApi.js';
import type { SiteConfig } from '../config/types.js';
import { pluginError, pluginSiteConfig } from './loadPlugins.js';
import type { PluginsOutcome } from './runPlugins.js';

/**
 * Runs each plugin's `postBuild` once the output folder holds the whole site, as Docusaurus does
 * after it writes the pages: `outDir` is the output folder, `routesPaths` every route written,
 * with the base URL.
 *
 * @throws SiteError PLUGIN_FAILED naming the plugin whose postBuild threw
 */
export async function runPostBuild(outcome: PluginsOutcome, config: SiteConfig, outDir: string, routes: string[]): Promise<void> {
  const file = config.project?.configFile ?? config.configFile;
  const base = config.baseUrl.replace(/\/$/, '');
  const routesPaths = routes.map((route) => (route === '/' ? config.baseUrl : `${base}${route}`));
  const plugins = outcome.plugins.map((loaded) => ({ name: loaded.name, options: loaded.options }));
  for (const loaded of outcome.plugins) {
    if (typeof loaded.plugin.postBuild !== 'function') continue;
    const props: PostBuildProps = {
      siteDir: config.siteDir,
      siteConfig: pluginSiteConfig(config),
      outDir,
      baseUrl: config.baseUrl,
      routesPaths,
      content: outcome.contents.get(loaded),
      i18n: pluginSiteConfig(config).i18n,
      head: {},
      plugins,
    };
    try {
      await loaded.plugin.postBuild(props);
    } catch (error) {
      throw pluginError(loaded, 'postBuild', error, file);
    }
  }
}
