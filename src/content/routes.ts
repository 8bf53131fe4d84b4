import type { SiteConfig } from '../config/types.js';
import type {
  BlogPostSummary, LastUpdate, LinkTarget, PageMeta, RouteData, TagRef,
} from '../shared/types.js';
import { routeToHtmlFile } from '../shared/paths.js';
import type { CompiledPage } from './mdx/compile.js';
import type { BlogPost, SiteModel } from './model.js';

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
}

export interface RoutePlan {
  routes: PlannedRoute[];
  warnings: string[];
}

/** Compiled pages by site-relative path. */
export type CompiledPages = Map<string, CompiledPage>;

/**
 * Lays out every route of the site: docs, category indexes, blog, pages and the 404 page.
 *
 * @param lastUpdates each doc's last change, by site-relative source path (see resolveLastUpdate)
 */
export function planRoutes(model: SiteModel, compiled: CompiledPages, config: SiteConfig, lastUpdates: ReadonlyMap<string, LastUpdate> = new Map()): RoutePlan {
  const routes: PlannedRoute[] = [];
  const blogBase = `/${config.blog.routeBasePath}`;
  const add = (route: Omit<PlannedRoute, 'outputFile'>) => routes.push({ ...route, outputFile: routeToHtmlFile(route.path) });

  for (const doc of model.docs) {
    const page = compiled.get(doc.source.relPath)!;
    const placement = model.placements.get(doc.route) ?? null;
    add({
      path: doc.route,
      meta: { title: doc.title, description: doc.description, path: doc.route, ogType: 'article' },
      data: {
        kind: 'doc',
        docId: doc.id,
        title: doc.title,
        contentHasTitle: page.h1 !== null,
        breadcrumbs: placement?.breadcrumbs ?? [],
        toc: page.toc,
        hideTableOfContents: doc.hideTableOfContents,
        editUrl: doc.editUrl,
        previous: placement?.previous ?? null,
        next: placement?.next ?? null,
        lastUpdate: lastUpdates.get(doc.source.relPath) ?? null,
      },
      content: { kind: 'mdx', relPath: doc.source.relPath },
      sidebarId: placement?.sidebarId ?? null,
      sourceFile: doc.source.relPath,
    });
  }

  for (const index of model.categoryIndexes) {
    const placement = model.placements.get(index.route) ?? null;
    add({
      path: index.route,
      meta: { title: index.title, description: index.description, path: index.route },
      data: {
        kind: 'category',
        title: index.title,
        description: index.description,
        breadcrumbs: placement?.breadcrumbs ?? [],
        items: index.items,
        previous: placement?.previous ?? null,
        next: placement?.next ?? null,
      },
      content: null,
      sidebarId: index.sidebarId,
      sourceFile: null,
    });
  }

  const posts = model.posts;
  const recentPosts: LinkTarget[] = posts.slice(0, config.blog.sidebarCount).map(toLink);
  const summaries = new Map(posts.map((post) => [post.id, summarize(post)]));

  posts.forEach((post, i) => {
    const page = compiled.get(post.source.relPath)!;
    add({
      path: post.route,
      meta: { title: post.title, description: post.description, path: post.route, ogType: 'article' },
      data: {
        kind: 'blogPost',
        post: summaries.get(post.id)!,
        contentHasTitle: false,
        toc: page.toc,
        editUrl: post.editUrl,
        newer: i > 0 ? toLink(posts[i - 1]!) : null,
        older: i < posts.length - 1 ? toLink(posts[i + 1]!) : null,
        recentPosts,
      },
      content: { kind: 'mdx', relPath: post.source.relPath },
      sidebarId: null,
      sourceFile: post.source.relPath,
    });
  });

  const addList = (base: string, listPosts: BlogPost[], title: string, description: string, tag: TagRef | null) => {
    const perPage = Math.max(1, config.blog.postsPerPage);
    const totalPages = Math.max(1, Math.ceil(listPosts.length / perPage));
    const pagePath = (n: number) => (n === 1 ? base : `${base}/page/${n}`);
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

  if (posts.length > 0) {
    addList(blogBase, posts, config.blog.title, config.blog.description, null);
    const byTag = new Map<string, { tag: TagRef; posts: BlogPost[] }>();
    for (const post of posts) {
      for (const tag of post.tags) {
        const entry = byTag.get(tag.permalink) ?? { tag, posts: [] };
        entry.posts.push(post);
        byTag.set(tag.permalink, entry);
      }
    }
    const tags = [...byTag.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label));
    for (const { tag, posts: tagged } of tags) {
      const count = tagged.length;
      addList(tag.permalink, tagged, `${count} post${count === 1 ? '' : 's'} tagged with "${tag.label}"`, `Blog posts tagged "${tag.label}"`, tag);
    }
    add({
      path: `${blogBase}/tags`,
      meta: { title: 'Tags', description: 'All blog tags', path: `${blogBase}/tags` },
      data: { kind: 'blogTags', tags: tags.map(({ tag, posts: p }) => ({ ...tag, count: p.length })), recentPosts },
      content: null,
      sidebarId: null,
      sourceFile: null,
    });
    const years = new Map<string, BlogPost[]>();
    for (const post of posts) {
      const year = post.date.slice(0, 4);
      years.set(year, [...(years.get(year) ?? []), post]);
    }
    add({
      path: `${blogBase}/archive`,
      meta: { title: 'Archive', description: 'Every blog post, by year', path: `${blogBase}/archive` },
      data: {
        kind: 'blogArchive',
        years: [...years.entries()].map(([year, list]) => ({
          year,
          posts: list.map((p) => ({ title: p.title, permalink: p.route, date: p.date, formattedDate: p.formattedDate })),
        })),
      },
      content: null,
      sidebarId: null,
      sourceFile: null,
    });
  }

  for (const page of model.pages) {
    const compiledPage = page.source ? compiled.get(page.source.relPath) : undefined;
    add({
      path: page.route,
      meta: { title: page.title, description: page.description, path: page.route },
      data: {
        kind: 'page',
        markdown: page.source !== null,
        contentHasTitle: compiledPage?.h1 != null,
        title: page.title,
        toc: compiledPage?.toc ?? [],
      },
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
    meta: { title: 'Page not found', description: 'This page does not exist.', path: '/404', noIndex: true },
    data: { kind: 'notFound' },
    content: null,
    sidebarId: null,
    sourceFile: null,
  });
  return { routes: unique, warnings };
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
