/**
 * MDX read as MDX 1 (Docusaurus 2) read it, for `markdown.mdx1Compat.syntax`. MDX 1 was built on
 * blocks: a block starting with a tag was JSX (its `{…}` evaluated) up to the next blank line, any
 * other block markdown, where `{`, `}` and a `<` that opens no tag were text, `<https://…>` an
 * autolink and an indented block code. MDX 3 reads expressions and tags everywhere and refuses
 * what it cannot read. The body is rewritten into MDX 3 that reads as MDX 1 did, keeping every
 * line where it was (only columns move, and `sourceColumn` gives them back):
 *
 * - in markdown blocks, `{` and `}` are escaped, and a `<` that does not open a tag by MDX 1's
 *   grammar of inline tags (`Array<String,String>`, `a<b`, `<3`, `x < y`, `<-`) (see tagLength);
 * - autolinks become links;
 * - in tags, void elements left open are closed (`<br>` → `<br />`), `class`/`for` become
 *   `className`/`htmlFor`, a `style` string becomes a style object, an unquoted value is quoted;
 * - the lines of a JSX block indented by four columns or more (the children of a `<details>` or a
 *   `<Tabs>` written indented) are JSX, not indented code: their indentation is brought back to
 *   the block's own;
 * - indented code elsewhere stays code (remarkIndentedCode puts it back into the parser).
 *
 * Braces that hold a JavaScript expression are where the meaning could change (MDX 3 would
 * evaluate them, MDX 1 showed them): each is named in a warning with its line.
 */
import { Parser } from 'acorn';
import type { Processor } from 'unified';
import { walk, type TreeNode } from './walk.js';

/** A place where MDX 1's reading was kept over MDX 3's. */
export interface Mdx1Note {
  line: number;
  column: number;
  /** The text kept as text, e.g. `{props.title}`. */
  text: string;
}

/** The body rewritten for MDX 3, and how to find a place of it in the source. */
export interface Mdx1Reading {
  text: string;
  notes: Mdx1Note[];
  /** The source's column (1-based) of a column of the rewritten text; lines are the same. */
  sourceColumn(line: number, column: number): number;
  /** Whether any column moved (when not, sourceColumn is the identity). */
  movesColumns: boolean;
  /** The JSX blocks, by their first and last lines (1-based): see remarkJsxBlockText. */
  jsxBlocks: Array<[first: number, last: number]>;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})(.*)$/;
/** A fence's marks at the start of a line's content (see fenceOf). */
const FENCE_MARKS = /^(`{3,}|~{3,})(.*)$/;
/** The markers of the block quotes a line is in. */
const QUOTE_MARKERS = /^(?:[ \t]{0,3}>[ \t]?)+/;
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/;
const EMAIL_AUTOLINK = /^<([\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)>/;
/** A line that starts a JSX block in MDX 1, even inside a paragraph: an element's name (letters, digits and dots) or `<>`. */
const JSX_BLOCK_START = /^(?:<\/?[a-z.]*\.?[a-z][a-z0-9.]*(?=\s|\/?>|$)|<>)/i;

/** What a block of MDX 1 was, by its first line (see readAsMdx1). */
type Block = 'none' | 'markdown' | 'jsx' | 'esm' | 'code' | 'comment';

/** One replacement in a run of lines, by offsets in the run's text; never across a line end it does not keep. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The body rewritten to read in MDX 3 as MDX 1 read it, and the braces that held expressions. */
export function readAsMdx1(body: string): Mdx1Reading {
  const lines = body.split('\n');
  const notes: Mdx1Note[] = [];
  const columnMaps = new Map<number, Int32Array>();
  const jsxBlocks: Mdx1Reading['jsxBlocks'] = [];
  let fence: string | null = null;
  let block: Block = 'none';
  /** Indented lines after a blank line continue a list item rather than start code. */
  let inList = false;
  /** The run of lines of the current markdown or JSX block, not rewritten yet (0-based, end excluded). */
  let run: { kind: 'markdown' | 'jsx'; start: number; end: number } | null = null;
  const flush = () => {
    if (!run) return;
    const { kind, start, end } = run;
    run = null;
    if (kind === 'jsx') jsxBlocks.push([start + 1, end]);
    rewriteRun(lines, start, end, kind === 'markdown' ? markdownEdits : jsxEdits, notes, columnMaps);
  };
  const extend = (kind: 'markdown' | 'jsx', i: number) => {
    if (run && run.kind === kind && run.end === i) run.end = i + 1;
    else {
      flush();
      run = { kind, start: i, end: i + 1 };
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = fenceOf(line, inList);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence[0]!) && fenceMatch[1]!.length >= fence.length && !fenceMatch[2]!.trim()) fence = null;
      continue;
    }
    if (block === 'comment') {
      if (line.includes('-->')) block = 'none';
      continue;
    }
    if (line.trim() === '') {
      flush();
      if (block !== 'code') block = 'none';
      continue;
    }
    const indented = indentWidth(line) >= 4;
    if (block === 'code' && indented) continue;
    if (block === 'none' || block === 'code') {
      // A new block, after a blank line.
      if (indented && !inList) {
        block = 'code';
        continue;
      }
      if (!indented) inList = LIST_ITEM.test(line);
      block = blockOf(line, inList);
    } else if (block === 'markdown') {
      if (LIST_ITEM.test(line)) inList = true;
      // An element's tag at the start of a line ends a paragraph and starts a JSX block.
      if (!indented && JSX_BLOCK_START.test(line.trimStart())) block = 'jsx';
    }
    if (fenceMatch && block !== 'esm') {
      flush();
      fence = fenceMatch[1]!;
      block = 'none';
      continue;
    }
    if (block === 'markdown' || block === 'jsx') extend(block, i);
    else if (block === 'comment' && line.includes('-->')) block = 'none';
  }
  flush();
  return {
    text: lines.join('\n'),
    notes,
    jsxBlocks,
    movesColumns: columnMaps.size > 0,
    sourceColumn(line, column) {
      const map = columnMaps.get(line);
      if (!map || column < 1) return column;
      return column <= map.length ? map[column - 1]! + 1 : map[map.length - 1]! + 1 + (column - map.length);
    },
  };
}

/**
 * A fence opening or closing a line, inside block quotes (`> ```js`) and list items (whose
 * content may be indented four columns or more) too: its marks and the rest of the line.
 */
function fenceOf(line: string, inList: boolean): RegExpExecArray | null {
  const quote = QUOTE_MARKERS.exec(line)?.[0] ?? '';
  const content = line.slice(quote.length).replace(/\r$/, '');
  return quote || inList ? FENCE_MARKS.exec(content.trimStart()) : FENCE.exec(content);
}

/** Columns of a line's indentation, tabs to the next multiple of four. */
function indentWidth(line: string): number {
  let width = 0;
  for (const c of line) {
    if (c === ' ') width++;
    else if (c === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** The kind of block a line starts: ESM, a comment, JSX (a tag at its start, as MDX 1 read one) or markdown. */
function blockOf(line: string, inList: boolean): Block {
  // A list item's content may be indented; elsewhere, four columns would be code.
  const rest = inList ? line.trimStart() : line.replace(/^ {0,3}/, '');
  if (/^(?:import|export)\s/.test(rest)) return 'esm';
  if (rest.startsWith('<!--')) return 'comment';
  if (JSX_BLOCK_START.test(rest)) return 'jsx';
  // Any other tag alone on its line is a block too (MDX 1 did not let it interrupt a paragraph).
  const tag = rest.startsWith('<') ? tagLength(rest, 0) : -1;
  if (tag > 0 && rest.slice(tag).trim() === '') return 'jsx';
  return 'markdown';
}

/**
 * Rewrites lines [start, end) as one text (a tag may span lines) with the edits `edit` finds,
 * recording where each column of a changed line comes from.
 */
function rewriteRun(
  lines: string[],
  start: number,
  end: number,
  edit: (text: string, firstLine: number, notes: Mdx1Note[]) => Edit[],
  notes: Mdx1Note[],
  columnMaps: Map<number, Int32Array>,
): void {
  const text = lines.slice(start, end).join('\n');
  const edits = edit(text, start + 1, notes);
  if (edits.length === 0) return;
  let out = '';
  const from: number[] = [];
  let at = 0;
  for (const { start: s, end: e, text: replacement } of edits) {
    for (; at < s; at++) {
      out += text[at];
      from.push(at);
    }
    out += replacement;
    for (let k = 0; k < replacement.length; k++) from.push(s + Math.min(k, Math.max(0, e - s - 1)));
    at = e;
  }
  for (; at < text.length; at++) {
    out += text[at];
    from.push(at);
  }
  const outLines = out.split('\n');
  if (outLines.length !== end - start) throw new Error('mdx1Syntax: a rewrite changed the number of lines');
  let outOffset = 0;
  let sourceOffset = 0;
  for (let k = 0; k < outLines.length; k++) {
    const rewritten = outLines[k]!;
    const original = lines[start + k]!;
    if (rewritten !== original) {
      const map = new Int32Array(rewritten.length + 1);
      for (let c = 0; c <= rewritten.length; c++) map[c] = (c < rewritten.length ? from[outOffset + c]! : sourceOffset + original.length) - sourceOffset;
      columnMaps.set(start + k + 1, map);
      lines[start + k] = rewritten;
    }
    outOffset += rewritten.length + 1;
    sourceOffset += original.length + 1;
  }
}

/** The line (1-based, from `firstLine`) and column of an offset in a run's text. */
function placeOf(text: string, offset: number, firstLine: number): { line: number; column: number } {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let line = firstLine;
  for (let i = text.indexOf('\n'); i !== -1 && i < lineStart; i = text.indexOf('\n', i + 1)) line++;
  return { line, column: offset - lineStart + 1 };
}

/**
 * A markdown block: code spans, comments and tags as they are (tags with their attributes made
 * MDX 3's), autolinks as links, `{`, `}` and a `<` that opens no tag escaped.
 */
function markdownEdits(text: string, firstLine: number, notes: Mdx1Note[]): Edit[] {
  const edits: Edit[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && text[i + 1] !== '\n') {
      i += 2;
    } else if (c === '`') {
      let n = i;
      while (text[n] === '`') n++;
      // A code span closes on its line (a table cell or a heading ends there).
      const lineEnd = text.indexOf('\n', n) === -1 ? text.length : text.indexOf('\n', n);
      const close = closingBackticks(text, n, n - i, lineEnd);
      i = close === -1 ? n : close + (n - i);
    } else if (c === '<') {
      const rest = text.slice(i, i + 2048);
      const link = AUTOLINK.exec(rest) ?? EMAIL_AUTOLINK.exec(rest);
      const commentEnd = rest.startsWith('<!--') ? text.indexOf('-->', i + 4) : -1;
      if (commentEnd !== -1) {
        i = commentEnd + 3;
      } else if (link) {
        const target = link[1]!;
        edits.push({ start: i, end: i + link[0].length, text: `[${escapeLabel(target)}](<${AUTOLINK.test(rest) ? target : `mailto:${target}`}>)` });
        i += link[0].length;
      } else {
        const length = tagLength(text, i);
        if (length > 0) {
          edits.push(...tagEdits(text, i, i + length, false));
          i += length;
        } else {
          edits.push({ start: i, end: i + 1, text: '\\<' });
          i++;
        }
      }
    } else if (c === '{') {
      const close = matchingBrace(text, i);
      const inner = close === -1 ? null : text.slice(i + 1, close);
      if (inner !== null && !inner.includes('\n') && isExpression(inner)) notes.push({ ...placeOf(text, i, firstLine), text: `{${inner}}` });
      edits.push({ start: i, end: i + 1, text: '\\{' });
      i++;
    } else if (c === '}') {
      edits.push({ start: i, end: i + 1, text: '\\}' });
      i++;
    } else {
      i++;
    }
  }
  return edits;
}

/** The start of the run of exactly `count` backticks closing a code span, from `from` up to `limit`; -1 when none. */
function closingBackticks(text: string, from: number, count: number, limit: number): number {
  for (let i = text.indexOf('`', from); i !== -1 && i < limit; i = text.indexOf('`', i)) {
    let n = i;
    while (text[n] === '`') n++;
    if (n - i === count) return i;
    i = n;
  }
  return -1;
}

/**
 * A JSX block: each tag's attributes made MDX 3's, and lines indented four columns or more past
 * the block's first line brought back to its indentation (unless inside an expression, where the
 * spaces may belong to a string), so MDX 3 reads them as JSX and markdown, not as indented code.
 */
function jsxEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  const base = /^[ \t]*/.exec(text)![0];
  const baseWidth = indentWidth(base);
  let depth = 0;
  let quote: string | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      i++;
      if (depth === 0 && quote === null) {
        const indent = /^[ \t]*/.exec(text.slice(i, i + 256))![0];
        const lineEnd = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
        // A fence indented in a JSX block stays as it was: the lines up to its closing are not JSX.
        if (indentWidth(indent) >= baseWidth + 4 && !FENCE.test(base + text.slice(i + indent.length, lineEnd).replace(/\r$/, ''))) edits.push({ start: i, end: i + indent.length, text: base });
      }
      continue;
    }
    if (depth > 0) {
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      i++;
    } else if (c === '{') {
      depth = 1;
      i++;
    } else if (c === '<' && text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      i = close === -1 ? text.length : close + 3;
    } else if (c === '<' && /[A-Za-z]/.test(text[i + 1] ?? '')) {
      const end = tagEnd(text, i);
      edits.push(...tagEdits(text, i, end, true));
      i = end;
    } else {
      i++;
    }
  }
  return edits;
}

/**
 * JSX as MDX 1 took it from a string (a `jsx` node a remark plugin made, see mdx1Nodes.ts) made
 * MDX 3's: its tags' attributes, and its indented lines brought back so they are not read as code.
 */
export function jsxAsMdx3(jsx: string): string {
  const edits = jsxEdits(jsx);
  let out = '';
  let at = 0;
  for (const { start, end, text } of edits) {
    out += jsx.slice(at, start) + text;
    at = end;
  }
  return out + jsx.slice(at);
}

/** Brackets in an autolink's text, escaped so it stays a label. */
const escapeLabel = (text: string) => text.replace(/[[\]\\]/g, '\\$&');

/** The index after the tag starting at `start`: its `>`, past quoted values and braces. */
function tagEnd(text: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
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
  return text.length;
}

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const ATTRIBUTE_NAME_START = /[A-Za-z_:]/;
const ATTRIBUTE_NAME = /[A-Za-z0-9:._-]/;
const UNQUOTED_VALUE = /[^"'=<>`\u0000-\u0020]/;

/** An attribute of a tag as MDX 1 read it: its name's place, and its value's place and kind when it has one. */
interface Attribute {
  nameStart: number;
  nameEnd: number;
  value: { start: number; end: number; kind: 'unquoted' | 'quoted' | 'expression' } | null;
}

/**
 * The length of the tag at `start` by MDX 1's grammar of inline tags (remark-mdx 1.6), or -1: `<`
 * then `>`, `/` or a letter, then an opening tag (a name of letters, digits, dots and dashes; HTML
 * attributes, whose values may be quoted, unquoted or `{…}`; `/>` or `>`) or a closing tag.
 * `Array<String,String>`, `Object<alias, component>`, `a<b`, `<3`, `x < y`, `<-` and `<=` open
 * none, and MDX 1 showed them as text. A tag may span lines.
 */
export function tagLength(text: string, start: number): number {
  const tag = parseTag(text, start, false);
  return tag ? tag.end - start : -1;
}

/**
 * The tag at `start` by MDX 1's grammar (see tagLength): where it ends and its attributes; null
 * when none. In a JSX block (`jsx`), where Babel read the tags, a `{…}` spread is an attribute too.
 */
function parseTag(text: string, start: number, jsx: boolean): { end: number; name: string; attributes: Attribute[] } | null {
  if (text[start] !== '<') return null;
  const next = text[start + 1];
  if (next === undefined || !(next === '>' || next === '/' || /[A-Za-z]/.test(next))) return null;
  let i = start + 1;
  if (next === '/' && /[A-Za-z]/.test(text[start + 2] ?? '')) {
    // A closing tag: `</name>`.
    i = start + 2;
    while (i < text.length && /[A-Za-z0-9.-]/.test(text[i]!)) i++;
    const name = text.slice(start + 2, i);
    while (isSpace(text[i])) i++;
    return text[i] === '>' ? { end: i + 1, name, attributes: [] } : null;
  }
  while (i < text.length && /[A-Za-z0-9.-]/.test(text[i]!)) i++;
  const name = text.slice(start + 1, i);
  const attributes: Attribute[] = [];
  for (;;) {
    let j = i;
    while (isSpace(text[j])) j++;
    if (text[j] === '>') return { end: j + 1, name, attributes };
    if (text[j] === '/' && text[j + 1] === '>') return { end: j + 2, name, attributes };
    if (jsx && text[j] === '{') {
      const close = matchingBrace(text, j, true);
      if (close === -1) return null;
      i = close + 1;
      continue;
    }
    // An attribute needs whitespace before it.
    if (j === i || !ATTRIBUTE_NAME_START.test(text[j] ?? '')) return null;
    const nameStart = j;
    while (j < text.length && ATTRIBUTE_NAME.test(text[j]!)) j++;
    const attribute: Attribute = { nameStart, nameEnd: j, value: null };
    let k = j;
    while (isSpace(text[k])) k++;
    if (text[k] === '=') {
      k++;
      while (isSpace(text[k])) k++;
      const value = attributeValue(text, k);
      if (!value) return null;
      attribute.value = value;
      j = value.end;
    }
    attributes.push(attribute);
    i = j;
  }
}

/** An attribute's value at `start`: quoted, `{…}` (braces paired, strings skipped) or unquoted. */
function attributeValue(text: string, start: number): Attribute['value'] {
  const c = text[start];
  if (c === '"' || c === "'") {
    const close = text.indexOf(c, start + 1);
    return close === -1 ? null : { start, end: close + 1, kind: 'quoted' };
  }
  if (c === '{') {
    const close = matchingBrace(text, start, true);
    return close === -1 ? null : { start, end: close + 1, kind: 'expression' };
  }
  let end = start;
  while (end < text.length && UNQUOTED_VALUE.test(text[end]!)) end++;
  return end === start ? null : { start, end, kind: 'unquoted' };
}

/**
 * The edits that make one tag (text[start, end)) read in MDX 3 as MDX 1 took it: an HTML
 * element's `class` and `for` under their React names, a `style` string as an object, an unquoted
 * value quoted, a void element closed. Other tags as they are.
 */
function tagEdits(text: string, start: number, end: number, jsx: boolean): Edit[] {
  const tag = parseTag(text, start, jsx);
  if (!tag || tag.end !== end || text[start + 1] === '/') return [];
  const element = /^[a-z][a-z0-9]*$/.test(tag.name);
  const edits: Edit[] = [];
  for (const attribute of tag.attributes) {
    const name = text.slice(attribute.nameStart, attribute.nameEnd);
    if (element && (name === 'class' || name === 'for')) edits.push({ start: attribute.nameStart, end: attribute.nameEnd, text: name === 'class' ? 'className' : 'htmlFor' });
    const value = attribute.value;
    if (!value || value.kind === 'expression') continue;
    const raw = text.slice(value.start, value.end);
    const content = value.kind === 'quoted' ? raw.slice(1, -1) : raw;
    if (element && name === 'style' && !content.includes('\n')) edits.push({ start: value.start, end: value.end, text: `{${styleObject(content)}}` });
    else if (value.kind === 'unquoted') edits.push({ start: value.start, end: value.end, text: JSON.stringify(content) });
  }
  if (element && VOID_ELEMENTS.has(tag.name) && text[end - 2] !== '/') {
    let close = end - 1;
    while (close > start && isSpace(text[close - 1]) && text[close - 1] !== '\n') close--;
    edits.push({ start: close, end, text: ' />' });
  }
  return edits;
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

/**
 * The index of the `}` closing the `{` at `open`, or -1: on the same line, or, for `code`, anywhere
 * after it with JavaScript's strings skipped.
 */
function matchingBrace(text: string, open: number, code = false): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (code && (c === '"' || c === "'" || c === '`')) quote = c;
    else if (c === '\n' && !code) return -1;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
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
 * The lines of an MDX 1 JSX block were JSX up to the blank line that ended it: text beside its
 * tags was JSX text, never a paragraph. MDX 3 makes a paragraph of a line of text that follows a
 * tag's line (`<summary>Title</summary>` then `Body` in a `<details>`), which would take the
 * summary out of its place; inside an element, such a paragraph is replaced by what it holds.
 */
export function remarkJsxBlockText(jsxBlocks: Mdx1Reading['jsxBlocks']) {
  const inBlock = (line: number | undefined) => line !== undefined && jsxBlocks.some(([first, last]) => line >= first && line <= last);
  return (tree: TreeNode) => {
    if (jsxBlocks.length === 0) return;
    walk(tree, (node, index, parent) => {
      if (node.type !== 'paragraph' || parent.type !== 'mdxJsxFlowElement') return;
      if (!inBlock((node as TreeNode & { position?: { start: { line: number } } }).position?.start.line)) return;
      parent.children!.splice(index, 1, ...(node.children ?? []));
      return index;
    });
  };
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
