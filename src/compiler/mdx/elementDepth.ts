/**
 * How deeply the elements of a page nest once its raw HTML is parsed: a walk of the hast tree
 * that keeps its own stack, so a tree of any depth is measured without running out of stack.
 *
 * The pre-parse scan (nesting.ts) counts block quotes, list items, emphasis and, in MDX, JSX
 * elements, but not the raw HTML of markdown: rehype-raw parses that into elements by HTML's own
 * rules (optional end tags, implied elements), which only the parsed tree shows. Everything after
 * the parse (the compiler's tree walks, the JavaScript generator, V8 compiling the page's module,
 * React) recurses once per level, so a page nesting too many elements overflows the stack at a
 * depth that depends on how warm V8's JIT is: the same page would build in a long-lived process
 * and fail in a fresh `sipadocs build`. rehypeElementDepth refuses it first, always.
 */
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { Position } from 'unist';
import type { VFile } from 'vfile';
import { SiteError } from '../../errors.js';
import { tooDeepError } from './nesting.js';
import { walk, type TreeNode } from './walk.js';

/**
 * Levels of elements (HTML's, markdown's blocks and inline elements, MDX's JSX elements) nested
 * inside each other, at most. A list level is two (`<ul>`, `<li>`), so markdown that the scan
 * allows (100 levels of lists, quotes and emphasis) makes at most about 205; the shallowest cold
 * overflow measured is about 505 levels of `<div>` lines in a `.md` page.
 */
export const MAX_ELEMENT_DEPTH = 250;

/** A node of a hast tree as the walk reads it. */
interface Node {
  type: string;
  tagName?: string;
  name?: string | null;
  position?: Position;
  children?: Node[];
}

/** Where a tree's elements nest past a limit. */
export interface DeepElement {
  /** The deepest level of the tree. */
  deepest: number;
  /** The first element, in document order, at level limit + 1: its name. */
  name: string;
  /** Its place, or the nearest place around it when it has none (an element HTML implies, a partial's). */
  line: number;
  column: number;
  /** False when `line` and `column` are those of an element around it. */
  placed: boolean;
  /** The name of the element at `line` and `column` (empty for the page's start). */
  placeName: string;
}

const isElement = (node: Node) => node.type === 'element' || node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
const elementName = (node: Node) => node.tagName ?? node.name ?? '';

/** How deep the elements of `tree` nest, and where they first pass `limit`, if they do. */
export function measureElementDepth(tree: HastRoot, limit = MAX_ELEMENT_DEPTH): { deepest: number; past: Omit<DeepElement, 'deepest'> | null } {
  let deepest = 0;
  let past: Omit<DeepElement, 'deepest'> | null = null;
  // Each entry: a node, its level, and the nearest node at or around it that has a place.
  const hasPlace = (node: Node) => node.position?.start?.line !== undefined;
  const root = tree as Node;
  const stack: Array<{ node: Node; depth: number; placed: Node | null }> = [{ node: root, depth: 0, placed: hasPlace(root) ? root : null }];
  while (stack.length > 0) {
    const { node, depth: around, placed: outer } = stack.pop()!;
    const depth = isElement(node) ? around + 1 : around;
    const placed = hasPlace(node) ? node : outer;
    if (depth > deepest) deepest = depth;
    if (depth > limit && past === null) {
      const start = placed?.position!.start;
      past = { name: elementName(node), line: start?.line ?? 1, column: start?.column ?? 1, placed: placed === node, placeName: placed && isElement(placed) ? elementName(placed) : '' };
    }
    const children = node.children;
    // Pushed last to first, so the first child is taken next: document order.
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth, placed });
  }
  return { deepest, past };
}

/** The first element of `tree` past `limit`, with the depth of the tree; null when none is. */
export function findDeepElement(tree: HastRoot, limit = MAX_ELEMENT_DEPTH): DeepElement | null {
  const { deepest, past } = measureElementDepth(tree, limit);
  return past ? { deepest, ...past } : null;
}

/**
 * The column of the tag an element starts with on its line. rehype-raw places the lines of an
 * HTML block after its first as if they started at column 1, while inside a block quote or a list
 * they start after its markers or indentation: the tag is then found past those.
 */
export function tagColumn(sourceText: string, at: { line: number; column: number; name: string }): number {
  const lines = sourceText.split('\n', at.line);
  const line = lines[at.line - 1];
  if (line === undefined || at.name === '') return at.column;
  const rest = line.slice(at.column - 1);
  const tag = new RegExp(`^[ \\t>]*<${at.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s/>]|$)`, 'i').exec(rest);
  return tag ? at.column + tag[0].length - at.name.length - 1 : at.column;
}

/** CONTENT_TOO_DEEP at the element that takes the tree past MAX_ELEMENT_DEPTH. */
export function elementDepthError(file: string, sourceText: string, deep: DeepElement, limit = MAX_ELEMENT_DEPTH): SiteError {
  const column = tagColumn(sourceText, { line: deep.line, column: deep.column, name: deep.placeName });
  const where = deep.placed
    ? `level ${limit + 1} is this <${deep.name}>`
    : `level ${limit + 1} is a <${deep.name}> inside the element here (one with no place in this file: HTML implies it, or a partial or a plugin made it)`;
  return tooDeepError(file, sourceText, { line: deep.line, column }, `elements nest ${deep.deepest} levels deep; ${where}, and at most ${limit} levels are allowed`);
}

/**
 * Refuses a page whose elements nest deeper than MAX_ELEMENT_DEPTH (CONTENT_TOO_DEEP at the element
 * that passes it); a rehype plugin, run right after raw HTML is parsed.
 */
export function rehypeElementDepth(options: { file: string; sourceText: string }) {
  return (tree: HastRoot) => {
    const deep = findDeepElement(tree);
    if (deep) throw elementDepthError(options.file, options.sourceText, deep);
  };
}

/** rehype-raw, and the MDX node types it leaves alone. */
export interface RawHtmlParser {
  rehypeRaw: (options: { passThrough: string[] }) => (tree: HastRoot, file: VFile) => HastRoot;
  passThrough: string[];
}

/**
 * The first element past `limit` in a markdown tree (a partial's, parsed on its own from `text`)
 * once its raw HTML is parsed, placed in that text; null when none is, or when it holds no raw HTML.
 */
export async function findDeepElementInMarkdown(tree: MdastRoot, text: string, parser: RawHtmlParser, limit = MAX_ELEMENT_DEPTH): Promise<DeepElement | null> {
  let hasHtml = false;
  walk(tree as TreeNode, (node) => {
    if (node.type === 'html') hasHtml = true;
  });
  if (!hasHtml) return null;
  const { toHast } = await import('mdast-util-to-hast');
  const hast = toHast(tree, { allowDangerousHtml: true, passThrough: parser.passThrough as Array<MdastRoot['children'][number]['type']> }) as HastRoot;
  // rehype-raw places the elements it makes only when given the file, which it reads as text.
  const file = { toString: () => text } as VFile;
  return findDeepElement(parser.rehypeRaw({ passThrough: parser.passThrough })(hast, file), limit);
}
