/**
 * The plugin API, in the shape Docusaurus gives its plugins: a config's `plugins` lists functions
 * called as `plugin(context, options)`, each returning a plugin object whose lifecycle methods the
 * build runs (see src/plugins/). Types only: the config, its users and the runner share them.
 */

/** What a plugin is told of the site when it is made. */
export interface PluginContext {
  /** Absolute path of the site folder. */
  siteDir: string;
  /** The site's settings, in the shape of Docusaurus's `siteConfig` where sipadocs has the same setting. */
  siteConfig: PluginSiteConfig;
  /** Absolute path of the folder the build writes. */
  outDir: string;
  /** The path the site is served under ("/", "/docs/"). */
  baseUrl: string;
  /** Where a plugin keeps generated files (Docusaurus's `.docusaurus`), absolute. */
  generatedFilesDir: string;
  i18n: { defaultLocale: string; locales: string[]; currentLocale: string; localeConfigs: Record<string, unknown> };
  siteVersion?: string;
}

/** The settings a plugin reads of the site (Docusaurus's `siteConfig` names). */
export interface PluginSiteConfig {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  favicon: string;
  trailingSlash: boolean | undefined;
  noIndex: boolean;
  onBrokenLinks: string;
  customFields: Record<string, unknown>;
  i18n: PluginContext['i18n'];
  themeConfig: Record<string, unknown>;
  plugins: unknown[];
  themes: unknown[];
  presets: unknown[];
  [key: string]: unknown;
}

/** A route a plugin adds: `component` renders it (a module path), `modules` are its props (prop name → module path, whose default export the prop is). */
export interface PluginRouteConfig {
  path: string;
  component: string;
  modules?: Record<string, string | { __import?: boolean; path: string; query?: unknown }>;
  exact?: boolean;
  routes?: PluginRouteConfig[];
  [key: string]: unknown;
}

export interface PluginActions {
  addRoute(route: PluginRouteConfig): void;
  /** Writes a data module (JSON, or text for a `.js` name) and returns its path, for a route's `modules`. */
  createData(name: string, data: string): Promise<string>;
  /** Data every page's code can read with `usePluginData(<plugin name>, <plugin id>)` (`@docusaurus/useGlobalData`). */
  setGlobalData(data: unknown): void;
}

/** A tag `injectHtmlTags` gives: HTML text, or an element by its name, attributes and content. */
export type HtmlTag = string | { tagName: string; attributes?: Record<string, string | boolean | undefined>; innerHTML?: string };

export interface HtmlTags {
  headTags?: HtmlTag | HtmlTag[];
  preBodyTags?: HtmlTag | HtmlTag[];
  postBodyTags?: HtmlTag | HtmlTag[];
}

export interface PostBuildProps {
  siteDir: string;
  siteConfig: PluginSiteConfig;
  outDir: string;
  baseUrl: string;
  routesPaths: string[];
  content: unknown;
  i18n: PluginContext['i18n'];
  head: Record<string, unknown>;
  plugins: Array<{ name: string; options: unknown }>;
}

/** What a plugin function returns (Docusaurus's `Plugin`); the methods sipadocs runs are typed, others are reported by name. */
export interface SitePlugin {
  name: string;
  loadContent?(): unknown;
  contentLoaded?(args: { content: unknown; actions: PluginActions; allContent?: unknown }): unknown;
  injectHtmlTags?(args: { content: unknown }): HtmlTags | Promise<HtmlTags>;
  getClientModules?(): string[];
  postBuild?(props: PostBuildProps): unknown;
  getPathsToWatch?(): string[];
  configureWebpack?(config: unknown, isServer: boolean, utils: unknown, content: unknown): unknown;
  getThemePath?(): string;
  getTypeScriptThemePath?(): string;
  [method: string]: unknown;
}

/** A plugin as a config lists it: the function (or a module's path whose default export it is), with its options or without. */
export type PluginFactory = (context: PluginContext, options: any) => SitePlugin | null | Promise<SitePlugin | null>;
export type PluginEntry = PluginFactory | string | [PluginFactory | string, unknown?] | false | null;

/** A config's plugin, read: its function or the absolute path of its module, its options, and where the config lists it. */
export interface ConfiguredSitePlugin {
  plugin: PluginFactory | string;
  options: unknown;
  /** How messages name the entry ("plugins.0", "plugins (./plugins/x)"). */
  where: string;
  /** The entry's own option id (Docusaurus's `id`), 'default' when none. */
  id: string;
}
