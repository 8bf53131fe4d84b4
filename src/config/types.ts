import type { AnnouncementBar, FooterColumn, LocaleConfig, NavItem } from '../shared/types.js';

/**
 * What a build does about a broken link, as Docusaurus's settings of the same names: fail
 * ('throw'), report a warning, print a line ('log') or say nothing.
 */
export type ReportLevel = 'throw' | 'warn' | 'log' | 'ignore';

/** See UserConfig.markdown.format. */
export type MarkdownFormatSetting = 'mdx' | 'md' | 'detect';

/** The site configuration as written in site/sipadocs.config.ts (optional keys have defaults). */
export interface UserConfig {
  title: string;
  tagline?: string;
  url: string;
  baseUrl?: string;
  trailingSlash?: false;
  favicon?: string;
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
  /** Values for the site's own components, read with `useDocusaurusContext().siteConfig.customFields`. */
  customFields?: Record<string, unknown>;
  i18n?: {
    defaultLocale: string;
    locales: string[];
    localeConfigs?: Record<string, Partial<LocaleConfig>>;
  };
  docs?: {
    path?: string;
    routeBasePath?: string;
    sidebarPath?: string;
    editUrl?: string;
    sidebarHideable?: boolean;
    autoCollapseCategories?: boolean;
    /** Whether categories start collapsed (the active page's categories are always open). */
    sidebarCollapsed?: boolean;
    versionPersistence?: 'localStorage' | 'none';
    version?: { name?: string; label?: string };
  };
  blog?: {
    path?: string;
    routeBasePath?: string;
    title?: string;
    description?: string;
    showReadingTime?: boolean;
    editUrl?: string;
    postsPerPage?: number;
    sidebarCount?: number;
  };
  pages?: { path?: string };
  staticDir?: string;
  customCss?: string[];
  toc?: { minHeadingLevel?: number; maxHeadingLevel?: number };
  markdown?: {
    /**
     * How content files are parsed: 'mdx' compiles every file as MDX 3, 'md' every file as
     * CommonMark + GFM with its raw HTML kept, 'detect' (default) goes by the extension (.md / .mdx).
     */
    format?: MarkdownFormatSetting;
    /**
     * Largest .md/.mdx source file, in bytes (default 1 MB): compiling takes about 1 GB of memory
     * per MB of markdown, so a larger page stops the build with an error naming it.
     */
    maxFileSize?: number;
  };
  codeThemes?: { light?: string; dark?: string };
  colorMode?: { defaultMode?: 'light' | 'dark'; respectPrefersColorScheme?: boolean; disableSwitch?: boolean };
  announcementBar?: AnnouncementBar | null;
  navbar?: {
    title?: string;
    logo?: { src: string; alt: string };
    hideOnScroll?: boolean;
    items?: NavItem[];
  };
  footer?: { columns?: FooterColumn[]; copyright?: string };
}

type DeepRequired<T> = T extends (infer U)[]
  ? U[]
  : T extends object
    ? { [K in keyof T]-?: DeepRequired<T[K]> }
    : T;

/** The validated configuration with every default filled in, plus where it came from. */
export type SiteConfig = DeepRequired<Omit<UserConfig, 'announcementBar' | 'navbar' | 'i18n'>> & {
  announcementBar: AnnouncementBar | null;
  navbar: { title: string; logo: { src: string; alt: string } | null; hideOnScroll: boolean; items: NavItem[] };
  i18n: { defaultLocale: string; locales: string[]; localeConfigs: Record<string, LocaleConfig> };
  /** Absolute path of the site directory. */
  siteDir: string;
  /** Absolute path of the config file. */
  configFile: string;
};
