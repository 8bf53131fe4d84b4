import type { SiteConfig } from '../config/types.js';
import type { PlannedRoute } from '../model/routes.js';
import { encodeRoute } from '../shared/paths.js';
import { escapeXml } from './escape.js';
import type { OutputWriter } from './outputWriter.js';
import { indexableRoutes } from './siteUrl.js';

export interface SitemapEntry {
  /** Absolute URL of the page. */
  url: string;
  /** W3C date of its last change, when known. */
  lastmod: string | null;
  /** A site in several locales: the same page in each locale, by language (`x-default` for the default locale's). */
  alternates?: Array<{ hreflang: string; url: string }>;
}

/** sitemap.xml (sitemaps.org protocol 0.9): one `<url>` per entry, in the given order. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const alternate = (link: { hreflang: string; url: string }) => `<xhtml:link rel="alternate" hreflang="${escapeXml(link.hreflang)}" href="${escapeXml(link.url)}"/>`;
  const urls = entries.map((entry) => `<url><loc>${escapeXml(entry.url)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}${(entry.alternates ?? []).map(alternate).join('')}</url>`);
  // The alternates of a site in several locales are Google's: xhtml:link elements.
  const namespaces = entries.some((entry) => entry.alternates?.length) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${namespaces}>\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything allowed and the sitemaps named, or, for a site that must not be indexed, everything disallowed. */
export function robotsTxt(sitemapUrl: string | null, more: readonly string[] = []): string {
  return sitemapUrl ? `User-agent: *\nAllow: /\n\n${[sitemapUrl, ...more].map((url) => `Sitemap: ${url}\n`).join('')}` : 'User-agent: *\nDisallow: /\n';
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
  const alternates = localeAlternates(config);
  const entries = indexableRoutes(routes, config, 'every version').map((route) => ({ url: `${siteBase}${encodeRoute(route.path)}`, lastmod: lastModified(route, dates), ...(alternates ? { alternates: alternates(route.path) } : {}) }));
  writer.writeText('sitemap.xml', sitemapXml(entries));
  // Crawlers read robots.txt at the root of a host only: the locale at the site's base URL names every locale's sitemap.
  const { i18n } = config;
  if (i18n.localeConfigs[i18n.currentLocale]!.baseUrl === i18n.localeConfigs[i18n.defaultLocale]!.baseUrl) {
    const others = i18n.locales.filter((locale) => locale !== i18n.currentLocale).map((locale) => `${config.url}${i18n.localeConfigs[locale]!.baseUrl}sitemap.xml`);
    writer.writeText('robots.txt', robotsTxt(`${siteBase}/sitemap.xml`, others));
  }
  return entries.length;
}

/** For a site in several locales: a route's URL in each locale, and the default locale's as `x-default`. */
function localeAlternates(config: SiteConfig): ((route: string) => Array<{ hreflang: string; url: string }>) | null {
  const { i18n } = config;
  if (i18n.locales.length < 2) return null;
  const url = (locale: string, route: string) => `${config.url}${i18n.localeConfigs[locale]!.baseUrl.replace(/\/$/, '')}${encodeRoute(route)}`;
  return (route) => [
    ...i18n.locales.map((locale) => ({ hreflang: i18n.localeConfigs[locale]!.htmlLang, url: url(locale, route) })),
    { hreflang: 'x-default', url: url(i18n.defaultLocale, route) },
  ];
}
