import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DocsInstanceOptions, UserConfig } from '../config/types.js';
import { isExternalUrl } from '../shared/paths.js';
import type { DocsOptions } from './docsOptions.js';
import type { MigrationNotes } from './notes.js';
import type { DocusaurusProject } from './readProject.js';
import { translateTheme, type DocRoutes } from './translateTheme.js';

/**
 * Where a sipadocs site reading the project finds each part, relative to the site folder: the
 * project's own folders for a build in place, the copies' for a migrated site.
 */
export interface SiteLayout {
  /** Each docs instance's folder, by id. */
  docsPaths: Map<string, string>;
  /** The sidebars file of each docs instance, by id (`./sidebars.ts`). */
  sidebarsFiles: Map<string, string>;
  blogPath: string;
  pagesPath: string;
  staticDir: string;
  /** The custom style sheets, as the config lists them. */
  customCss: string[];
  /** Number of blog posts (for postsPerPage: 'ALL'). */
  posts: number;
}

/**
 * The sipadocs config of a Docusaurus project, without its remark and rehype plugins (which a
 * build in place imports from the project and a migrated site from its config; see
 * markdownPlugins.ts): the site's identity, its docs, blog and pages where `layout` puts them,
 * and its theme. Everything that cannot be carried is in the project's notes.
 *
 * @param routes the docs' routes when they have been read, for navbar items naming a doc; null
 *   leaves such items for the build to resolve
 */
export function sipadocsConfigOf(project: DocusaurusProject, layout: SiteLayout, routes: DocRoutes | null = null): UserConfig & { docs: NonNullable<UserConfig['docs']> } {
  const { site, notes } = project;
  const blog = site.blog;
  const all = (value: number | 'ALL' | undefined) => (value === 'ALL' ? Math.max(1, layout.posts) : value);
  const draft: UserConfig & { docs: NonNullable<UserConfig['docs']> } = {
    ...withoutUndefined(site.site),
    ...docsSettings(project.docs, layout),
    blog: withoutUndefined({
      path: layout.blogPath,
      routeBasePath: blog?.routeBasePath,
      title: blog?.title,
      description: blog?.description,
      showReadingTime: blog?.showReadingTime,
      editUrl: blog?.editUrl,
      postsPerPage: all(blog?.postsPerPage),
      sidebarCount: all(blog?.sidebarCount),
      // Docusaurus before 3.5 makes no authors pages.
      authorsPages: site.authorsPages === false ? false : undefined,
      // Its blog plugin makes the list page, posts or none.
      listWithoutPosts: blog && layout.posts === 0 ? true : undefined,
    }),
    pages: { path: layout.pagesPath },
    // Docusaurus's SVGR loader: an SVG imported by code is a component.
    svgImports: 'component',
    staticDir: layout.staticDir,
    markdown: site.markdown,
    ...(layout.customCss.length > 0 ? { customCss: layout.customCss.map((file) => (path.isAbsolute(file) ? file : `./${file}`)) } : {}),
  };
  const theme = translateTheme(site.themeConfig, routes, draft.baseUrl ?? '/', notes);
  keepExistingImage(theme, project.projectDir, layout, notes);
  const { magicComments, metadata, ...themeSettings } = theme;
  return {
    ...draft,
    ...themeSettings,
    // themeConfig.metadata comes after the config's own head tags.
    ...(metadata ? { headTags: [...(draft.headTags ?? []), ...metadata] } : {}),
    docs: { ...draft.docs, ...theme.docs },
    markdown: { ...draft.markdown, ...(magicComments ? { magicComments } : {}) },
  };
}

/** One docs instance's options in the sipadocs config. */
function instanceSettings(docs: DocsOptions, layout: SiteLayout): DocsInstanceOptions {
  const sidebars = layout.sidebarsFiles.get(docs.id);
  const settings: DocsInstanceOptions = {
    path: layout.docsPaths.get(docs.id) ?? docs.path,
    routeBasePath: docs.routeBasePath,
    ...(sidebars === undefined ? {} : { sidebarPath: sidebars }),
    sidebarCollapsed: docs.sidebarCollapsed,
    ...(docs.numberPrefixParser ? {} : { numberPrefixParser: false as const }),
    ...docs.versioning,
  };
  if (docs.editUrl !== undefined) settings.editUrl = docs.editUrl;
  return settings;
}

/** `docs` for the default instance, `docsInstances` for the others. */
function docsSettings(instances: DocsOptions[], layout: SiteLayout): { docs: NonNullable<UserConfig['docs']>; docsInstances?: UserConfig['docsInstances'] } {
  const main = instances.find((docs) => docs.id === 'default');
  const others = instances.filter((docs) => docs !== main);
  return {
    docs: main ? instanceSettings(main, layout) : { path: 'docs', sidebarCollapsed: true },
    ...(others.length > 0 ? { docsInstances: others.map((docs) => ({ id: docs.id, ...instanceSettings(docs, layout) })) } : {}),
  };
}

/**
 * The social card of `themeConfig.image` is kept when it is a URL or a file of the static folder;
 * Docusaurus links a missing file without a word, a sipadocs build refuses it.
 */
function keepExistingImage(theme: { image?: string }, siteDir: string, layout: SiteLayout, notes: MigrationNotes): void {
  const image = theme.image;
  if (image === undefined || isExternalUrl(image)) return;
  if (existsSync(path.join(siteDir, layout.staticDir, ...image.replace(/^\/+/, '').split('/')))) return;
  delete theme.image;
  notes.notCarried(`themeConfig.image: "${image}"`, `no such file in the static folder (${layout.staticDir}/); Docusaurus links the missing image, sipadocs refuses it`);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
