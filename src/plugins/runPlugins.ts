import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PluginActions, PluginRouteConfig, SitePlugin } from '../config/pluginApi.js';
import type { HeadTag, SiteConfig } from '../config/types.js';
import { headTagHtml } from '../render/headTags.js';
import { stripBase } from '../shared/paths.js';
import { htmlTagsOf } from './htmlTags.js';
import { loadPlugins, pluginContext, pluginError, type LoadedPlugin } from './loadPlugins.js';
import { webpackAliases } from './webpackConfig.js';

/** A route a plugin added: rendered like a React page by the module written for it. */
export interface PluginRoute {
  /** The route, without the base URL ("/search"). */
  route: string;
  /** The module written for the route: the plugin's component with its props' modules. */
  module: string;
  plugin: string;
}

/** What the site's plugins gave the build, once their lifecycle ran (see runPlugins). */
export interface PluginsOutcome {
  plugins: LoadedPlugin[];
  /** Each plugin's `loadContent` result, by plugin (for postBuild). */
  contents: Map<LoadedPlugin, unknown>;
  routes: PluginRoute[];
  /** `setGlobalData`'s data by plugin name, then plugin id: what `useGlobalData()` returns. */
  globalData: Record<string, Record<string, unknown>>;
  /** Tags for every page's <head>, after the config's own. */
  headTags: HeadTag[];
  /** Tags for the end of every page's <body>, as HTML. */
  bodyTags: string[];
  /** Modules the client entry imports (`getClientModules`), absolute or package paths. */
  clientModules: string[];
  /** `resolve.alias` of the plugins' `configureWebpack`: import name → path. */
  aliases: Record<string, string>;
  /** Folders of theme modules (`getThemePath`), in the order the plugins come. */
  themePaths: string[];
  /** Files and globs a watch session watches (`getPathsToWatch`), absolute. */
  watchPaths: string[];
  /** What a plugin has that this build does not run or reads only in part, one line each, naming the plugin. */
  warnings: string[];
}

/** A site without plugins: nothing runs, nothing is added. */
export const NO_PLUGIN_OUTCOME: PluginsOutcome = Object.freeze({
  plugins: [], contents: new Map(), routes: [], globalData: {}, headTags: [], bodyTags: [], clientModules: [], aliases: {}, themePaths: [], watchPaths: [], warnings: [],
}) as PluginsOutcome;

/** The lifecycle methods the build runs. */
const RUN = new Set(['name', 'loadContent', 'contentLoaded', 'injectHtmlTags', 'getClientModules', 'postBuild', 'getPathsToWatch', 'configureWebpack', 'getThemePath', 'getTypeScriptThemePath']);
/** Methods that change nothing a build writes: leaving them out is silent. */
const NO_OUTPUT = new Set(['extendCli', 'getSwizzleComponentList', 'getSwizzleConfig', 'getTranslationFiles', 'getDefaultCodeTranslationMessages', 'validateOptions', 'validateThemeConfig', 'version', 'options']);

/**
 * Makes the config's plugins and runs their lifecycle as Docusaurus does before it bundles:
 * `loadContent` of every plugin, then each one's `contentLoaded` with its content and the actions
 * (`addRoute`, `createData`, `setGlobalData`); then what the plugins give the bundler and the
 * pages: `injectHtmlTags`, `getClientModules`, `getThemePath`, `configureWebpack` (aliases),
 * `getPathsToWatch`. `postBuild` runs after the output is written (see runPostBuild).
 *
 * @param generatedDir where plugins write their data and route modules (in the site's cache)
 * @throws SiteError PLUGIN_FAILED naming the plugin and the method that threw
 */
export async function runPlugins(config: SiteConfig, outDir: string, generatedDir: string): Promise<PluginsOutcome> {
  if (config.plugins.length === 0) return NO_PLUGIN_OUTCOME;
  const file = config.project?.configFile ?? config.configFile;
  const context = pluginContext(config, outDir, generatedDir);
  // The folder exists before any plugin runs, as Docusaurus's does: a plugin may write its own
  // modules there from any method (docusaurus-lunr-search does from configureWebpack).
  await mkdir(generatedDir, { recursive: true });
  const plugins = await loadPlugins(config, context);
  // `@generated/…` imports the plugins' generated files, as in Docusaurus.
  const outcome: PluginsOutcome = { ...NO_PLUGIN_OUTCOME, plugins, contents: new Map(), routes: [], globalData: {}, headTags: [], bodyTags: [], clientModules: [], aliases: { '@generated': generatedDir }, themePaths: [], watchPaths: [], warnings: [] };
  const call = async <T>(loaded: LoadedPlugin, method: string, run: (plugin: SitePlugin) => T | Promise<T>): Promise<T> => {
    try {
      return await run(loaded.plugin);
    } catch (error) {
      throw pluginError(loaded, method, error, file);
    }
  };

  for (const loaded of plugins) {
    const unrun = Object.keys(loaded.plugin).filter((key) => !RUN.has(key) && !NO_OUTPUT.has(key) && typeof loaded.plugin[key] === 'function');
    for (const method of unrun) outcome.warnings.push(`plugin "${loaded.name}": ${method} is not run (sipadocs runs ${[...RUN].filter((m) => m !== 'name').join(', ')})`);
  }
  // Every plugin's content first, as Docusaurus loads them all before any contentLoaded.
  for (const loaded of plugins) {
    if (typeof loaded.plugin.loadContent === 'function') outcome.contents.set(loaded, await call(loaded, 'loadContent', (plugin) => plugin.loadContent!()));
  }
  const allContent = contentByName(outcome.contents);
  for (const loaded of plugins) {
    if (typeof loaded.plugin.contentLoaded !== 'function') continue;
    const actions = pluginActions(loaded, config, path.join(generatedDir, safeName(loaded.name), safeName(loaded.id)), outcome);
    await call(loaded, 'contentLoaded', (plugin) => plugin.contentLoaded!({ content: outcome.contents.get(loaded), actions, allContent }));
    await actions.settled();
  }
  for (const loaded of plugins) {
    const { plugin } = loaded;
    const content = outcome.contents.get(loaded);
    if (typeof plugin.injectHtmlTags === 'function') {
      const tags = (await call(loaded, 'injectHtmlTags', (p) => p.injectHtmlTags!({ content }))) ?? {};
      const head = await htmlTagsOf(tags.headTags);
      const body = await htmlTagsOf([...listOf(tags.preBodyTags), ...listOf(tags.postBodyTags)]);
      outcome.headTags.push(...head.tags);
      outcome.bodyTags.push(...body.tags.map(headTagHtml));
      for (const refused of [...head.refused, ...body.refused]) outcome.warnings.push(`plugin "${loaded.name}": injectHtmlTags gave ${refused}, which is left out`);
      if (listOf(tags.preBodyTags).length > 0) outcome.warnings.push(`plugin "${loaded.name}": injectHtmlTags's preBodyTags are written at the end of <body>, with its postBodyTags`);
    }
    if (typeof plugin.getClientModules === 'function') {
      const modules = (await call(loaded, 'getClientModules', (p) => p.getClientModules!())) ?? [];
      outcome.clientModules.push(...modules.map((module) => (path.isAbsolute(module) || !module.startsWith('.') ? module : path.resolve(config.siteDir, module))));
    }
    if (typeof plugin.getThemePath === 'function') {
      const themePath = await call(loaded, 'getThemePath', (p) => p.getThemePath!());
      if (typeof themePath === 'string') outcome.themePaths.push(path.resolve(config.siteDir, themePath));
    }
    if (typeof plugin.getPathsToWatch === 'function') {
      const paths = (await call(loaded, 'getPathsToWatch', (p) => p.getPathsToWatch!())) ?? [];
      outcome.watchPaths.push(...paths.map((watched) => path.resolve(config.siteDir, watched)));
    }
    if (typeof plugin.configureWebpack === 'function') {
      for (const isServer of [false, true]) {
        // Docusaurus's config names its folder of generated files (`@generated`), where plugins write modules of their own.
        const given = { resolve: { alias: { '@generated': generatedDir } }, module: { rules: [] }, plugins: [] };
        const result = await call(loaded, 'configureWebpack', (p) => p.configureWebpack!(given, isServer, webpackUtils, content));
        // A plugin may change the config it is given instead of returning a part of one.
        const read = webpackAliases(result ?? given);
        Object.assign(outcome.aliases, read.aliases);
        if (!isServer && read.ignored.length > 0) outcome.warnings.push(`plugin "${loaded.name}": configureWebpack's ${read.ignored.join(', ')} ignored (sipadocs bundles with esbuild and reads resolve.alias only)`);
      }
    }
  }
  return outcome;
}

/** What a plugin's configureWebpack is given besides the config: loaders sipadocs does not have, as Docusaurus names them. */
const webpackUtils = { getStyleLoaders: () => [], getJSLoader: () => null, currentBundler: { name: 'webpack', instance: null } };

const listOf = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const safeName = (name: string) => name.replace(/[^\w.@-]+/g, '-');

/** Every plugin's content by its name, then its id (Docusaurus's `allContent`). */
function contentByName(contents: Map<LoadedPlugin, unknown>): Record<string, Record<string, unknown>> {
  const all: Record<string, Record<string, unknown>> = {};
  for (const [loaded, content] of contents) (all[loaded.name] ??= {})[loaded.id] = content;
  return all;
}

/** The actions of one plugin's contentLoaded; `settled` waits for the files they write. */
function pluginActions(loaded: LoadedPlugin, config: SiteConfig, dir: string, outcome: PluginsOutcome): PluginActions & { settled(): Promise<unknown> } {
  const writes: Array<Promise<unknown>> = [];
  const writeModule = async (name: string, text: string) => {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    return file;
  };
  return {
    async createData(name, data) {
      const written = writeModule(name, typeof data === 'string' ? data : JSON.stringify(data));
      writes.push(written);
      return written;
    },
    setGlobalData(data) {
      (outcome.globalData[loaded.name] ??= {})[loaded.id] = data;
    },
    addRoute(route) {
      const done = routeModule(route, config).then(async ({ text, route: at }) => {
        const module = await writeModule(`routes/${createHash('sha256').update(at).digest('hex').slice(0, 16)}.jsx`, text);
        outcome.routes.push({ route: at, module, plugin: loaded.name });
        if (route.routes?.length) outcome.warnings.push(`plugin "${loaded.name}": the route ${at} has nested routes, which sipadocs does not render (only ${at} itself is built)`);
      });
      writes.push(done);
    },
    settled: () => Promise.all(writes),
  };
}

/**
 * The module rendering a plugin's route: its component, given each of `modules` as a prop (the
 * module's default export), and the route itself as `route`, as Docusaurus gives them.
 */
async function routeModule(route: PluginRouteConfig, config: SiteConfig): Promise<{ text: string; route: string }> {
  if (typeof route?.path !== 'string' || typeof route.component !== 'string') throw new Error(`addRoute needs a path and a component (module path), got ${JSON.stringify(route)}`);
  const at = `/${stripBase(config.baseUrl, route.path).replace(/^\/+/, '')}`.replace(/(.)\/+$/, '$1');
  const imports = [`import Component from ${JSON.stringify(route.component)};`];
  const props: string[] = [];
  Object.entries(route.modules ?? {}).forEach(([prop, value], i) => {
    const target = typeof value === 'string' ? value : value.path;
    imports.push(`import m${i} from ${JSON.stringify(target)};`);
    props.push(`${JSON.stringify(prop)}: m${i}`);
  });
  const shown = { path: route.path, exact: route.exact ?? false };
  const text = `${imports.join('\n')}
const props = { ${props.join(', ')} };
export default function PluginRoute() {
  return <Component {...props} route={${JSON.stringify(shown)}} />;
}
`;
  return { text, route: at };
}
