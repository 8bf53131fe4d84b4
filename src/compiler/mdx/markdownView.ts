/**
 * The page as plain markdown, for readers that are not browsers (the `<route>.md` files,
 * `llms-full.txt`, the "Copy page" button). It is made from the same syntax tree the MDX compiler
 * parsed, after admonitions and relative markdown links were resolved, so a page is parsed once.
 * Blocks with nothing of MDX in them are copied from the source as the author wrote them (only
 * their site links change); the others are rebuilt from the tree and printed by the serializer.
 *
 * What MDX adds becomes markdown anyone can read: imports and exports are dropped, admonitions
 * become block quotes, `<Tabs>` become one headed section per tab, `<CodeBlock>` becomes fenced
 * code, `<details>` a bold summary line, and any other component is replaced by its children.
 * Expressions are kept when they are plain strings (`{'text'}`) and dropped otherwise (comments,
 * computed values a reader could not evaluate).
 */
import type { Root } from 'mdast';

/**
 * Written before every site-absolute URL ("/docs/x"), and replaced by the site's public URL when
 * the markdown is written out (see `resolveSiteUrls`): the compiled page is cached by its content
 * alone, so it must not hold the site's URL.
 */
export const SITE_URL_MARK = 'sipadocs-site-url:';

/** Replaces the marks of `SITE_URL_MARK` by the site's URL and base path ("https://x.org/sub"). */
export function resolveSiteUrls(markdown: string, siteBase: string): string {
  return markdown.includes(SITE_URL_MARK) ? markdown.replaceAll(SITE_URL_MARK, siteBase) : markdown;
}

/** Loose node shape: the converter handles mdast, MDX and GFM nodes alike. */
interface Node {
  type: string;
  children?: Node[];
  [key: string]: unknown;
}

interface Attribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface Context {
  /** Depth of the last heading seen, in document order (tab headings go one below it). */
  headingDepth: number;
  /** Prefix site-absolute URLs with SITE_URL_MARK. */
  markUrls: boolean;
  /** The text the tree was parsed from (node positions are offsets into it). */
  source: string;
}

/** Inline node types: a run of them at block level is wrapped in a paragraph. */
const PHRASING = new Set([
  'text', 'emphasis', 'strong', 'delete', 'inlineCode', 'link', 'linkReference', 'image', 'imageReference',
  'break', 'footnoteReference', 'mdxTextExpression', 'mdxJsxTextElement',
]);

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note', tip: 'Tip', info: 'Info', caution: 'Caution', danger: 'Danger', warning: 'Warning',
  important: 'Important', success: 'Success', secondary: 'Note',
};

/**
 * The readable markdown tree of an MDX/markdown tree parsed from `source`; the input is not
 * changed (the compiler goes on with it). Blocks copied from the source are `html` nodes, which
 * serializers print as they are. `markUrls` prefixes site-absolute URLs with SITE_URL_MARK.
 */
export function readableTree(tree: Root, source: string, markUrls: boolean): Root {
  const context: Context = { headingDepth: 1, markUrls, source };
  return { type: 'root', children: asFlow(convertAll(tree.children as unknown as Node[], context)) } as unknown as Root;
}

/** Block types that may be copied from the source as they are. */
const BLOCKS = new Set(['paragraph', 'heading', 'list', 'code', 'table', 'blockquote', 'thematicBreak', 'html', 'definition', 'footnoteDefinition']);

/** Nodes of MDX, or left by a transform: a block holding one is rebuilt, not copied. */
const REBUILT = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'containerDirective', 'leafDirective', 'textDirective']);

interface Position {
  start: { line: number; column: number; offset?: number };
  end: { offset?: number };
}

const positionOf = (node: Node) => node.position as Position | undefined;

/**
 * A block that starts a line of the source and holds nothing of MDX, as its source text (with its
 * site links marked, and relative markdown links replaced by the routes they resolved to); null
 * when it must be rebuilt instead.
 */
function sourceBlock(node: Node, context: Context): Node | null {
  const at = positionOf(node);
  if (!BLOCKS.has(node.type) || at?.start.offset === undefined || at.end.offset === undefined || at.start.column !== 1) return null;
  const patches: Array<{ from: number; to: number; url: string }> = [];
  const collect = (n: Node): boolean => {
    if (REBUILT.has(n.type) || positionOf(n)?.start.offset === undefined) return false;
    if ((n.type === 'link' || n.type === 'image' || n.type === 'definition') && isSitePath(String(n.url))) {
      const patch = urlPatch(n, context);
      if (!patch) return false;
      patches.push(patch);
    }
    return (n.children ?? []).every(collect);
  };
  if (!collect(node)) return null;
  let text = context.source.slice(at.start.offset, at.end.offset);
  for (const patch of patches.sort((a, b) => b.from - a.from)) {
    text = `${text.slice(0, patch.from - at.start.offset)}${patch.url}${text.slice(patch.to - at.start.offset)}`;
  }
  return { type: 'html', value: text };
}

const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Where the destination of a link, image or definition is in the source, and what goes there:
 * the node's URL, marked. Null when the destination cannot be found, or the source names
 * something else than a markdown link, or a link differing from a route in case, that the
 * compiler resolved to the node's URL.
 */
function urlPatch(node: Node, context: Context): { from: number; to: number; url: string } | null {
  const at = positionOf(node)!;
  const start = at.start.offset!;
  const text = context.source.slice(start, at.end.offset);
  let i: number;
  if (node.type === 'definition') {
    i = text.indexOf(']:') + 2;
  } else {
    // The node's own "](" is its last one: its label comes before it, its title cannot hold one it would end at.
    if (!text.endsWith(')')) return null;
    i = text.lastIndexOf('](') + 2;
  }
  if (i < 2) return null;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  let end: number;
  let from = i;
  if (text[i] === '<') {
    end = text.indexOf('>', i);
    if (end === -1) return null;
    from = i + 1;
  } else {
    end = i;
    const limit = node.type === 'definition' ? text.length : text.length - 1;
    while (end < limit && !/\s/.test(text[end]!)) end++;
  }
  const written = text.slice(from, end);
  const url = String(node.url);
  // The compiler changes site links of three kinds: to markdown files, those differing from a route only in case, those ending in "/".
  const plain = (link: string) => link.toLowerCase().replace(/\/+(?=[?#]|$)/, '');
  if (written !== url && !/\.mdx?(#.*)?$/.test(written) && !plain(url).endsWith(plain(written))) return null;
  return { from: start + from, to: start + end, url: context.markUrls ? `${SITE_URL_MARK}${url}` : url };
}

function convertAll(nodes: Node[], context: Context): Node[] {
  return nodes.flatMap((node) => convert(node, context));
}

function convert(node: Node, context: Context): Node[] {
  if (node.type === 'heading') context.headingDepth = node.depth as number;
  const copied = sourceBlock(node, context);
  if (copied) return [copied];
  switch (node.type) {
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      const value = literalOf(node);
      if (value === undefined || value === '') return [];
      const text: Node = { type: 'text', value };
      return node.type === 'mdxFlowExpression' ? [{ type: 'paragraph', children: [text] }] : [text];
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return convertElement(node, context);
    case 'link':
    case 'image':
    case 'definition':
      return [{ ...withChildren(node, context), url: siteUrl(String(node.url), context) }];
    case 'paragraph': {
      const converted = withChildren(node, context);
      // A paragraph of dropped expressions is no paragraph.
      return converted.children!.length > 0 ? [converted] : [];
    }
    default:
      return [node.children ? withChildren(node, context) : node];
  }
}

function withChildren(node: Node, context: Context): Node {
  if (!node.children) return node;
  // Block containers (list items, block quotes, table cells hold phrasing) keep their kind of content.
  const children = convertAll(node.children, context);
  return { ...node, children: node.type === 'listItem' || node.type === 'blockquote' || node.type === 'footnoteDefinition' ? asFlow(children) : children };
}

function convertElement(element: Node, context: Context): Node[] {
  const flow = element.type === 'mdxJsxFlowElement';
  const name = typeof element.name === 'string' ? element.name : '';
  const children = element.children ?? [];
  const inner = () => {
    const converted = convertAll(children, context);
    return flow ? asFlow(converted) : converted;
  };
  switch (name) {
    case 'Admonition': {
      if (!flow) return inner();
      const type = attribute(element, 'type') ?? 'note';
      const label = ADMONITION_LABELS[type] ?? capitalize(type);
      const title = attribute(element, 'title');
      const heading = title && title.toLowerCase() !== label.toLowerCase() ? `${label}: ${title}` : label;
      return [{ type: 'blockquote', children: [paragraph([strong(heading)]), ...inner()] }];
    }
    case 'Tabs': {
      if (!flow) return inner();
      const depth = Math.min(6, context.headingDepth + 1);
      const sections = children.flatMap((child) => (isElement(child, 'TabItem') ? tabSection(child, depth, context) : convert(child, context)));
      context.headingDepth = depth - 1;
      return asFlow(sections);
    }
    case 'TabItem':
      return flow ? tabSection(element, Math.min(6, context.headingDepth + 1), context) : inner();
    case 'CodeBlock':
    case 'pre': {
      const language = attribute(element, 'language') ?? attribute(element, 'className')?.replace(/^language-/, '');
      const title = attribute(element, 'title');
      const code: Node = { type: 'code', lang: language || null, meta: title ? `title=${JSON.stringify(title)}` : null, value: textOf(children).replace(/^\n+|\n+$/g, '') };
      return flow ? [code] : [{ type: 'inlineCode', value: code.value }];
    }
    case 'code':
      return [{ type: 'inlineCode', value: textOf(children) }];
    case 'Details':
    case 'details': {
      const summary = attribute(element, 'summary');
      const head = summary ? [flow ? paragraph([strong(summary)]) : strong(summary)] : [];
      return [...head, ...inner()];
    }
    case 'summary': {
      const text = textOf(children).trim();
      if (!text) return [];
      return flow ? [paragraph([strong(text)])] : [strong(text)];
    }
    case 'a': {
      const href = attribute(element, 'href');
      const content = convertAll(children, context);
      if (!href) return flow ? asFlow(content) : content;
      const link: Node = { type: 'link', url: siteUrl(href, context), title: null, children: content.filter((n) => PHRASING.has(n.type)) };
      return flow ? [paragraph([link])] : [link];
    }
    case 'img': {
      const src = attribute(element, 'src');
      if (!src) return [];
      const image: Node = { type: 'image', url: siteUrl(src, context), alt: attribute(element, 'alt') ?? '', title: null };
      return flow ? [paragraph([image])] : [image];
    }
    case 'br':
      return flow ? [] : [{ type: 'break' }];
    default:
      // Any other component or HTML element stands for its content.
      return inner();
  }
}

function tabSection(item: Node, depth: number, context: Context): Node[] {
  const label = attribute(item, 'label') ?? attribute(item, 'value') ?? 'Tab';
  context.headingDepth = depth;
  const body = asFlow(convertAll(item.children ?? [], context));
  return [{ type: 'heading', depth, children: [{ type: 'text', value: label }] }, ...body];
}

/** Wraps each run of inline nodes in a paragraph, so a block container holds only blocks. */
function asFlow(nodes: Node[]): Node[] {
  const out: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    // A run of white space only (between elements) is no paragraph.
    if (run.some((n) => n.type !== 'text' || String(n.value).trim() !== '')) out.push(paragraph(run));
    run = [];
  };
  for (const node of nodes) {
    if (PHRASING.has(node.type)) run.push(node);
    else {
      flush();
      out.push(node);
    }
  }
  flush();
  return out;
}

const paragraph = (children: Node[]): Node => ({ type: 'paragraph', children });
const strong = (text: string): Node => ({ type: 'strong', children: [{ type: 'text', value: text }] });
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const isElement = (node: Node, name: string) => (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === name;

function siteUrl(url: string, context: Context): string {
  return context.markUrls && url.startsWith('/') && !url.startsWith('//') ? `${SITE_URL_MARK}${url}` : url;
}

/** The plain text of nodes: text, code and string expressions, paragraphs on lines of their own. */
function textOf(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') return String(node.value);
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return literalOf(node) ?? '';
      const text = node.children ? textOf(node.children) : '';
      return node.type === 'paragraph' ? `${text}\n` : text;
    })
    .join('');
}

/** A string-valued attribute of a JSX element: a plain value, `true` for a bare one, or a literal expression. */
function attribute(element: Node, name: string): string | undefined {
  const found = (element.attributes as Attribute[] | undefined)?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  if (!found) return undefined;
  if (found.value === null || found.value === undefined) return 'true';
  if (typeof found.value === 'string') return found.value;
  return literalOf(found.value as Node);
}

interface EstreeNode {
  type: string;
  value?: unknown;
  expression?: EstreeNode;
  expressions?: unknown[];
  quasis?: Array<{ value: { cooked?: string | null } }>;
  body?: EstreeNode[];
}

/**
 * The value of an expression that is a string, number or template literal without
 * placeholders; '' for a comment; undefined for anything computed.
 */
function literalOf(node: Node): string | undefined {
  const program = (node.data as { estree?: EstreeNode } | undefined)?.estree;
  if (!program) return undefined;
  const body = program.body ?? [];
  if (body.length === 0) return '';
  const expression = body.length === 1 && body[0]!.type === 'ExpressionStatement' ? body[0]!.expression : undefined;
  if (expression?.type === 'Literal' && (typeof expression.value === 'string' || typeof expression.value === 'number')) return String(expression.value);
  if (expression?.type === 'TemplateLiteral' && expression.expressions?.length === 0) return expression.quasis?.[0]?.value.cooked ?? undefined;
  return undefined;
}
