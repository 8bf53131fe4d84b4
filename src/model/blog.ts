import yaml from 'js-yaml';
import path from 'node:path';
import readingTime from 'reading-time';
import type { SiteConfig } from '../config/types.js';
import { SiteError, codeFrame } from '../errors.js';
import { contentUrl } from '../shared/paths.js';
import type { Author, TagRef } from '../shared/types.js';
import { authorSocials } from './authorSocials.js';
import { COMMON_FIELDS, commonFields, editUrlOf, toTagRefs } from './commonFields.js';
import { joinUrl, lastUpdateOf } from './docs.js';
import { joinRoute } from './docsVersions.js';
import type { FieldType, FrontMatterWarning, ParsedSource } from './frontMatter.js';
import { checkFields, frontMatterKeyLine } from './frontMatter.js';
import type { BlogPost } from './model.js';
import { siteLocale } from '../config/siteLocale.js';
import { contentFormat, findH1, formatDate } from './names.js';
import { checkRoute } from './routeCheck.js';

/** Every front-matter key a blog post honours; any other key is warned about. */
export const POST_FIELDS = {
  ...COMMON_FIELDS,
  slug: 'string',
  date: 'date',
  tags: 'tags',
  authors: 'authors',
  // One author written out in the post (older Docusaurus style), when there is no `authors`.
  author: 'string',
  author_title: 'string',
  author_url: 'string',
  author_image_url: 'string',
  sidebar_label: 'string',
  custom_edit_url: 'string|null',
  last_update: 'lastUpdate',
} as const satisfies Record<string, FieldType>;

export interface PostInput {
  relPath: string;
  absPath: string;
  text: string;
  parsed: ParsedSource;
  /** The file's last modification (YYYY-MM-DD), when an undated post takes it, as in Docusaurus. */
  modified?: string;
}

/**
 * A date in a post's path (`2021-08-26-welcome.md`, `2021/08/26/welcome/index.md`), as Docusaurus
 * reads it: the last date of the path (its folder part is greedy).
 */
const DATED_PATH = /^(?<folder>.*)(?<year>\d{4})(?<sep1>[-/])(?<month>\d{1,2})(?<sep2>[-/])(?<day>\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/;

/**
 * What a post's path inside the blog folder says, by Docusaurus's rules: a date in the name gives
 * the post's date and turns into folders of its slug, as written (`2021-08-26-welcome.md` →
 * `2021/08/26/welcome`, `2021-8-6-x.md` → `2021/8/6/x`); an undated post's slug is its path
 * (`news/launch.md` → `news/launch`, `launch/index.md` → `launch`).
 */
export function postPathInfo(blogRel: string): { date: string | null; slug: string } {
  const dated = DATED_PATH.exec(blogRel);
  if (!dated) return { date: null, slug: blogRel.replace(/(?:\/index)?\.mdx?$/, '') };
  const { folder, year, month, day, text } = dated.groups!;
  const [mm, dd] = [month!.padStart(2, '0'), day!.padStart(2, '0')];
  return { date: `${year}-${mm}-${dd}`, slug: `${year}/${month}/${day}/${folder}${text}`.replace(/\/+$/, '') };
}

/** A route of the blog: its base path (any `routeBasePath`, '' included) joined with the parts. */
export function blogRoute(config: Pick<SiteConfig, 'blog'>, ...parts: string[]): string {
  return joinRoute(config.blog.routeBasePath, ...parts);
}

/** Latin letters without their marks, as lodash's deburr writes them ("É" → "E", "ß" → "ss"). */
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'Ae', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'Oe', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'Th', ð: 'd', Ð: 'D', ĸ: 'k', ŉ: "'n", ſ: 's', ı: 'i', ĳ: 'ij', Ĳ: 'IJ', ŀ: 'l', Ŀ: 'L' };
function deburr(text: string): string {
  return text.replace(/[ßæÆøØœŒđĐłŁþÞðÐĸŉſıĳĲŀĿ]/g, (c) => LIGATURES[c]!).normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * lodash's kebabCase (after its deburr), which Docusaurus names an author's page with (`page: true`): words split at
 * anything but letters and digits, and inside a word at a lower-to-upper case change, at the end
 * of a run of capitals and between letters and digits; then lowercased and joined with "-".
 */
export function kebabCase(text: string): string {
  return deburr(text)
    .replace(/['\u2019]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((part) => part.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[^\p{L}\p{N}]+/gu) ?? [])
    .map((word) => word.toLowerCase())
    .join('-');
}

/**
 * Parses authors.yml: `key: { name, title, url, image_url, page }`. An author with `page: true`
 * has a page at `<authorsBase>/<key in kebab case>`, with `page: { permalink }` at
 * `<authorsBase>/<permalink>`, as in Docusaurus 3.5; none has one when `authorsBase` is null.
 * An image of static/ ("/img/authors/a.svg") gets the base URL, as every page that shows it loads it.
 */
export function parseAuthors(relPath: string, text: string, authorsBase: string | null = '/blog/authors', baseUrl = '/'): Map<string, Author> {
  let data: unknown;
  try {
    data = yaml.load(text);
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const line = mark ? mark.line + 1 : undefined;
    throw new SiteError({
      code: 'AUTHORS_INVALID',
      message: `invalid YAML: ${(error as { reason?: string }).reason ?? (error as Error).message}`,
      location: { file: relPath, line, column: mark ? mark.column + 1 : undefined },
      frame: line ? codeFrame(text, line, (mark?.column ?? 0) + 1) : undefined,
    });
  }
  const authors = new Map<string, Author>();
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, Record<string, unknown>>)) {
    if (typeof value !== 'object' || value === null || typeof value.name !== 'string') {
      throw new SiteError({ code: 'AUTHORS_INVALID', message: `author "${key}" needs a "name"`, location: { file: relPath } });
    }
    const author = toAuthor(key, value, (message) => new SiteError({ code: 'AUTHORS_INVALID', message: `author "${key}": ${message}`, location: { file: relPath, ...lineOf(text, `${key}:`) } }));
    if (author.imageUrl) author.imageUrl = contentUrl(baseUrl, author.imageUrl);
    const page = value.page as boolean | { permalink?: unknown } | undefined;
    if (authorsBase === null) {
      // Authors pages are turned off (blog.authorsPages: false).
    } else if (page === true) author.page = joinRoute(authorsBase, kebabCase(key));
    else if (typeof page === 'object' && page !== null && typeof page.permalink === 'string') author.page = joinRoute(authorsBase, page.permalink);
    authors.set(key, author);
  }
  return authors;
}

/** An author from its entry; `invalid` makes the error for an entry with unusable socials. */
function toAuthor(key: string, value: Record<string, unknown>, invalid: (message: string) => SiteError): Author {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  let socials;
  try {
    socials = authorSocials(value.socials);
  } catch (error) {
    throw invalid((error as Error).message);
  }
  return {
    key,
    name: String(value.name),
    title: str(value.title),
    url: str(value.url),
    imageUrl: str(value.image_url) ?? str(value.imageURL),
    ...(socials.length > 0 ? { socials } : {}),
  };
}

/** The line and column where `needle` first occurs in a file's text, if it does. */
function lineOf(text: string, needle: string): { line?: number; column?: number } {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  return index === -1 ? {} : { line: index + 1, column: text.split('\n')[index]!.indexOf(needle) + 1 };
}

/**
 * Builds one post from its file: date and slug from the name or front matter, tags, authors,
 * reading time. Unknown front-matter keys are passed to `warn`.
 */
export function createPost(
  input: PostInput,
  authors: Map<string, Author>,
  config: SiteConfig,
  bodyForExcerpt: (body: string) => string,
  warn: (warning: FrontMatterWarning) => void = () => {},
): BlogPost {
  const { parsed } = input;
  checkFields(parsed, POST_FIELDS, input.relPath, input.text).forEach(warn);
  const fm = parsed.data as {
    title?: string; slug?: string; description?: string; date?: Date | string; tags?: unknown; authors?: unknown;
    author?: string; author_title?: string; author_url?: string; author_image_url?: string; sidebar_label?: string;
    last_update?: { date?: Date | string; author?: string };
  };
  const fromPath = postPathInfo(path.posix.relative(config.blog.path, input.relPath));
  let date: string;
  if (fm.date !== undefined) {
    date = new Date(fm.date).toISOString().slice(0, 10);
  } else if (fromPath.date) {
    date = fromPath.date;
  } else if (input.modified) {
    date = input.modified;
  } else {
    throw new SiteError({
      code: 'BLOG_DATE_MISSING',
      message: 'a blog post needs a date',
      location: { file: input.relPath, line: 1, column: 1 },
      hint: 'Start the file name with the date (2025-11-20-my-post.mdx) or set "date:" in the front matter.',
    });
  }
  const slug = (fm.slug ?? fromPath.slug).replace(/^\/+|\/+$/g, '');
  const route = blogRoute(config, slug);
  if (fm.slug !== undefined) checkRoute(route, input.relPath, 'slug', frontMatterKeyLine(parsed, 'slug'));
  else checkRoute(route, input.relPath, 'file name');
  const title = fm.title ?? findH1(parsed.body) ?? slug;
  const tags: TagRef[] = toTagRefs(fm.tags, blogRoute(config).replace(/\/$/, ''));
  const legacyAuthor = fm.author === undefined ? undefined : { name: fm.author, title: fm.author_title, url: fm.author_url, image_url: fm.author_image_url };
  // An image of static/ ("/img/authors/a.svg") is a file the page loads: it gets the base URL.
  const postAuthors = resolveAuthors(fm.authors ?? legacyAuthor, authors, input).map((author) =>
    author.imageUrl ? { ...author, imageUrl: contentUrl(config.baseUrl, author.imageUrl) } : author,
  );
  return {
    ...commonFields(parsed, config, input.relPath, input.text),
    id: input.relPath,
    source: {
      relPath: input.relPath,
      absPath: input.absPath,
      format: contentFormat(input.relPath, config.markdown.format),
      body: parsed.body,
      text: input.text,
      withExcerpt: true,
      frontMatter: parsed.data,
      route,
    },
    slug,
    route,
    title,
    sidebarLabel: fm.sidebar_label ?? title,
    description: fm.description ?? bodyForExcerpt(parsed.body),
    date,
    formattedDate: formatDate(date, siteLocale(config)),
    readingTimeMinutes: readingMinutes(parsed),
    authors: postAuthors,
    tags,
    hasTruncateMarker: /^\s*(<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$/m.test(parsed.body),
    editUrl: editUrlOf(parsed, config.blog.editUrl ? joinUrl(config.blog.editUrl, input.relPath) : null),
    lastUpdate: fm.last_update ? lastUpdateOf(fm.last_update) : undefined,
  };
}

function resolveAuthors(value: unknown, authors: Map<string, Author>, input: PostInput): Author[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry, i) => {
    if (typeof entry === 'string') {
      const author = authors.get(entry);
      if (!author) {
        const line = input.text.split('\n').findIndex((l) => l.includes(entry)) + 1;
        throw new SiteError({
          code: 'AUTHOR_UNKNOWN',
          message: `unknown author "${entry}"`,
          location: { file: input.relPath, line: line || undefined, column: 1 },
          hint: `Add "${entry}" to the blog's authors.yml (known: ${[...authors.keys()].join(', ') || 'none'}).`,
        });
      }
      return author;
    }
    return toAuthor(`inline-${i}`, entry as Record<string, unknown>, (message) =>
      new SiteError({ code: 'FRONT_MATTER_FIELD', message: `authors: ${message}`, location: { file: input.relPath, ...lineOf(input.text, 'socials') } }));
  });
}

/** First paragraph of a markdown body as plain text (for descriptions of posts without one). */
export function firstParagraph(body: string): string {
  let inFence = false;
  const paragraph: string[] = [];
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || /^\s*(#|import |export |:::|<|\{\/\*|!\[)/.test(line)) {
      if (paragraph.length) break;
      continue;
    }
    if (!line.trim()) {
      if (paragraph.length) break;
      continue;
    }
    paragraph.push(line.trim());
  }
  return paragraph
    .join(' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .slice(0, 300);
}

/**
 * A post's reading time in whole minutes (at least one), once per reading of its source: a watch
 * session keeps a file's reading while its text is the same (see SiteModelOptions.readFrontMatter).
 */
function readingMinutes(parsed: ParsedSource): number {
  let minutes = READING_MINUTES.get(parsed);
  if (minutes === undefined) READING_MINUTES.set(parsed, (minutes = Math.max(1, Math.ceil(readingTime(parsed.body).minutes))));
  return minutes;
}

const READING_MINUTES = new WeakMap<ParsedSource, number>();
