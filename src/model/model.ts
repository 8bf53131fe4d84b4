import type { AnnouncementBar } from '../shared/types.js';
import type { DocsInstance } from './docsVersions.js';
import type { FrontMatterWarning } from './frontMatter.js';
import type { Author, Breadcrumb, LinkTarget, SidebarItem, TagRef, TocItem } from '../shared/types.js';

/** A markdown/MDX source that compiles to a content module. */
export interface ContentSource {
  /** Site-relative path, e.g. "docs/guides/overview.mdx"; also the module's id. */
  relPath: string;
  absPath: string;
  format: 'md' | 'mdx';
  /** Body with front matter blanked (same line numbers as the file). */
  body: string;
  /** The whole file text, for code frames. */
  text: string;
  withExcerpt: boolean;
  /** Route of the page, once known. */
  route?: string;
  /** The parsed front matter, which MDX written for Docusaurus may read as `frontMatter`. */
  frontMatter: Record<string, unknown>;
}

/** What docs, blog posts and markdown pages share from their front matter. */
export interface CommonPageFields {
  /** Left out of a production build; `serve --watch` shows it with a "Draft" badge. */
  draft: boolean;
  /** Built and reachable by its URL, but not indexed and left out of sidebars, lists and tags. */
  unlisted: boolean;
  /** For `<meta name="keywords">`. */
  keywords: string[];
  /** The `image` front matter as written (resolved when the page compiles), or null. */
  image: string | null;
  /** Heading levels of the page's table of contents. */
  tocLevels: { min: number; max: number };
  /** The page shows no table of contents (`hide_table_of_contents`). */
  hideTableOfContents: boolean;
}

export interface Doc extends CommonPageFields {
  /** Unique within its version of its docs instance (the same doc has the same id in every version). */
  id: string;
  /** The docs instance it belongs to ('default' for the site's `docs`). */
  pluginId: string;
  /** Its version: 'current' for the docs folder, else a name of the instance's versions file. */
  version: string;
  /**
   * Its docs root: the site-relative folder of its version's docs ("docs",
   * "versioned_docs/version-1.0"). Its id and route are relative to it, and so are markdown links
   * written "relative to the docs root".
   */
  docsDir: string;
  source: ContentSource;
  route: string;
  title: string;
  sidebarLabel: string;
  description: string;
  position: number | undefined;
  /** Directory of the doc relative to the docs folder, "" at the top, without number prefixes stripped. */
  dirPath: string;
  /** The front matter's title is not shown as the page's h1 (`hide_title`). */
  hideTitle: boolean;
  editUrl: string | null;
  tags: TagRef[];
  /** Label of the doc in other docs' previous/next links (`pagination_label`), when it differs from the sidebar label. */
  paginationLabel: string | undefined;
  /**
   * Previous/next links set by `pagination_prev`/`pagination_next` (a link, or null to hide the
   * sidebar's neighbour); filled in once every doc is known. Absent keys keep the sidebar order.
   */
  pagination: { previous?: LinkTarget | null; next?: LinkTarget | null };
  /** Class name of the doc's sidebar item (`sidebar_class_name`). */
  sidebarClassName: string | undefined;
  /** Kept on the doc's sidebar item for custom components (`sidebar_custom_props`); not shown. */
  sidebarCustomProps: Record<string, unknown> | undefined;
  /** `last_update` from front matter, overriding what git says. */
  lastUpdate?: { date?: string; author?: string };
  frontMatter: Record<string, unknown>;
}

export interface CategoryIndex {
  /** The docs instance and version of the sidebar it belongs to. */
  pluginId: string;
  version: string;
  route: string;
  title: string;
  description: string;
  sidebarId: string;
  items: Array<{ label: string; href: string; description: string; isCategory: boolean }>;
  breadcrumbs: Breadcrumb[];
}

export interface Sidebar {
  /**
   * Unique in the site: the name it is declared with for the site's docs without versions, else
   * "<instance>/<version>/<name>" (see sidebarKey).
   */
  id: string;
  /** The name the sidebars file gives it. */
  name: string;
  pluginId: string;
  version: string;
  items: SidebarItem[];
}

/** Position of a doc or category index in a sidebar. */
export interface SidebarPlacement {
  sidebarId: string;
  breadcrumbs: Breadcrumb[];
  previous: LinkTarget | null;
  next: LinkTarget | null;
}

export interface BlogPost extends CommonPageFields {
  id: string;
  source: ContentSource;
  slug: string;
  route: string;
  title: string;
  /** Label in the recent-posts list (`sidebar_label`, else the title). */
  sidebarLabel: string;
  description: string;
  date: string;
  formattedDate: string;
  readingTimeMinutes: number;
  authors: Author[];
  tags: TagRef[];
  hasTruncateMarker: boolean;
  editUrl: string | null;
  /** `last_update` from front matter. */
  lastUpdate?: { date?: string; author?: string };
}

export interface SitePage extends CommonPageFields {
  route: string;
  relPath: string;
  absPath: string;
  /** React page (tsx/jsx) or markdown content. */
  source: ContentSource | null;
  title: string;
  description: string;
}

export interface SiteModel {
  /** Every docs instance with its versions (the site's `docs` first). */
  docsInstances: DocsInstance[];
  /** The docs of every version of every docs instance. */
  docs: Doc[];
  sidebars: Sidebar[];
  placements: Map<string, SidebarPlacement>;
  categoryIndexes: CategoryIndex[];
  posts: BlogPost[];
  /** The authors of the blog's authors file (none without one): they get the authors page, and those with a `page` one each. */
  blogAuthors?: Author[];
  pages: SitePage[];
  announcementBar: AnnouncementBar | null;
  /** Unknown front-matter keys and the like, by file. */
  warnings: FrontMatterWarning[];
  /** Draft docs, posts and pages left out of this build. */
  draftsLeftOut: number;
}

export type { TocItem };
