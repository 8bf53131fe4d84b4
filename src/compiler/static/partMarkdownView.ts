/**
 * The third step of the fast path: a collected part's markdown view (the page as markdown for
 * readers and machines), made by the MDX path's own markdownView.ts from a tree that holds what it
 * reads of each block: its type and place, and the site links and definitions whose URLs it
 * patches (and the admonitions it rebuilds). A block it would rebuild from its content, which that
 * tree does not hold, leaves the page to the MDX path.
 */
import type { Token } from 'markdown-it';
import type { Root as MdastRoot } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { MARKDOWN_STYLE } from '../mdx/compile.js';
import { readableTree } from '../mdx/markdownView.js';
import { closedFence, type CollectedPart } from './collectPart.js';
import { NotStatic } from './notStatic.js';
import { ADMONITION_OPEN, admonitionParams, attribute, type DefinitionMeta, type LinkSource } from './parser.js';
import type { Span } from './sourceLines.js';
import { admonitionTitle } from './staticText.js';

/** The part's markdown view; `markUrls` as markdownView.ts takes it. Throws NotStatic for a block the view would rebuild. */
export function partMarkdownView(part: CollectedPart, markUrls: boolean): string {
  const blocks = viewBlocks(part, 0, part.tokens.length);
  // The view copies blocks that start a line as they are written and rebuilds the others.
  // So are the blocks inside an admonition, which the view rebuilds as a quote.
  const copied = (nodes: ViewNode[]): boolean => nodes.every((node) => node.position?.start.column === 1 && (node.type !== 'mdxJsxFlowElement' || copied(node.children ?? [])));
  if (!copied(blocks)) throw new NotStatic('a block the markdown view rebuilds');
  const tree = { type: 'root', children: blocks } as unknown as MdastRoot;
  const readable = readableTree(tree, part.text, markUrls);
  if (holdsPartialNode(readable)) throw new NotStatic('a block the markdown view rebuilds');
  return toMarkdown(readable, { ...MARKDOWN_STYLE, extensions: [gfmToMarkdown()] });
}

/** What markdownView.ts reads of a block, as the mdast node it would be. */
interface ViewNode {
  type: string;
  position?: Span;
  children?: ViewNode[];
  url?: string;
  depth?: number;
  name?: string;
  attributes?: Array<{ type: string; name: string; value: string }>;
  /** Marks a node of this tree: the view must not rebuild one (it holds no content). */
  partial: true;
}

/** The mdast node type of each block token the view reads. */
const VIEW_TYPES: Record<string, string> = {
  paragraph_open: 'paragraph',
  heading_open: 'heading',
  bullet_list_open: 'list',
  ordered_list_open: 'list',
  blockquote_open: 'blockquote',
  fence: 'code',
  code_block: 'code',
  table_open: 'table',
  hr: 'thematicBreak',
  definition: 'definition',
  [ADMONITION_OPEN]: 'mdxJsxFlowElement',
};

function viewBlocks(part: CollectedPart, from: number, to: number): ViewNode[] {
  const out: ViewNode[] = [];
  for (let i = from; i < to; i++) {
    const token = part.tokens[i]!;
    const close = token.nesting === 1 ? part.closing[i]! : i;
    const node = viewBlock(part, token, i, close);
    if (node) out.push(node);
    i = close;
  }
  return out;
}

function viewBlock(part: CollectedPart, token: Token, index: number, close: number): ViewNode | null {
  const type = VIEW_TYPES[token.type];
  if (!type || !token.map) return null;
  const position = part.lines.blockSpan(token.map[0], token.map[1], token.type === 'fence' && !closedFence(part.lines, token));
  if (type === 'mdxJsxFlowElement') {
    const params = admonitionParams(token.info)!;
    const title = params.title === null ? '' : admonitionTitle(part.parser, part.format, params.title);
    const attributes = [{ type: 'mdxJsxAttribute', name: 'type', value: params.type }, ...(title ? [{ type: 'mdxJsxAttribute', name: 'title', value: title }] : [])];
    return { type, name: 'Admonition', attributes, position, children: viewBlocks(part, index + 1, close), partial: true };
  }
  if (type === 'definition') {
    const { url, key } = token.meta as unknown as DefinitionMeta;
    return { type, url: part.definitions.get(key ?? '')?.url ?? url ?? '', position, partial: true };
  }
  const node: ViewNode = { type, position, children: [], partial: true };
  if (type === 'heading') node.depth = Number(token.tag.slice(1));
  for (let i = index; i <= close; i++) {
    const inner = part.tokens[i]!;
    if (inner.type === 'inline') node.children!.push(...viewLinks(part, inner.children ?? []));
    else if (i > index && (inner.type === 'definition' || inner.type === ADMONITION_OPEN)) {
      const nested = viewBlock(part, inner, i, inner.nesting === 1 ? part.closing[i]! : i);
      if (nested) node.children!.push(nested);
    }
  }
  return node;
}

/** The inline links and images of a run whose URL is a site path: those the view patches. */
function viewLinks(part: CollectedPart, children: Token[]): ViewNode[] {
  const out: ViewNode[] = [];
  for (const token of children) {
    let url: string | null = null;
    if (token.type === 'link_open') url = part.links.get(token)?.node?.url ?? null;
    else if (token.type === 'image' && (token.meta as { source?: LinkSource } | null)?.source?.inline) url = attribute(token, 'src');
    if (url === null || !url.startsWith('/') || url.startsWith('//')) continue;
    const span = part.spans.get(token);
    out.push({ type: token.type === 'image' ? 'image' : 'link', url, ...(span ? { position: span } : {}), children: [], partial: true });
  }
  return out;
}

function holdsPartialNode(node: { partial?: boolean; children?: unknown[] }): boolean {
  if (node.partial) return true;
  return (node.children ?? []).some((child) => holdsPartialNode(child as { partial?: boolean; children?: unknown[] }));
}
