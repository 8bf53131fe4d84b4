import path from 'node:path';
import type { ConfiguredSitePlugin, PluginContext, PluginFactory, PluginSiteConfig, SitePlugin } from '../config/pluginApi.js';
import { thawedOptions } from '../config/sitePlugins.js';
import type { SiteConfig } from '../config/types.js';
import { SiteError } from '../errors.js';

/** A plugin made: its object, and what it was made from. */
export interface LoadedPlugin {
  name: string;
  /** Its options' `id` ('default' without one): the key of its global data under its name. */
  id: string;
  where: string;
  options: unknown;
  plugin: SitePlugin;
}

/** The failure of one plugin's method, as a SiteError naming both. */
export function pluginError(plugin: { name: string; where: string }, method: string, error: unknown, file: string): SiteError {
  if (error instanceof SiteError) return error;
  const cause = error instanceof Error ? error.message : String(error);
  return new SiteError({
    code: 'PLUGIN_FAILED',
    message: `plugin "${plugin.name}" (${plugin.where}) failed in ${method}: ${cause}`,
    location: { file },
    hint: 'The message is the plugin\'s own; its options are where the config lists it.',
  });
}

/** The settings a plugin is told of, Docusaurus-shaped: the Docusaurus project's own config when the site is one, else the sipadocs config's equivalents. */
export function pluginSiteConfig(config: SiteConfig): PluginSiteConfig {
  const own = config.project?.siteConfig;
  if (own) return { ...own, i18n: pluginI18n(config) } as PluginSiteConfig;
  return basePluginSiteConfig(config);
}

/** The Docusaurus-shaped settings a sipadocs config has the equivalents of (a Docusaurus project's reading adds its own on top). */
export function basePluginSiteConfig(config: SiteConfig): PluginSiteConfig {
  return {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    favicon: config.favicon,
    trailingSlash: config.trailingSlash === false ? false : undefined,
    noIndex: config.noIndex,
    onBrokenLinks: config.onBrokenLinks,
    customFields: config.customFields,
    i18n: pluginI18n(config),
    themeConfig: {},
    plugins: config.plugins.map((entry) => entry.plugin),
    themes: [],
    presets: [],
    staticDirectories: [config.staticDir],
  };
}

function pluginI18n(config: SiteConfig): PluginContext['i18n'] {
  return { defaultLocale: config.i18n.defaultLocale, locales: config.i18n.locales, currentLocale: config.i18n.currentLocale, localeConfigs: config.i18n.localeConfigs };
}

/** The context every plugin is made with. */
export function pluginContext(config: SiteConfig, outDir: string, generatedFilesDir: string): PluginContext {
  return { siteDir: config.siteDir, siteConfig: pluginSiteConfig(config), outDir, baseUrl: config.baseUrl, generatedFilesDir, i18n: pluginI18n(config), siteVersion: config.siteVersion };
}

/**
 * Makes each plugin of the config: its function (a module's default export when the config names
 * a module, resolved from the site folder) called with the context and a copy of its options.
 * A plugin function that returns null is left out, as in Docusaurus.
 *
 * @throws SiteError PLUGIN_FAILED naming the entry, when its module cannot be loaded, it is no function, it throws, or what it returns has no name
 */
export async function loadPlugins(config: SiteConfig, context: PluginContext): Promise<LoadedPlugin[]> {
  const loaded: LoadedPlugin[] = [];
  const file = config.project?.configFile ?? config.configFile;
  for (const entry of config.plugins) {
    const shown = { name: typeof entry.plugin === 'string' ? entry.plugin : entry.plugin.name || 'a function', where: entry.where };
    const { factory, validateOptions } = await factoryOf(entry, config.siteDir).catch((error: unknown) => {
      throw pluginError(shown, 'loading its module', error, file);
    });
    let options = thawedOptions(entry.options);
    if (validateOptions) {
      try {
        options = validateOptions({ validate: validatedBySchema, options: options ?? {} });
      } catch (error) {
        throw pluginError(shown, 'validateOptions', error, file);
      }
    }
    let plugin: SitePlugin | null;
    try {
      plugin = await factory(context, options);
    } catch (error) {
      throw pluginError(shown, 'its plugin function', error, file);
    }
    if (plugin === null || plugin === undefined) continue;
    if (typeof plugin !== 'object' || typeof plugin.name !== 'string' || plugin.name === '') {
      throw pluginError(shown, 'its plugin function', new Error('it returned no plugin object with a `name`'), file);
    }
    loaded.push({ name: plugin.name, id: entry.id, where: entry.where, options, plugin });
  }
  return loaded;
}

/** A plugin module's `validateOptions` export, which Docusaurus calls to check the options and fill their defaults. */
type ValidateOptions = (args: { validate: typeof validatedBySchema; options: unknown }) => unknown;

/**
 * The `validate` Docusaurus gives validateOptions: the options checked by the plugin's own schema
 * (a Joi schema of the plugin's packages), unconverted, with its defaults; `id` is every plugin's
 * and is kept as given ('default' when absent).
 */
function validatedBySchema(schema: { validate(value: unknown, options: object): { error?: unknown; value: unknown } }, options: unknown): unknown {
  const { id, ...rest } = (options ?? {}) as Record<string, unknown>;
  const { error, value } = schema.validate(rest, { convert: false });
  if (error) throw error;
  return { ...(value as object), id: id ?? 'default' };
}

async function factoryOf(entry: ConfiguredSitePlugin, siteDir: string): Promise<{ factory: PluginFactory; validateOptions?: ValidateOptions }> {
  if (typeof entry.plugin === 'function') return { factory: entry.plugin, validateOptions: (entry.plugin as { validateOptions?: ValidateOptions }).validateOptions };
  // Loaded when first needed: a site without plugins given by name never does.
  const { createJiti } = await import('jiti');
  const jiti = createJiti(path.join(siteDir, 'sipadocs-plugins.js'), { moduleCache: true, fsCache: false, interopDefault: true });
  const mod = (await jiti.import(entry.plugin)) as unknown;
  const fn = typeof mod === 'function' ? mod : (mod as { default?: unknown } | null)?.default;
  const inner = typeof fn === 'function' ? fn : (fn as { default?: unknown } | null)?.default;
  if (typeof inner !== 'function') throw new Error(`${entry.plugin} exports no plugin function (its default export is ${typeof inner})`);
  const validateOptions = [mod, fn, inner].map((at) => (at as { validateOptions?: unknown } | null)?.validateOptions).find((at) => typeof at === 'function') as ValidateOptions | undefined;
  return { factory: inner as PluginFactory, validateOptions };
}
