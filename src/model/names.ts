import GithubSlugger from 'github-slugger';
import { Parser } from 'htmlparser2';
import type { MarkdownFormatSetting } from '../config/types.js';

/** A number, a separator (`-`, `_` or `.`, spaces around it allowed), then the name. */
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*(?=[^-_.\s])/;
/** Names that start like a date ("2021-05-28-x", "21.05-x") or a version ("1.2-x", "v2_0"): no prefix. */
const DATE_LIKE = /^(?:\d{2}|\d{4})[-_.]\d{2}(?:[-_.](?:\d{2}|\d{4}))?/;
const VERSION_LIKE = /^v?\d+[-_.]\d+(?:[-_.]\d+)?/;

/**
 * "010_sipa-cli" → { name: "sipa-cli", position: 10 }, as Docusaurus's default number-prefix
 * parser reads names: names without a prefix, and names that start like a date or a version
 * ("2021-05-28-release", "1.2-notes"), are unchanged.
 */
export function stripNumberPrefix(segment: string): { name: string; position: number | undefined } {
  if (DATE_LIKE.test(segment) || VERSION_LIKE.test(segment)) return { name: segment, position: undefined };
  const match = NUMBER_PREFIX.exec(segment);
  if (!match) return { name: segment, position: undefined };
  return { name: segment.slice(match[0].length), position: Number(match[1]) };
}

/** GitHub-style slug of a label ("Getting Started!" → "getting-started"). */
export function slugify(text: string): string {
  return new GithubSlugger().slug(text);
}

/** Strips the extension of a file name. */
export function withoutExtension(file: string): string {
  return file.replace(/\.[^./]+$/, '');
}

/**
 * How a content file is compiled: as the `markdown.format` setting says, or by its extension when
 * that is 'detect' (.md as CommonMark with raw HTML, anything else as MDX).
 */
export function contentFormat(relPath: string, setting: MarkdownFormatSetting): 'md' | 'mdx' {
  if (setting !== 'detect') return setting;
  return relPath.endsWith('.md') ? 'md' : 'mdx';
}

/** Import statements at the top of a body: blocks starting with `import`, each ended by a blank line. */
const LEADING_IMPORTS = /^(?:import\s(?:.|\r?\n(?!\r?\n))*(?:\r?\n){2,})*/;
const ATX_TITLE = /^#[ \t]+([^ \t].*)(?:\r?\n|$)/;
const SETEXT_TITLE = /^(.*)\r?\n=+(?:\r?\n|$)/;

/**
 * The title a markdown body gives itself, as Docusaurus finds it: an h1 (`# Title`, or `Title`
 * over a `===` line) that opens the content, after the import statements only; anything else
 * first (a paragraph, a comment, code, an h2) means none. Read as text (see headingText), without
 * an explicit `{#id}` or closing hashes.
 */
export function findH1(body: string): string | null {
  const content = body.trim().replace(LEADING_IMPORTS, '').trim();
  const atx = ATX_TITLE.exec(content);
  if (atx) return headingText(atx[1]!.trim().replace(/\s*(?:\\?\{#[^}\s]+\}|#+)$/, ''));
  const setext = SETEXT_TITLE.exec(content);
  return setext ? headingText(setext[1]!.trim()) : null;
}

/** Characters written as numeric references, so no later step takes them for markup. */
const shield = (text: string) => text.replace(/[&<>*_~[\]()!`\\]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The text a heading's markdown shows, as its table-of-contents entry reads: code spans as
 * written, links and images by their text, emphasis marks and backslash escapes gone, HTML and
 * JSX tags dropped, entities decoded. "SipaUrl <code>string</code> &rarr; `<a>`" gives
 * "SipaUrl string → <a>".
 */
export function headingText(markdown: string): string {
  const html = markdown
    // Code spans and escaped characters are literal text.
    .replace(/(`+)(.*?[^`])\1(?!`)|\\([!-/:-@[-`{-~])/g, (_, _ticks, code: string | undefined, escaped: string | undefined) =>
      shield(code !== undefined ? code.replace(/^ (.*) $/, '$1') : escaped!),
    )
    .replace(/!?\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
    // "*" always marks emphasis; "_" only at the edge of a word (snake_case stays).
    .replace(/\*+|~~/g, '')
    .replace(/(^|[^\p{L}\p{N}_])_+|_+(?=[^\p{L}\p{N}_]|$)/gu, '$1');
  let text = '';
  const parser = new Parser({ ontext: (chunk) => (text += chunk) }, { decodeEntities: true });
  parser.end(html);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Whether a doc is its folder's index, as Docusaurus decides: named `index` or `README` (in any
 * case), or like its folder (`guides/guides.md`). Names are compared as written, number prefixes
 * included.
 *
 * @param fileName the file name without extension
 * @param rawDir the doc's folder inside the docs folder, "" at the top
 */
export function isCategoryIndex(fileName: string, rawDir: string): boolean {
  const name = fileName.toLowerCase();
  const folder = rawDir.split('/').pop()?.toLowerCase();
  return name === 'index' || name === 'readme' || (!!folder && name === folder);
}

/** The language and calendar a date is written in: the site locale's `htmlLang` and `calendar`. */
export interface DateLocale {
  htmlLang: string;
  calendar: string;
}

const US_ENGLISH: DateLocale = { htmlLang: 'en-US', calendar: 'gregory' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "2025-11-20" → "November 20, 2025" in English (UTC, so the day never shifts with the build
 * machine's zone), as Docusaurus writes dates: in the locale's language and calendar.
 */
export function formatDate(isoDate: string, locale: DateLocale = US_ENGLISH): string {
  const key = `${locale.htmlLang}\0${locale.calendar}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale.htmlLang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC', calendar: locale.calendar });
    dateFormats.set(key, format);
  }
  return format.format(new Date(isoDate));
}

const monthDayFormats = new Map<string, Intl.DateTimeFormat>();

/** "2025-06-04" → "June 4" in English: a date within a year already named, as the blog archive lists it. */
export function formatMonthDay(isoDate: string, locale: DateLocale = US_ENGLISH): string {
  const key = `${locale.htmlLang}\0${locale.calendar}`;
  let format = monthDayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale.htmlLang, { month: 'long', day: 'numeric', timeZone: 'UTC', calendar: locale.calendar });
    monthDayFormats.set(key, format);
  }
  return format.format(new Date(isoDate));
}
