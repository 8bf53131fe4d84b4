/**
 * The fast path for pages without JSX, expressions or imports (see isStaticPage.ts): their content
 * as an HTML string made at build time, exactly as the MDX path renders it (React's static markup
 * of the compiled module with the theme's components), with everything else a compiled page
 * provides (table of contents, heading ids, link targets, warnings, markdown view).
 *
 * markdown-it parses the page (about 25 times faster than the MDX pipeline); the rest is the MDX
 * path's own: `preprocess` for `{#id}` and the truncate marker, its remark and rehype plugins run
 * on the links, images, headings and code blocks markdown-it found (resolving markdown links and
 * images, giving ids, highlighting, collecting link targets), the markdown view of markdownView.ts,
 * and the theme's components rendered with react-dom/server around their children (themeShells.ts).
 * What this module writes itself is plain HTML, with the line breaks the MDX path puts between
 * elements.
 *
 * A page the renderer finds it cannot render exactly (something `isStaticPage` let through)
 * gives null: the caller compiles it with the MDX pipeline instead.
 */
import { isLiveFence } from '../mdx/liveCode.js';
import type { MarkdownIt, Token } from 'markdown-it';
import type { Element, Root as HastRoot } from 'hast';
import type { Definition, Link, Root as MdastRoot } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { frontMatterImage, MARKDOWN_STYLE, missingImageError, pageFacts, THEME_COMPONENTS, type CompiledPage, type CompileOptions } from '../mdx/compile.js';
import { fenceLanguages } from '../mdx/highlighter.js';
import { readableTree, SITE_URL_MARK } from '../mdx/markdownView.js';
import { findDeepNesting, nestingError } from '../mdx/nesting.js';
import {
  rehypeAnchors,
  rehypeBaseUrl,
  rehypeCodeBlocks,
  rehypeHeadings,
  rehypeImages,
  remarkMarkdownLinks,
  type CompileState,
  type PluginOptions,
} from '../mdx/plugins.js';
import { preprocess } from '../mdx/preprocess.js';
import type { RenderingSettings } from '../mdx/rendering.js';
import { isExternalUrl } from '../../shared/paths.js';
import { ADMONITION_OPEN, admonitionParams, attribute, createParser, type DefinitionMeta, type Format, type LinkSource } from './parser.js';
import { SourceLines, type Span } from './sourceLines.js';
import { ThemeShells } from './themeShells.js';

/** What one build (or watch session) shares between pages: the parsers and the cache of theme shells. */
export interface StaticSession {
  parsers: Record<Format, MarkdownIt>;
  shells: ThemeShells;
}

export function createStaticSession(): StaticSession {
  return { parsers: { md: createParser('md'), mdx: createParser('mdx') }, shells: new ThemeShells() };
}

/** The options of `compileMdx` (a static page reads no front matter), and the session to use. */
export type StaticRenderOptions = Omit<CompileOptions, 'frontMatter'> & { session?: StaticSession };

/** An image a page uses: its source as written relative to the page (decoded) and the URL it got. */
export interface UsedImage {
  source: string;
  url: string;
}

/** A rendered static page: what `CompiledPage` gives, with HTML instead of module code, and the images it used. */
export type StaticPage = Omit<CompiledPage, 'isStatic' | 'code' | 'excerptCode'> & {
  /** The content as the MDX path renders it inside the page's article. */
  html: string;
  /** The part before the truncate marker, rendered on its own (with `withExcerpt`); null without a marker. */
  excerptHtml: string | null;
  images: UsedImage[];
};

/**
 * Renders a static page's body (front matter blanked). Throws the SiteErrors `compileMdx` throws
 * (IMAGE_NOT_FOUND, CONTENT_TOO_DEEP) at the same places; returns null for a page it cannot
 * render exactly as the MDX path does.
 */
export async function renderStaticPage(body: string, options: StaticRenderOptions): Promise<StaticPage | null> {
  const deep = findDeepNesting(body);
  if (deep) throw nestingError(options.file, options.sourceText, deep, null);
  const session = options.session ?? createStaticSession();
  await session.shells.load();
  const pre = preprocess(body);
  await options.highlighter.ensureLanguages(fenceLanguages(body));
  const images = new Map<string, UsedImage>();
  const resolveImage = options.resolveImage
    ? (relativePath: string) => {
        const image = options.resolveImage!(relativePath);
        if (image) images.set(relativePath, { source: relativePath, url: image.url });
        return image;
      }
    : undefined;
  const partOptions = { ...options, resolveImage };
  const main = renderPart(pre.text, pre.customIds, partOptions, session, null, { markUrls: !body.includes(SITE_URL_MARK) });
  if (!main) return null;
  const image = frontMatterImage(partOptions);
  let excerpt: RenderedPart | null = null;
  if (options.withExcerpt && pre.truncateLine !== null) {
    const excerptText = pre.text.split('\n').slice(0, pre.truncateLine - 1).join('\n');
    excerpt = renderPart(excerptText, pre.customIds, partOptions, session, options.route ?? null, null);
    if (!excerpt) return null;
  }
  return { html: main.html, excerptHtml: excerpt?.html ?? null, ...pageFacts(pre.truncateLine !== null, main, excerpt, image), images: [...images.values()] };
}

interface RenderedPart {
  html: string;
  state: CompileState;
  markdown: string;
}

/** Thrown inside a part's rendering when it meets what it cannot render exactly; renderPart gives null for it. */
class NotStatic extends Error {}

function renderPart(
  text: string,
  customIds: Map<number, string>,
  options: StaticRenderOptions,
  session: StaticSession,
  hashLinkBase: string | null,
  view: { markUrls: boolean } | null,
): RenderedPart | null {
  try {
    return new PartRenderer(text, customIds, options, session, hashLinkBase).render(view);
  } catch (error) {
    if (error instanceof NotStatic) return null;
    throw error;
  }
}

/**
 * What the MDX path's plugins see of a link: the mdast node (inline links and autolinks only) and
 * the hast element; a reference link names its definition instead, by the key of its label.
 */
interface LinkElements {
  node: Link | null;
  element: Element;
  reference: string | null;
}

/** The line range markdown-it gives a block token. */
type LineRange = [number, number];

/** A rendered block, and for a paragraph its content (a tight list item shows it without `<p>`). */
interface Block {
  html: string;
  paragraph: { inner: string; hidden: boolean } | null;
}

/** Renders one text (the page, or its excerpt) with markdown-it and the MDX path's plugins. */
class PartRenderer {
  private readonly tokens: Token[];
  private readonly lines: SourceLines;
  private readonly state: CompileState;
  private readonly plugins: PluginOptions;
  /** The MDX path's elements of interest in document order: headings, links, images, code. */
  private readonly hast: HastRoot = { type: 'root', children: [] };
  private readonly headings = new Map<Token, Element>();
  private readonly links = new Map<Token, LinkElements>();
  /** The mdast nodes remarkMarkdownLinks reads, in document order: inline links, autolinks and definitions. */
  private readonly linkNodes: Array<Link | Definition> = [];
  /** Each definition's node, by the key of its label. */
  private readonly definitions = new Map<string, Definition>();
  private readonly images = new Map<Token, Element>();
  /** Index in `hast.children` of each code block's `<pre>` (rehypeCodeBlocks replaces it there). */
  private readonly codeBlocks = new Map<Token, number>();
  private readonly spans = new Map<Token, Span | null>();
  /** Index of the matching close token of every open token. */
  private readonly closing: number[];

  constructor(
    private readonly text: string,
    customIds: Map<number, string>,
    private readonly options: StaticRenderOptions,
    private readonly session: StaticSession,
    hashLinkBase: string | null,
  ) {
    this.tokens = session.parsers[options.format].parse(text, {});
    this.lines = new SourceLines(text);
    this.closing = matchingCloses(this.tokens);
    this.state = {
      customIds,
      toc: [],
      headingIds: [],
      anchors: null,
      h1: null,
      warnings: [],
      unknownComponents: [],
      missingImages: [],
      unknownNames: [],
      scopeNames: new Set(),
      markdownLinks: {},
      features: new Set(),
      linkPlaces: [],
    };
    this.plugins = {
      state: this.state,
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

  render(view: { markUrls: boolean } | null): RenderedPart {
    this.collect();
    this.runPlugins();
    const html = this.blocks(0, this.tokens.length)
      .map((block) => block.html)
      .join('\n');
    const markdown = view ? this.markdownView(view.markUrls) : '';
    return { html, state: this.state, markdown };
  }

  // -------------------------------------------------------------------------------------------
  // What the plugins work on

  /** Finds the headings, links, images and code blocks, as the MDX path's trees would hold them. */
  private collect(): void {
    let row: LineRange | null = null;
    this.tokens.forEach((token, index) => {
      if (needsMdxPath(token, this.options.rendering)) throw new NotStatic('math, a diagram or a live code block');
      switch (token.type) {
        case 'heading_open':
          this.addHeading(token, this.tokens[index + 1]!);
          break;
        case 'fence':
        case 'code_block':
          if (token.type === 'code_block' && this.options.format === 'mdx') throw new NotStatic('indented code in MDX is a paragraph');
          // The MDX path keeps an open fence's trailing blank lines in its code and its markdown view.
          if (token.type === 'fence' && !this.closedFence(token)) throw new NotStatic('a fence left open');
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
          if (next < this.lines.count && this.lines.line(next).trim() !== '' && !/^ {0,3}\[/.test(this.lines.line(next))) throw new NotStatic('a block right after a definition');
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
    const column = this.lines.line(line).indexOf('[') + 1;
    const start = { line: line + 1, column, offset: this.lines.lineStart(line) + column - 1 };
    const node: Definition = { type: 'definition', url: url!, label, identifier: key!, title: null, position: { start, end: start } };
    this.linkNodes.push(node);
    this.definitions.set(key!, node);
  }

  private addHeading(token: Token, inline: Token): void {
    const element: Element = {
      type: 'element',
      tagName: token.tag,
      properties: {},
      children: [{ type: 'text', value: textOf(inline.children ?? []) }],
      position: { start: { line: token.map![0] + 1, column: 1 }, end: { line: token.map![1], column: 1 } },
    };
    this.headings.set(token, element);
    this.hast.children.push(element);
  }

  /** A code block as mdast-util-to-hast makes it: `<pre><code class="language-x">` with the fence's meta. */
  private addCodeBlock(token: Token): void {
    const info = token.type === 'fence' ? token.info : '';
    const lang = info.split(/\s+/)[0] ?? '';
    const meta = info.slice(lang.length).trim();
    const value = token.content.replace(/\n$/, '');
    const line = token.map![0];
    const source = this.lines.line(line);
    // Where mdast puts the block: at its fence, after any indentation or container prefix.
    const column = token.type === 'fence' ? source.indexOf(token.markup) + 1 : 1 + (source.length - source.trimStart().length);
    const code: Element = {
      type: 'element',
      tagName: 'code',
      properties: lang ? { className: [`language-${lang}`] } : {},
      children: [{ type: 'text', value: value ? `${value}\n` : '' }],
      ...(meta ? { data: { meta } as Element['data'] } : {}),
    };
    this.codeBlocks.set(token, this.hast.children.length);
    this.hast.children.push({
      type: 'element',
      tagName: 'pre',
      properties: {},
      children: [code],
      position: { start: { line: line + 1, column }, end: { line: token.map![1], column: 1 } },
    });
  }

  /** Links and images of one inline run, placed in the lines of their block. */
  private collectInline(children: Token[], range: LineRange): void {
    this.checkText(children);
    const placed: Token[] = [];
    for (const token of children) {
      if (token.type === 'link_open') {
        if ((token.meta as { label?: string } | null)?.label?.startsWith('^')) throw new NotStatic('a GFM footnote');
        const source = (token.meta as { source?: LinkSource } | null)?.source;
        const url = attribute(token, 'href') ?? '';
        const title = this.titleOf(token);
        const element: Element = { type: 'element', tagName: 'a', properties: {}, children: [] };
        const autolink = token.markup === 'autolink';
        const node: Link | null = autolink || source?.inline ? { type: 'link', url, title: autolink ? null : title, children: [] } : null;
        const reference = node ? null : ((token.meta as { label?: string } | null)?.label ?? null);
        if (node) this.linkNodes.push(node);
        this.links.set(token, { node, element, reference });
        this.hast.children.push(element);
        if (source) placed.push(token);
      } else if (token.type === 'image') {
        const source = (token.meta as { source?: LinkSource } | null)?.source;
        const title = this.titleOf(token);
        const element: Element = {
          type: 'element',
          tagName: 'img',
          properties: { src: normalizeUri(attribute(token, 'src') ?? ''), alt: altOf(token.children ?? []), ...(title === null ? {} : { title }) },
          children: [],
        };
        this.images.set(token, element);
        this.hast.children.push(element);
        if (source) placed.push(token);
      }
    }
    if (placed.length === 0) return;
    const texts = placed.map((token) => (token.meta as { source: LinkSource }).source.text);
    this.lines.locate(texts, range[0], range[1]).forEach((span, i) => this.spans.set(placed[i]!, span));
  }

  /**
   * Refuses text that the MDX pipeline reads as something else than text: GFM autolink literals,
   * strikethrough, footnote calls and task list items, directives (`:name`, whose label or
   * attributes would change the text), and in MDX the `<` of JSX and the braces of expressions.
   * Escapes and character references (`\{`, `&lt;`) are text in both.
   */
  private checkText(tokens: Token[]): void {
    let run = '';
    // The run with escaped and referenced characters blanked: what is left was written as such.
    let written = '';
    const check = () => {
      if (GFM_OR_DIRECTIVE.test(run)) throw new NotStatic('text that is GFM syntax or a directive');
      if (LEFT_DELIMITER.test(written)) throw new NotStatic('an emphasis delimiter left as text');
      run = '';
      written = '';
    };
    for (const token of tokens) {
      if (token.type === 'text' || token.type === 'text_special') {
        if (token.type === 'text' && this.options.format === 'mdx' && /[<{}]/.test(token.content)) throw new NotStatic('JSX or an expression');
        run += token.content;
        written += token.type === 'text' ? token.content : ' ';
        continue;
      }
      check();
      if (token.type === 'image') this.checkText(token.children ?? []);
    }
    check();
  }

  /**
   * markdown-it takes a header row whose only pipe is escaped or in code, or a delimiter row
   * without pipes, for a table where micromark may not: only tables with a real pipe in both rows
   * are rendered.
   */
  private checkTable(token: Token): void {
    const [header, delimiter] = [this.lines.line(token.map![0]), this.lines.line(token.map![0] + 1)];
    const headerPipes = header.replace(/\\./g, '  ').replace(/(`+)[^`]*?\1/g, ' ');
    if (!headerPipes.includes('|') || !delimiter.includes('|')) throw new NotStatic('a table without a real pipe in its first rows');
    // markdown-it tries tables before lists and quotes: `- a | b` over a delimiter row is its table, micromark's list item.
    if (/^\s*(?:[>*+#-]|\d{1,9}[.)])/.test(header)) throw new NotStatic('a table whose header row starts like another block');
  }

  /** The title of a link or image, or null without one (an empty title is none, as in mdast). */
  private titleOf(token: Token): string | null {
    return attribute(token, 'title') || null;
  }

  /** Runs the MDX path's plugins, in its order, on what `collect` found. */
  private runPlugins(): void {
    for (const [token, { node }] of this.links) {
      const span = this.spans.get(token);
      if (node && span) node.position = span;
    }
    remarkMarkdownLinks(this.plugins)({ type: 'root', children: this.linkNodes } as MdastRoot);
    for (const [token, { node, element, reference }] of this.links) {
      // A reference link takes the URL of its definition, as resolved.
      const url = node ? node.url : this.definitions.get(reference ?? '')?.url ?? (attribute(token, 'href') ?? '');
      Object.assign(element.properties, linkProperties(url, node ? (node.title ?? null) : this.titleOf(token)));
      const span = this.spans.get(token);
      if (span) element.position = span;
      // The MDX path places every link; the link check names that place.
      else if (url !== '' && !isExternalUrl(url)) throw new NotStatic('a link without its place');
    }
    for (const [token, element] of this.images) {
      const span = this.spans.get(token);
      if (span) element.position = span;
    }
    rehypeHeadings(this.plugins)(this.hast);
    rehypeImages(this.plugins)(this.hast);
    rehypeBaseUrl(this.plugins)(this.hast);
    rehypeCodeBlocks(this.plugins)(this.hast);
    rehypeAnchors(this.plugins)(this.hast);
    // A message without its place is one the MDX path would place: leave the page to it.
    if (this.state.warnings.some((warning) => warning.line === undefined)) throw new NotStatic('a warning without its place');
    const missing = this.state.missingImages[0];
    if (missing) {
      if (missing.line === undefined) throw new NotStatic('a missing image without its place');
      throw missingImageError(missing.src, this.options, missing.line, missing.column, 'the image');
    }
  }

  // -------------------------------------------------------------------------------------------
  // HTML

  /** The blocks of tokens [from, to), each rendered. */
  private blocks(from: number, to: number): Block[] {
    const out: Block[] = [];
    for (let i = from; i < to; i++) {
      const token = this.tokens[i]!;
      const close = token.nesting === 1 ? this.closing[i]! : i;
      const block = this.block(token, i, close);
      if (block) out.push(block);
      i = close;
    }
    return out;
  }

  private block(token: Token, index: number, close: number): Block | null {
    switch (token.type) {
      case 'paragraph_open': {
        const inner = this.inline(this.tokens[index + 1]!);
        return { html: `<p>${inner}</p>`, paragraph: { inner, hidden: token.hidden } };
      }
      case 'heading_open':
        return { html: this.heading(token, this.inline(this.tokens[index + 1]!)), paragraph: null };
      case 'blockquote_open':
        return { html: `<blockquote>${wrap(this.blocks(index + 1, close).map((b) => b.html))}</blockquote>`, paragraph: null };
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const start = attribute(token, 'start');
        const open = token.type === 'bullet_list_open' ? '<ul>' : start === null ? '<ol>' : `<ol start="${escapeHtml(start)}">`;
        const items = this.blocks(index + 1, close).map((b) => b.html);
        return { html: `${open}${wrap(items)}${token.type === 'bullet_list_open' ? '</ul>' : '</ol>'}`, paragraph: null };
      }
      case 'list_item_open':
        return { html: `<li>${listItem(this.blocks(index + 1, close))}</li>`, paragraph: null };
      case 'hr':
        return { html: '<hr/>', paragraph: null };
      case 'fence':
      case 'code_block':
        return { html: this.codeBlock(token), paragraph: null };
      case 'table_open':
        return { html: this.table(index, close), paragraph: null };
      case ADMONITION_OPEN:
        return { html: this.admonition(token, index, close), paragraph: null };
      case 'definition':
        return null;
      default:
        throw new NotStatic(`a block of type ${token.type}`);
    }
  }

  private heading(token: Token, inner: string): string {
    const element = this.headings.get(token)!;
    const id = String(element.properties.id ?? '');
    const level = Number(token.tag.slice(1));
    if (level >= 2 && level <= 4) {
      const text = (element.children[0] as { value: string }).value;
      const shell = this.session.shells.heading(level as 2 | 3 | 4, id, text);
      if (!shell) throw new NotStatic('a heading holding the slot marker');
      return `${shell[0]}${inner}${shell[1]}`;
    }
    return `<${token.tag} id="${escapeHtml(id)}">${inner}</${token.tag}>`;
  }

  private codeBlock(token: Token): string {
    const node = this.hast.children[this.codeBlocks.get(token)!] as unknown as MdxJsxFlowElement;
    const props: Record<string, string> = {};
    for (const attribute of node.attributes as MdxJsxAttribute[]) props[attribute.name] = String(attribute.value);
    return this.session.shells.codeBlock(props);
  }

  /** A GFM table: cells without white space between them (the MDX path drops it), in the theme's wrapper. */
  private table(index: number, close: number): string {
    let html = '';
    for (let i = index + 1; i < close; i++) {
      const token = this.tokens[i]!;
      if (token.type === 'inline') {
        html += this.inline(token);
      } else if (token.nesting === 1) {
        const style = attribute(token, 'style');
        html += style === null ? `<${token.tag}>` : `<${token.tag} style="${escapeHtml(style)}">`;
      } else {
        html += `</${token.tag}>`;
      }
    }
    const shell = this.session.shells.table();
    return `${shell![0]}${html}${shell![1]}`;
  }

  /** An admonition: its blocks follow each other without line breaks (JSX children), in the theme's box. */
  private admonition(token: Token, index: number, close: number): string {
    const params = admonitionParams(token.info)!;
    const title = params.title === null ? undefined : this.admonitionTitle(params.title);
    const shell = this.session.shells.admonition(params.type, title || undefined);
    if (!shell) throw new NotStatic('an admonition title holding the slot marker');
    const inner = this.blocks(index + 1, close)
      .map((b) => b.html)
      .join('');
    return `${shell[0]}${inner}${shell[1]}`;
  }

  /**
   * The title of `:::tip[Title]` as remarkAdmonitions reads it: the text of its label. Only plain
   * text is read alike (the plugin keeps the text of the label's own text nodes only).
   */
  private admonitionTitle(label: string): string {
    const tokens = this.session.parsers[this.options.format].parseInline(label, {})[0]?.children ?? [];
    if (tokens.some((t: Token) => t.type !== 'text' && t.type !== 'text_special')) throw new NotStatic('an admonition title with markup');
    this.checkText(tokens);
    return tokens.map((t: Token) => t.content).join('');
  }

  private inline(token: Token): string {
    let html = '';
    const after: string[] = [];
    for (const child of token.children ?? []) {
      switch (child.type) {
        case 'text':
        case 'text_special':
          html += escapeHtml(child.content);
          break;
        case 'code_inline':
          html += `<code>${escapeHtml(child.content)}</code>`;
          break;
        case 'softbreak':
          html += '\n';
          break;
        case 'hardbreak':
          html += '<br/>\n';
          break;
        case 'em_open':
        case 'strong_open':
          html += `<${child.tag}>`;
          break;
        case 'em_close':
        case 'strong_close':
          html += `</${child.tag}>`;
          break;
        case 'link_open': {
          const { element } = this.links.get(child)!;
          const title = element.properties.title;
          const shell = this.session.shells.link(String(element.properties.href), title === undefined ? undefined : String(title));
          if (!shell) throw new NotStatic('a link holding the slot marker');
          html += shell[0];
          after.push(shell[1]);
          break;
        }
        case 'link_close':
          html += after.pop();
          break;
        case 'image':
          html += this.session.shells.image(this.images.get(child)!.properties as Record<string, string | number>);
          break;
        default:
          throw new NotStatic(`inline content of type ${child.type}`);
      }
    }
    return html;
  }

  // -------------------------------------------------------------------------------------------
  // The markdown view

  /**
   * The page's markdown view, made by markdownView.ts from a tree that holds what it reads of each
   * block: its type and place, and the site links and definitions whose URLs it patches (and the
   * admonitions it rebuilds). A block it would rebuild from its content, which that tree does not
   * hold, leaves the page to the MDX path.
   */
  private markdownView(markUrls: boolean): string {
    const blocks = this.viewBlocks(0, this.tokens.length);
    // The view copies blocks that start a line as they are written and rebuilds the others.
    // So are the blocks inside an admonition, which the view rebuilds as a quote.
    const copied = (nodes: ViewNode[]): boolean => nodes.every((node) => node.position?.start.column === 1 && (node.type !== 'mdxJsxFlowElement' || copied(node.children ?? [])));
    if (!copied(blocks)) throw new NotStatic('a block the markdown view rebuilds');
    const tree = { type: 'root', children: blocks } as unknown as MdastRoot;
    const readable = readableTree(tree, this.text, markUrls);
    if (holdsPartialNode(readable)) throw new NotStatic('a block the markdown view rebuilds');
    return toMarkdown(readable, { ...MARKDOWN_STYLE, extensions: [gfmToMarkdown()] });
  }

  private viewBlocks(from: number, to: number): ViewNode[] {
    const out: ViewNode[] = [];
    for (let i = from; i < to; i++) {
      const token = this.tokens[i]!;
      const close = token.nesting === 1 ? this.closing[i]! : i;
      const node = this.viewBlock(token, i, close);
      if (node) out.push(node);
      i = close;
    }
    return out;
  }

  private viewBlock(token: Token, index: number, close: number): ViewNode | null {
    const type = VIEW_TYPES[token.type];
    if (!type || !token.map) return null;
    const position = this.lines.blockSpan(token.map[0], token.map[1], token.type === 'fence' && !this.closedFence(token));
    if (type === 'mdxJsxFlowElement') {
      const params = admonitionParams(token.info)!;
      const title = params.title === null ? '' : this.admonitionTitle(params.title);
      const attributes = [{ type: 'mdxJsxAttribute', name: 'type', value: params.type }, ...(title ? [{ type: 'mdxJsxAttribute', name: 'title', value: title }] : [])];
      return { type, name: 'Admonition', attributes, position, children: this.viewBlocks(index + 1, close), partial: true };
    }
    if (type === 'definition') {
      const { url, key } = token.meta as unknown as DefinitionMeta;
      return { type, url: this.definitions.get(key ?? '')?.url ?? url ?? '', position, partial: true };
    }
    const node: ViewNode = { type, position, children: [], partial: true };
    if (type === 'heading') node.depth = Number(token.tag.slice(1));
    for (let i = index; i <= close; i++) {
      const inner = this.tokens[i]!;
      if (inner.type === 'inline') node.children!.push(...this.viewLinks(inner.children ?? []));
      else if (i > index && (inner.type === 'definition' || inner.type === ADMONITION_OPEN)) {
        const nested = this.viewBlock(inner, i, inner.nesting === 1 ? this.closing[i]! : i);
        if (nested) node.children!.push(nested);
      }
    }
    return node;
  }

  /** Whether a fence ends with a closing line (markdown-it's token does not say). */
  private closedFence(token: Token): boolean {
    if (token.map![1] - token.map![0] < 2) return false;
    const last = this.lines.line(token.map![1] - 1).trim();
    return last.startsWith(token.markup) && last.replaceAll(token.markup[0]!, '').trim() === '' && /^[`~]+$/.test(last);
  }

  /** The inline links and images of a run whose URL is a site path: those the view patches. */
  private viewLinks(children: Token[]): ViewNode[] {
    const out: ViewNode[] = [];
    for (const token of children) {
      let url: string | null = null;
      if (token.type === 'link_open') url = this.links.get(token)?.node?.url ?? null;
      else if (token.type === 'image' && (token.meta as { source?: LinkSource } | null)?.source?.inline) url = attribute(token, 'src');
      if (url === null || !url.startsWith('/') || url.startsWith('//')) continue;
      const span = this.spans.get(token);
      out.push({ type: token.type === 'image' ? 'image' : 'link', url, ...(span ? { position: span } : {}), children: [], partial: true });
    }
    return out;
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

function holdsPartialNode(node: { partial?: boolean; children?: unknown[] }): boolean {
  if (node.partial) return true;
  return (node.children ?? []).some((child) => holdsPartialNode(child as { partial?: boolean; children?: unknown[] }));
}

// ---------------------------------------------------------------------------------------------
// Helpers

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

/** Children on lines of their own, as mdast-util-to-hast wraps block quotes and lists. */
function wrap(children: string[]): string {
  return children.length === 0 ? '\n' : `\n${children.join('\n')}\n`;
}

/** A list item's content as mdast-util-to-hast lays it out (tight paragraphs lose their `<p>`). */
function listItem(children: Block[]): string {
  const loose = children.some((child) => child.paragraph && !child.paragraph.hidden);
  let html = '';
  children.forEach((child, i) => {
    if (loose || i !== 0 || !child.paragraph) html += '\n';
    html += child.paragraph && !loose ? child.paragraph.inner : child.html;
  });
  const tail = children[children.length - 1];
  if (tail && (loose || !tail.paragraph)) html += '\n';
  return html;
}

/** The properties mdast-util-to-hast gives a link: its URL normalised, its title when it has one. */
function linkProperties(url: string, title: string | null): Element['properties'] {
  return title === null ? { href: normalizeUri(url) } : { href: normalizeUri(url), title };
}

/** The text of a heading's content, as hast-util-to-string reads the element (image alts are no text). */
function textOf(tokens: Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'text_special' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
  }
  return text;
}

/** The alt text of an image, as mdast reads its label: text, code and the alts of images in it. */
function altOf(tokens: Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'text_special' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak') text += '\n';
    else if (token.type === 'image') text += altOf(token.children ?? []);
  }
  return text;
}

/**
 * GFM syntax markdown-it does not have (strikethrough, autolink literals, footnote calls, task list
 * items) and directives (`:name`), in a run of text.
 */
const GFM_OR_DIRECTIVE = /~|www\.|:\/\/|[\w.+-]@|\[\^|\[[ xX]\]|:[^\s\p{P}\p{S}]/iu;

/**
 * An emphasis delimiter markdown-it left as text: the two parsers pair runs of `*` and `_`
 * differently in places (`***a*b c*d***`), and where one leaves a delimiter unpaired the other
 * may have paired it. Only `_` inside a word is text in both.
 */
const LEFT_DELIMITER = /\*|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u;

/** A line that may be a GFM table's delimiter row: cells of dashes with optional colons, and a pipe. */
const DELIMITER_ROW = /^(?=[^|]*\|)[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)*(?:[ \t]*:?-+:?[ \t]*)?\|?[ \t]*$/;

/** Text and attribute values escaped as React writes them. */
function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
