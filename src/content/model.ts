import type { AnnouncementBar } from '../shared/types.js';
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
}

export interface Doc {
  id: string;
  source: ContentSource;
  route: string;
  title: string;
  sidebarLabel: string;
  description: string;
  position: number | undefined;
  /** Directory of the doc relative to the docs folder, "" at the top, without number prefixes stripped. */
  dirPath: string;
  hideTableOfContents: boolean;
  editUrl: string | null;
  frontMatter: Record<string, unknown>;
}

export interface CategoryIndex {
  route: string;
  title: string;
  description: string;
  sidebarId: string;
  items: Array<{ label: string; href: string; description: string; isCategory: boolean }>;
  breadcrumbs: Breadcrumb[];
}

export interface Sidebar {
  id: string;
  items: SidebarItem[];
}

/** Position of a doc or category index in a sidebar. */
export interface SidebarPlacement {
  sidebarId: string;
  breadcrumbs: Breadcrumb[];
  previous: LinkTarget | null;
  next: LinkTarget | null;
}

export interface BlogPost {
  id: string;
  source: ContentSource;
  slug: string;
  route: string;
  title: string;
  description: string;
  date: string;
  formattedDate: string;
  readingTimeMinutes: number;
  authors: Author[];
  tags: TagRef[];
  hasTruncateMarker: boolean;
  editUrl: string | null;
}

export interface SitePage {
  route: string;
  relPath: string;
  absPath: string;
  /** React page (tsx/jsx) or markdown content. */
  source: ContentSource | null;
  title: string;
  description: string;
}

export interface SiteModel {
  docs: Doc[];
  sidebars: Sidebar[];
  placements: Map<string, SidebarPlacement>;
  categoryIndexes: CategoryIndex[];
  posts: BlogPost[];
  pages: SitePage[];
  announcementBar: AnnouncementBar | null;
}

export type { TocItem };
