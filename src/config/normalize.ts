import { DEFAULT_MDX1_COMPAT } from './mdx1Compat.js';
import { DEFAULT_MAGIC_COMMENTS } from '../shared/magicComments.js';
import { contentUrl, isExternalUrl, stripBase } from '../shared/paths.js';
import type { ClientSiteData, FooterLink, LocaleSummary, NavItem } from '../shared/types.js';
import { localeConfigsOf } from './localeDefaults.js';
import { docsInstancesOf } from './docsInstances.js';
import { headTagsOf } from './headSettings.js';
import { analyticsOf } from './analytics.js';
import { algoliaSources } from './algolia.js';
import { NO_PLUGINS, pluginListsOf, type SitePlugins } from './sitePlugins.js';
import type { AnalyticsSettings, NavItemConfig, ServiceSources, SiteConfig, UserConfig } from './types.js';
import { GENERATOR_NAME, GENERATOR_VERSION } from '../version.js';

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

/** The heading levels of the table of contents when the config names none. */
export const DEFAULT_TOC = { minHeadingLevel: 2, maxHeadingLevel: 3 } as const;

/** The theme's own code themes: its code blocks keep the theme's background (`--sd-color-code-bg`) with these. */
export const DEFAULT_CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const;

/**
 * Whether code blocks take their code themes' backgrounds: a site that chose its code themes gets
 * them as the themes draw them (a dark theme on a light page keeps its dark background, as
 * Docusaurus shows its prism theme); with the defaults, blocks have the theme's own background.
 */
export function codeThemeBackgrounds(codeThemes: { light: string; dark: string }): boolean {
  return codeThemes.light !== DEFAULT_CODE_THEMES.light || codeThemes.dark !== DEFAULT_CODE_THEMES.dark;
}

/** Default markdown.maxFileSize: 1 MB, far above real pages, and about 1 GB of memory to compile. */
export const DEFAULT_MAX_MARKDOWN_BYTES = 1024 * 1024;

/** Fills every default; the result is frozen so no stage can change it under another. */
export function normalizeConfig(user: UserConfig, siteDir: string, configFile: string, markdownPlugins: SitePlugins = NO_PLUGINS): SiteConfig {
  const baseUrl = `/${trimSlashes(user.baseUrl ?? '/')}/`.replace(/\/\/$/, '/');
  const defaultLocale = user.i18n?.defaultLocale ?? 'en';
  const locales = user.i18n?.locales ?? [defaultLocale];
  const localeConfigs = localeConfigsOf(user.i18n, baseUrl, defaultLocale, locales);
  const analytics = analyticsOf(user);
  const config: SiteConfig = {
    siteDir,
    configFile,
    title: user.title,
    tagline: user.tagline ?? '',
    url: user.url.replace(/\/+$/, ''),
    baseUrl,
    trailingSlash: false,
    favicon: user.favicon ?? '',
    noIndex: user.noIndex ?? false,
    titleDelimiter: user.titleDelimiter ?? '|',
    siteVersion: user.siteVersion ?? '0.0.0',
    image: user.image ?? '',
    onBrokenLinks: user.onBrokenLinks ?? 'throw',
    onBrokenMarkdownLinks: user.onBrokenMarkdownLinks ?? 'warn',
    onBrokenAnchors: user.onBrokenAnchors ?? 'throw',
    onRootRelativeLinks: user.onRootRelativeLinks ?? user.onBrokenLinks ?? 'throw',
    redirects: { pages: user.redirects?.pages ?? [], prefixes: user.redirects?.prefixes ?? [], fromExtensions: user.redirects?.fromExtensions ?? [], toExtensions: user.redirects?.toExtensions ?? [] },
    customFields: user.customFields ?? {},
    headTags: [...headTagsOf(user), ...analytics.tags],
    analytics: analyticsSettings(user),
    algolia: algoliaOf(user.algolia),
    policySources: mergeSources(analytics.sources, user.algolia ? algoliaSources(user.algolia.appId, user.algolia.insights ?? false) : {}),
    i18n: { defaultLocale, locales, path: user.i18n?.path ?? 'i18n', currentLocale: defaultLocale, localeConfigs },
    docs: {
      path: user.docs?.path ?? 'docs',
      routeBasePath: trimSlashes(user.docs?.routeBasePath ?? 'docs'),
      sidebarPath: user.docs?.sidebarPath ?? '',
      editUrl: user.docs?.editUrl ?? '',
      sidebarHideable: user.docs?.sidebarHideable ?? false,
      autoCollapseCategories: user.docs?.autoCollapseCategories ?? false,
      sidebarCollapsed: user.docs?.sidebarCollapsed ?? false,
      versionPersistence: user.docs?.versionPersistence ?? 'localStorage',
      version: { name: user.docs?.version?.name ?? 'current', label: user.docs?.version?.label ?? 'Next' },
    },
    docsInstances: docsInstancesOf(user),
    blog: {
      path: user.blog?.path ?? 'blog',
      routeBasePath: trimSlashes(user.blog?.routeBasePath ?? 'blog'),
      title: user.blog?.title ?? 'Blog',
      description: user.blog?.description ?? 'Blog',
      showReadingTime: user.blog?.showReadingTime ?? true,
      editUrl: user.blog?.editUrl ?? '',
      postsPerPage: user.blog?.postsPerPage ?? 10,
      sidebarCount: user.blog?.sidebarCount ?? 5,
      authorsPages: user.blog?.authorsPages ?? true,
      listWithoutPosts: user.blog?.listWithoutPosts ?? false,
      ...pluginListsOf(user.blog),
    },
    pages: { path: user.pages?.path ?? 'pages', ...pluginListsOf(user.pages) },
    staticDir: user.staticDir ?? 'static',
    customCss: user.customCss ?? [],
    sass: user.sass ?? false,
    svgImports: user.svgImports ?? 'url',
    toc: { ...DEFAULT_TOC, ...user.toc },
    markdown: {
      format: user.markdown?.format ?? 'detect',
      mdx1Compat: { ...DEFAULT_MDX1_COMPAT, ...user.markdown?.mdx1Compat },
      maxFileSize: user.markdown?.maxFileSize ?? DEFAULT_MAX_MARKDOWN_BYTES,
      math: user.markdown?.math ?? false,
      mermaid: user.markdown?.mermaid ?? false,
      magicComments: user.markdown?.magicComments ?? DEFAULT_MAGIC_COMMENTS.map((kind) => ({ ...kind })),
      ...pluginListsOf(user.markdown),
    },
    codeThemes: { light: user.codeThemes?.light ?? DEFAULT_CODE_THEMES.light, dark: user.codeThemes?.dark ?? DEFAULT_CODE_THEMES.dark },
    colorMode: {
      defaultMode: user.colorMode?.defaultMode ?? 'light',
      respectPrefersColorScheme: user.colorMode?.respectPrefersColorScheme ?? false,
      disableSwitch: user.colorMode?.disableSwitch ?? false,
    },
    announcementBar: user.announcementBar ?? null,
    navbar: {
      title: user.navbar?.title ?? user.title,
      logo: user.navbar?.logo ?? null,
      hideOnScroll: user.navbar?.hideOnScroll ?? false,
      // Labels and positions are filled in by clientSiteData (a doc item is labelled with its doc's id).
      items: user.navbar?.items ?? [],
    },
    footer: { columns: user.footer?.columns ?? [], copyright: user.footer?.copyright ?? '', style: user.footer?.style ?? 'dark', logo: user.footer?.logo ?? null },
    markdownPlugins,
  };
  return deepFreeze(config);
}

/** The analytics keys of the config that are set, as given. */
function analyticsSettings(user: UserConfig): AnalyticsSettings {
  const { gtag, googleAnalytics, googleTagManager, plausible } = user;
  return { ...(gtag ? { gtag } : {}), ...(googleAnalytics ? { googleAnalytics } : {}), ...(googleTagManager ? { googleTagManager } : {}), ...(plausible ? { plausible } : {}) };
}

function algoliaOf(algolia: UserConfig['algolia']): SiteConfig['algolia'] {
  if (!algolia) return null;
  const { appId, apiKey, indexName, contextualSearch = true, searchParameters = {}, placeholder, insights = false } = algolia;
  return { appId, apiKey, indexName, contextualSearch, searchParameters, insights, ...(placeholder !== undefined ? { placeholder } : {}) };
}

/** Each directive's sources of both, once. */
function mergeSources(a: ServiceSources, b: ServiceSources): ServiceSources {
  const merged: ServiceSources = {};
  for (const sources of [a, b]) for (const [name, list] of Object.entries(sources)) merged[name] = [...new Set([...(merged[name] ?? []), ...list])];
  return merged;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** What a doc or sidebar item of the navbar links to (see content/navItems.ts, which finds it). */
export interface DocItemTarget {
  to: string;
  /** The sidebar whose pages mark the item active, as SidebarView names it. */
  activeSidebar?: string;
  label: string;
}

/**
 * The subset of the config the browser needs (ships in the client entry chunk). Its links follow
 * the rule of shared/types.ts: `to` and `activeBasePath` become site paths (a config may write
 * them with the base URL, as Docusaurus allows) and the logo's `src` a URL with the base URL.
 */
export function clientSiteData(config: SiteConfig, pageRoutes: string[], docItems: ReadonlyMap<NavItemConfig, DocItemTarget> = new Map()): ClientSiteData {
  const { baseUrl } = config;
  const sitePath = (to: string) => stripBase(baseUrl, to);
  const footerLink = (item: FooterLink): FooterLink => (item.to !== undefined ? { ...item, to: sitePath(item.to) } : { ...item });
  // A `doc` or `docSidebar` item becomes the link `docItems` resolved it to (see content/navItems.ts).
  const navItem = (item: NavItemConfig, top: boolean): NavItem => {
    const { type, label, docId: _docId, sidebarId: _sidebarId, items, position, ...rest } = item;
    const target = docItems.get(item);
    const result: NavItem = { ...rest, label: target?.label ?? label ?? '' };
    if (type && type !== 'doc' && type !== 'docSidebar' && type !== 'link') result.type = type;
    // A doc item's instance is that of its doc, resolved; version items keep theirs.
    if (target) delete result.docsPluginId;
    if (top) result.position = position ?? 'left';
    if (target) {
      result.to = target.to;
      if (target.activeSidebar) result.activeSidebar = target.activeSidebar;
    } else if (rest.to !== undefined) {
      result.to = sitePath(rest.to);
    }
    if (rest.activeBasePath !== undefined) result.activeBasePath = sitePath(rest.activeBasePath);
    if (rest.dropdownItemsBefore) result.dropdownItemsBefore = rest.dropdownItemsBefore.map(footerLink);
    if (rest.dropdownItemsAfter) result.dropdownItemsAfter = rest.dropdownItemsAfter.map(footerLink);
    if (items) result.items = items.map((entry) => navItem(entry, false));
    return result;
  };
  // As in Docusaurus, "img/logo.svg" is a file of static/ too, not a path relative to each page.
  const fileUrl = (src: string) => (isExternalUrl(src) ? src : contentUrl(baseUrl, `/${src.replace(/^\/+/, '')}`));
  const themedLogo = <T extends { src: string; srcDark?: string }>(logo: T): T => ({ ...logo, src: fileUrl(logo.src), ...(logo.srcDark !== undefined ? { srcDark: fileUrl(logo.srcDark) } : {}) });
  const bar = config.announcementBar;
  return {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    titleDelimiter: config.titleDelimiter,
    siteVersion: config.siteVersion,
    generator: `${GENERATOR_NAME} ${GENERATOR_VERSION}`,
    locale: localeOf(config),
    ...(config.i18n.locales.length > 1 ? { i18n: { defaultLocale: config.i18n.defaultLocale, locales: config.i18n.locales.map((name) => localeSummary(config, name)) } } : {}),
    ...(config.translation && Object.keys(config.translation.messages).length > 0 ? { translations: config.translation.messages } : {}),
    navbar: {
      title: config.navbar.title,
      logo: config.navbar.logo ? { ...themedLogo(config.navbar.logo), ...(config.navbar.logo.href !== undefined ? { href: isExternalUrl(config.navbar.logo.href) ? config.navbar.logo.href : sitePath(config.navbar.logo.href) } : {}) } : undefined,
      hideOnScroll: config.navbar.hideOnScroll,
      items: config.navbar.items.map((item) => navItem(item, true)),
    },
    footer: {
      columns: config.footer.columns.map((c) => ({ ...c, items: c.items.map(footerLink) })),
      copyright: config.footer.copyright,
      style: config.footer.style,
      ...(config.footer.logo ? { logo: { ...themedLogo(config.footer.logo), ...(config.footer.logo.href !== undefined ? { href: isExternalUrl(config.footer.logo.href) ? config.footer.logo.href : sitePath(config.footer.logo.href) } : {}) } } : {}),
    },
    colorMode: { ...config.colorMode },
    announcementBar: bar ? { ...bar, ...(bar.link ? { link: footerLink(bar.link) } : {}) } : null,
    docs: {
      routeBasePath: `/${config.docs.routeBasePath}`,
      sidebarHideable: config.docs.sidebarHideable,
      autoCollapseCategories: config.docs.autoCollapseCategories,
      versionPersistence: config.docs.versionPersistence,
      pluginId: 'default',
      version: { ...config.docs.version },
    },
    blog: { routeBasePath: `/${config.blog.routeBasePath}`, title: config.blog.title, showReadingTime: config.blog.showReadingTime },
    ...(Object.keys(config.customFields).length > 0 ? { customFields: structuredClone(config.customFields) } : {}),
    routePatterns: [
      // A page's route is matched literally: characters path-to-regexp reads as syntax are escaped.
      ...pageRoutes.map((route) => route.replace(/[{}()[\]+?!:*\\]/g, '\\$&')),
      ...config.docsInstances.map((docs) => `/${docs.routeBasePath}${docs.routeBasePath ? '{/*rest}' : '{*rest}'}`),
      `/${config.blog.routeBasePath}{/*rest}`,
    ],
    search: !config.noIndex,
  };
}

/** The locale a config builds, as the runtime knows it. */
function localeOf(config: SiteConfig): ClientSiteData['locale'] {
  const { label, direction, htmlLang, calendar, path } = config.i18n.localeConfigs[config.i18n.currentLocale]!;
  return { label, direction, htmlLang, calendar, path, name: config.i18n.currentLocale };
}

function localeSummary(config: SiteConfig, name: string): LocaleSummary {
  const { label, htmlLang, direction, baseUrl } = config.i18n.localeConfigs[name]!;
  return { name, label, htmlLang, direction, baseUrl };
}
