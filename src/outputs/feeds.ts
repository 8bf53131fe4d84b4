import { randomUUID } from 'node:crypto';
import type { Feed } from 'feed';
import type { SiteConfig } from '../config/types.js';
import type { BlogPost, SiteModel } from '../model/model.js';
import type { PlannedRoute } from '../model/routes.js';
import type { AlternateLink } from '../render/document.js';
import { encodeRoute, withBase } from '../shared/paths.js';
import { escapeHtml, escapeXml } from './escape.js';
import type { OutputWriter } from './outputWriter.js';
import { indexableRoutes } from './siteUrl.js';

/** One feed in its three formats: the whole blog, or the posts of one tag. */
export interface PlannedFeed {
  /** Site path of the list page the feed follows ("/blog", "/blog/tags/news"); its files are in that folder. */
  listPath: string;
  title: string;
  description: string;
  /** Newest first. */
  posts: BlogPost[];
}

/** File names of a feed's formats, in the folder of its list page. */
export const FEED_FORMATS = [
  { format: 'rss', file: 'rss.xml', type: 'application/rss+xml', label: 'RSS' },
  { format: 'atom', file: 'atom.xml', type: 'application/atom+xml', label: 'Atom' },
  { format: 'json', file: 'feed.json', type: 'application/feed+json', label: 'JSON' },
] as const;

/**
 * The feeds of the site: the blog's, then one per tag, each with the posts that are listed (not
 * noIndex). None when the site is noIndex or no post is listed.
 */
export function planFeeds(model: SiteModel, routes: PlannedRoute[], config: SiteConfig): PlannedFeed[] {
  const listed = new Set(indexableRoutes(routes, config).map((route) => route.path));
  const posts = model.posts.filter((post) => listed.has(post.route));
  if (posts.length === 0) return [];
  const blogTitle = `${config.title} ${config.blog.title}`;
  const feeds: PlannedFeed[] = [{ listPath: `/${config.blog.routeBasePath}`, title: blogTitle, description: config.blog.description, posts }];
  const byTag = new Map<string, PlannedFeed>();
  for (const post of posts) {
    for (const tag of post.tags) {
      let feed = byTag.get(tag.permalink);
      if (!feed) {
        feed = { listPath: tag.permalink, title: `${blogTitle}: posts tagged "${tag.label}"`, description: `Blog posts tagged "${tag.label}"`, posts: [] };
        byTag.set(tag.permalink, feed);
      }
      feed.posts.push(post);
    }
  }
  return [...feeds, ...[...byTag.values()].sort((a, b) => (a.listPath < b.listPath ? -1 : 1))];
}

/** Output-relative path of one format of a feed: "/blog" + rss → "blog/rss.xml". */
export function feedFile(feed: Pick<PlannedFeed, 'listPath'>, file: string): string {
  return feed.listPath === '/' ? file : `${feed.listPath.slice(1)}/${file}`;
}

/**
 * The `<link rel="alternate">` tags of a page: the blog's feeds on every page, and a tag's feeds
 * on that tag's list pages too. URLs carry the base path but no host, like the site's other links.
 */
export function feedLinksFor(route: PlannedRoute, feeds: PlannedFeed[], baseUrl: string): AlternateLink[] {
  const [blog] = feeds;
  if (!blog) return [];
  const tagPath = route.data.kind === 'blogList' ? route.data.tag?.permalink : undefined;
  const tag = tagPath ? feeds.find((feed) => feed.listPath === tagPath) : undefined;
  return [blog, ...(tag ? [tag] : [])].flatMap((feed) =>
    FEED_FORMATS.map(({ file, type, label }) => ({ type, title: `${feed.title} (${label})`, href: withBase(baseUrl, `/${feedFile(feed, file)}`) })),
  );
}

/** What every feed says about the site. */
export interface FeedSite {
  title: string;
  /** The site's URL with its base path, no trailing slash (see siteBase). */
  base: string;
  language: string;
  /** Absolute URL of the favicon, if any. */
  favicon?: string;
  copyright: string;
  generator: string;
}

/**
 * The files of one feed in RSS 2.0, Atom 1.0 and JSON Feed 1.0: every post with its full content
 * (HTML with absolute URLs), newest first. Dates are the posts' own, never the build's, so an
 * unchanged blog gives the same files.
 *
 * @param contentOf a post's content HTML (see postContentHtml)
 * @param FeedClass the `feed` package's Feed (loaded only when feeds are written)
 */
export function feedTexts(feed: PlannedFeed, site: FeedSite, contentOf: (post: BlogPost) => string, FeedClass: typeof Feed): Array<[relPath: string, text: string]> {
  const url = (sitePath: string) => `${site.base}${encodeRoute(sitePath)}`;
  const links = Object.fromEntries(FEED_FORMATS.map(({ format, file }) => [format, url(`/${feedFile(feed, file)}`)]));
  // RSS wants an e-mail address in <author>; names go to <dc:creator> there, so RSS gets a feed of its own.
  const build = (format: 'rss' | 'atom' | 'json') => {
    // The `feed` package escapes too little for XML (a "<" in an attribute, a second "]]>", control
    // characters), so an XML feed is given a marker for each text, and the marker is replaced by
    // the text, escaped, once the XML is made. Atom's titles and summaries are HTML (type="html"),
    // and so is RSS's description: their text is escaped as HTML first. JSON needs nothing.
    const texts = format === 'json' ? null : new FeedTexts();
    const text = (value: string) => texts?.mark(value) ?? value;
    const html = (value: string) => texts?.mark(escapeHtml(value)) ?? value;
    const output = new FeedClass({
      id: url(feed.listPath),
      link: url(feed.listPath),
      title: text(feed.title),
      description: text(feed.description),
      language: text(site.language),
      favicon: site.favicon,
      copyright: text(site.copyright),
      generator: text(site.generator),
      // Atom needs an author for every entry: the site's, for posts without one.
      author: { name: text(site.title), link: `${site.base}/` },
      updated: postDate(feed.posts[0]!),
      feedLinks: links,
    });
    for (const post of feed.posts) {
      const authors = post.authors.map((author) => ({ name: text(author.name), link: author.url && URL.canParse(author.url) ? author.url : undefined }));
      output.addItem({
        id: url(post.route),
        link: url(post.route),
        // RSS titles are plain text; Atom's are HTML.
        title: format === 'atom' ? html(post.title) : text(post.title),
        date: postDate(post),
        published: postDate(post),
        description: post.description ? html(post.description) : undefined,
        content: contentOf(post),
        // An empty list would break the JSON feed, which takes the first author.
        author: format !== 'rss' && authors.length > 0 ? authors : undefined,
        // One element per author (xml-js writes an array as repeated elements).
        extensions: format === 'rss' && authors.length > 0 ? [{ name: 'dc:creator', objects: authors.map((a) => ({ _text: a.name })) as unknown as Record<string, unknown> }] : undefined,
        category: post.tags.map((tag) => ({ name: text(tag.label), term: text(tag.label), domain: url(tag.permalink) })),
      });
    }
    const written = format === 'rss' ? output.rss2() : format === 'atom' ? output.atom1() : output.json1();
    return texts ? texts.fill(written) : written;
  };
  return FEED_FORMATS.map(({ format, file }) => [feedFile(feed, file), `${build(format)}\n`]);
}

/**
 * The texts of one XML feed, each standing in the `feed` package's input as a marker (private-use
 * characters around a random id and its number, which no text holds) until `fill` puts it in the
 * XML, escaped (see escapeXml), wherever the package wrote it: element text, an attribute, or a
 * CDATA section, which is replaced whole.
 */
class FeedTexts {
  private readonly id = randomUUID();
  private readonly values: string[] = [];
  private readonly markers = new RegExp(`(?:<!\\[CDATA\\[)?\uE000${this.id}:(\\d+)\uE001(?:\\]\\]>)?`, 'g');

  mark(value: string): string {
    this.values.push(value);
    return `\uE000${this.id}:${this.values.length - 1}\uE001`;
  }

  fill(xml: string): string {
    return xml.replace(this.markers, (_, n: string) => escapeXml(this.values[Number(n)]!));
  }
}

/** A post's day as a moment: midnight UTC. */
const postDate = (post: BlogPost) => new Date(`${post.date}T00:00:00Z`);

export interface WriteFeedsInput {
  feeds: PlannedFeed[];
  site: FeedSite;
  writer: OutputWriter;
  /** What a post's page was made from (its key in the output manifest): the post's content is unchanged while it is. */
  pageKey(post: BlogPost): string;
  /** The server-rendered body of a post's page (see documentBody), or null when it cannot be read. */
  pageBody(post: BlogPost): string | null;
  warn(message: string): void;
}

/**
 * Writes every feed (see planFeeds) in its three formats, or keeps the files of the last good
 * build when no post page and nothing about the site changed. Post content is read back from the
 * rendered pages, so it is the same on a build that rendered nothing.
 *
 * @returns the number of feeds
 */
export async function writeFeeds(input: WriteFeedsInput): Promise<number> {
  const { feeds, site, writer } = input;
  if (feeds.length === 0) return 0;
  const key = writer.key([site, feeds.map((feed) => [feed.listPath, feed.title, feed.description, feed.posts.map((post) => post.route)]), feeds[0]!.posts.map((post) => input.pageKey(post))]);
  if (writer.reuse('feeds', key)) return feeds.length;
  // Loaded here: a build that keeps its feeds does not pay for them (about 0.1 s).
  const [{ Feed: FeedClass }, { postContentHtml }] = await Promise.all([import('feed'), import('./postContent.js')]);
  const contents = new Map<BlogPost, string>();
  const contentOf = (post: BlogPost) => {
    let html = contents.get(post);
    if (html === undefined) {
      const body = input.pageBody(post);
      const content = body === null ? null : postContentHtml(body, `${site.base}${post.route}`, site.base);
      if (content === null) input.warn(`feeds: the content of ${post.route} was not found in its page; its feed entries carry only its description`);
      html = content ?? '';
      contents.set(post, html);
    }
    return html;
  };
  writer.write('feeds', key, feeds.flatMap((feed) => feedTexts(feed, site, contentOf, FeedClass)));
  return feeds.length;
}
