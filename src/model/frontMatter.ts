import matter from 'gray-matter';
import { SiteError, codeFrame } from '../errors.js';

/** A source split into front matter and body; the body keeps the file's line numbers. */
export interface ParsedSource {
  data: Record<string, unknown>;
  /** The text with the front-matter block replaced by blank lines. */
  body: string;
  /** 1-based line of the first front-matter key (for positions of field errors). */
  frontMatterStartLine: number;
  /** Raw front-matter text. */
  frontMatterText: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/**
 * Parses YAML front matter. YAML errors are reported at their position in the file: js-yaml
 * gives zero-based line/column within the text gray-matter hands it, which begins with the
 * newline after the opening "---", so zero-based line n is the file's line n + 1.
 */
export function parseFrontMatter(text: string, file: string): ParsedSource {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { data: {}, body: text, frontMatterStartLine: 1, frontMatterText: '' };
  let data: Record<string, unknown>;
  try {
    // Only the block goes to gray-matter: it looks every input up in a cache keyed by the whole
    // text, which costs a hash of the full page. A fresh options object per call stops it from
    // storing results in that cache.
    data = matter(match[0], { excerpt: false } as never).data as Record<string, unknown>;
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    const line = mark ? mark.line + 1 : 1;
    const column = mark ? mark.column + 1 : 1;
    throw new SiteError({
      code: 'FRONT_MATTER_SYNTAX',
      message: `invalid YAML front matter: ${reason}`,
      location: { file, line, column },
      frame: codeFrame(text, line, column),
      hint: 'Front matter is YAML between two "---" lines; quote values that contain ":" or "#".',
    });
  }
  const blockLines = match[0].split('\n').length - 1;
  const body = '\n'.repeat(blockLines) + text.slice(match[0].length);
  return { data: data ?? {}, body, frontMatterStartLine: 2, frontMatterText: match[1] ?? '' };
}

export type FieldType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'string[]'
  | 'date'
  | 'string|string[]'
  | 'authors'
  /** A string, or null to switch something off (custom_edit_url, pagination_next). */
  | 'string|null'
  /** A list of tag labels or `{ label, permalink }` objects. */
  | 'tags'
  /** Any mapping (sidebar_custom_props). */
  | 'object'
  /** `{ date?, author? }` (last_update). */
  | 'lastUpdate'
  /** A heading level from 2 to 6 (toc_min_heading_level). */
  | 'headingLevel';

/** A front-matter problem that does not stop the build. */
export interface FrontMatterWarning {
  /** Site-relative path of the file. */
  file: string;
  line?: number;
  message: string;
}

/**
 * Checks the types of known front-matter fields (a wrong type is an error at the key's line) and
 * returns one warning per key the kind of file does not know, so a misspelt or unsupported key
 * is reported instead of silently doing nothing.
 */
export function checkFields(
  parsed: ParsedSource,
  fields: Record<string, FieldType>,
  file: string,
  text: string,
): FrontMatterWarning[] {
  for (const [key, type] of Object.entries(fields)) {
    const value = parsed.data[key];
    if (value === undefined || (value === null && type !== 'string|null')) continue;
    if (matchesType(value, type)) continue;
    const line = frontMatterKeyLine(parsed, key);
    throw new SiteError({
      code: 'FRONT_MATTER_FIELD',
      message: `front matter "${key}" must be ${describeType(type)}, got ${JSON.stringify(value)}`,
      location: { file, line, column: 1 },
      frame: line ? codeFrame(text, line, 1) : undefined,
    });
  }
  return Object.keys(parsed.data)
    .filter((key) => !Object.hasOwn(fields, key))
    .map((key) => ({ file, line: frontMatterKeyLine(parsed, key), message: `unknown front matter key "${key}" (ignored)` }));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
const isDate = (value: unknown) =>
  value instanceof Date ? !Number.isNaN(value.getTime()) : typeof value === 'string' && !Number.isNaN(Date.parse(value));

function matchesType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'string|null':
      return value === null || typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'string|string[]':
      return typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
    case 'date':
      return isDate(value);
    case 'authors':
      return typeof value === 'string' || (isRecord(value) && typeof value.name === 'string') || (Array.isArray(value) && value.every((v) => typeof v === 'string' || (isRecord(v) && typeof v.name === 'string')));
    case 'tags':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' || (isRecord(v) && typeof v.label === 'string' && (v.permalink === undefined || typeof v.permalink === 'string')));
    case 'object':
      return isRecord(value);
    case 'lastUpdate':
      return isRecord(value) && (value.date === undefined || isDate(value.date)) && (value.author === undefined || typeof value.author === 'string');
    case 'headingLevel':
      return Number.isInteger(value) && (value as number) >= 2 && (value as number) <= 6;
  }
}

function describeType(type: FieldType): string {
  return {
    string: 'a string',
    'string|null': 'a string, or null',
    number: 'a number',
    boolean: 'true or false',
    'string[]': 'a list of strings',
    'string|string[]': 'a string or a list of strings',
    date: 'a date (YYYY-MM-DD)',
    authors: 'an author key or a list of author keys and { name, title, url, image_url } objects',
    tags: 'a list of tags (strings or { label, permalink } objects)',
    object: 'a mapping of keys to values',
    lastUpdate: 'a mapping with an optional "date" (YYYY-MM-DD) and "author" (a string)',
    headingLevel: 'a heading level from 2 to 6',
  }[type];
}

/** 1-based file line of a top-level front-matter key, if it is written on a line of its own. */
export function frontMatterKeyLine(parsed: ParsedSource, key: string): number | undefined {
  const lines = parsed.frontMatterText.split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}:`) || line.startsWith(`"${key}":`) || line.startsWith(`'${key}':`));
  return index === -1 ? undefined : parsed.frontMatterStartLine + index;
}
