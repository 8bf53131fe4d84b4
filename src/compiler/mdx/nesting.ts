/**
 * How deeply a markdown or MDX body nests, from a cheap scan of its lines, without parsing it.
 *
 * The markdown parser, the tree transforms, the JavaScript generator and React all recurse once
 * per level of nesting, so a page nesting thousands of block quotes, list items or elements
 * overflows the stack somewhere (and the parser takes minutes on the way: 10,000 list items on one
 * line cost 48 s of CPU). Where it overflows depends on how warm the JIT is, so a page near that
 * depth would build in one process and fail in another. Pages deeper than MAX_NESTING are refused
 * before they are parsed, always; real pages stay far below it.
 */

import { codeFrame, SiteError } from '../../errors.js';
import { OpenElements } from './openElements.js';

/**
 * Levels of block quotes, list items, emphasis, link brackets and (in MDX) elements nested inside
 * each other, at most. A cold `sipadocs build` first runs out of stack at about 680 levels of
 * elements (V8 compiling the page module's nested calls while React renders it; about 920 in
 * the compiler), and a block quote or list level costs as much as one to three elements.
 */
export const MAX_NESTING = 100;

/**
 * Emphasis markers (runs of `*` or `_` that may open or close) in one paragraph, at most. The MDX
 * parser looks back over the markers before each closing one, so a paragraph of thousands that
 * never pair up takes quadratic time (10,000: about a minute); real paragraphs hold a few dozen.
 */
export const MAX_EMPHASIS_MARKERS = 5000;

export interface DeepNesting {
  /** 1-based line where the nesting goes past the limit (or is deepest). */
  line: number;
  /** 1-based column of the marker that goes past it (1 when unknown). */
  column: number;
  /** The nesting depth of that line, as estimated by the scan (on the high side for ordered lists). */
  depth: number;
  /** How many levels of `depth` are elements (MDX), when any are. */
  elements?: number;
  /** Set when the paragraph holds too many emphasis markers rather than nesting too deeply: how many so far. */
  markers?: number;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/**
 * A code fence in MDX, which has no indented code: indented as deeply as the JSX around it puts
 * it, and after the block quote and list markers of its line.
 */
const MDX_FENCE = /^[ \t]*(?:(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*)*(`{3,}|~{3,})/;

/**
 * The first line nesting deeper than `limit`, or null. A line's depth is the number of container
 * markers it starts with (`>`, `-`, `*`, `+`, `1.`, `1)`) plus the list levels its indentation
 * stands for (two columns each: the least a nested list item needs), plus the emphasis and link
 * brackets its paragraph nests (`*a *b *c … c* b* a*` nests as deeply as `> > >`, and a run `***`
 * nests as many levels as strong and emphasis can take from it), plus, in MDX (`format` "mdx"),
 * the elements open there (see openElements.ts); an opening tag that goes past the limit is
 * returned at its `<`. Emphasis nests only where it is closed: a paragraph of markers that never
 * pair up (`*a *a *a …`) is text; a link bracket nests while it is open, closed or not (the
 * parsers recurse on it). A paragraph holding more than MAX_EMPHASIS_MARKERS emphasis markers is
 * returned too (with `markers`). Fenced code and code spans are skipped. In markdown (`format`
 * "md") a tag is raw HTML, which only HTML's own rules nest: it counts nothing here, and the
 * parsed tree's depth is checked once it is parsed (elementDepth.ts).
 */
export function findDeepNesting(body: string, format: 'md' | 'mdx', limit = MAX_NESTING): DeepNesting | null {
  const elements = format === 'mdx' ? new OpenElements() : null;
  const fencePattern = elements ? MDX_FENCE : FENCE;
  let fence: string | null = null;
  let line = 0;
  let paragraph = newParagraph();
  for (let start = 0; start <= body.length; ) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    line++;
    // A fence inside a tag or an expression that runs over lines is JavaScript or attribute text.
    const fenceMatch = elements?.busy ? null : fencePattern.exec(body.slice(start, Math.min(end, start + 200)));
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence[0]!) && fenceMatch[1]!.length >= fence.length) fence = null;
    } else if (fenceMatch) {
      fence = fenceMatch[1]!;
      paragraph = newParagraph();
    } else {
      // The elements open at the start of the line hold its block quotes, list items and emphasis.
      const around = elements?.depth ?? 0;
      const containers = lineDepth(body, start, end, limit - around);
      if (containers.depth + around > limit) return withElements({ line, column: containers.crossedAt - start + 1, depth: containers.depth + around }, around);
      // A blank line ends the paragraph, and with it every emphasis and link it left open.
      if (/^\s*$/.test(body.slice(start, Math.min(end, start + 200))) && end - start < 200) paragraph = newParagraph();
      const tag = elements?.readLine(body, start, end, line, containers.depth, limit);
      if (tag) return tag;
      const found = inlineDepth(body, start, end, line, paragraph, limit - containers.depth - around);
      if (found) return withElements({ ...found, depth: containers.depth + around + found.depth }, around);
    }
    start = end + 1;
  }
  return null;
}

const withElements = (deep: DeepNesting, elements: number): DeepNesting => (elements > 0 ? { ...deep, elements } : deep);

const isSpace = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isWordCharacter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** An emphasis run or a link bracket that a later one may close: where it is, and how deep what it holds nests. */
interface Opener {
  char: string;
  /** Levels it can still close: one per two characters of a run (strong) and one for a last single one (emphasis); 1 for "[". */
  levels: number;
  line: number;
  column: number;
  /** The deepest nesting closed inside it so far. */
  inner: number;
}

/** What a paragraph has left open so far, and the emphasis markers it holds. */
interface Paragraph {
  open: Opener[];
  /** How many openers of each character are open: a closer with none to close finds so at once. */
  counts: Map<string, number>;
  markers: number;
}

const newParagraph = (): Paragraph => ({ open: [], counts: new Map(), markers: 0 });

/**
 * Follows the emphasis runs and link brackets of body[start, end) (line `line`) through their
 * paragraph: a run followed by a non-space opens, one preceded by a non-space closes the nearest
 * opener of its character (those opened after that one and never closed are dropped, as markdown
 * drops them: text), and a pair nests one level deeper than what it holds for each level it
 * closes, plus one per bracket open around it. Returns where a pair, or the brackets open, first
 * nest past `limit` (at the opener of that pair, at that bracket), or where the paragraph's
 * emphasis markers pass MAX_EMPHASIS_MARKERS (with `markers`); null while neither. Each opener is
 * pushed and dropped once, so a paragraph costs time in proportion to its length. Code spans are
 * skipped.
 */
function inlineDepth(body: string, start: number, end: number, line: number, paragraph: Paragraph, limit: number): DeepNesting | null {
  const { open, counts } = paragraph;
  const push = (char: string, levels: number, at: number) => {
    open.push({ char, levels, line, column: at - start + 1, inner: 0 });
    counts.set(char, (counts.get(char) ?? 0) + 1);
  };
  const drop = () => {
    const { char } = open.pop()!;
    counts.set(char, counts.get(char)! - 1);
  };
  /** Closes up to `levels` levels of the nearest openers of `char`; the first pair that nests past the limit, if any. */
  const close = (char: string, levels: number): DeepNesting | null => {
    while (levels > 0 && (counts.get(char) ?? 0) > 0) {
      let dropped = 0;
      while (open[open.length - 1]!.char !== char) {
        dropped = Math.max(dropped, open[open.length - 1]!.inner);
        drop();
      }
      const opener = open[open.length - 1]!;
      const used = Math.min(levels, opener.levels);
      const depth = Math.max(opener.inner, dropped) + used;
      // Brackets still open around it count too (see the "[" below).
      const around = (counts.get('[') ?? 0) - (char === '[' ? 1 : 0);
      if (depth + around > limit) return { line: opener.line, column: opener.column, depth: depth + around };
      levels -= used;
      opener.levels -= used;
      opener.inner = depth;
      if (opener.levels > 0) continue;
      drop();
      const outer = open[open.length - 1];
      if (outer) outer.inner = Math.max(outer.inner, depth);
    }
    return null;
  };
  for (let i = start; i < end; i++) {
    const c = body[i]!;
    if (c === '\\') {
      i++;
    } else if (c === '`') {
      let run = 1;
      while (body[i + run] === '`') run++;
      const closing = body.indexOf('`'.repeat(run), i + run);
      i = closing !== -1 && closing < end ? closing + run - 1 : i + run - 1;
    } else if (c === '*' || c === '_') {
      let run = 1;
      while (body[i + run] === c) run++;
      const before = i > start ? body[i - 1] : undefined;
      const after = body[i + run];
      const levels = Math.ceil(run / 2);
      let deep: DeepNesting | null = null;
      if (!isSpace(after) && (isSpace(before) || /[\p{P}\p{S}]/u.test(before!))) push(c, levels, i);
      else if (!isSpace(before)) deep = close(c, levels);
      if (deep) return deep;
      // An "_" inside a word (snake_case) neither opens nor closes: no marker.
      const inWord = c === '_' && isWordCharacter(before) && isWordCharacter(after);
      if (!inWord && (!isSpace(after) || !isSpace(before))) {
        paragraph.markers++;
        if (paragraph.markers > MAX_EMPHASIS_MARKERS) return { line, column: i - start + 1, depth: 0, markers: paragraph.markers };
      }
      i += run - 1;
    } else if (c === '[') {
      // Unlike emphasis, a bracket nests in the parsers whether or not it is closed: each looks for
      // the end of a link's text through the brackets inside it, one call deeper per bracket.
      push('[', 1, i);
      const brackets = counts.get('[')!;
      if (brackets > limit) return { line, column: i - start + 1, depth: brackets };
    } else if (c === ']') {
      const deep = close('[', 1);
      if (deep) return deep;
    }
  }
  return null;
}

/**
 * The deepest point of a body, whatever the limit: where to point when something overflowed the
 * stack anyway. Besides block quotes and list items, it counts open elements and brackets
 * ("<x", "{", "[", "(" against "</", "/>", "}", "]", ")"), a rough measure that is only read on
 * that failure path.
 */
export function deepestLine(body: string): DeepNesting {
  let deepest: DeepNesting = { line: 1, column: 1, depth: 0 };
  let longest = { line: 1, length: 0 };
  let line = 0;
  let open = 0;
  for (let start = 0; start <= body.length; ) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    line++;
    const { depth } = lineDepth(body, start, end, Infinity);
    if (depth > deepest.depth) deepest = { line, column: 1, depth };
    if (end - start > longest.length) longest = { line, length: end - start };
    for (let i = start; i < end; i++) {
      const c = body[i]!;
      if (c === '{' || c === '[' || c === '(' || (c === '<' && /[A-Za-z]/.test(body[i + 1] ?? ''))) open++;
      else if (c === '}' || c === ']' || c === ')' || (c === '<' && body[i + 1] === '/') || (c === '/' && body[i + 1] === '>')) open = Math.max(0, open - 1);
      if (open > deepest.depth) deepest = { line, column: i - start + 1, depth: open };
    }
    start = end + 1;
  }
  // Nothing nests visibly: the longest line is where one-line nesting (emphasis, say) would be.
  return deepest.depth > 1 ? deepest : { line: longest.line, column: 1, depth: 0 };
}

/**
 * Container markers at the start of body[start, end) plus half the extra indentation among them,
 * and the offset of the marker where that first went past `limit`.
 */
function lineDepth(body: string, start: number, end: number, limit: number): { depth: number; crossedAt: number } {
  let crossedAt = start;
  let markers = 0;
  let extraColumns = 0;
  let i = start;
  while (i < end) {
    // Whitespace before a marker: the first column after a marker belongs to the marker.
    let columns = 0;
    while (i < end && (body[i] === ' ' || body[i] === '\t')) {
      columns += body[i] === '\t' ? 4 : 1;
      i++;
    }
    const c = body[i];
    let markerEnd = -1;
    if (c === '>') {
      markerEnd = i + 1;
    } else if (c === '-' || c === '*' || c === '+') {
      markerEnd = i + 1;
    } else if (c !== undefined && c >= '0' && c <= '9') {
      let j = i;
      while (j < end && j - i < 9 && body[j]! >= '0' && body[j]! <= '9') j++;
      if (body[j] === '.' || body[j] === ')') markerEnd = j + 1;
    }
    // A list marker must be followed by whitespace or the end of the line ("-x" and "1.5" are text).
    const isMarker = markerEnd !== -1 && (c === '>' || markerEnd === end || body[markerEnd] === ' ' || body[markerEnd] === '\t');
    if (!isMarker) break;
    markers++;
    extraColumns += Math.max(0, columns - (markers > 1 ? 1 : 0));
    if (crossedAt === start && markers + Math.floor(extraColumns / 2) > limit) crossedAt = i;
    i = markerEnd;
  }
  return { depth: markers === 0 ? 0 : markers + Math.floor(extraColumns / 2), crossedAt };
}

/**
 * True for the RangeError V8 throws when the call stack is exhausted, and for the error of the
 * expression parser (acorn) that stops before it would be, as the MDX compiler reports it.
 */
export const isStackOverflow = (error: unknown): boolean =>
  (error instanceof RangeError && /call stack/i.test(error.message)) ||
  (error instanceof Error && error.cause instanceof SyntaxError && /stack space/i.test(error.cause.message));

/** Why the scan refused a page: what nests how deeply at `at`, and the limit. */
function tooDeep({ depth, elements = 0 }: DeepNesting): string {
  const limit = `at most ${MAX_NESTING} levels are allowed`;
  if (elements === depth) return `elements nest ${depth} levels deep here; ${limit}`;
  const markdown = 'block quotes, list items, emphasis and links';
  if (elements === 0) return `${markdown} nest ${depth} levels deep here; at most ${MAX_NESTING} are allowed`;
  return `elements nest ${elements} levels deep here, and ${markdown} ${depth - elements} more: ${depth} levels in all; ${limit}`;
}

/**
 * CONTENT_TOO_DEEP at `at`: the page nests deeper than MAX_NESTING (found by the scan; `overflowIn`
 * null), or so deeply that compiling or rendering it ran out of stack.
 */
export function nestingError(file: string, sourceText: string, at: DeepNesting, overflowIn: 'compile' | 'render' | null): SiteError {
  const message = overflowIn
    ? `this page nests too deeply to ${overflowIn} (${overflowIn === 'compile' ? 'the compiler' : 'React'} ran out of stack)${at.depth > 1 ? `; it nests ${at.depth} levels deep here` : '; probably on this line'}`
    : at.markers !== undefined
      ? `this paragraph holds more than ${MAX_EMPHASIS_MARKERS} emphasis markers (runs of "*" or "_") by here; at most ${MAX_EMPHASIS_MARKERS} are allowed in one paragraph`
      : tooDeep(at);
  return tooDeepError(file, sourceText, at, message);
}

/** CONTENT_TOO_DEEP saying `message` at `at` in `file`, whatever found it (this scan, the parsed tree, a stack overflow). */
export function tooDeepError(file: string, sourceText: string, at: { line: number; column: number }, message: string): SiteError {
  return new SiteError({
    code: 'CONTENT_TOO_DEEP',
    message,
    location: { file, line: at.line, column: at.column },
    frame: codeFrame(sourceText, at.line, at.column),
    hint: 'Nest fewer block quotes, list items, emphasis and elements inside each other; split the content into sections or tables.',
  });
}
