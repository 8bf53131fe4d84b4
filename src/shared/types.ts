/**
 * Data that crosses from the generator to the browser. Everything here is JSON-serialisable;
 * the theme (templates/) and the client runtime (src/client) read it, the Node side writes it.
 *
 * Links and URLs under a base URL ("/sub/"), one rule for all of this data:
 * - A link to a route (`to`, `href` of sidebar items and breadcrumbs, `permalink`, `path`,
 *   `previousPage`, `allTagsPath`, `activeBasePath`…) is a site path, without the base URL:
 *   "/docs/x#y". The theme renders it only through `Link`'s `to` (src/client/navigation.tsx),
 *   which puts the base URL in front (`routeHref` in paths.ts); the router compares site paths.
 * - A file the browser loads (`chunk`, `css`, a sidebar's `url`, `image`, the navbar logo's `src`,
 *   an author's `imageUrl`) is a URL ready to use, base URL included: "/sub/_sipa/r/x-AB12.js".
 * - External URLs (`href` of external items, edit URLs, authors' `url`) are complete URLs.
 * - Content (compiled MDX) is not data: its links are URLs as the page shows them, the base URL
 *   put in by the compiler (`contentUrl` in paths.ts), and rendered with `UrlLink`.
 */

/**
 * An item of the navbar, as Docusaurus's navbar items: a link (`to` or `href`; its `html`, when
 * given, is shown instead of the label), a dropdown of such links (`type: 'dropdown'`, `items`)
 * or raw HTML (`type: 'html'`, `html`). In the site config, `type: 'doc'` (`docId`) and
 * `type: 'docSidebar'` (`sidebarId`) are links to a doc or to a sidebar's first page, which the
 * build turns into links marked active on every page of that doc's sidebar.
 */
export interface NavItem {
  /**
   * A link (the default), a dropdown of links (`items`), raw HTML (`html`), or one of the items of a
   * docs instance with versions: `docsVersionDropdown` lists its versions (each leading to the page
   * in view in that version, else to the version's main doc), `docsVersion` links to the chosen
   * version's main doc. `localeDropdown` lists the site's locales, each leading to the page in view
   * in that locale.
   */
  type?: 'link' | 'dropdown' | 'html' | 'docsVersionDropdown' | 'docsVersion' | 'localeDropdown';
  /** The text shown; '' for an item drawn by its class (an icon), which then needs `ariaLabel`; version items show the chosen version's label when it is ''. */
  label: string;
  /** Internal route (client-side navigation). */
  to?: string;
  /** External URL (opens normally). */
  href?: string;
  /** Left or right of the bar; the items of a dropdown have none. */
  position?: 'left' | 'right';
  /** Route prefix that marks this item active, e.g. "/docs/api". */
  activeBasePath?: string;
  /** The docs sidebar whose pages mark this item active, as SidebarView names it ("<instance>:<name>"). */
  activeSidebar?: string;
  ariaLabel?: string;
  /** Class names of the item's element (the site's CSS may draw an icon with them). */
  className?: string;
  /** Raw HTML: the content of a link instead of its label, or the whole item of type 'html'. */
  html?: string;
  /** The entries of a dropdown: links or HTML. */
  items?: NavItem[];
  /** Version items: the docs instance whose versions they show ('default' unless given). */
  docsPluginId?: string;
  /** docsVersionDropdown and localeDropdown: links listed before and after the versions or locales. */
  dropdownItemsBefore?: FooterLink[];
  dropdownItemsAfter?: FooterLink[];
  /** docsVersionDropdown: not shown as active on docs pages. */
  dropdownActiveClassDisabled?: boolean;
  /**
   * Set by the build on a link to a doc of a docs instance with several versions: the doc's route
   * in each version that has it. The link leads to the version chosen (the page's, the stored
   * preferred one, else the last), as Docusaurus's doc links do.
   */
  docVersions?: { pluginId: string; routes: Record<string, string> };
}

/** A link of the footer (`to` or `href`), or raw HTML (`html`) in its place, as Docusaurus's footer items. */
export interface FooterLink {
  label: string;
  to?: string;
  href?: string;
  html?: string;
  className?: string;
}

export interface FooterColumn {
  title: string;
  items: FooterLink[];
}

export interface AnnouncementBar {
  id: string;
  /** Plain text; links are given separately so no HTML is injected. */
  content: string;
  link?: { label: string; to?: string; href?: string };
  isCloseable: boolean;
  /** The bar's background and text colours (CSS colours), as Docusaurus's `backgroundColor` and `textColor`; the theme's primary colours otherwise. */
  backgroundColor?: string;
  textColor?: string;
}

export interface LocaleConfig {
  label: string;
  direction: 'ltr' | 'rtl';
  htmlLang: string;
  calendar: string;
  /** The locale's folder of translations, under the site's `i18n.path` (its name by default). */
  path: string;
}

/** One locale of a site with several, as every page knows it: the locale dropdown and the `hreflang` links name them. */
export interface LocaleSummary {
  name: string;
  label: string;
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  /** The base URL its pages are served under: the site's for the default locale, `<base>/<name>/` for the others. */
  baseUrl: string;
}

/** The part of the site configuration the theme needs at run time. */
export interface ClientSiteData {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  titleDelimiter: string;
  siteVersion: string;
  generator: string;
  locale: LocaleConfig & { name: string };
  navbar: {
    title: string;
    /** `src` is a URL with the base URL (see the rule above); `href` (a site path or an external URL) where the brand leads, the home page without it. */
    logo?: { src: string; alt: string; srcDark?: string; href?: string; target?: string; width?: number; height?: number };
    hideOnScroll: boolean;
    items: NavItem[];
  };
  footer: {
    columns: FooterColumn[];
    copyright: string;
    style: 'light' | 'dark';
    /** `src` and `srcDark` are URLs with the base URL; `href` a site path or an external URL. */
    logo?: { src: string; alt: string; srcDark?: string; href?: string; width?: number; height?: number };
  };
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  announcementBar: AnnouncementBar | null;
  docs: {
    routeBasePath: string;
    sidebarHideable: boolean;
    autoCollapseCategories: boolean;
    versionPersistence: 'localStorage' | 'none';
    pluginId: string;
    version: { name: string; label: string };
  };
  blog: { routeBasePath: string; title: string; showReadingTime: boolean };
  /**
   * The versions of each docs instance that has several, by instance id (absent when none has):
   * the version dropdown, the banners and the navbar's doc links choose among them.
   */
  docsVersions?: Record<string, DocsInstanceVersions>;
  /** The config's `customFields`, when it has any (read by `useDocusaurusContext`). */
  customFields?: Record<string, unknown>;
  /** path-to-regexp patterns of the paths this site renders client-side. */
  routePatterns: string[];
  /**
   * Whether the site has a search index (under `<baseUrl>_sipa/search/`): false when the whole
   * site is `noIndex`. Only a flag, so the site data does not change when the content does.
   */
  search: boolean;
  /**
   * A site in several locales: the default one and every locale built from the config (absent for a
   * site in one locale). Each locale is a site of its own, at its base URL, with the same routes.
   */
  i18n?: { defaultLocale: string; locales: LocaleSummary[] };
  /**
   * The words of the theme and of the site's `translate()` calls in this locale, by message id
   * (absent when every message is its default text): only this locale's, for the runtime's `translate`.
   */
  translations?: Record<string, string>;
  /** With `markdown.mermaid`: the URL of the diagram runtime, which the diagram component loads (see outputs/mermaidRuntime.ts). */
  mermaid?: { runtime: string };
  /** With `algolia`: the navbar's search opens DocSearch (see templates/search/docSearch.ts). */
  algolia?: AlgoliaSiteData;
}

/** What DocSearch is given (see the config's `algolia`). */
export interface AlgoliaSiteData {
  appId: string;
  apiKey: string;
  indexName: string;
  searchParameters: Record<string, unknown>;
  placeholder?: string;
  insights: boolean;
  /**
   * With `contextualSearch`: searches keep to the site's language and the docs versions in view,
   * as the pages' `docsearch:` meta tags name them; each docs instance with the version a page
   * outside it shows (its last).
   */
  contextual: { language: string; docsVersions: Record<string, string> } | null;
}

/** The versions of one docs instance, newest first, and which one is served at its base path. */
export interface DocsInstanceVersions {
  versions: DocsVersionSummary[];
  lastVersion: string;
}

export interface DocsVersionSummary {
  name: string;
  label: string;
  /** The route its docs start at: "/docs", "/docs/next", "/docs/1.0". */
  path: string;
  /** The route of the version's main doc: its doc at the version's root, else its first sidebar's first doc, else its first doc. */
  mainDoc: string;
}

/** Where a doc (or category index) of a docs instance with several versions stands among them. */
export interface DocVersionData {
  pluginId: string;
  name: string;
  label: string;
  banner: 'unreleased' | 'unmaintained' | null;
  /** Show "Version: <label>". */
  badge: boolean;
  className?: string;
  /** The same page (by doc id) in the other versions that have it: routes by version name. */
  alternates: Record<string, string>;
}

export interface TocItem {
  id: string;
  text: string;
  level: number;
}

export interface LinkTarget {
  title: string;
  permalink: string;
}

export type SidebarItem = SidebarDocLink | SidebarCategory | SidebarExternalLink | SidebarGap;

export interface SidebarDocLink {
  type: 'link';
  label: string;
  href: string;
  docId?: string;
  /** Class name of the item's list element (`sidebar_class_name`). */
  className?: string;
  /** Data for custom sidebar components (`sidebar_custom_props`); the theme does not show it. */
  customProps?: Record<string, unknown>;
}

export interface SidebarExternalLink {
  type: 'external';
  label: string;
  href: string;
}

/**
 * In a page's copy of a long list (see SidebarView): `count` items of the list left out here, in
 * their place. Its link leads to a page listing them, so they stay reachable without JavaScript;
 * the theme shows them in place once it has the full tree. Never in a full tree.
 */
export interface SidebarGap {
  type: 'gap';
  /** What its link says: "1,950 more pages" (see gapLabel). */
  label: string;
  count: number;
  /** The page of the list that holds the items left out (see content/sidebarLists.ts). */
  href: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Route of the category's index (generated index or linked doc), if any. */
  href?: string;
  collapsible: boolean;
  collapsed: boolean;
  items: SidebarItem[];
  /** The items were left out of this copy of the tree (the category starts closed); see SidebarView. */
  partial?: boolean;
}

/** A page's copy of its sidebar: the part it shows first, and where the full tree is. */
export interface SidebarView {
  /** Which sidebar this is, "<instance>:<name>" (a navbar item of that sidebar is active on its pages). */
  name?: string;
  items: SidebarItem[];
  /** URL of the full tree (JSON, named by its content, the same file for every page of the sidebar). */
  url: string;
}

/**
 * A page's sidebar as its data carries it: the full tree's URL and what the page's copy leaves out
 * of it (see shared/sidebarShape.ts). The page's HTML holds the sidebar once; the runtime makes the
 * same copy from the tree, fetched once for every page of the sidebar.
 */
export interface SidebarRef {
  name?: string;
  url: string;
  shape: SidebarShape;
}

/** What a page's copy of a sidebar leaves out of the full tree (see shared/sidebarShape.ts). */
export interface SidebarShape {
  /** The categories shown without their items, by their index in the full tree (depth first, from 0). */
  partial?: number[];
  /**
   * The long lists shown in part: the list (the index of its category, -1 for the top list), the
   * items kept [start, end), and where the items left out before and after them are listed.
   */
  windows?: Array<[list: number, start: number, end: number, before: string, after: string]>;
}

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface Author {
  key: string;
  name: string;
  title?: string;
  url?: string;
  /** A URL with the base URL in front when it is a path under the site (see the rule above). */
  imageUrl?: string;
  /** The route of the author's page (`page` in authors.yml), listing their posts. */
  page?: string;
  /** Their profiles elsewhere (`socials`), in the order written. */
  socials?: AuthorSocial[];
}

/** One of an author's profiles: `platform` as written in lower case ("github"), its label ("GitHub"), the profile URL. */
export interface AuthorSocial {
  platform: string;
  label: string;
  url: string;
}

export interface TagRef {
  label: string;
  permalink: string;
}

export interface BlogPostSummary {
  id: string;
  title: string;
  permalink: string;
  date: string;
  formattedDate: string;
  readingTimeMinutes: number;
  authors: Author[];
  tags: TagRef[];
  hasTruncateMarker: boolean;
  description: string;
}

export interface PageMeta {
  /** Document title, without the site suffix. */
  title: string;
  description: string;
  /** Route path, e.g. "/docs/guides/overview". */
  path: string;
  noIndex?: boolean;
  ogType?: 'website' | 'article';
  /** For `<meta name="keywords">`. */
  keywords?: string[];
  /** The page's social-card image: a path under the site ("/_sipa/img/x-1a2b3c4d.png") or a full URL. */
  image?: string;
  /**
   * A React page that renders its own `<main>` (pages written for Docusaurus do): the frame
   * around it is then a `<div>`, so the page has one main landmark. Found when it is rendered.
   */
  ownMain?: boolean;
  /** The whole document title a page gave with `<Head><title>`, used as it is. Found when it is rendered. */
  documentTitle?: string;
  /** Elements for the document's head a page gave with `<Head>`, as HTML. Found when it is rendered. */
  headTags?: string[];
  /** With `algolia`: the DocSearch tag of a doc's version ("docs-default-current"), for its `docsearch:docusaurus_tag` meta tag. */
  searchTag?: string;
}

export type RouteData =
  | DocRouteData
  | CategoryRouteData
  | BlogListRouteData
  | BlogPostRouteData
  | BlogTagsRouteData
  | BlogAuthorsRouteData
  | BlogArchiveRouteData
  | DocsTagsRouteData
  | DocsTagRouteData
  | PageRouteData
  | NotFoundRouteData;

export interface DocRouteData {
  kind: 'doc';
  docId: string;
  title: string;
  /** The content renders its own h1 (the source starts with "# …"). */
  contentHasTitle: boolean;
  breadcrumbs: Breadcrumb[];
  toc: TocItem[];
  hideTableOfContents: boolean;
  /** The front matter's title is not shown (the content's own h1 still is). */
  hideTitle?: boolean;
  editUrl: string | null;
  previous: LinkTarget | null;
  next: LinkTarget | null;
  /** Shown at the bottom of the doc. */
  tags?: TagRef[];
  /** A draft, shown only by `serve --watch`. */
  draft?: boolean;
  /** The content is HTML made at build time (see StaticHtml): the first visit hydrates it from the page, without its chunk. */
  staticHtml?: boolean;
  /** When and by whom the doc was last changed (git or front matter), or null when unknown. */
  lastUpdate: LastUpdate | null;
  /** Its version, when its docs instance has several. */
  version?: DocVersionData;
}

/** A doc's last change; either part may be unknown. */
export interface LastUpdate {
  /** W3C date ("2025-11-20") or date-time in UTC ("2025-11-20T09:30:00Z"). */
  date: string | null;
  /** The date as shown: "November 20, 2025". */
  formattedDate: string | null;
  author: string | null;
}

/** All tags of the docs, with how many docs carry each. */
export interface DocsTagsRouteData {
  kind: 'docsTags';
  tags: Array<TagRef & { count: number }>;
}

/** The docs carrying one tag. */
export interface DocsTagRouteData {
  kind: 'docsTag';
  title: string;
  tag: TagRef;
  /** Route of the page listing every tag. */
  allTagsPath: string;
  docs: Array<{ title: string; permalink: string; description: string }>;
}

export interface CategoryRouteData {
  kind: 'category';
  title: string;
  description: string;
  breadcrumbs: Breadcrumb[];
  items: Array<{ label: string; href: string; description: string; isCategory: boolean }>;
  previous: LinkTarget | null;
  next: LinkTarget | null;
  /** Its version, when its docs instance has several. */
  version?: DocVersionData;
}

export interface BlogListRouteData {
  kind: 'blogList';
  title: string;
  description: string;
  /** Set when the list shows the posts of one tag. */
  tag: TagRef | null;
  /** Set when the list shows the posts of one author (the author's page). */
  author?: AuthorSummary;
  posts: BlogPostSummary[];
  page: number;
  totalPages: number;
  previousPage: string | null;
  nextPage: string | null;
  recentPosts: LinkTarget[];
}

export interface BlogPostRouteData {
  kind: 'blogPost';
  post: BlogPostSummary;
  contentHasTitle: boolean;
  toc: TocItem[];
  editUrl: string | null;
  newer: LinkTarget | null;
  older: LinkTarget | null;
  recentPosts: LinkTarget[];
  /** A draft, shown only by `serve --watch`. */
  draft?: boolean;
  /** The content is HTML made at build time (see StaticHtml): the first visit hydrates it from the page, without its chunk. */
  staticHtml?: boolean;
}

export interface BlogTagsRouteData {
  kind: 'blogTags';
  tags: Array<TagRef & { count: number }>;
  recentPosts: LinkTarget[];
}

/** An author of the blog's authors file with their number of (listed) posts. */
export type AuthorSummary = Author & { count: number };

/** The blog's authors page (`<blog>/authors`). */
export interface BlogAuthorsRouteData {
  kind: 'blogAuthors';
  authors: AuthorSummary[];
  recentPosts: LinkTarget[];
}

export interface BlogArchiveRouteData {
  kind: 'blogArchive';
  /** Newest year first; in each year, its posts from the oldest. `monthDay`: "June 4", in the site's language. */
  years: Array<{ year: string; posts: Array<{ title: string; permalink: string; date: string; monthDay: string }> }>;
}

export interface PageRouteData {
  kind: 'page';
  /** A markdown page gets the article layout; a React page renders everything itself. */
  markdown: boolean;
  contentHasTitle: boolean;
  title: string;
  toc: TocItem[];
  /** A draft, shown only by `serve --watch`. */
  draft?: boolean;
  /** The content is HTML made at build time (see StaticHtml): the first visit hydrates it from the page, without its chunk. */
  staticHtml?: boolean;
}

export interface NotFoundRouteData {
  kind: 'notFound';
}

/** Everything the client needs to show one route; embedded in its HTML and served as JSON. */
export interface RoutePayload {
  meta: PageMeta;
  data: RouteData;
  /** URL of the route's content chunk (compiled MDX or React page), or null. */
  chunk: string | null;
  /** Style sheets of the route's own (a page that imports CSS), attached when it is navigated to. */
  css?: string[];
  /** The docs sidebar of the route, if it has one. */
  sidebar: SidebarView | null;
}

/** A route's payload as pages and payload files carry it: its sidebar as a reference to the full tree. */
export type StoredRoutePayload = Omit<RoutePayload, 'sidebar'> & { sidebar: SidebarRef | null };

/** What a route's content chunk exports. */
export interface RouteModule {
  default?: unknown;
  /** Blog list pages: one excerpt component per listed post, in order. */
  excerpts?: unknown[];
}
