/**
 * MDX read as MDX 1 (Docusaurus 2) read it, for `markdown.mdx1Compat.syntax`. MDX 1 was built on
 * blocks: a block starting with a tag was JSX (its `{…}` evaluated), any other block markdown,
 * where `{`, `}` and a `<` that starts no tag were text, `<https://…>` an autolink and an indented
 * block code. MDX 3 reads expressions and tags everywhere and refuses what it cannot read. The
 * body is rewritten line by line (lines kept, so positions stay right) into MDX 3 that reads as
 * MDX 1 did:
 *
 * - in markdown blocks, `{` and `}` are escaped, and `<` that starts no tag, comment or autolink;
 * - autolinks become links;
 * - in tags, void elements left open are closed (`<br>` → `<br />`), `class`/`for` become
 *   `className`/`htmlFor`, a `style` string becomes a style object;
 * - indented code stays code (remarkIndentedCode puts it back into the parser).
 *
 * Braces that hold a JavaScript expression are where the meaning could change (MDX 3 would
 * evaluate them, MDX 1 showed them): each is named in a warning with its line.
 */
import { Parser } from 'acorn';
import type { Processor } from 'unified';

/** A place where MDX 1's reading was kept over MDX 3's. */
export interface Mdx1Note {
  line: number;
  column: number;
  /** The text kept as text, e.g. `{props.title}`. */
  text: string;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/;
const EMAIL_AUTOLINK = /^<([\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)>/;

/** What a block of MDX 1 was, by its first line (see readAsMdx1). */
type Block = 'none' | 'markdown' | 'jsx' | 'esm' | 'code' | 'comment';

/** The body rewritten to read in MDX 3 as MDX 1 read it, and the braces that held expressions. */
export function readAsMdx1(text: string): { text: string; notes: Mdx1Note[] } {
  const lines = text.split('\n');
  const notes: Mdx1Note[] = [];
  let fence: string | null = null;
  let block: Block = 'none';
  /** Indented lines after a blank line continue a list item rather than start code. */
  let inList = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence[0]!) && fenceMatch[1]!.length >= fence.length && !fenceMatch[2]!.trim()) fence = null;
      continue;
    }
    if (block === 'comment') {
      if (line.includes('-->')) block = 'none';
      continue;
    }
    if (line.trim() === '') {
      if (block !== 'code') block = 'none';
      continue;
    }
    const indented = /^(?: {4}|\t)/.test(line);
    if (block === 'code' && indented) continue;
    if (block === 'none' || block === 'code') {
      // A new block, after a blank line.
      if (indented && !inList) {
        block = 'code';
        continue;
      }
      if (!indented) inList = LIST_ITEM.test(line);
      block = blockOf(line);
    } else if (LIST_ITEM.test(line)) {
      inList = true;
    }
    if (fenceMatch && block !== 'esm') {
      fence = fenceMatch[1]!;
      block = 'none';
      continue;
    }
    if (block === 'markdown') lines[i] = markdownLine(line, i + 1, notes);
    else if (block === 'jsx') lines[i] = rewriteTags(line);
    else if (block === 'comment' && line.includes('-->')) block = 'none';
  }
  return { text: lines.join('\n'), notes };
}

/** The kind of block a line starts: ESM, a comment, JSX (a tag at its start) or markdown. */
function blockOf(line: string): Block {
  if (/^\s{0,3}(?:import|export)\s/.test(line)) return 'esm';
  if (/^\s{0,3}<!--/.test(line)) return 'comment';
  if (/^\s{0,3}<[A-Za-z/>]/.test(line)) return 'jsx';
  return 'markdown';
}

/**
 * A line of a markdown block: code spans, comments and tags as they are (tags with their
 * attributes made MDX 3's), autolinks as links, `{`, `}` and a stray `<` escaped.
 */
function markdownLine(line: string, lineNumber: number, notes: Mdx1Note[]): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) {
      out += line.slice(i, i + 2);
      i += 2;
    } else if (c === '`') {
      let n = i;
      while (line[n] === '`') n++;
      const close = line.indexOf(line.slice(i, n), n);
      const end = close === -1 ? n : close + (n - i);
      out += line.slice(i, end);
      i = end;
    } else if (c === '<') {
      const rest = line.slice(i);
      const link = AUTOLINK.exec(rest) ?? EMAIL_AUTOLINK.exec(rest);
      if (rest.startsWith('<!--')) {
        const end = line.indexOf('-->', i);
        const to = end === -1 ? line.length : end + 3;
        out += line.slice(i, to);
        i = to;
      } else if (link) {
        const target = link[1]!;
        out += `[${escapeLabel(target)}](<${AUTOLINK.test(rest) ? target : `mailto:${target}`}>)`;
        i += link[0].length;
      } else if (/^<\/?[A-Za-z]|^<\/?>/.test(rest)) {
        const end = tagEnd(line, i);
        out += rewriteTag(line.slice(i, end));
        i = end;
      } else {
        out += '\\<';
        i++;
      }
    } else if (c === '{') {
      const close = matchingBrace(line, i);
      const inner = close === -1 ? null : line.slice(i + 1, close);
      if (inner !== null && isExpression(inner)) notes.push({ line: lineNumber, column: i + 1, text: `{${inner}}` });
      out += '\\{';
      i++;
    } else if (c === '}') {
      out += '\\}';
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Brackets in an autolink's text, escaped so it stays a label. */
const escapeLabel = (text: string) => text.replace(/[[\]\\]/g, '\\$&');

/** The index after the tag starting at `start`: its `>`, past quoted values and braces. */
function tagEnd(line: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + 1; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth = Math.max(0, depth - 1);
    } else if (c === '>' && depth === 0) {
      return i + 1;
    }
  }
  return line.length;
}

/** Every tag of a line of a JSX block, its attributes made MDX 3's (see rewriteTag). */
function rewriteTags(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const start = line.indexOf('<', i);
    if (start === -1 || !/^<[A-Za-z]/.test(line.slice(start))) {
      out += line.slice(i, start === -1 ? line.length : start + 1);
      i = start === -1 ? line.length : start + 1;
      continue;
    }
    const end = tagEnd(line, start);
    out += line.slice(i, start) + rewriteTag(line.slice(start, end));
    i = end;
  }
  return out;
}

/**
 * One opening tag as MDX 3 reads it as MDX 1 did: an HTML element's `class` and `for` under their
 * React names, a `style` string as an object, a void element closed. Other tags as they are.
 */
function rewriteTag(tag: string): string {
  const name = /^<([a-z][a-z0-9]*)\b/.exec(tag)?.[1];
  if (!name || !tag.endsWith('>')) return tag;
  let rewritten = tag
    .replace(/(\s)class=/g, '$1className=')
    .replace(/(\s)for=/g, '$1htmlFor=')
    .replace(/(\s)style=("([^"]*)"|'([^']*)')/g, (_, space: string, _quoted: string, double?: string, single?: string) => `${space}style={${styleObject(double ?? single ?? '')}}`);
  if (VOID_ELEMENTS.has(name) && !/\/\s*>$/.test(rewritten)) rewritten = `${rewritten.slice(0, -1).replace(/\s+$/, '')} />`;
  return rewritten;
}

/** A CSS declaration list as a React style object: `max-width: 10px; -webkit-x: y` → `{"maxWidth":"10px","WebkitX":"y"}`. */
export function styleObject(css: string): string {
  const style: Record<string, string> = {};
  for (const declaration of css.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!property || !value) continue;
    const key = property.startsWith('--') ? property : property.replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    style[key] = value;
  }
  return JSON.stringify(style);
}

/** The index of the `}` closing the `{` at `open` on the same line, or -1. */
function matchingBrace(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    if (line[i] === '{') depth++;
    else if (line[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Whether MDX 3 would read the text between braces as an expression (and so give it a meaning). */
function isExpression(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    Parser.parse(`(${text}\n)`, { ecmaVersion: 'latest', sourceType: 'module' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Gives MDX 3's parser back the indented code blocks MDX 1 read (MDX 3 turns them off); a remark
 * plugin that only changes how the page is parsed.
 */
export function remarkIndentedCode(this: Processor) {
  const data = this.data() as { micromarkExtensions?: Array<{ disable?: { null?: string[] } }> };
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((extension) =>
    extension.disable?.null ? { ...extension, disable: { ...extension.disable, null: extension.disable.null.filter((name) => name !== 'codeIndented') } } : extension,
  );
}
