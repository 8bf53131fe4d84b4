/**
 * How deeply a markdown body nests, from a cheap scan of its lines, without parsing it.
 *
 * The markdown parser, the tree transforms, the JavaScript generator and React all recurse once
 * per level of nesting, so a page nesting thousands of block quotes or list items overflows the
 * stack somewhere (and the parser takes minutes on the way: 10,000 list items on one line cost
 * 48 s of CPU). Pages deeper than MAX_NESTING are refused before they are parsed; real pages stay
 * far below it.
 */

import { codeFrame, SiteError } from '../../errors.js';

/** Block quotes and list items nested inside each other, at most. */
export const MAX_NESTING = 100;

export interface DeepNesting {
  /** 1-based line where the nesting goes past the limit. */
  line: number;
  /** 1-based column of the marker that goes past it (1 when unknown). */
  column: number;
  /** The nesting depth of that line, as estimated by the scan (on the high side for ordered lists). */
  depth: number;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * The first line nesting block quotes and list items deeper than `limit`, or null. A line's depth
 * is the number of container markers it starts with (`>`, `-`, `*`, `+`, `1.`, `1)`) plus the
 * list levels its indentation stands for (two columns each: the least a nested list item needs).
 * Fenced code is skipped.
 */
export function findDeepNesting(body: string, limit = MAX_NESTING): DeepNesting | null {
  let fence: string | null = null;
  let line = 0;
  for (let start = 0; start <= body.length; ) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    line++;
    const fenceMatch = FENCE.exec(body.slice(start, Math.min(end, start + 40)));
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence[0]!) && fenceMatch[1]!.length >= fence.length) fence = null;
    } else if (fenceMatch) {
      fence = fenceMatch[1]!;
    } else {
      const { depth, crossedAt } = lineDepth(body, start, end, limit);
      if (depth > limit) return { line, column: crossedAt - start + 1, depth };
    }
    start = end + 1;
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
  let line = 0;
  let open = 0;
  for (let start = 0; start <= body.length; ) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    line++;
    const { depth } = lineDepth(body, start, end, Infinity);
    if (depth > deepest.depth) deepest = { line, column: 1, depth };
    for (let i = start; i < end; i++) {
      const c = body[i]!;
      if (c === '{' || c === '[' || c === '(' || (c === '<' && /[A-Za-z]/.test(body[i + 1] ?? ''))) open++;
      else if (c === '}' || c === ']' || c === ')' || (c === '<' && body[i + 1] === '/') || (c === '/' && body[i + 1] === '>')) open = Math.max(0, open - 1);
      if (open > deepest.depth) deepest = { line, column: i - start + 1, depth: open };
    }
    start = end + 1;
  }
  return deepest;
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

/**
 * CONTENT_TOO_DEEP at `at`: the page nests deeper than MAX_NESTING (found by the scan; `overflowIn`
 * null), or so deeply that compiling or rendering it ran out of stack.
 */
export function nestingError(file: string, sourceText: string, at: DeepNesting, overflowIn: 'compile' | 'render' | null): SiteError {
  const where = at.depth > 0 ? { line: at.line, column: at.column } : {};
  const message = overflowIn
    ? `this page nests too deeply to ${overflowIn} (${overflowIn === 'compile' ? 'the compiler' : 'React'} ran out of stack)${at.depth > 1 ? `; it nests ${at.depth} levels deep here` : ''}`
    : `block quotes and list items nest ${at.depth} levels deep here; at most ${MAX_NESTING} are allowed`;
  return new SiteError({
    code: 'CONTENT_TOO_DEEP',
    message,
    location: { file, ...where },
    frame: at.depth > 0 ? codeFrame(sourceText, at.line, at.column) : undefined,
    hint: 'Nest fewer block quotes, list items and elements inside each other; split the content into sections or tables.',
  });
}
