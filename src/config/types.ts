import type { IdealImageSettings, ImageSettings } from './images.js';
import type { LocaleTranslation } from './localeTranslation.js';
import type { ProjectReading } from './projectReading.js';
import type { ConfiguredSitePlugin, PluginEntry } from './pluginApi.js';
import type { AnnouncementBar, FooterColumn, LocaleConfig, NavItem } from '../shared/types.js';

/**
 * A navbar item of the site config: an item of the theme (see NavItem), or, as in Docusaurus, a
 * link to a doc (`type: 'doc'`, `docId`) or to the first page of a docs sidebar (`type:
 * 'docSidebar'`, `sidebarId`), of the site's docs or of the instance `docsPluginId`, in the
 * version served at its base path. Such a link is labelled with the doc's id unless `label` says
 * otherwise, and is active on every page of that sidebar.
 */
export type NavItemConfig = Omit<NavItem, 'type' | 'label' | 'items' | 'docVersions' | 'activeSidebar'> & {
  type?: NavItem['type'] | 'doc' | 'docSidebar';
  label?: string;
  docId?: string;
  sidebarId?: string;
  /** A dropdown's items: items of their own, without a position (they are in the dropdown). */
  items?: Array<Omit<NavItemConfig, 'position' | 'items'>>;
};

/**
 * What a build does about a broken link, as Docusaurus's settings of the same names: fail
 * ('throw'), report a warning, print a line ('log') or say nothing.
 */
export type ReportLevel = 'throw' | 'warn' | 'log' | 'ignore';

/** See UserConfig.redirects. */
export interface RedirectsConfig {
  /** `from` (one path or several) leads to `to`: a route of the site (a `#fragment` allowed), a file of the static folder or a URL. */
  pages?: Array<{ from: string | string[]; to: string }>;
  /**
   * Every route under `to` is also reached at the same path under `from`, as a `createRedirects`
   * rule: `{ from: '/docs/team', to: '/community' }` sends /docs/team/x to /community/x.
   */
  prefixes?: Array<{ from: string; to: string }>;
  /** For every route /x, /x.<extension> leads to it: ['html'] keeps the addresses of a Docusaurus 1 site. */
  fromExtensions?: string[];
  /** For every route /x.<extension>, /x leads to it. */
  toExtensions?: string[];
}

/** See UserConfig.markdown.format. */
export type MarkdownFormatSetting = 'mdx' | 'md' | 'detect';

/** See UserConfig.markdown.mdx1Compat. */
export interface Mdx1CompatSetting {
  /** `<!-- … -->` in files read as MDX is a comment, as in markdown (default true). */
  comments?: boolean;
  /** `:::tip Title` gives the admonition a title, as `:::tip[Title]` does (default true). */
  admonitions?: boolean;
  /** `## Title {#id}` sets the heading's id in files read as MDX, where `{` starts an expression (default true). */
  headingIds?: boolean;
  /**
   * sipadocs's own: files read as MDX are read as MDX 1 (Docusaurus 2) read them (default false):
   * `{`, `}` and a `<` that starts no tag are text in markdown, autolinks and indented code work;
   * and tags MDX 3 refuses are taken as meant (`<br>`, `class`, `for`, `style` strings).
   */
  syntax?: boolean;
}

import type { MarkdownPluginLists, SitePlugins } from './sitePlugins.js';

/** How one version of a docs instance is shown (Docusaurus's `versions` option of the docs plugin). */
export interface DocsVersionOptions {
  label?: string;
  /** The version's route below the docs' base path ('' for the base path itself). */
  path?: string;
  banner?: 'none' | 'unreleased' | 'unmaintained';
  /** Show "Version: <label>" above its docs (default: when the docs have several versions). */
  badge?: boolean;
  /** Its pages are marked `noindex`. */
  noIndex?: boolean;
  /** A class name on the pages of the version. */
  className?: string;
}

/** One docs instance: a folder of docs with its sidebars, route, edit URL and versions. */
export interface DocsInstanceOptions extends MarkdownPluginLists {
  path?: string;
  routeBasePath?: string;
  sidebarPath?: string;
  editUrl?: string;
  /** Whether categories start collapsed (the active page's categories are always open). */
  sidebarCollapsed?: boolean;
  /**
   * `false` keeps number prefixes (`01-intro.md`, `2-guides/`) in doc ids, URLs and category labels,
   * as Docusaurus's `numberPrefixParser: false`; by default they are stripped and give the sidebar
   * position. A doc's `parse_number_prefixes: false` turns them off for that doc alone.
   */
  numberPrefixParser?: false;
  /** The version served at the base path (default: the newest of versions.json, else the current docs). */
  lastVersion?: string;
  /** Build only these versions ('current' names the docs folder). */
  onlyIncludeVersions?: string[];
  /** Build the docs folder as the version 'current' (default true). */
  includeCurrentVersion?: boolean;
  /** Ignore versions.json: only the docs folder is built. */
  disableVersioning?: boolean;
  versions?: Record<string, DocsVersionOptions>;
}

/** A docs instance with every default filled in (see docsInstancesOf). */
export interface DocsInstanceConfig {
  /** 'default' for the site's `docs`. */
  id: string;
  path: string;
  /** Without slashes at either end; '' serves the docs at the site root. */
  routeBasePath: string;
  sidebarPath: string;
  editUrl: string;
  sidebarCollapsed: boolean;
  /** False when number prefixes are kept (see DocsInstanceOptions.numberPrefixParser). */
  numberPrefixParser: boolean;
  lastVersion: string | null;
  onlyIncludeVersions: string[] | null;
  includeCurrentVersion: boolean;
  disableVersioning: boolean;
  versions: Record<string, DocsVersionOptions>;
}

/** A tag of every page's <head>, as Docusaurus's `headTags`: `<tagName …attributes>innerHTML</tagName>`. */
export interface HeadTag {
  /** meta, link, script, style or noscript. */
  tagName: string;
  /** Its attributes; `true` writes the attribute alone (`async`), `false` leaves it out. */
  attributes?: Record<string, string | boolean>;
  /** What the element holds (a script's code, a style sheet), written as it is. */
  innerHTML?: string;
}

/** A script of every page, as Docusaurus's `scripts`: its URL, or its attributes with `src`. */
export type ScriptSetting = string | ({ src: string } & Record<string, string | boolean>);

/** A style sheet of every page, as Docusaurus's `stylesheets`: its URL, or its attributes with `href`. */
export type StylesheetSetting = string | ({ href: string } & Record<string, string | boolean>);

/** Google Analytics 4 with gtag.js, as Docusaurus's gtag plugin writes it. */
export interface GtagSetting {
  /** One measurement id ("G-XXXXXXX") or several; the first loads gtag.js. */
  trackingID: string | string[];
  /** Asks Google to drop the last part of visitors' IP addresses. */
  anonymizeIP?: boolean;
}

/** Universal Analytics with analytics.js, as Docusaurus's google-analytics plugin writes it. */
export interface GoogleAnalyticsSetting {
  trackingID: string;
  anonymizeIP?: boolean;
}

/** Google Tag Manager, as Docusaurus's google-tag-manager plugin writes it. */
export interface GoogleTagManagerSetting {
  /** "GTM-XXXXXXX". */
  containerId: string;
}

/** Plausible Analytics: its script, told the site's domain. */
export interface PlausibleSetting {
  /** The domain the site is registered under at Plausible ("example.com"; several separated by commas). */
  domain: string;
  /** The script's URL (default https://plausible.io/js/script.js; a self-hosted instance's, or a proxy's). */
  src?: string;
}

/** The analytics settings of the config (each may be left out). */
export interface AnalyticsSettings {
  gtag?: GtagSetting;
  googleAnalytics?: GoogleAnalyticsSetting;
  googleTagManager?: GoogleTagManagerSetting;
  plausible?: PlausibleSetting;
}

/**
 * What a service of the config needs the pages' Content-Security-Policy to allow beyond the
 * site's own files: sources by directive (the shape of server/securityHeaders.ts's PolicySources).
 */
export type ServiceSources = Record<string, string[]>;

/**
 * Algolia DocSearch, as Docusaurus's `themeConfig.algolia`: the navbar's search button (and its
 * shortcuts) open DocSearch's dialog, searching the site's Algolia index; DocSearch's code is
 * loaded when the dialog first opens. The site's own index and search page are still built.
 */
export interface AlgoliaConfig {
  appId: string;
  /** The public search-only API key. */
  apiKey: string;
  indexName: string;
  /**
   * Only results of the page's language and docs versions (default true, as in Docusaurus): the
   * pages carry `docsearch:language` and `docsearch:docusaurus_tag` meta tags for the crawler, and
   * searches filter on them.
   */
  contextualSearch?: boolean;
  /** Further Algolia search parameters (`facetFilters`, `hitsPerPage`…). */
  searchParameters?: Record<string, unknown>;
  /** The search box's placeholder. */
  placeholder?: string;
  /** Send click and conversion events to Algolia Insights (default false). */
  insights?: boolean;
}

/** The site configuration as written in site/sipadocs.config.ts (optional keys have defaults). */
export interface UserConfig extends AnalyticsSettings {
  title: string;
  tagline?: string;
  url: string;
  baseUrl?: string;
  trailingSlash?: false;
  favicon?: string;
  /** Algolia DocSearch instead of the built-in search dialog (see AlgoliaConfig). */
  algolia?: AlgoliaConfig;
  noIndex?: boolean;
  titleDelimiter?: string;
  /** The site's own version (not the generator's). */
  siteVersion?: string;
  /**
   * Social-card image of pages whose front matter names none: a file in the static folder
   * ("img/social-card.png") or a full URL.
   */
  image?: string;
  /** A link to no page and no file of the site (default 'throw'). */
  onBrokenLinks?: ReportLevel;
  /** A link to a .md/.mdx file that is no doc, post or page (default 'warn'; the link is then checked as any other). */
  onBrokenMarkdownLinks?: ReportLevel;
  /** A link to a page that has no element with that `#fragment` (default 'throw'). */
  onBrokenAnchors?: ReportLevel;
  /**
   * A relative link written without "./" (`docs/a`) that is broken where it stands but names a
   * page or file when read from the site's root (default: as `onBrokenLinks`). Docusaurus's
   * checker accepts such a link, though browsers follow it from the page's folder to a 404;
   * Docusaurus projects get 'warn'.
   */
  onRootRelativeLinks?: ReportLevel;
  /**
   * Addresses that lead elsewhere, as Docusaurus's client-redirects plugin makes them: each is
   * written as a page that sends the browser on (and into `_redirects` for hosts that read it).
   */
  redirects?: RedirectsConfig;
  /** Values for the site's own components, read with `useDocusaurusContext().siteConfig.customFields`. */
  customFields?: Record<string, unknown>;
  /**
   * Tags put in the <head> of every page (before the page's own <Head> tags and the theme's style
   * sheets), then `stylesheets` as <link rel="stylesheet">, then `scripts` as <script src>. The
   * Content-Security-Policy allows what they need: their inline scripts by hash, the origins of
   * the scripts and style sheets they load.
   */
  headTags?: HeadTag[];
  /**
   * Plugins, as Docusaurus has them: each a function called as `plugin(context, options)` (or the
   * path of a module whose default export it is, or `[plugin, options]`), returning an object whose
   * lifecycle methods the build runs (see the README's "Plugins").
   */
  plugins?: PluginEntry[];
  stylesheets?: StylesheetSetting[];
  scripts?: ScriptSetting[];
  /**
   * The site's locales, as Docusaurus has them: the default locale is served at the base URL,
   * each other one at `<baseUrl><locale>/` (or its own `baseUrl`), with the same routes. A
   * locale's translations are read from `<path>/<locale's path>/` (see the README's "Translations").
   */
  i18n?: {
    defaultLocale: string;
    locales: string[];
    /** The folder of translations, relative to the site folder (default 'i18n'). */
    path?: string;
    localeConfigs?: Record<string, Partial<LocaleConfig> & { baseUrl?: string; translate?: boolean }>;
  };
  /** The docs (Docusaurus's default docs instance), with the theme's docs settings. */
  docs?: DocsInstanceOptions & {
    sidebarHideable?: boolean;
    autoCollapseCategories?: boolean;
    versionPersistence?: 'localStorage' | 'none';
    version?: { name?: string; label?: string };
  };
  /**
   * More docs instances beside `docs`, each a folder of docs with its own id, sidebars, route and
   * versions (Docusaurus's docs plugin used several times).
   */
  docsInstances?: Array<DocsInstanceOptions & { id: string }>;
  blog?: MarkdownPluginLists & {
    path?: string;
    routeBasePath?: string;
    title?: string;
    description?: string;
    showReadingTime?: boolean;
    editUrl?: string;
    postsPerPage?: number;
    sidebarCount?: number;
    /** `<blog>/authors` and a page per author with `page` in the authors file, as Docusaurus 3.5 has them (default true). */
    authorsPages?: boolean;
    /** The blog's list page even when it has no post, as a Docusaurus site's blog plugin makes it (default false). */
    listWithoutPosts?: boolean;
  };
  pages?: MarkdownPluginLists & { path?: string };
  staticDir?: string;
  customCss?: string[];
  /**
   * Sass style sheets: `.scss` and `.sass` files (in `customCss` and imported by pages, components
   * and MDX; `.module.scss` as CSS modules) are compiled with the `sass` package, as
   * docusaurus-plugin-sass does. Default false: importing one is then an error.
   */
  sass?: boolean;
  /**
   * What an SVG file that a page, a component or MDX code imports gives: its URL (`'url'`, the
   * default), or a React component drawing it inline (`'component'`, as Docusaurus's SVGR loader
   * makes it: `import Logo from './logo.svg'` then `<Logo width={40} />`). Markdown images are
   * always files.
   */
  svgImports?: 'url' | 'component';
  /**
   * Resized copies of the raster images (PNG, JPEG, WebP) of markdown pages, made at build time
   * and kept in the cache: the image's `srcset` lists them, its `src` stays the original file.
   */
  images?: {
    /** Make the copies (default true); false leaves images as they are, with their width and height. */
    responsive?: boolean;
    /** Widths of the copies in pixels (default [640, 1280]); those not below an image's width are left out, and its own width is always one. */
    widths?: number[];
    /** Format of the copies: 'webp' (default) or 'avif' (smaller, several times slower to encode). */
    format?: 'webp' | 'avif';
    /** Encoding quality, 1 to 100 (default 80). */
    quality?: number;
    /**
     * Docusaurus's ideal-image plugin (read from a Docusaurus project's `plugins`): a PNG or JPEG
     * that code imports or requires is the plugin's object of resized copies, for `@theme/IdealImage`.
     * Its options as the plugin names them; null (default) when the site does not use it.
     */
    idealImage?: { quality?: number; max?: number; min?: number; steps?: number; sizes?: number[]; disableInDev?: boolean } | null;
  };
  toc?: { minHeadingLevel?: number; maxHeadingLevel?: number };
  /** How markdown is read; its plugin lists apply to every page (docs, blog and pages have their own too). */
  markdown?: MarkdownPluginLists & {
    /**
     * How content files are parsed: 'mdx' compiles every file as MDX 3, 'md' every file as
     * CommonMark + GFM with its raw HTML kept, 'detect' (default) goes by the extension (.md / .mdx).
     */
    format?: MarkdownFormatSetting;
    /** What MDX 1 accepted that MDX 3 reads otherwise, as Docusaurus names the options (see Mdx1CompatSetting). */
    mdx1Compat?: Mdx1CompatSetting;
    /**
     * Largest .md/.mdx source file, in bytes (default 1 MB): compiling takes about 1 GB of memory
     * per MB of markdown, so a larger page stops the build with an error naming it.
     */
    maxFileSize?: number;
    /** `$…$` and `$$…$$` are math, rendered to HTML with KaTeX at build time (default false). */
    math?: boolean;
    /** ```mermaid code blocks are diagrams, drawn in the page's colour mode (default false). */
    mermaid?: boolean;
    /**
     * The comments in code blocks that mark lines and are not shown, as Docusaurus's
     * `themeConfig.prism.magicComments`: each kind gives its lines `className`, for the line after
     * a `line` comment or between `block.start` and `block.end`. The default is
     * `highlight-next-line` and `highlight-start`/`highlight-end`, class `highlighted`.
     */
    magicComments?: Array<{ className: string; line?: string; block?: { start: string; end: string } }>;
  };
  codeThemes?: { light?: string; dark?: string };
  colorMode?: { defaultMode?: 'light' | 'dark'; respectPrefersColorScheme?: boolean; disableSwitch?: boolean };
  announcementBar?: AnnouncementBar | null;
  navbar?: {
    title?: string;
    /**
     * The logo beside the title; `srcDark` replaces `src` in dark mode (both are in the page, the
     * style sheet shows one, so nothing flashes). `href` is where the logo and title lead (the home
     * page by default; a route or another site's URL), `target` the link's target (`_blank` for
     * another site by default), `width` and `height` the image's (32 × 32 by default).
     */
    logo?: NavbarLogo;
    hideOnScroll?: boolean;
    items?: NavItemConfig[];
  };
  footer?: {
    columns?: FooterColumn[];
    copyright?: string;
    /** `'dark'` (the default) or `'light'`, as Docusaurus's footer `style` (whose default is `'light'`). */
    style?: 'light' | 'dark';
    /** A logo above the copyright, as Docusaurus's footer `logo`: `href` makes it a link, `srcDark` its image in dark mode. */
    logo?: FooterLogo;
  };
}

/** The navbar's logo (see UserConfig.navbar.logo). */
export interface NavbarLogo {
  src: string;
  alt: string;
  srcDark?: string;
  href?: string;
  target?: string;
  width?: number;
  height?: number;
}

/** The footer's logo (see UserConfig.footer.logo). */
export interface FooterLogo {
  src: string;
  alt: string;
  srcDark?: string;
  href?: string;
  width?: number;
  height?: number;
}

type DeepRequired<T> = T extends (infer U)[]
  ? U[]
  : T extends object
    ? { [K in keyof T]-?: DeepRequired<T[K]> }
    : T;

/** A locale's settings with every default filled in, as Docusaurus fills them. */
export interface SiteLocaleConfig extends LocaleConfig {
  /** Where its pages are served: the site's base URL for the default locale, `<baseUrl><locale>/` for the others unless given. */
  baseUrl: string;
  /** Whether its translations are read (default: when its folder of translations exists). */
  translate: boolean;
}

/** The validated configuration with every default filled in, plus where it came from. */
export type SiteConfig = DeepRequired<Omit<UserConfig, 'announcementBar' | 'navbar' | 'footer' | 'i18n' | 'docs' | 'docsInstances' | 'headTags' | 'plugins' | 'stylesheets' | 'scripts' | keyof AnalyticsSettings | 'algolia' | 'images'>> & {
  /** The resized copies of images (see imageVariants.ts). */
  images: ImageSettings & { idealImage: IdealImageSettings | null };
  /** The config's plugins, read (see pluginEntries.ts); their lifecycle runs in the build (src/plugins/). */
  plugins: ConfiguredSitePlugin[];
  /** Tags the plugins put at the end of every page's <body> (their `injectHtmlTags`), as HTML; set by the build. */
  bodyTags?: string[];
  /** `headTags`, then `stylesheets` and `scripts` as the tags they stand for, then the analytics' tags, in that order. */
  headTags: HeadTag[];
  /** The analytics settings, as given. */
  analytics: AnalyticsSettings;
  /** DocSearch, with its defaults, or null. */
  algolia: (Required<Omit<AlgoliaConfig, 'placeholder'>> & Pick<AlgoliaConfig, 'placeholder'>) | null;
  /** What the pages' Content-Security-Policy allows beyond the site's own files for the services the config sets (analytics, DocSearch). */
  policySources: ServiceSources;
  /** The default docs instance's main settings and the theme's docs settings (its full settings are docsInstances[0]). */
  docs: DeepRequired<Pick<NonNullable<UserConfig['docs']>, 'path' | 'routeBasePath' | 'sidebarPath' | 'editUrl' | 'sidebarCollapsed' | 'sidebarHideable' | 'autoCollapseCategories' | 'versionPersistence' | 'version'>>;
  /** Every docs instance: the site's `docs` first (id 'default'), then `docsInstances`. */
  docsInstances: DocsInstanceConfig[];
  announcementBar: AnnouncementBar | null;
  navbar: { title: string; logo: NavbarLogo | null; hideOnScroll: boolean; items: NavItemConfig[] };
  footer: { columns: FooterColumn[]; copyright: string; style: 'light' | 'dark'; logo: FooterLogo | null };
  i18n: {
    defaultLocale: string;
    locales: string[];
    path: string;
    /** The locale this config builds: the default one, unless the config was made for another (see i18n/localeConfig.ts). */
    currentLocale: string;
    localeConfigs: Record<string, SiteLocaleConfig>;
  };
  /** What the locale being built takes from its translations (see i18n/localeConfig.ts); absent before a locale is chosen. */
  translation?: LocaleTranslation;
  /** Absolute path of the site directory. */
  siteDir: string;
  /** Absolute path of the config file. */
  configFile: string;
  /** The remark and rehype plugins of every part of the site, with where each comes from (see sitePlugins.ts). */
  markdownPlugins: SitePlugins;
  /** A Docusaurus project built where it stands: what its reading gives beyond the config (see projectReading.ts). */
  project?: ProjectReading;
};
