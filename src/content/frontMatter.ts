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

export type FieldType = 'string' | 'number' | 'boolean' | 'string[]' | 'date' | 'string|string[]' | 'authors';

/** Checks the types of known front-matter fields; unknown fields are left alone. */
export function checkFields(
  parsed: ParsedSource,
  fields: Record<string, FieldType>,
  file: string,
  text: string,
): void {
  for (const [key, type] of Object.entries(fields)) {
    const value = parsed.data[key];
    if (value === undefined || value === null) continue;
    if (matchesType(value, type)) continue;
    const line = frontMatterKeyLine(parsed, key);
    throw new SiteError({
      code: 'FRONT_MATTER_FIELD',
      message: `front matter "${key}" must be ${describeType(type)}, got ${JSON.stringify(value)}`,
      location: { file, line, column: 1 },
      frame: line ? codeFrame(text, line, 1) : undefined,
    });
  }
}

function matchesType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'string|string[]':
      return typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
    case 'date':
      return value instanceof Date ? !Number.isNaN(value.getTime()) : typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'authors':
      return (
        typeof value === 'string' ||
        (Array.isArray(value) && value.every((v) => typeof v === 'string' || (typeof v === 'object' && v !== null)))
      );
  }
}

function describeType(type: FieldType): string {
  return {
    string: 'a string',
    number: 'a number',
    boolean: 'true or false',
    'string[]': 'a list of strings',
    'string|string[]': 'a string or a list of strings',
    date: 'a date (YYYY-MM-DD)',
    authors: 'an author key or a list of authors',
  }[type];
}

/** 1-based file line of a top-level front-matter key, if it is there. */
export function frontMatterKeyLine(parsed: ParsedSource, key: string): number | undefined {
  const lines = parsed.frontMatterText.split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? undefined : parsed.frontMatterStartLine + index;
}
