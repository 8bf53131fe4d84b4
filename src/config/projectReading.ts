import type { SidebarsConfig } from './sidebarsConfig.js';

/**
 * What a site built where a Docusaurus project stands has beyond its config: the parts of the
 * project that the adapter (src/docusaurus/) read or decided, which a sipadocs site would have as
 * files of its own. A migrated site has them as files; a build in place takes them from here.
 */
export interface ProjectReading {
  /** The Docusaurus config the site was read from. */
  configFile: string;
  /** Each docs version's sidebars, read and translated, by `<instance id>@<version>`: taken instead of reading sidebars files. */
  sidebars: Map<string, { config: SidebarsConfig; file: string }>;
  /** An undated blog post takes its file's time, as in Docusaurus (a sipadocs site refuses it). */
  undatedPostsFromFileTime: boolean;
  /** Pages Docusaurus has without a file of the pages folder: a route and the module that renders it (`/search`, `@theme/SearchPage`). */
  modulePages: Array<{ route: string; module: string }>;
  /**
   * React pages that cannot be built, each shown as a markdown page saying why: by the page
   * file's site-relative path, the markdown page's path and text.
   */
  replacedPages: Map<string, { relPath: string; text: string }>;
  /** Files the project's pages import that it makes before Docusaurus builds, and which it lacks: their text, by absolute path. */
  missingFiles: Map<string, string>;
  /** Files of the theme folder that are not built (their components are reported), by absolute path. */
  themeFilesLeftOut: Set<string>;
  /**
   * What the reading was made from, absolute: files (the config and the project files it imports,
   * sidebars and versions files) and folders (the pages and theme folders, whose React pages and
   * swizzles it decided about). A change to any of them means reading the project again.
   */
  inputs: { files: string[]; folders: string[] };
  /** What the project has that the build does not, with the reason: printed once. */
  notBuilt: Array<{ item: string; reason: string }>;
  /** The project's config as Docusaurus gives it to plugins (`context.siteConfig`), live. */
  siteConfig?: Record<string, unknown>;
  /** Notes about paths the reading refused to follow (outside the project). */
  warnings: Array<{ item: string; reason: string }>;
}
