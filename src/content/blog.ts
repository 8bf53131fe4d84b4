import yaml from 'js-yaml';
import path from 'node:path';
import readingTime from 'reading-time';
import type { SiteConfig } from '../config/types.js';
import { SiteError, codeFrame } from '../errors.js';
import type { Author, TagRef } from '../shared/types.js';
import { joinUrl } from './docs.js';
import type { ParsedSource } from './frontMatter.js';
import { checkFields, frontMatterKeyLine } from './frontMatter.js';
import type { BlogPost } from './model.js';
import { findH1, formatDate, slugify, withoutExtension } from './names.js';
import { checkRoute } from './routeCheck.js';

export const POST_FIELDS = {
  title: 'string',
  slug: 'string',
  description: 'string',
  date: 'date',
  tags: 'string[]',
  authors: 'authors',
  hide_table_of_contents: 'boolean',
} as const;

export interface PostInput {
  relPath: string;
  absPath: string;
  text: string;
  parsed: ParsedSource;
}

const DATE_IN_PATH = /(?:^|\/)(\d{4})-(\d{2})-(\d{2})[-/]?([^/]*)/;

/** Parses authors.yml: `key: { name, title, url, image_url }`. */
export function parseAuthors(relPath: string, text: string): Map<string, Author> {
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
    authors.set(key, toAuthor(key, value));
  }
  return authors;
}

function toAuthor(key: string, value: Record<string, unknown>): Author {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    key,
    name: String(value.name),
    title: str(value.title),
    url: str(value.url),
    imageUrl: str(value.image_url) ?? str(value.imageURL),
  };
}

/** Builds one post from its file: date and slug from the name or front matter, tags, authors, reading time. */
export function createPost(input: PostInput, authors: Map<string, Author>, config: SiteConfig, bodyForExcerpt: (body: string) => string): BlogPost {
  const { parsed } = input;
  checkFields(parsed, POST_FIELDS, input.relPath, input.text);
  const fm = parsed.data as { title?: string; slug?: string; description?: string; date?: Date | string; tags?: string[]; authors?: unknown };
  const blogRel = path.posix.relative(config.blog.path, input.relPath);
  const fromPath = DATE_IN_PATH.exec(withoutExtension(blogRel));
  let date: string;
  if (fm.date !== undefined) {
    date = new Date(fm.date).toISOString().slice(0, 10);
  } else if (fromPath) {
    date = `${fromPath[1]}-${fromPath[2]}-${fromPath[3]}`;
  } else {
    throw new SiteError({
      code: 'BLOG_DATE_MISSING',
      message: 'a blog post needs a date',
      location: { file: input.relPath, line: 1, column: 1 },
      hint: 'Start the file name with the date (2025-11-20-my-post.mdx) or set "date:" in the front matter.',
    });
  }
  const nameTail = fromPath?.[4] && fromPath[4] !== 'index' ? fromPath[4] : withoutExtension(path.posix.basename(blogRel));
  const slug = (fm.slug ?? nameTail).replace(/^\/+|\/+$/g, '');
  const route = `/${config.blog.routeBasePath}/${slug}`;
  if (fm.slug !== undefined) checkRoute(route, input.relPath, 'slug', frontMatterKeyLine(parsed, 'slug'));
  else checkRoute(route, input.relPath, 'file name');
  const title = fm.title ?? findH1(parsed.body) ?? slug;
  const tags: TagRef[] = (fm.tags ?? []).map((label) => ({
    label,
    permalink: `/${config.blog.routeBasePath}/tags/${slugify(label)}`,
  }));
  const postAuthors = resolveAuthors(fm.authors, authors, input);
  const stats = readingTime(parsed.body);
  return {
    id: input.relPath,
    source: {
      relPath: input.relPath,
      absPath: input.absPath,
      format: input.relPath.endsWith('.md') ? 'md' : 'mdx',
      body: parsed.body,
      text: input.text,
      withExcerpt: true,
      route,
    },
    slug,
    route,
    title,
    description: fm.description ?? bodyForExcerpt(parsed.body),
    date,
    formattedDate: formatDate(date),
    readingTimeMinutes: Math.max(1, Math.ceil(stats.minutes)),
    authors: postAuthors,
    tags,
    hasTruncateMarker: /^\s*(<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$/m.test(parsed.body),
    editUrl: config.blog.editUrl ? joinUrl(config.blog.editUrl, input.relPath) : null,
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
    return toAuthor(`inline-${i}`, entry as Record<string, unknown>);
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
