import type { SiteConfig } from '../config/types.js';
import type {
  Author, AuthorSummary, BlogPostRouteData, BlogPostSummary, CategoryRouteData, DocRouteData, LastUpdate, LinkTarget, PageMeta, PageRouteData, RouteData, TagRef, TocItem,
} from '../shared/types.js';
import { routeToHtmlFile } from '../shared/paths.js';
import type { BlogPost, CommonPageFields, Doc, SiteModel } from './model.js';
import { blogRoute } from './blog.js';
import { joinRoute } from './docsVersions.js';
import { versionData } from './versionData.js';
import { formatMonthDay } from './names.js';
import { siteLocale } from '../config/siteLocale.js';
import { siteText } from '../config/siteText.js';

/** What a route's client chunk holds. */
export type ContentRef =
  | { kind: 'mdx'; relPath: string }
  | { kind: 'page'; absPath: string }
  | { kind: 'excerpts'; relPaths: string[] };

export interface PlannedRoute {
  path: string;
  /** Relative to the output directory. */
  outputFile: string;
  meta: PageMeta;
  data: RouteData;
  content: ContentRef | null;
  sidebarId: string | null;
  /** Site-relative source file, for messages. */
  sourceFile: string | null;
  /**
   * A page of a docs version that is not its instance's last one: reachable, searchable within
   * its version and in the sitemap, but left out of the llms files, which describe the last version.
   */
  olderDocsVersion?: true;
}

export interface RoutePlan {
  routes: PlannedRoute[];
  warnings: string[];
}

/**
 * What the site model reads of a compiled page (the compiler's CompiledPage,
 * compiler/mdx/compile.ts, has these fields; the model does not depend on the compiler).
 */
export interface CompiledPageFacts {
  toc: TocItem[];
  image: string | null;
  anchors: string[] | null;
  excerptAnchors: string[] | null;
  hasTruncateMarker: boolean;
  h1: string | null;
  isStatic: boolean;
}

/** Compiled pages by site-relative path. */
export type CompiledPages = ReadonlyMap<string, CompiledPageFacts>;

/**
 * Lays out every route of the site: docs, category indexes, docs tags, blog, pages and the 404
 * page. Unlisted docs and posts get their page but no place in tag pages, blog lists or the
 * archive; every unlisted or draft page is marked not to be indexed.
 *
 * @param lastUpdates each doc's last change, by site-relative source path (see resolveLastUpdate)
 */
export function planRoutes(
  model: SiteModel,
  compiled: CompiledPages,
  config: SiteConfig,
  lastUpdates: ReadonlyMap<string, LastUpdate> = new Map(),
): RoutePlan {
  const routes: PlannedRoute[] = [];
  const blogBase = blogRoute(config);
  const add = (route: Omit<PlannedRoute, 'outputFile'>) => routes.push({ ...route, outputFile: routeToHtmlFile(route.path) });

  const versions = versionData(model);
  // Pages of versions other than the last of a docs instance with several.
  const notLast = new Set(
    model.docsInstances.filter((instance) => instance.versions.length > 1).flatMap((instance) => instance.versions.filter((v) => !v.isLast).map((v) => `${v.pluginId}@${v.name}`)),
  );
  const inNotLast = (page: { pluginId: string; version: string }) => (notLast.has(`${page.pluginId}@${page.version}`) ? { olderDocsVersion: true as const } : {});
  // A version marked noIndex has every page marked so.
  const noIndexVersions = new Set(model.docsInstances.flatMap((instance) => instance.versions.filter((v) => v.noIndex).map((v) => `${v.pluginId}@${v.name}`)));
  const docTags = tagIndex(model.docs.filter((doc) => !doc.unlisted), (doc) => doc.tags);
  for (const doc of model.docs) {
    const page = compiled.get(doc.source.relPath)!;
    const placement = model.placements.get(doc.route) ?? null;
    const data: DocRouteData = {
      kind: 'doc',
      docId: doc.id,
      title: doc.title,
      contentHasTitle: page.h1 !== null,
      breadcrumbs: placement?.breadcrumbs ?? [],
      toc: tocWithin(page.toc, doc.tocLevels),
      hideTableOfContents: doc.hideTableOfContents,
      editUrl: doc.editUrl,
      previous: doc.pagination.previous !== undefined ? doc.pagination.previous : (placement?.previous ?? null),
      next: doc.pagination.next !== undefined ? doc.pagination.next : (placement?.next ?? null),
      lastUpdate: lastUpdates.get(doc.source.relPath) ?? null,
    };
    if (doc.hideTitle) data.hideTitle = true;
    // An unlisted doc shows only the tags that have a page (those of some listed doc).
    const tags = doc.tags.filter((tag) => docTags.has(tag.permalink));
    if (tags.length > 0) data.tags = tags;
    if (doc.draft) data.draft = true;
    if (page.isStatic) data.staticHtml = true;
    const version = versions.of(doc);
    if (version) data.version = version;
    const meta = pageMeta({ title: doc.title, description: doc.description, path: doc.route, ogType: 'article' }, doc, page);
    if (noIndexVersions.has(`${doc.pluginId}@${doc.version}`)) meta.noIndex = true;
    add({
      path: doc.route,
      meta,
      data,
      content: { kind: 'mdx', relPath: doc.source.relPath },
      sidebarId: placement?.sidebarId ?? null,
      sourceFile: doc.source.relPath,
      ...inNotLast(doc),
    });
  }

  for (const index of model.categoryIndexes) {
    const placement = model.placements.get(index.route) ?? null;
    const data: CategoryRouteData = {
      kind: 'category',
      title: index.title,
      description: index.description,
      breadcrumbs: placement?.breadcrumbs ?? [],
      items: index.items,
      previous: placement?.previous ?? null,
      next: placement?.next ?? null,
    };
    const version = versions.of(index);
    if (version) data.version = version;
    const meta: PageMeta = { title: index.title, description: index.description, path: index.route };
    if (noIndexVersions.has(`${index.pluginId}@${index.version}`)) meta.noIndex = true;
    add({
      path: index.route,
      meta,
      data,
      content: null,
      sidebarId: index.sidebarId,
      sourceFile: null,
      ...inNotLast(index),
    });
  }

  // Each version of each docs instance has its own tags, under its own base path.
  for (const version of model.docsInstances.flatMap((instance) => instance.versions)) {
    const base = version.routeBase === '/' ? '' : version.routeBase;
    const own = new Map([...docTags].filter(([, entry]) => entry.items[0]!.pluginId === version.pluginId && entry.items[0]!.version === version.name));
    addDocsTagPages(own, base, (route) => add({ ...route, ...inNotLast({ pluginId: version.pluginId, version: version.name }) }), config);
  }

  // Unlisted posts have their page, but no place in lists, tags, the archive or other posts' links.
  const posts = model.posts.filter((post) => !post.unlisted);
  const recentPosts: LinkTarget[] = posts.slice(0, config.blog.sidebarCount).map((post) => ({ title: post.sidebarLabel, permalink: post.route }));
  const summaries = new Map(model.posts.map((post) => [post.id, summarize(post)]));
  const postTags = tagIndex(posts, (post) => post.tags);
  const listedIndex = new Map(posts.map((post, i) => [post, i]));

  for (const post of model.posts) {
    const page = compiled.get(post.source.relPath)!;
    const i = listedIndex.get(post) ?? -1;
    let summary = summaries.get(post.id)!;
    if (post.unlisted) summary = { ...summary, tags: summary.tags.filter((tag) => postTags.has(tag.permalink)) };
    const data: BlogPostRouteData = {
      kind: 'blogPost',
      post: summary,
      contentHasTitle: false,
      toc: post.hideTableOfContents ? [] : tocWithin(page.toc, post.tocLevels),
      editUrl: post.editUrl,
      newer: i > 0 ? toLink(posts[i - 1]!) : null,
      older: i >= 0 && i < posts.length - 1 ? toLink(posts[i + 1]!) : null,
      recentPosts,
    };
    if (post.draft) data.draft = true;
    if (page.isStatic) data.staticHtml = true;
    add({
      path: post.route,
      meta: pageMeta({ title: post.title, description: post.description, path: post.route, ogType: 'article' }, post, page),
      data,
      content: { kind: 'mdx', relPath: post.source.relPath },
      sidebarId: null,
      sourceFile: post.source.relPath,
    });
  }

  /**
   * A list of posts in pages of `postsPerPage`: the first at `base`, the others at
   * `<base>/<pageBase>/<n>` ("page", as Docusaurus names them; an author's pages use "authors").
   */
  const addList = (base: string, listPosts: BlogPost[], title: string, description: string, tag: TagRef | null, more: { pageBase?: string; author?: AuthorSummary } = {}) => {
    const perPage = Math.max(1, config.blog.postsPerPage);
    const totalPages = Math.max(1, Math.ceil(listPosts.length / perPage));
    const pagePath = (n: number) => (n === 1 ? base : joinRoute(base, more.pageBase ?? 'page', String(n)));
    for (let n = 1; n <= totalPages; n++) {
      const slice = listPosts.slice((n - 1) * perPage, n * perPage);
      add({
        path: pagePath(n),
        meta: { title: n === 1 ? title : `${title} (page ${n})`, description, path: pagePath(n) },
        data: {
          kind: 'blogList',
          title,
          description,
          tag,
          ...(more.author ? { author: more.author } : {}),
          posts: slice.map((post) => summaries.get(post.id)!),
          page: n,
          totalPages,
          previousPage: n > 1 ? pagePath(n - 1) : null,
          nextPage: n < totalPages ? pagePath(n + 1) : null,
          recentPosts,
        },
        content: { kind: 'excerpts', relPaths: slice.map((post) => post.source.relPath) },
        sidebarId: null,
        sourceFile: null,
      });
    }
  };

  if (model.posts.length > 0) {
    addList(blogBase, posts, config.blog.title, config.blog.description, null);
    const tags = [...postTags.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label));
    for (const { tag, items: tagged } of tags) {
      const count = tagged.length;
      const nPosts = siteText(config, 'theme.blog.post.plurals', { count });
      addList(tag.permalink, tagged, siteText(config, 'theme.blog.tagTitle', { nPosts, tagName: tag.label }), siteText(config, 'sipadocs.blog.tagPage.description', { tagName: tag.label }), tag);
    }
    // As in Docusaurus, a blog without tags has no tags page.
    if (tags.length > 0) {
      add({
        path: joinRoute(blogBase, 'tags'),
        meta: { title: siteText(config, 'theme.tags.tagsPageTitle'), description: siteText(config, 'sipadocs.blog.tagsPage.description'), path: joinRoute(blogBase, 'tags') },
        data: { kind: 'blogTags', tags: tags.map(({ tag, items }) => ({ ...tag, count: items.length })), recentPosts },
        content: null,
        sidebarId: null,
        sourceFile: null,
      });
    }
    const locale = siteLocale(config);
    const years = new Map<string, BlogPost[]>();
    for (const post of posts) {
      const year = post.date.slice(0, 4);
      years.set(year, [...(years.get(year) ?? []), post]);
    }
    add({
      path: joinRoute(blogBase, 'archive'),
      meta: { title: siteText(config, 'theme.blog.archive.title'), description: siteText(config, 'theme.blog.archive.description'), path: joinRoute(blogBase, 'archive') },
      data: {
        kind: 'blogArchive',
        // The newest year first, and in each year its posts from the oldest, as on Docusaurus's archive.
        years: [...years.entries()].map(([year, list]) => ({
          year,
          posts: list.map((p) => ({ title: p.title, permalink: p.route, date: p.date, monthDay: formatMonthDay(p.date, locale) })).reverse(),
        })),
      },
      content: null,
      sidebarId: null,
      sourceFile: null,
    });
    if (config.blog.authorsPages) addAuthorPages(model.blogAuthors ?? [], posts, joinRoute(blogBase, 'authors'), recentPosts, add, addList, config);
  } else if (config.blog.listWithoutPosts) {
    addList(blogBase, [], config.blog.title, config.blog.description, null);
  }

  for (const page of model.pages) {
    const compiledPage = page.source ? compiled.get(page.source.relPath) : undefined;
    const data: PageRouteData = {
      kind: 'page',
      markdown: page.source !== null,
      contentHasTitle: compiledPage?.h1 != null,
      title: page.title,
      toc: page.hideTableOfContents ? [] : tocWithin(compiledPage?.toc ?? [], page.tocLevels),
    };
    if (page.draft) data.draft = true;
    if (compiledPage?.isStatic) data.staticHtml = true;
    add({
      path: page.route,
      meta: pageMeta({ title: page.title, description: page.description, path: page.route }, page, compiledPage),
      data,
      content: page.source ? { kind: 'mdx', relPath: page.source.relPath } : { kind: 'page', absPath: page.absPath },
      sidebarId: null,
      sourceFile: page.relPath,
    });
  }

  const warnings: string[] = [];
  const seen = new Map<string, PlannedRoute>();
  const unique: PlannedRoute[] = [];
  for (const route of routes) {
    const first = seen.get(route.path);
    if (first) {
      warnings.push(`duplicate route ${route.path}: ${route.sourceFile ?? route.data.kind} and ${first.sourceFile ?? first.data.kind} (the first one wins)`);
      continue;
    }
    seen.set(route.path, route);
    unique.push(route);
  }
  unique.push({
    path: '/404',
    outputFile: '404.html',
    meta: { title: siteText(config, 'theme.NotFound.title'), description: siteText(config, 'sipadocs.NotFound.description'), path: '/404', noIndex: true },
    data: { kind: 'notFound' },
    content: null,
    sidebarId: null,
    sourceFile: null,
  });
  return { routes: unique, warnings };
}

/**
 * The blog's authors, as Docusaurus 3.5 has them when the blog has an authors file: the list of its
 * authors with their number of posts, and a list of the posts of each author whose entry asks for
 * a page (`page: true`, or `page: { permalink }`).
 */
function addAuthorPages(
  authors: Author[],
  posts: BlogPost[],
  listPath: string,
  recentPosts: LinkTarget[],
  add: (route: Omit<PlannedRoute, 'outputFile'>) => void,
  addList: (base: string, listPosts: BlogPost[], title: string, description: string, tag: null, more: { pageBase?: string; author?: AuthorSummary }) => void,
  config: SiteConfig,
): void {
  if (authors.length === 0) return;
  const postsOf = (author: Author) => posts.filter((post) => post.authors.some((a) => a.key === author.key));
  const summaries: AuthorSummary[] = authors.map((author) => ({ ...author, count: postsOf(author).length }));
  add({
    path: listPath,
    meta: { title: siteText(config, 'theme.blog.authorsList.pageTitle'), description: siteText(config, 'sipadocs.blog.authorsPage.description'), path: listPath },
    data: { kind: 'blogAuthors', authors: summaries, recentPosts },
    content: null,
    sidebarId: null,
    sourceFile: null,
  });
  authors.forEach((author, i) => {
    if (!author.page) return;
    const own = postsOf(author);
    addList(author.page, own, author.name, siteText(config, 'sipadocs.blog.authorPage.description', { authorName: author.name }), null, { pageBase: 'authors', author: summaries[i] });
  });
}

/** The docs' tags overview and one page per tag, when some listed doc has tags. */
function addDocsTagPages(
  docTags: Map<string, { tag: TagRef; items: Doc[] }>,
  docsBase: string,
  add: (route: Omit<PlannedRoute, 'outputFile'>) => void,
  config: SiteConfig,
): void {
  if (docTags.size === 0) return;
  const sorted = [...docTags.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label));
  const allTagsPath = `${docsBase}/tags`;
  add({
    path: allTagsPath,
    meta: { title: siteText(config, 'theme.tags.tagsPageTitle'), description: siteText(config, 'sipadocs.docs.tagsPage.description'), path: allTagsPath },
    data: { kind: 'docsTags', tags: sorted.map(({ tag, items }) => ({ ...tag, count: items.length })) },
    content: null,
    sidebarId: null,
    sourceFile: null,
  });
  for (const { tag, items } of sorted) {
    const nDocsTagged = siteText(config, 'theme.docs.tagDocListPageTitle.nDocsTagged', { count: items.length });
    const title = siteText(config, 'theme.docs.tagDocListPageTitle', { nDocsTagged, tagName: tag.label });
    add({
      path: tag.permalink,
      meta: { title, description: siteText(config, 'sipadocs.docs.tagPage.description', { tagName: tag.label }), path: tag.permalink },
      data: {
        kind: 'docsTag',
        title,
        tag,
        allTagsPath,
        docs: items.map((doc) => ({ title: doc.title, permalink: doc.route, description: doc.description })),
      },
      content: null,
      sidebarId: null,
      sourceFile: null,
    });
  }
}

/** A page's head data: drafts and unlisted pages are not indexed; keywords and image when it has them. */
function pageMeta(meta: PageMeta, page: CommonPageFields, compiled: CompiledPageFacts | undefined): PageMeta {
  if (page.draft || page.unlisted) meta.noIndex = true;
  if (page.keywords.length > 0) meta.keywords = page.keywords;
  if (compiled?.image) meta.image = compiled.image;
  return meta;
}

/** The entries of a compiled table of contents (every level) that a page shows. */
function tocWithin(toc: TocItem[], levels: { min: number; max: number }): TocItem[] {
  return toc.filter((item) => item.level >= levels.min && item.level <= levels.max);
}

/** Items by tag permalink, in the items' order. */
function tagIndex<T>(items: T[], tagsOf: (item: T) => TagRef[]): Map<string, { tag: TagRef; items: T[] }> {
  const byTag = new Map<string, { tag: TagRef; items: T[] }>();
  for (const item of items) {
    for (const tag of tagsOf(item)) {
      const entry = byTag.get(tag.permalink);
      if (entry) entry.items.push(item);
      else byTag.set(tag.permalink, { tag, items: [item] });
    }
  }
  return byTag;
}

function toLink(post: BlogPost): LinkTarget {
  return { title: post.title, permalink: post.route };
}

function summarize(post: BlogPost): BlogPostSummary {
  return {
    id: post.id,
    title: post.title,
    permalink: post.route,
    date: post.date,
    formattedDate: post.formattedDate,
    readingTimeMinutes: post.readingTimeMinutes,
    authors: post.authors,
    tags: post.tags,
    hasTruncateMarker: post.hasTruncateMarker,
    description: post.description,
  };
}

/**
 * The link targets the content of a route renders (element ids and `<a name>`), as the compiler
 * found them (and the years of the blog archive); the layout's own ids are not included. Null when they are only known once the page
 * is rendered: a React page, or content with components or expressions (see mdx/anchors.ts).
 */
export function contentAnchors(route: PlannedRoute, compiled: CompiledPages): string[] | null {
  const content = route.content;
  // The archive's years are its sections' anchors (templates/screens/BlogScreens.tsx).
  if (!content) return route.data.kind === 'blogArchive' ? route.data.years.map((year) => year.year) : [];
  if (content.kind === 'page') return null;
  if (content.kind === 'mdx') return compiled.get(content.relPath)?.anchors ?? null;
  const anchors: string[] = [];
  for (const relPath of content.relPaths) {
    const page = compiled.get(relPath);
    // A post without a truncate marker is listed whole. (Reading `excerptCode` would load a cached page's code.)
    const own = page ? (page.hasTruncateMarker ? page.excerptAnchors : page.anchors) : null;
    if (!own) return null;
    anchors.push(...own);
  }
  return anchors;
}
