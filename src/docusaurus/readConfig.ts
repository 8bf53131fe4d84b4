import path from 'node:path';
import type { UserConfig } from '../config/types.js';
import { ConfigObject, describeValue, holdsMarker, isFunction, isMarker, isObject, moduleName, stubModule, type EvaluatedObject } from './evaluated.js';
import { isClientRedirectsPlugin, readClientRedirects } from './clientRedirects.js';
import { readDocsOptions as readInstanceOptions, takeDocsPlugins, type DocsOptions } from './docsOptions.js';
import { docusaurusMajor, hasAuthorsPages, readLinkSettings, type LinkSettings } from './linkSettings.js';
import { migrateMarkdownOptions } from './markdownOptions.js';
import { readPluginLists, type EvaluatedPluginLists } from './markdownPlugins.js';
import { isMermaidTheme, migrateRenderingOptions } from './renderingOptions.js';
import { HeadMigration } from './headSettings.js';
import type { MigrationNotes } from './notes.js';
import type { AnalyticsSettings } from '../config/types.js';
import type { Evaluated } from './sandbox.js';

export type { DocsOptions } from './docsOptions.js';

export interface BlogOptions {
  path: string;
  routeBasePath: string;
  showReadingTime: boolean;
  editUrl: string | undefined;
  postsPerPage: number | 'ALL';
  sidebarCount: number | 'ALL';
  title: string;
  description: string;
  /** The authors file, relative to the project. */
  authorsFile: string;
  /** Its remark and rehype plugins, as evaluated (see markdownPlugins.ts). */
  markdownPlugins: EvaluatedPluginLists;
}

/** What the migration reads from docusaurus.config.*: the site identity, the content plugins' options, the theme. */
export interface DocusaurusSite {
  site: Pick<UserConfig, 'title' | 'tagline' | 'url' | 'baseUrl' | 'favicon' | 'noIndex' | 'titleDelimiter' | 'i18n' | 'trailingSlash' | 'customFields' | 'redirects' | 'headTags' | 'stylesheets' | 'scripts' | 'sass' | 'images' | keyof AnalyticsSettings> & LinkSettings;
  /** Whether the project's Docusaurus makes blog authors pages (3.5 and later). */
  authorsPages?: boolean;
  /** The default docs instance: the preset's docs, or a docs plugin without an id. */
  docs: DocsOptions | null;
  /** The other docs instances (docs plugins with an id of their own). */
  moreDocs: DocsOptions[];
  blog: BlogOptions | null;
  /** The pages folder, or null when pages are turned off. */
  pagesPath: string | null;
  /** The pages' remark and rehype plugins, as evaluated (see markdownPlugins.ts). */
  pagesPlugins: EvaluatedPluginLists;
  /** Style sheets of the theme's `customCss`, relative to the project. */
  customCss: string[];
  staticDirs: string[];
  themeConfig: ConfigObject;
  /** How the migrated site reads markdown, as the project's Docusaurus did (see markdownOptions.ts). */
  markdown: NonNullable<UserConfig['markdown']>;
  /**
   * The plugins and themes the build runs through the plugin API (src/plugins/): every entry of
   * `plugins` and `themes` that is not a content plugin or one sipadocs reads into settings of its own.
   */
  plugins: ProjectPlugin[];
}

/** A plugin or theme of the project's config, as evaluated, with where the config lists it. */
export interface ProjectPlugin {
  entry: Evaluated;
  where: string;
}

const CLASSIC_PRESETS = new Set(['classic', '@docusaurus/preset-classic', 'docusaurus-preset-classic']);

const TOP_LEVEL_REASONS: Record<string, string> = {
  clientModules: 'sipadocs runs no client modules',
  organizationName: 'deployment setting of `docusaurus deploy`; sipadocs builds a folder you upload yourself',
  projectName: 'deployment setting of `docusaurus deploy`; sipadocs builds a folder you upload yourself',
  deploymentBranch: 'deployment setting of `docusaurus deploy`; sipadocs builds a folder you upload yourself',
  githubHost: 'deployment setting of `docusaurus deploy`; sipadocs builds a folder you upload yourself',
  githubPort: 'deployment setting of `docusaurus deploy`; sipadocs builds a folder you upload yourself',
  webpack: 'sipadocs bundles with esbuild',
  future: 'Docusaurus-specific flags',
  ssrTemplate: 'sipadocs writes its own HTML document',
};

/** Reads the parts of a Docusaurus config the migration carries over; reports every other key. */
export function readDocusaurusConfig(raw: Evaluated, projectDir: string, notes: MigrationNotes): DocusaurusSite {
  const config = ConfigObject.of('', raw);
  const relative = (file: string) => toProjectPath(file, projectDir);

  const trailingSlash = config.get('trailingSlash');
  if (trailingSlash === true) {
    notes.notCarried('trailingSlash: true', 'sipadocs writes every route /x as x.html and links to it without a trailing slash');
  }
  const linkSettings = readLinkSettings(config, projectDir, notes);
  const onDuplicateRoutes = config.string('onDuplicateRoutes');
  if (onDuplicateRoutes && onDuplicateRoutes !== 'warn') {
    notes.notCarried(`onDuplicateRoutes: "${onDuplicateRoutes}"`, 'sipadocs always warns about duplicate routes');
  }
  if (config.get('baseUrlIssueBanner') === false) {
    notes.notCarried('baseUrlIssueBanner: false', 'sipadocs always shows its banner when the site is served under the wrong base URL');
  }

  const site: DocusaurusSite['site'] = {
    title: config.string('title') ?? 'My site',
    tagline: config.string('tagline'),
    url: config.string('url') ?? 'https://example.com',
    baseUrl: config.string('baseUrl'),
    favicon: config.string('favicon'),
    noIndex: config.boolean('noIndex'),
    titleDelimiter: config.string('titleDelimiter'),
    i18n: readI18n(config.object('i18n'), notes, config.value.i18n),
    ...linkSettings,
    // Docusaurus shows a markdown image as it is: no resized copies, which would cost a cold build
    // about a second of CPU per image (the ideal-image plugin resizes only what IdealImage shows).
    images: { responsive: false },
  };
  const customFields = readCustomFields(config, notes);
  if (customFields) site.customFields = customFields;
  if (trailingSlash === false) site.trailingSlash = false;

  const staticDirs = stringList(config.get('staticDirectories')) ?? ['static'];
  const head = new HeadMigration(site.baseUrl ?? '/', notes);
  head.readSiteKeys(config);
  const presetOptions = readPresets(config.get('presets'), notes);
  const preset = ConfigObject.of('presets.classic', presetOptions);
  // Docs plugins configured directly (beside the classic theme) are docs instances like the preset's.
  const plugins = takeDocsPlugins(listOf(config.get('plugins')), 'plugins', relative, notes, (options) => readDocsRest(options, notes));
  const themes = takeDocsPlugins(listOf(config.get('themes')), 'themes', relative, notes, (options) => readDocsRest(options, notes));
  // Without the preset, the pages plugin (when there is one) is what serves src/pages.
  const projectPlugins: ProjectPlugin[] = [];
  const pagesPlugin = presetOptions === undefined ? plugins.rest.findIndex((entry) => isPagesPlugin(entry)) : -1;
  plugins.rest.forEach((entry, i) => {
    if (i === pagesPlugin) return;
    // The client-redirects plugin becomes the config's redirects.
    if (isClientRedirectsPlugin(entry) && !site.redirects) site.redirects = readClientRedirects(entry, 'plugins (client-redirects)', notes);
    else if (head.takePlugin(entry)) return;
    // The Sass plugin: the site compiles .scss and .sass files (its options are the loader's, which sipadocs does not have).
    else if (isSassPlugin(entry)) {
      site.sass = true;
      notes.carriedOver('plugin docusaurus-plugin-sass as sass: true (.scss, .sass and .module.scss compiled with the sass package)');
      if (Array.isArray(entry) && entry[1] !== undefined) ConfigObject.of('plugins (docusaurus-plugin-sass).options', entry[1]).reportRest(notes, {}, "sipadocs compiles Sass with the sass package's defaults");
    }
    else if (isIdealImagePlugin(entry)) site.images = { ...site.images, idealImage: readIdealImage(entry, notes) };
    else {
      const reason = pluginReason(entry);
      if (reason) notes.notCarried(`plugin ${pluginName(entry)}`, reason);
      else projectPlugins.push({ entry, where: `plugins (${pluginName(entry).replace(/^"|"$/g, '')})` });
    }
  });
  // Docusaurus's Mermaid theme is read with markdown.mermaid (see renderingOptions.ts); its own
  // themes are sipadocs's built-in one; any other theme is a plugin with components.
  for (const entry of themes.rest.filter((theme) => !isMermaidTheme(theme))) {
    const reason = themeReason(entry);
    if (reason) notes.notCarried(`theme ${pluginName(entry)}`, reason);
    else projectPlugins.push({ entry, where: `themes (${pluginName(entry).replace(/^"|"$/g, '')})` });
  }

  const docsValue = preset.get('docs');
  const presetDocs = docsValue === false || (docsValue === undefined && presetOptions === undefined)
    ? null
    : readInstanceOptions(ConfigObject.of('presets.classic.docs', docsValue), 'default', 'presets.classic.docs', relative, notes, (options) => readDocsRest(options, notes));
  const { docs, moreDocs } = docsInstances(presetDocs, [...plugins.docs, ...themes.docs], notes);
  if (docsValue === false && !docs) notes.notCarried('presets.classic.docs: false', 'a sipadocs site always has docs; without a docs folder it has none');
  const blogValue = preset.get('blog');
  // Without the classic preset there is no blog plugin (unless one is listed in plugins).
  const blog = blogValue === false || presetOptions === undefined ? null : readBlogOptions(ConfigObject.of('presets.classic.blog', blogValue), relative, notes);
  const pluginPages = pagesPlugin >= 0 ? plugins.rest[pagesPlugin] : undefined;
  const pagesValue = presetOptions !== undefined ? preset.get('pages') : pluginPages === undefined ? false : (Array.isArray(pluginPages) ? pluginPages[1] : undefined);
  const pages = ConfigObject.of(pluginPages !== undefined ? 'plugins (pages)' : 'presets.classic.pages', pagesValue);
  const pagesPath = pagesValue === false ? null : relative(pages.string('path') ?? 'src/pages');
  const pagesPlugins = readPluginLists(pages);
  const pagesBase = pages.string('routeBasePath');
  if (pagesBase && pagesBase.replace(/^\/+|\/+$/g, '') !== '') {
    pages.ignore('routeBasePath');
    notes.notCarried(`presets.classic.pages.routeBasePath: "${pagesBase}"`, 'sipadocs serves pages from the site root');
    notes.routesChanged = true;
  }
  pages.reportRest(notes);
  const theme = preset.object('theme');
  const customCss = (stringList(theme.get('customCss')) ?? []).map(relative);
  theme.reportRest(notes);
  head.readPreset(preset);
  Object.assign(site, head.settings());
  preset.reportRest(notes, {
    sitemap: 'sipadocs writes no sitemap',
    debug: 'sipadocs has no debug pages',
    svgr: 'its SVGO and SVGR options are not read (an imported SVG is a component drawing the file as it is)',
  });

  const markdownConfig = config.object('markdown');
  const contentOptions = [
    { where: 'presets.classic.docs', value: docsValue },
    { where: 'presets.classic.blog', value: blogValue },
    { where: 'presets.classic.pages', value: pagesValue },
    ...listOf(config.get('plugins')).map((entry, i) => ({ where: `plugins.${i}`, value: Array.isArray(entry) ? entry[1] : undefined })),
  ];
  const markdown = {
    ...migrateMarkdownOptions(markdownConfig, docusaurusMajor(projectDir), notes),
    ...migrateRenderingOptions(markdownConfig, listOf(config.get('themes')), contentOptions, notes),
  };
  // The broken-link hook is carried with the other link settings (readLinkSettings).
  const hooks = markdownConfig.object('hooks');
  hooks.ignore('onBrokenMarkdownLinks');
  hooks.reportRest(notes);
  markdownConfig.reportRest(notes);

  const themeConfig = config.object('themeConfig');
  config.reportRest(notes, TOP_LEVEL_REASONS);
  return { site, docs, moreDocs, blog, pagesPath, pagesPlugins, customCss, staticDirs: staticDirs.map(relative), themeConfig, markdown, authorsPages: hasAuthorsPages(projectDir), plugins: projectPlugins };
}

/**
 * `customFields`, which the site's components read with useDocusaurusContext: every field that is
 * data is carried; a function or a module's value cannot be written into the new config.
 */
function readCustomFields(config: ConfigObject, notes: MigrationNotes): Record<string, unknown> | undefined {
  const raw = config.get('customFields');
  if (raw !== undefined && !isObject(raw)) {
    notes.notCarried(`customFields: ${describeValue(raw)}`, 'an object of fields was expected');
    return undefined;
  }
  const fields = config.object('customFields');
  const carried: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields.value)) {
    if (holdsMarker(value)) {
      notes.notCarried(`${fields.path(key)}: ${describeValue(value)}`, 'a function or a value from a module cannot be written into the new config; set it by hand');
    } else {
      carried[key] = value;
    }
  }
  return Object.keys(carried).length > 0 ? carried : undefined;
}


function readI18n(i18n: ConfigObject, notes: MigrationNotes, raw: Evaluated | undefined): UserConfig['i18n'] {
  // A value the migration could not read (a module it does not run): the locales are unknown.
  if (isMarker(raw)) notes.notCarried(`i18n: ${describeValue(raw)}`, 'a value of a module the migration could not read; the default locale "en" was assumed');
  const defaultLocale = i18n.string('defaultLocale') ?? 'en';
  const locales = stringList(i18n.get('locales')) ?? [defaultLocale];
  const configs = i18n.object('localeConfigs');
  const localeConfigs: Record<string, Record<string, unknown>> = {};
  for (const locale of locales) {
    const given = configs.object(locale);
    const localeConfig: Record<string, unknown> = {};
    for (const key of ['label', 'direction', 'htmlLang', 'calendar', 'path', 'baseUrl']) {
      const value = given.string(key);
      if (value !== undefined) localeConfig[key] = value;
    }
    const translate = given.boolean('translate');
    if (translate !== undefined) localeConfig.translate = translate;
    given.reportRest(notes, { url: 'sipadocs serves every locale from the site\'s url' });
    if (Object.keys(localeConfig).length > 0) localeConfigs[locale] = localeConfig;
  }
  configs.ignore(...Object.keys(configs.value).filter((name) => !locales.includes(name)));
  const path = i18n.string('path');
  i18n.reportRest(notes);
  return {
    defaultLocale,
    locales: locales.includes(defaultLocale) ? locales : [defaultLocale, ...locales],
    ...(path !== undefined ? { path } : {}),
    ...(Object.keys(localeConfigs).length > 0 ? { localeConfigs } : {}),
  };
}

/** The options of the classic preset (the first one), reporting any other preset. */
function readPresets(value: Evaluated | undefined, notes: MigrationNotes): Evaluated | undefined {
  let classic: Evaluated | undefined;
  for (const entry of listOf(value)) {
    const [name, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
    const presetName = typeof name === 'string' ? normalizePackageName(name) : undefined;
    if (presetName && CLASSIC_PRESETS.has(presetName) && classic === undefined) classic = options ?? {};
    else notes.notCarried(`preset ${pluginName(entry)}`, 'only the options of the classic preset are read');
  }
  return classic;
}

/**
 * The default docs instance (the preset's, else a docs plugin without an id) and the others; a
 * second instance with an id already taken is reported, as Docusaurus refuses it.
 */
function docsInstances(preset: DocsOptions | null, plugins: DocsOptions[], notes: MigrationNotes): { docs: DocsOptions | null; moreDocs: DocsOptions[] } {
  const byId = new Map<string, DocsOptions>();
  for (const instance of [...(preset ? [preset] : []), ...plugins]) {
    if (byId.has(instance.id)) notes.notCarried(`${instance.where}: a docs instance with the id "${instance.id}"`, 'another docs instance has that id (Docusaurus refuses two); its content was not copied');
    else byId.set(instance.id, instance);
  }
  const docs = byId.get('default') ?? null;
  const moreDocs = [...byId.values()].filter((instance) => instance !== docs);
  for (const instance of plugins) if (byId.get(instance.id) === instance) notes.carriedOver(`${instance.where}: the docs plugin ${instance.id === 'default' ? '' : `"${instance.id}" `}became a docs instance (${instance.path}, at /${instance.routeBasePath})`);
  return { docs, moreDocs };
}

/** What every docs instance's options hold beside its folder, route, sidebars and versions: the edit URL, and keys sipadocs reports. */
function readDocsRest(docs: ConfigObject, notes: MigrationNotes): string | undefined {
  const editUrl = readEditUrl(docs, notes);
  readLastUpdate(docs, notes);
  docs.ignore('path', 'routeBasePath', 'sidebarPath', 'sidebarCollapsed', 'sidebarCollapsible', 'tagsBasePath', 'editCurrentVersion');
  docs.ignore('lastVersion', 'onlyIncludeVersions', 'includeCurrentVersion', 'disableVersioning', 'versions');
  docs.reportRest(notes, {
    breadcrumbs: 'sipadocs always shows breadcrumbs',
    sidebarItemsGenerator: 'sipadocs generates sidebars its own way',
  });
  return editUrl;
}

/**
 * `showLastUpdateTime` and `showLastUpdateAuthor`: a sipadocs doc always ends with the date and
 * author of its last commit, so `true` is carried as it is and `false` cannot be.
 */
function readLastUpdate(docs: ConfigObject, notes: MigrationNotes): void {
  const shown = (['showLastUpdateTime', 'showLastUpdateAuthor'] as const).filter((key) => docs.boolean(key) === true);
  if (shown.length > 0) notes.carriedOver(`${shown.join(' and ')}: every doc shows the date and author of its last commit`);
  for (const key of ['showLastUpdateTime', 'showLastUpdateAuthor'] as const) {
    if (docs.value[key] === false) notes.notCarried(`${docs.path(key)}: false`, 'every sipadocs doc shows the date and author of its last commit');
  }
}

function readBlogOptions(blog: ConfigObject, relative: (file: string) => string, notes: MigrationNotes): BlogOptions {
  const blogPath = relative(blog.string('path') ?? 'blog');
  const countOrAll = (key: string, fallback: number): number | 'ALL' => {
    const value = blog.get(key);
    return value === 'ALL' ? 'ALL' : typeof value === 'number' ? value : fallback;
  };
  const authorsMap = blog.string('authorsMapPath') ?? 'authors.yml';
  const options: BlogOptions = {
    path: blogPath,
    // '' (or '/') is a blog at the site root, which sipadocs has too.
    routeBasePath: trimSlashes(blog.string('routeBasePath') ?? 'blog'),
    showReadingTime: blog.boolean('showReadingTime') ?? true,
    editUrl: readEditUrl(blog, notes),
    postsPerPage: countOrAll('postsPerPage', 10),
    sidebarCount: countOrAll('blogSidebarCount', 5),
    title: blog.string('blogTitle') ?? 'Blog',
    description: blog.string('blogDescription') ?? 'Blog',
    authorsFile: relative(path.posix.join(blogPath, authorsMap)),
    markdownPlugins: readPluginLists(blog),
  };
  const tagsBasePath = blog.string('tagsBasePath');
  if (tagsBasePath && trimSlashes(tagsBasePath) !== 'tags') {
    notes.notCarried(`presets.classic.blog.tagsBasePath: "${tagsBasePath}"`, 'sipadocs tag pages are always under /<blog>/tags');
    notes.routesChanged = true;
  }
  const archiveBasePath = blog.get('archiveBasePath');
  if (archiveBasePath !== undefined && (typeof archiveBasePath !== 'string' || trimSlashes(archiveBasePath) !== 'archive')) {
    notes.notCarried(`presets.classic.blog.archiveBasePath: ${describeValue(archiveBasePath)}`, 'the sipadocs archive is always at /<blog>/archive');
    notes.routesChanged = true;
  }
  const sortPosts = blog.string('sortPosts');
  if (sortPosts && sortPosts !== 'descending') notes.notCarried(`presets.classic.blog.sortPosts: "${sortPosts}"`, 'sipadocs lists posts newest first');
  blog.reportRest(notes, {
    blogSidebarTitle: 'the sipadocs blog sidebar has a fixed title',
    feedOptions: 'not read by sipadocs',
    truncateMarker: 'sipadocs recognises <!-- truncate --> and {/* truncate */}',
    readingTime: 'sipadocs computes reading time its own way',
  });
  return options;
}

/** A string edit URL is carried; a function cannot be (its result depends on Docusaurus's arguments). */
function readEditUrl(options: ConfigObject, notes: MigrationNotes): string | undefined {
  const value = options.get('editUrl');
  if (typeof value === 'string') return value;
  if (value !== undefined) {
    notes.notCarried(`${options.path('editUrl')}: ${describeValue(value)}`, 'sipadocs takes an edit URL prefix (a string), not a function; pages have no edit link');
  }
  return undefined;
}

function listOf(value: Evaluated | undefined): Evaluated[] {
  return Array.isArray(value) ? value.filter((entry) => entry !== null && entry !== false) : [];
}

function stringList(value: Evaluated | undefined): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return undefined;
}

/** How a plugin or theme entry is named in the report. */
export function pluginName(entry: Evaluated): string {
  const head = Array.isArray(entry) ? entry[0] : entry;
  if (typeof head === 'string') return `"${normalizePackageName(head)}"`;
  if (isFunction(head)) return describeValue(head);
  return moduleName(head) ?? describeValue(head);
}

/** docusaurus-plugin-sass, by its name or Docusaurus's shorthand ('sass'). */
function isSassPlugin(entry: Evaluated): boolean {
  const head = Array.isArray(entry) ? entry[0] : entry;
  return typeof head === 'string' && ['docusaurus-plugin-sass', 'sass'].includes(normalizePackageName(head));
}

/** Docusaurus's ideal-image plugin, by its name or its shorthand ('ideal-image'). */
function isIdealImagePlugin(entry: Evaluated): boolean {
  const head = Array.isArray(entry) ? entry[0] : entry;
  return typeof head === 'string' && ['@docusaurus/plugin-ideal-image', 'ideal-image'].includes(normalizePackageName(head));
}

/**
 * The ideal-image plugin's options that shape its images (widths, quality, and whether `serve
 * --watch` leaves images plain); the others name files and loaders sipadocs has not.
 */
function readIdealImage(entry: Evaluated, notes: MigrationNotes): NonNullable<NonNullable<UserConfig['images']>['idealImage']> {
  const options = ConfigObject.of('plugins (@docusaurus/plugin-ideal-image).options', Array.isArray(entry) ? entry[1] : undefined);
  const sizes = options.get('sizes');
  const read = {
    quality: options.number('quality'),
    max: options.number('max'),
    min: options.number('min'),
    steps: options.number('steps'),
    sizes: Array.isArray(sizes) && sizes.every((size) => typeof size === 'number') ? (sizes as number[]) : undefined,
    disableInDev: options.boolean('disableInDev'),
  };
  const settings = Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined)) as typeof read;
  if (sizes !== undefined && settings.sizes === undefined) notes.notCarried(`${options.path('sizes')}: ${describeValue(sizes)}`, 'a list of widths in pixels was expected');
  notes.carriedOver('plugin @docusaurus/plugin-ideal-image as images.idealImage (PNG and JPEG imports resized with sharp, for @theme/IdealImage)');
  options.reportRest(notes, {}, 'sipadocs names the copies itself and has no other option of the plugin');
  return settings;
}

function isPagesPlugin(entry: Evaluated): boolean {
  const head = Array.isArray(entry) ? entry[0] : entry;
  const name = typeof head === 'string' ? normalizePackageName(head) : '';
  return name === '@docusaurus/plugin-content-pages' || name === 'content-pages';
}

/** Why a plugin is not run through the plugin API (a content plugin sipadocs has one of, one it does itself), or null when it is. */
function pluginReason(entry: Evaluated): string | null {
  const name = entryPackage(entry);
  if (name === '@docusaurus/plugin-content-blog' || name === 'content-blog') return 'a second blog: sipadocs has one blog; its posts were not copied';
  if (name === '@docusaurus/plugin-content-pages' || name === 'content-pages') return 'a second pages folder: sipadocs has one; its pages were not copied';
  return DONE_BY_SIPADOCS[name] ?? null;
}

/** Docusaurus's own plugins whose work sipadocs does itself (or another part of it reads), by package and short name. */
const DONE_BY_SIPADOCS: Record<string, string> = {
  '@docusaurus/plugin-sitemap': 'sipadocs writes its own sitemap',
  sitemap: 'sipadocs writes its own sitemap',
  '@docusaurus/plugin-debug': 'sipadocs has no debug pages',
  debug: 'sipadocs has no debug pages',
  '@docusaurus/plugin-ideal-image': 'sipadocs does not run this plugin; its images are plain images',
  'ideal-image': 'sipadocs does not run this plugin; its images are plain images',
};

/** Docusaurus's own themes, which sipadocs's built-in theme stands for; null for a theme run as a plugin. */
function themeReason(entry: Evaluated): string | null {
  const name = entryPackage(entry);
  if (['@docusaurus/theme-classic', 'classic', '@docusaurus/theme-search-algolia', 'search-algolia', '@docusaurus/theme-live-codeblock', 'live-codeblock'].includes(name)) {
    return 'sipadocs has one built-in theme, which stands for Docusaurus\'s own themes';
  }
  return null;
}

/** The package (or short name) an entry names, '' for a function. */
function entryPackage(entry: Evaluated): string {
  const head = Array.isArray(entry) ? entry[0] : entry;
  if (typeof head === 'string') return normalizePackageName(head);
  return stubModule(head) ?? '';
}

/**
 * A package named by its resolved path (`require.resolve` of a package gives its name in the
 * sandbox, but configs sometimes build paths by hand) is reported by its package name.
 */
function normalizePackageName(name: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name);
  return match ? match[1]! : name;
}

const trimSlashes = (value: string) => value.replace(/^\/+|\/+$/g, '');

/** A path from the config (relative to the project, or absolute) as a "/"-separated project-relative path. */
export function toProjectPath(file: string, projectDir: string): string {
  const absolute = path.resolve(projectDir, file);
  return path.relative(projectDir, absolute).split(path.sep).join('/') || '.';
}
