/**
 * The first step of the fast path: what the MDX path's plugins work on, found in markdown-it's
 * tokens of one text (the page, or its excerpt), and the plugins run on it in the MDX path's order.
 * Headings, links, images and code blocks become the elements the MDX path's trees would hold,
 * placed in the source; the plugins then resolve links and images, give ids, highlight code and
 * collect the page's facts. emitHtml.ts and partMarkdownView.ts read the result.
 */
import type { MarkdownIt, Token } from 'markdown-it';
import type { Element, Root as HastRoot } from 'hast';
import type { Definition, Link, Root as MdastRoot } from 'mdast';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { isLiveFence } from '../mdx/liveCode.js';
import { missingImageError, THEME_COMPONENTS } from '../mdx/compile.js';
import {
  rehypeAnchors,
  rehypeBaseUrl,
  rehypeCodeBlocks,
  rehypeHeadings,
  rehypeImages,
  remarkMarkdownLinks,
  newCompileState,
  type CompileState,
  type PluginOptions,
} from '../mdx/plugins.js';
import type { RenderingSettings } from '../mdx/rendering.js';
import { isExternalUrl } from '../../shared/paths.js';
import { MAX_NESTING } from '../mdx/nesting.js';
import { NotStatic } from './notStatic.js';
import { ADMONITION_OPEN, attribute, type DefinitionMeta, type Format, type LinkSource } from './parser.js';
import { SourceLines, type Span } from './sourceLines.js';
import type { StaticRenderOptions } from './staticSession.js';
import { altOf, checkText, textOf } from './staticText.js';

/**
 * What the MDX path's plugins see of a link: the mdast node (inline links and autolinks only) and
 * the hast element; a reference link names its definition instead, by the key of its label.
 */
export interface LinkElements {
  node: Link | null;
  element: Element;
  reference: string | null;
}

/** One text's tokens, with the MDX path's elements of interest made from them and processed by its plugins. */
export interface CollectedPart {
  text: string;
  format: Format;
  /** The parser that read the text (admonition titles are read with it again). */
  parser: MarkdownIt;
  tokens: Token[];
  lines: SourceLines;
  /** Index of the matching close token of every open token. */
  closing: number[];
  state: CompileState;
  /** The MDX path's elements of interest in document order: headings, links, images, code. */
  hast: HastRoot;
  headings: Map<Token, Element>;
  links: Map<Token, LinkElements>;
  /** Each definition's node, by the key of its label. */
  definitions: Map<string, Definition>;
  images: Map<Token, Element>;
  /** Index in `hast.children` of each code block's `<pre>` (rehypeCodeBlocks replaces it there). */
  codeBlocks: Map<Token, number>;
  spans: Map<Token, Span | null>;
}

/**
 * Collects one text and runs the MDX path's plugins on it. Throws NotStatic for what the fast
 * path cannot render exactly, and the SiteError of a missing image at its place.
 */
export function collectPart(text: string, customIds: Map<number, string>, options: StaticRenderOptions, parser: MarkdownIt, hashLinkBase: string | null): CollectedPart {
  const collector = new PartCollector(text, customIds, options, parser, hashLinkBase);
  collector.collect();
  collector.runPlugins();
  return collector.part;
}

/** Whether a fence ends with a closing line (markdown-it's token does not say). */
export function closedFence(lines: SourceLines, token: Token): boolean {
  if (token.map![1] - token.map![0] < 2) return false;
  const last = lines.line(token.map![1] - 1).trim();
  return last.startsWith(token.markup) && last.replaceAll(token.markup[0]!, '').trim() === '' && /^[`~]+$/.test(last);
}

/** The line range markdown-it gives a block token. */
type LineRange = [number, number];

class PartCollector {
  readonly part: CollectedPart;
  private readonly plugins: PluginOptions;
  /** The mdast nodes remarkMarkdownLinks reads, in document order: inline links, autolinks and definitions. */
  private readonly linkNodes: Array<Link | Definition> = [];

  constructor(
    text: string,
    customIds: Map<number, string>,
    private readonly options: StaticRenderOptions,
    parser: MarkdownIt,
    hashLinkBase: string | null,
  ) {
    const tokens = parser.parse(text, {});
    const state = newCompileState(customIds);
    this.part = {
      text,
      format: options.format,
      parser,
      tokens,
      lines: new SourceLines(text),
      closing: matchingCloses(tokens),
      state,
      hast: { type: 'root', children: [] },
      headings: new Map(),
      links: new Map(),
      definitions: new Map(),
      images: new Map(),
      codeBlocks: new Map(),
      spans: new Map(),
    };
    this.plugins = {
      state,
      tocLevels: options.tocLevels,
      highlighter: options.highlighter,
      knownComponents: THEME_COMPONENTS,
      resolveMarkdownLink: options.resolveMarkdownLink,
      hashLinkBase,
      resolveImage: options.resolveImage,
      baseUrl: options.baseUrl ?? '/',
      rendering: options.rendering,
    };
  }

  /** Finds the headings, links, images and code blocks, as the MDX path's trees would hold them. */
  collect(): void {
    const { tokens, lines } = this.part;
    // Only the MDX path judges how deeply a page's elements nest (elementDepth.ts): a page near
    // its limit is given to it, and the two paths cannot answer differently.
    if (tokenDepth(tokens) > MAX_NESTING) throw new NotStatic('deep nesting');
    let row: LineRange | null = null;
    tokens.forEach((token, index) => {
      if (needsMdxPath(token, this.options.rendering)) throw new NotStatic('math, a diagram or a live code block');
      switch (token.type) {
        case 'heading_open':
          this.addHeading(token, tokens[index + 1]!);
          break;
        case 'fence':
        case 'code_block':
          if (token.type === 'code_block' && this.options.format === 'mdx') throw new NotStatic('indented code in MDX is a paragraph');
          // The MDX path keeps an open fence's trailing blank lines in its code and its markdown view.
          if (token.type === 'fence' && !closedFence(lines, token)) throw new NotStatic('a fence left open');
          this.addCodeBlock(token);
          break;
        case 'table_open':
          this.checkTable(token);
          break;
        case 'tr_open':
          row = token.map as LineRange;
          break;
        case 'definition': {
          const { url, label } = token.meta as unknown as DefinitionMeta;
          if (url === null || label.startsWith('^')) throw new NotStatic('a label defined twice, or a GFM footnote');
          // micromark reads a definition as paragraph content, which lazy lines continue; markdown-it ends its container.
          if (token.level > 0) throw new NotStatic('a definition inside a quote or a list');
          // micromark reads what follows a definition on the next line as its paragraph's (a setext
          // heading, a list that cannot interrupt a paragraph); markdown-it starts a block there.
          const next = token.map![1];
          if (next < lines.count && lines.line(next).trim() !== '' && !/^ {0,3}\[/.test(lines.line(next))) throw new NotStatic('a block right after a definition');
          this.addDefinition(token);
          break;
        }
        case 'inline': {
          const range = (token.map as LineRange | null) ?? row;
          if (!range) throw new NotStatic('inline content without lines');
          // micromark starts a table at a delimiter row under any line; markdown-it only under a row of as many cells.
          if (token.content.split('\n').slice(1).some((line) => DELIMITER_ROW.test(line))) throw new NotStatic('a paragraph line that may be a table');
          this.collectInline(token.children ?? [], range);
          break;
        }
        case 'html_block':
          throw new NotStatic('raw HTML');
        default:
          break;
      }
    });
  }

  /** A definition as mdast has it, placed at its `[` (markdown-it keeps definitions of the top level only here). */
  private addDefinition(token: Token): void {
    const { url, label, key } = token.meta as unknown as DefinitionMeta;
    const line = token.map![0];
    const column = this.part.lines.line(line).indexOf('[') + 1;
    const start = { line: line + 1, column, offset: this.part.lines.lineStart(line) + column - 1 };
    const node: Definition = { type: 'definition', url: url!, label, identifier: key!, title: null, position: { start, end: start } };
    this.linkNodes.push(node);
    this.part.definitions.set(key!, node);
  }

  private addHeading(token: Token, inline: Token): void {
    const element: Element = {
      type: 'element',
      tagName: token.tag,
      properties: {},
      children: [{ type: 'text', value: textOf(inline.children ?? []) }],
      position: { start: { line: token.map![0] + 1, column: 1 }, end: { line: token.map![1], column: 1 } },
    };
    this.part.headings.set(token, element);
    this.part.hast.children.push(element);
  }

  /** A code block as mdast-util-to-hast makes it: `<pre><code class="language-x">` with the fence's meta. */
  private addCodeBlock(token: Token): void {
    const info = token.type === 'fence' ? token.info : '';
    const lang = info.split(/\s+/)[0] ?? '';
    const meta = info.slice(lang.length).trim();
    const value = token.content.replace(/\n$/, '');
    const line = token.map![0];
    const source = this.part.lines.line(line);
    // Where mdast puts the block: at its fence, after any indentation or container prefix.
    const column = token.type === 'fence' ? source.indexOf(token.markup) + 1 : 1 + (source.length - source.trimStart().length);
    const code: Element = {
      type: 'element',
      tagName: 'code',
      properties: lang ? { className: [`language-${lang}`] } : {},
      children: [{ type: 'text', value: value ? `${value}\n` : '' }],
      ...(meta ? { data: { meta } as Element['data'] } : {}),
    };
    this.part.codeBlocks.set(token, this.part.hast.children.length);
    this.part.hast.children.push({
      type: 'element',
      tagName: 'pre',
      properties: {},
      children: [code],
      position: { start: { line: line + 1, column }, end: { line: token.map![1], column: 1 } },
    });
  }

  /** Links and images of one inline run, placed in the lines of their block. */
  private collectInline(children: Token[], range: LineRange): void {
    checkText(children, this.options.format);
    const placed: Token[] = [];
    for (const token of children) {
      if (token.type === 'link_open') {
        if ((token.meta as { label?: string } | null)?.label?.startsWith('^')) throw new NotStatic('a GFM footnote');
        const source = (token.meta as { source?: LinkSource } | null)?.source;
        const url = attribute(token, 'href') ?? '';
        const title = titleOf(token);
        const element: Element = { type: 'element', tagName: 'a', properties: {}, children: [] };
        const autolink = token.markup === 'autolink';
        const node: Link | null = autolink || source?.inline ? { type: 'link', url, title: autolink ? null : title, children: [] } : null;
        const reference = node ? null : ((token.meta as { label?: string } | null)?.label ?? null);
        if (node) this.linkNodes.push(node);
        this.part.links.set(token, { node, element, reference });
        this.part.hast.children.push(element);
        if (source) placed.push(token);
      } else if (token.type === 'image') {
        const source = (token.meta as { source?: LinkSource } | null)?.source;
        const title = titleOf(token);
        const element: Element = {
          type: 'element',
          tagName: 'img',
          properties: { src: normalizeUri(attribute(token, 'src') ?? ''), alt: altOf(token.children ?? []), ...(title === null ? {} : { title }) },
          children: [],
        };
        this.part.images.set(token, element);
        this.part.hast.children.push(element);
        if (source) placed.push(token);
      }
    }
    if (placed.length === 0) return;
    const texts = placed.map((token) => (token.meta as { source: LinkSource }).source.text);
    this.part.lines.locate(texts, range[0], range[1]).forEach((span, i) => this.part.spans.set(placed[i]!, span));
  }

  /**
   * markdown-it takes a header row whose only pipe is escaped or in code, or a delimiter row
   * without pipes, for a table where micromark may not: only tables with a real pipe in both rows
   * are rendered.
   */
  private checkTable(token: Token): void {
    const [header, delimiter] = [this.part.lines.line(token.map![0]), this.part.lines.line(token.map![0] + 1)];
    const headerPipes = header.replace(/\\./g, '  ').replace(/(`+)[^`]*?\1/g, ' ');
    if (!headerPipes.includes('|') || !delimiter.includes('|')) throw new NotStatic('a table without a real pipe in its first rows');
    // markdown-it tries tables before lists and quotes: `- a | b` over a delimiter row is its table, micromark's list item.
    if (/^\s*(?:[>*+#-]|\d{1,9}[.)])/.test(header)) throw new NotStatic('a table whose header row starts like another block');
  }

  /** Runs the MDX path's plugins, in its order, on what `collect` found. */
  runPlugins(): void {
    const { links, spans, images, hast, state, definitions } = this.part;
    for (const [token, { node }] of links) {
      const span = spans.get(token);
      if (node && span) node.position = span;
    }
    remarkMarkdownLinks(this.plugins)({ type: 'root', children: this.linkNodes } as MdastRoot);
    for (const [token, { node, element, reference }] of links) {
      // A reference link takes the URL of its definition, as resolved.
      const url = node ? node.url : definitions.get(reference ?? '')?.url ?? (attribute(token, 'href') ?? '');
      Object.assign(element.properties, linkProperties(url, node ? (node.title ?? null) : titleOf(token)));
      const span = spans.get(token);
      if (span) element.position = span;
      // The MDX path places every link; the link check names that place.
      else if (url !== '' && !isExternalUrl(url)) throw new NotStatic('a link without its place');
    }
    for (const [token, element] of images) {
      const span = spans.get(token);
      if (span) element.position = span;
    }
    rehypeHeadings(this.plugins)(hast);
    rehypeImages(this.plugins)(hast);
    rehypeBaseUrl(this.plugins)(hast);
    rehypeCodeBlocks(this.plugins)(hast);
    rehypeAnchors(this.plugins)(hast);
    // A message without its place is one the MDX path would place: leave the page to it.
    if (state.warnings.some((warning) => warning.line === undefined)) throw new NotStatic('a warning without its place');
    const missing = state.missingImages[0];
    if (missing) {
      if (missing.line === undefined) throw new NotStatic('a missing image without its place');
      throw missingImageError(missing.src, this.options, missing.line, missing.column, 'the image');
    }
  }
}

/**
 * Math and diagrams are rendered on the MDX path only (KaTeX, the diagram component): with math
 * on, any `$` in text or a title may be math and a ```math fence is; with diagrams on, a
 * ```mermaid fence is one.
 */
function needsMdxPath(token: Token, rendering: RenderingSettings | undefined): boolean {
  // A live code block is a component of its own (see liveCode.ts).
  if (token.type === 'fence' && isLiveFence(token.info.trim().split(/\s+/).slice(1).join(' '))) return true;
  if (!rendering || (!rendering.math && !rendering.mermaid)) return false;
  if (token.type === 'fence') {
    const lang = token.info.trim().split(/\s+/)[0]!.toLowerCase();
    return (rendering.math && lang === 'math') || (rendering.mermaid && lang === 'mermaid');
  }
  return rendering.math && ((token.type === 'inline' && token.content.includes('$')) || (token.type === ADMONITION_OPEN && token.info.includes('$')));
}

/** The title of a link or image, or null without one (an empty title is none, as in mdast). */
function titleOf(token: Token): string | null {
  return attribute(token, 'title') || null;
}

/** The index of the close token matching each open token (block level). */
function matchingCloses(tokens: Token[]): number[] {
  const closing = new Array<number>(tokens.length);
  const open: number[] = [];
  tokens.forEach((token, i) => {
    if (token.nesting === 1) open.push(i);
    else if (token.nesting === -1) closing[open.pop()!] = i;
  });
  return closing;
}

/**
 * How many elements markdown-it's tokens nest, at most: block tokens by their level, inline ones
 * by their level in their block. The MDX path's tree of the same text nests about as deeply.
 */
export function tokenDepth(tokens: Token[]): number {
  let deepest = 0;
  for (const token of tokens) {
    deepest = Math.max(deepest, token.level + (token.nesting === 1 ? 1 : 0));
    for (const child of token.children ?? []) deepest = Math.max(deepest, token.level + child.level + (child.nesting === 1 ? 1 : 0));
  }
  return deepest;
}

/** The properties mdast-util-to-hast gives a link: its URL normalised, its title when it has one. */
function linkProperties(url: string, title: string | null): Element['properties'] {
  return title === null ? { href: normalizeUri(url) } : { href: normalizeUri(url), title };
}

/** A line that may be a GFM table's delimiter row: cells of dashes with optional colons, and a pipe. */
const DELIMITER_ROW = /^(?=[^|]*\|)[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)*(?:[ \t]*:?-+:?[ \t]*)?\|?[ \t]*$/;
