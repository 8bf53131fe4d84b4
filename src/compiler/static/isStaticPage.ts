/**
 * Which pages can take the fast path (renderStaticPage.ts): those that need no JavaScript module,
 * because they hold no import or export, no JSX and no expression, and nothing the two parsers
 * read differently. It is a scan of the lines outside fenced code, run on every page, so it is
 * cheap and conservative: a page it accepts may still be given back by the renderer (which sees
 * every token), a page it refuses is compiled as always.
 *
 * Refused, outside fenced code and code spans:
 * - in MDX, `import`/`export` lines and any `<`, `{` or `}` (JSX, expressions; escaped ones are text);
 * - in markdown, `<` other than an autolink (raw HTML);
 * - GFM constructs markdown-it does not have: `~` (strikethrough, with one tilde too), autolink
 *   literals (`www.`, `://`, `x@y`) outside link destinations, footnotes (`[^`), task list items;
 * - directives other than admonitions (`:name` in text, `12:30` too, `::leaf`, unknown `:::containers`), and
 *   admonitions that are not at the start of a line, not closed, or nested with as many colons
 *   as the one around them;
 * - a tab among the markers and indentation that start a line (expanded differently);
 * - lazy lines after a block quote's lines;
 * - carriage returns (micromark keeps "\r\n" in text, markdown-it reads "\n").
 */
import { ALERT_LINE } from '../mdx/alerts.js';
import { preprocess } from '../mdx/preprocess.js';
import { admonitionParams, type Format } from './parser.js';

const FENCE = /^\s{0,3}(`{3,}|~{3,})(.*)$/;
const ADMONITION_LINE = /^(:{3,})(.*)$/;
const TAB_IN_PREFIX = /^[ \t>*+\-\d.)]*\t/;
const QUOTE = /^ {0,3}>/;
const ESM = /^\s*(?:import|export)\b/;
/** What may follow an admonition's opening colons: a type and a label of plain words. */
const PLAIN_LABEL = /^[\p{L}\p{N} ,.;!?'"()/+#%=$-]*$/u;
/** Autolinks, which markdown reads as links in both parsers: `<https://x>`, `<a@b.c>`. */
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|<[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*>/g;
/** Link destinations and definitions, where URLs are no autolink literals. */
const DESTINATION = /\]\(\s*(?:<[^<>\n]*>|[^\s()]*)(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)|^\s*\[[^\]]+\]:\s*\S+/g;
const GFM_OR_DIRECTIVE = /~|www\.|:\/\/|[\w.+-]@|\[\^|\[[ xX]\]|:[^\s\p{P}\p{S}]/iu;

/** True when `body` (front matter blanked) can be rendered by renderStaticPage. */
export function isStaticPage(body: string, format: Format): boolean {
  if (body.includes('\r')) return false;
  // GitHub alerts are admonitions on the MDX path; markdown-it would read them as quotes.
  if (ALERT_LINE.test(body)) return false;
  // Custom heading ids and the truncate marker are no MDX: preprocess takes them out for both paths.
  const lines = preprocess(body).text.split('\n');
  const admonitions: number[] = [];
  let fence: string | null = null;
  let paragraphHasOpenCode = false;
  let inQuote = false;
  for (const line of lines) {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      // An admonition's closing line ends it even inside a fence: refuse what reads so differently.
      if (admonitions.length > 0 && /^\s*:{3,}/.test(line)) return false;
      if (fenceMatch && fenceMatch[1]!.startsWith(fence[0]!) && fenceMatch[1]!.length >= fence.length && !fenceMatch[2]!.trim()) fence = null;
      continue;
    }
    // A backtick fence's info string holds no backtick (otherwise the line is a code span).
    if (fenceMatch && !(fenceMatch[1]![0] === '`' && fenceMatch[2]!.includes('`'))) {
      fence = fenceMatch[1]!;
      continue;
    }
    if (line.trim() === '') {
      paragraphHasOpenCode = false;
      inQuote = false;
      continue;
    }
    // A lazy line after a quote continues what the quote holds: the parsers differ on what may be continued.
    const quoted = QUOTE.test(line);
    if (inQuote && !quoted) return false;
    inQuote = quoted;
    if (format === 'mdx' && ESM.test(line)) return false;
    // The parsers expand a tab after quote and list markers differently.
    if (TAB_IN_PREFIX.test(line)) return false;
    const admonition = ADMONITION_LINE.exec(line);
    if (admonition) {
      if (!admonitionLine(admonition[1]!.length, admonition[2]!, admonitions)) return false;
      continue;
    }
    if (/^[\s>]*:::/.test(line)) return false;
    // A code span may go on over the next lines: until the paragraph ends, nothing is taken for code.
    const code: { text: string; open: boolean } = paragraphHasOpenCode ? { text: line, open: true } : withoutCodeSpans(line);
    paragraphHasOpenCode = code.open;
    if (!proseIsStatic(code.text, format)) return false;
  }
  return admonitions.length === 0;
}

/** Checks an admonition's opening or closing line against the admonitions open around it. */
function admonitionLine(colons: number, rest: string, open: number[]): boolean {
  if (rest.trim() === '') {
    // A closing line closes the innermost admonition, which has exactly as many colons.
    if (open[open.length - 1] !== colons) return false;
    open.pop();
    return true;
  }
  const params = admonitionParams(rest);
  if (!params || (params.title !== null && !PLAIN_LABEL.test(params.title))) return false;
  if (params.title !== null && (params.title.trim() !== params.title || GFM_OR_DIRECTIVE.test(params.title))) return false;
  // Inside another, an admonition needs fewer colons, or the other's closing line would close it.
  if (open.length > 0 && open[open.length - 1]! <= colons) return false;
  open.push(colons);
  return true;
}

function proseIsStatic(line: string, format: Format): boolean {
  // Escaped characters are text in both parsers.
  const text = line.replace(/\\[\\`*_{}[\]()#+\-.!<>~|:@"'&$%^=/;?,]/g, ' ');
  if (format === 'mdx') {
    if (/[<{}]/.test(text)) return false;
  } else if (text.replace(AUTOLINK, ' ').includes('<')) {
    return false;
  }
  return !GFM_OR_DIRECTIVE.test(text.replace(AUTOLINK, ' ').replace(DESTINATION, ' '));
}

/**
 * The line with its code spans blanked out, and whether a backtick run was left open (it may be
 * closed on a later line of the paragraph). A run of n backticks opens a span that the next run
 * of exactly n closes; a backslash before the first one makes it text.
 */
function withoutCodeSpans(line: string): { text: string; open: boolean } {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) {
      out += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c !== '`') {
      out += c;
      i++;
      continue;
    }
    let n = i;
    while (line[n] === '`') n++;
    const size = n - i;
    const close = closingRun(line, n, size);
    if (close === -1) return { text: out + line.slice(i), open: true };
    out += ' ';
    i = close + size;
  }
  return { text: out, open: false };
}

/** The start of the next run of exactly `size` backticks from `from`, or -1. */
function closingRun(line: string, from: number, size: number): number {
  for (let i = line.indexOf('`', from); i !== -1; ) {
    let n = i;
    while (line[n] === '`') n++;
    if (n - i === size) return i;
    i = line.indexOf('`', n);
  }
  return -1;
}
