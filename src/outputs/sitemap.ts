import type { SiteConfig } from '../config/types.js';
import type { PlannedRoute } from '../content/routes.js';
import { encodeRoute } from '../shared/paths.js';
import { escapeXml } from './escape.js';
import type { OutputWriter } from './outputWriter.js';
import { indexableRoutes } from './siteUrl.js';

export interface SitemapEntry {
  /** Absolute URL of the page. */
  url: string;
  /** W3C date of its last change, when known. */
  lastmod: string | null;
}

/** sitemap.xml (sitemaps.org protocol 0.9): one `<url>` per entry, in the given order. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => `<url><loc>${escapeXml(entry.url)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything allowed and the sitemap named, or, for a site that must not be indexed, everything disallowed. */
export function robotsTxt(sitemapUrl: string | null): string {
  return sitemapUrl ? `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n` : 'User-agent: *\nDisallow: /\n';
}

/** What a route's last-change date can be derived from. */
export interface DateSources {
  /** Last change of a source file (site-relative path), from git. */
  fileDate(relPath: string): string | null;
  /** Last change of a doc, by route. */
  docDate(route: string): string | null;
  /** The newest post's date. */
  newestPost: string | null;
}

/**
 * A route's `lastmod`: a doc's last update, a post's date, the newest post a list shows, the
 * newest doc a category index lists, a page's last commit; null when nothing tells.
 */
export function lastModified(route: PlannedRoute, sources: DateSources): string | null {
  const data = route.data;
  switch (data.kind) {
    case 'doc':
      return data.lastUpdate?.date ?? null;
    case 'blogPost':
      return data.post.date;
    case 'blogList':
      return newest(data.posts.map((post) => post.date));
    case 'blogTags':
    case 'blogAuthors':
      return sources.newestPost;
    case 'blogArchive':
      return newest(data.years.flatMap((year) => year.posts.map((post) => post.date)));
    case 'category':
      return newest(data.items.map((item) => sources.docDate(item.href)));
    case 'docsTag':
      return newest(data.docs.map((doc) => sources.docDate(doc.permalink)));
    case 'docsTags':
      return null;
    case 'page':
      return route.sourceFile ? sources.fileDate(route.sourceFile) : null;
    case 'notFound':
      return null;
  }
}

/** The latest of some W3C dates (same-day date-times sort after the bare day, which is right). */
export function newest(dates: Array<string | null>): string | null {
  let latest: string | null = null;
  for (const date of dates) if (date && (latest === null || date > latest)) latest = date;
  return latest;
}

/**
 * Writes robots.txt and, unless the site is noIndex, sitemap.xml with every indexable route of every
 * docs version (see indexableRoutes) and its last change.
 *
 * @returns the number of URLs in the sitemap
 */
export function writeSitemap(routes: PlannedRoute[], config: SiteConfig, siteBase: string, dates: DateSources, writer: OutputWriter): number {
  if (config.noIndex) {
    writer.writeText('robots.txt', robotsTxt(null));
    return 0;
  }
  const entries = indexableRoutes(routes, config, 'every version').map((route) => ({ url: `${siteBase}${encodeRoute(route.path)}`, lastmod: lastModified(route, dates) }));
  writer.writeText('sitemap.xml', sitemapXml(entries));
  writer.writeText('robots.txt', robotsTxt(`${siteBase}/sitemap.xml`));
  return entries.length;
}
