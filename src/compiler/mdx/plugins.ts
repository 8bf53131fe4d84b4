/**
 * The remark and rehype plugins of the MDX pipeline. Each one is a pure tree transform; what
 * they learn (headings, links, warnings) is written into the `CompileState` passed in.
 */
import GithubSlugger from 'github-slugger';
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Root as MdastRoot, RootContent as MdastContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { Program } from 'estree';
import type { Position } from 'unist';
import type { VFile } from 'vfile';
import type { TocItem } from '../../shared/types.js';
import { contentUrl, encodeRoute, isExternalUrl, routeOfUrlPath, splitHash, stripBase, withBase, withoutTrailingSlash } from '../../shared/paths.js';
import { collectAnchors } from './anchors.js';
import { collectLinkPlaces, type LinkPlace } from './linkPlaces.js';
import { parseCodeMeta } from './codeMeta.js';
import { markCode } from './magicComments.js';
import { DEFAULT_RENDERING, type PageFeature, type RenderingSettings } from './rendering.js';
import { isLiveFence, LIVE_CODE_COMPONENT } from './liveCode.js';
import { freeNames, patternNames, type FreeName } from './freeNames.js';
import { PLAIN_LANGUAGES, type CodeHighlighter } from './highlighter.js';
import { PARTIAL_HEADING } from './partials.js';
import { ADMONITION_TYPES } from './preprocess.js';
import { eachNode, SKIP, walk, type TreeNode, type WalkResult } from './walk.js';

export interface CompileWarning {
  code: 'BROKEN_MARKDOWN_LINK' | 'UNKNOWN_LANGUAGE' | 'INVALID_MATH' | 'MDX1_EXPRESSION_AS_TEXT';
  message: string;
  line?: number;
  column?: number;
}

export interface UnknownComponent {
  name: string;
  line?: number;
  column?: number;
}

/** An image file found for a relative source, as the page should point at it. */
export interface ResolvedImage {
  url: string;
  width?: number;
  height?: number;
  /** Resized copies, as a `srcset` (see imageVariants.ts), with the `sizes` the image is shown at. */
  srcSet?: string;
  sizes?: string;
}

/** A relative image source that names no file. */
export interface MissingImage {
  src: string;
  line?: number;
  column?: number;
}

/** Mutable record of one compilation, filled by the plugins. */
export interface CompileState {
  customIds: Map<number, string>;
  toc: TocItem[];
  headingIds: string[];
  /** Every element id and `<a name>` of the content, or null when only the rendered page knows them (see anchors.ts). */
  anchors: string[] | null;
  h1: string | null;
  warnings: CompileWarning[];
  unknownComponents: UnknownComponent[];
  missingImages: MissingImage[];
  /** Names read by expressions that nothing defines. */
  unknownNames: FreeName[];
  /** Names of DOCUSAURUS_SCOPE the content reads without defining them: the module exports them. */
  scopeNames: Set<string>;
  /** Relative markdown links seen, with what they resolved to (null = unresolved). */
  markdownLinks: Record<string, string | null>;
  /** What the page needs besides its module (math, diagrams). */
  features: Set<PageFeature>;
  /** Where each link of the content is (see linkPlaces.ts). */
  linkPlaces: LinkPlace[];
}

/** The record of a compilation before any plugin has run. */
export function newCompileState(customIds: Map<number, string>): CompileState {
  return {
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
}

export interface PluginOptions {
  state: CompileState;
  tocLevels: { min: number; max: number };
  highlighter: CodeHighlighter;
  knownComponents: ReadonlySet<string>;
  /**
   * Resolves a link to a .md/.mdx file (its path, decoded, without query or #hash: "./a.md",
   * "guides/b.mdx", "/cli/c.md", "@site/docs/d.md") to the route of that file, or null.
   */
  resolveMarkdownLink: (target: string) => string | null;
  /** When set, same-page "#x" links are rewritten to "<hashLinkBase>#x" (excerpts shown elsewhere); a route. */
  hashLinkBase?: string | null;
  /** The site's base URL ("/" unless the site lives under a path): content links get it in front. */
  baseUrl?: string;
  /**
   * Finds the image a relative source names (path relative to the page's folder, decoded, without
   * query or hash), or null when there is no such file. Without it, relative sources stay as written.
   */
  resolveImage?: (relativePath: string) => ResolvedImage | null;
  /** Magic comments, math and diagrams (see rendering.ts); DEFAULT_RENDERING without it. */
  rendering?: RenderingSettings;
}

const attr = (name: string, value: string): MdxJsxAttribute => ({ type: 'mdxJsxAttribute', name, value });

/** Walks an mdast tree with the plugins' own walker (see walk.ts). */
const walkMdast = (tree: MdastRoot, visitor: (node: MdastContent, index: number, parent: { children: MdastContent[] }) => WalkResult) =>
  walk(tree as TreeNode as MdastContent, visitor as (node: MdastContent, index: number, parent: MdastContent) => WalkResult);

/** Walks a hast tree with the plugins' own walker (see walk.ts). */
const walkHast = (tree: HastRoot, visitor: (node: HastContent, index: number, parent: { children: HastContent[] }) => WalkResult) =>
  walk(tree as TreeNode as HastContent, visitor as (node: HastContent, index: number, parent: HastContent) => WalkResult);

/** The text of a directive's label, emphasis and links included (`:::tip[**Very** important]` → "Very important"). */
function labelText(nodes: readonly MdastContent[]): string {
  return nodes.map((node) => ('value' in node && typeof node.value === 'string' ? node.value : 'children' in node ? labelText(node.children as MdastContent[]) : '')).join('');
}

/**
 * `:::tip[Title]` container directives become <Admonition type="tip" title="Title">; admonitions
 * may be nested (`::::note` around `:::tip`).
 */
export function remarkAdmonitions() {
  return (tree: MdastRoot) => {
    walkMdast(tree, (node, index, parent) => {
      if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
      const directive = node as ContainerDirective | LeafDirective | TextDirective;
      if (directive.type === 'containerDirective' && ADMONITION_TYPES.includes(directive.name)) {
        let title: string | null = null;
        const children = directive.children.filter((child) => {
          if (child.type === 'paragraph' && (child.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
            title = labelText(child.children);
            return false;
          }
          return true;
        });
        const element: MdxJsxFlowElement = {
          type: 'mdxJsxFlowElement',
          name: 'Admonition',
          attributes: [attr('type', directive.name), ...(title ? [attr('title', title)] : [])],
          children: children as MdxJsxFlowElement['children'],
          position: directive.position,
        };
        parent.children.splice(index, 1, element as never);
        // Visit the admonition again, so directives inside it are turned too.
        return index;
      }
      // Anything else that only looks like a directive ("12:30", "a:b") is put back as text.
      const text = `${directive.type === 'textDirective' ? ':' : directive.type === 'leafDirective' ? '::' : ':::'}${directive.name}`;
      const replacement =
        directive.type === 'textDirective'
          ? [{ type: 'text', value: text }, ...directive.children]
          : [{ type: 'paragraph', children: [{ type: 'text', value: text }] }, ...directive.children];
      parent.children.splice(index, 1, ...(replacement as never[]));
      return index;
    });
  };
}

/**
 * `<details>` written as JSX in MDX renders as the theme's details box, as it does in markdown.
 * MDX keeps tags written as JSX away from the page's components (`<h1>` stays an h1), so the
 * element is marked as if markdown had made it. Its `<summary>` stays as written, but for the
 * paragraph MDX makes of a summary written over several lines: the summary is one line of text.
 */
export function remarkThemeDetails() {
  return (tree: MdastRoot) => {
    walkMdast(tree, (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'details') {
        // The flag @mdx-js/mdx sets on nodes written as JSX (its lib/types.d.ts registers it).
        ((node.data ??= {}) as { _mdxExplicitJsx?: boolean })._mdxExplicitJsx = false;
      } else if (node.type === 'mdxJsxFlowElement' && node.name === 'summary' && node.children.length === 1 && node.children[0]!.type === 'paragraph') {
        node.children = node.children[0].children as never;
      }
    });
  };
}

/** The path of a link to a .md/.mdx file and what follows it ("?query#hash"), or null for any other link. */
export function markdownLinkParts(url: string): { path: string; rest: string } | null {
  if (isExternalUrl(url) || url.startsWith('#')) return null;
  const end = url.search(/[?#]/);
  const [path, rest] = end === -1 ? [url, ''] : [url.slice(0, end), url.slice(end)];
  return /\.mdx?$/.test(path) ? { path, rest } : null;
}

/**
 * Rewrites links and link reference definitions (`[ref]: ./a.md`) that name a .md/.mdx file into
 * the URLs of their routes (base URL included), keeping their query and #hash. As in Docusaurus,
 * the file is named relative to the page ("./a.md", "../b.md"), relative to the page or to its
 * content root ("guides/c.md"), or from the content root or the site ("/cli/d.md", "@site/docs/e.md");
 * see linkResolver.ts. Unresolved ones are warned about and left as written.
 */
export function remarkMarkdownLinks(options: PluginOptions) {
  const baseUrl = options.baseUrl ?? '/';
  return (tree: MdastRoot) => {
    walkMdast(tree, (node) => {
      if (node.type !== 'link' && node.type !== 'definition') return;
      if (options.hashLinkBase && node.url.startsWith('#')) {
        node.url = `${withBase(baseUrl, encodeRoute(options.hashLinkBase))}${node.url}`;
        return;
      }
      const parts = markdownLinkParts(node.url);
      if (!parts) {
        fixRouteCase(node, options, baseUrl);
        return;
      }
      // A link that is not a well-formed URL path (a stray "%") resolves to nothing and is warned about.
      const file = routeOfUrlPath(parts.path);
      const route = file === null ? null : options.resolveMarkdownLink(file);
      options.state.markdownLinks[parts.path] = route;
      if (route) {
        // Routes are decoded ("/docs/a#b"); the link is their URL form ("/docs/a%23b"), under the base URL.
        node.url = `${withBase(baseUrl, encodeRoute(route))}${parts.rest}`;
      } else {
        options.state.warnings.push({
          code: 'BROKEN_MARKDOWN_LINK',
          message: `markdown link "${node.url}" does not point at a doc, post or page`,
          line: node.position?.start.line,
          column: node.position?.start.column,
        });
      }
    });
  };
}

/**
 * A link to a site path that differs from a route only in letter case ("/docs/refine/introduction"
 * for "/docs/refine/Introduction") is written with the route's case: Docusaurus's router matches
 * routes whatever their case, so such links work there, and here they work on any host. A
 * trailing slash goes, as the site's pages have none.
 */
function fixRouteCase(node: { url: string }, options: PluginOptions, baseUrl: string): void {
  if (!node.url.startsWith('/') || node.url.startsWith('//')) return;
  const { path: urlPath, hash } = splitHash(node.url);
  const query = urlPath.indexOf('?');
  const pathPart = stripBase(baseUrl, query === -1 ? urlPath : urlPath.slice(0, query));
  const routePath = routeOfUrlPath(pathPart);
  if (routePath === null || routePath === '/') return;
  const route = options.resolveMarkdownLink(routePath.replace(/\/+$/, ''));
  const rest = `${query === -1 ? '' : urlPath.slice(query)}${hash ? `#${hash}` : ''}`;
  if (route) node.url = `${withBase(baseUrl, encodeRoute(route))}${rest}`;
  // "/docs/x/", as Docusaurus content writes links: the page "/docs/x", which has no trailing slash here.
  else if (pathPart.endsWith('/')) node.url = withoutTrailingSlash(node.url, baseUrl);
}

/** Names the file's imports and exports define; they only stand at the top level of an MDX document. */
function moduleNames(tree: MdastRoot): Set<string> {
  const local = new Set<string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = (node.data as { estree?: Program } | undefined)?.estree;
    for (const statement of program?.body ?? []) {
      if (statement.type === 'ImportDeclaration') {
        for (const spec of statement.specifiers) local.add(spec.local.name);
      } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
        const d = statement.declaration;
        if ((d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id) local.add(d.id.name);
        if (d.type === 'VariableDeclaration') for (const v of d.declarations) patternNames(v.id, local);
      }
    }
  }
  return local;
}

/** Collects JSX component names that neither the theme nor the file itself provides. */
export function remarkCheckComponents(options: PluginOptions) {
  return (tree: MdastRoot) => {
    const local = moduleNames(tree);
    walkMdast(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const name = (node as MdxJsxFlowElement).name;
      if (!name) return;
      const base = name.split('.')[0]!;
      if (!/^[A-Z]/.test(base) && !name.includes('.')) return;
      if (local.has(base) || options.knownComponents.has(base)) return;
      options.state.unknownComponents.push({
        name,
        line: node.position?.start.line,
        column: node.position?.start.column,
      });
    });
  };
}

/** Collects names that MDX expressions (`{x}`, `<A b={x} />`) read but nothing defines (see freeNames.ts). */
/**
 * What MDX written for Docusaurus may read without defining it, as Docusaurus's loader exports it
 * from every page's module: its front matter, its table of contents (for `<TOCInline toc={toc} />`)
 * and the text of its h1.
 */
export const DOCUSAURUS_SCOPE: ReadonlySet<string> = new Set(['frontMatter', 'toc', 'contentTitle']);

export function remarkCheckExpressions(options: PluginOptions) {
  return (tree: MdastRoot) => {
    const local = moduleNames(tree);
    const check = (program: Program | undefined, position: { start: { line: number; column: number } } | undefined) => {
      if (!program) return;
      for (const free of freeNames(program, local)) {
        if (DOCUSAURUS_SCOPE.has(free.name)) {
          options.state.scopeNames.add(free.name);
          continue;
        }
        options.state.unknownNames.push({ name: free.name, line: free.line ?? position?.start.line, column: free.column ?? position?.start.column });
      }
    };
    walkMdast(tree, (node) => {
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        check((node.data as { estree?: Program } | undefined)?.estree, node.position);
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const attribute of (node as MdxJsxFlowElement).attributes) {
          const value = attribute.type === 'mdxJsxExpressionAttribute' ? attribute : attribute.value;
          if (typeof value === 'object' && value !== null) check((value.data as { estree?: Program } | undefined)?.estree, node.position);
        }
      }
    });
  };
}

/**
 * Exports the DOCUSAURUS_SCOPE names the content reads (see remarkCheckExpressions), so its
 * expressions find them in the module: `frontMatter` as written, `toc` as Docusaurus shapes it
 * (`{ value, id, level }` for every heading from h2 down) and `contentTitle`. Runs after the
 * headings have their ids.
 */
export function rehypeScopeExports(options: PluginOptions & { frontMatter: Record<string, unknown> | null; parseModule: (code: string) => Program }) {
  return (tree: HastRoot) => {
    const { scopeNames, toc, h1 } = options.state;
    if (scopeNames.size === 0) return;
    const values: Record<string, unknown> = {
      frontMatter: options.frontMatter ?? {},
      toc: toc.filter((item) => item.level >= 2).map((item) => ({ value: item.text, id: item.id, level: item.level })),
      contentTitle: h1 ?? undefined,
    };
    const code = [...scopeNames].map((name) => `export const ${name} = ${JSON.stringify(values[name]) ?? 'undefined'};`).join('\n');
    tree.children.unshift({ type: 'mdxjsEsm', value: code, data: { estree: options.parseModule(code) } } as never);
  };
}

/** Gives headings GitHub-style ids (or their explicit {#id}) and builds the table of contents. */
export function rehypeHeadings(options: PluginOptions) {
  return (tree: HastRoot) => {
    const slugger = new GithubSlugger();
    // Reserve explicit ids first so generated ones never collide with them.
    for (const id of options.state.customIds.values()) slugger.slug(id);
    let firstHeading = true;
    walkHast(tree, (node) => {
      if (node.type !== 'element') return;
      const level = /^h([1-6])$/.exec(node.tagName)?.[1];
      if (!level) return;
      const text = hastToString(node).trim();
      const line = node.position?.start.line;
      const custom = line !== undefined ? options.state.customIds.get(line) : undefined;
      // A partial's heading has its id already, from the partial's own slugger (see partials.ts).
      const fromPartial = node.properties?.[PARTIAL_HEADING] !== undefined;
      if (fromPartial) delete node.properties[PARTIAL_HEADING];
      const id = fromPartial ? String(node.properties.id) : (custom ?? slugger.slug(text));
      node.properties = { ...node.properties, id };
      options.state.headingIds.push(id);
      const depth = Number(level);
      // The page's title is its first heading when that is an h1, as Docusaurus's contentTitle;
      // a partial's headings are not the page's (Docusaurus compiles a partial on its own).
      if (!fromPartial && firstHeading && depth === 1) options.state.h1 = text;
      if (!fromPartial) firstHeading = false;
      if (depth >= options.tocLevels.min && depth <= options.tocLevels.max) {
        options.state.toc.push({ id, text, level: depth });
      }
    });
  };
}

/** True for an image source that names a file beside the page, rather than a URL or a path under the site. */
export function isRelativeSource(src: string): boolean {
  return src !== '' && !isExternalUrl(src) && !src.startsWith('/') && !src.startsWith('#');
}

/** "./img/a%20b.png?x#y" → "./img/a b.png". */
export function sourcePath(src: string): string {
  const bare = src.replace(/[?#].*$/, '');
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

/**
 * Points images at their files: markdown images, `<img>` written in MDX and `<img>` elements from
 * raw HTML. A relative source is resolved from the page's folder (a missing file is recorded in
 * `state.missingImages`); it gets the file's URL and, unless the author set a size, its width and
 * height, so the page does not shift as images load. Every image loads lazily and decodes off the
 * main thread unless it says otherwise. A raster image gets its resized copies as a `srcset`
 * with `sizes` (see imageVariants.ts), unless the author wrote a srcset. Other sources (URLs, "/img/x.png" from static/, JSX
 * expressions such as `require('./x.png').default`) are left as written.
 */
export function rehypeImages(options: PluginOptions) {
  const place = (
    src: unknown,
    has: (name: string) => boolean,
    set: (name: string, value: string | number) => void,
    node: { position?: { start: { line: number; column: number } } },
  ) => {
    if (!has('loading')) set('loading', 'lazy');
    if (!has('decoding')) set('decoding', 'async');
    if (typeof src !== 'string' || !isRelativeSource(src) || !options.resolveImage) return;
    const image = options.resolveImage(sourcePath(src));
    if (!image) {
      options.state.missingImages.push({ src, line: node.position?.start.line, column: node.position?.start.column });
      return;
    }
    set('src', image.url);
    if (!has('width') && !has('height') && image.width && image.height) {
      set('width', image.width);
      set('height', image.height);
    }
    // The author's own srcset stays; else the copies, shown no wider than the image's width.
    if (image.srcSet && !has('srcSet') && !has('srcset')) {
      set('srcSet', image.srcSet);
      if (!has('sizes')) set('sizes', image.sizes!);
    }
  };
  return (tree: HastRoot) => {
    walkHast(tree, (node) => {
      if (node.type === 'element' && node.tagName === 'img') {
        const properties = (node.properties ??= {});
        place(properties.src, (name) => properties[name] != null, (name, value) => (properties[name] = value), node);
      } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'img') {
        const attributes = node.attributes;
        const attribute = (name: string) => attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
        place(
          attribute('src')?.value,
          (name) => attribute(name) !== undefined,
          (name, value) => {
            const existing = attribute(name);
            if (existing) existing.value = String(value);
            else attributes.push(attr(name, String(value)));
          },
          node,
        );
      }
    });
  };
}

/** Attributes holding a URL the browser follows or loads, on HTML elements written in content. */
const URL_ATTRIBUTES = ['href', 'src', 'poster'];

/**
 * Puts the site's base URL in front of the absolute paths content writes ("/docs/x", "/img/a.png")
 * in links and sources: markdown links and images, raw HTML in markdown, and HTML elements in MDX
 * (`<a href="/blog">`, `<img src="/img/a.png">`) whose attribute is a literal string. A path that
 * already starts with the base URL is left alone, as Docusaurus does (see contentUrl); components
 * (`<Link to>`) add the base URL themselves. Nothing to do, and nothing walked, when the base URL is "/".
 */
export function rehypeBaseUrl(options: PluginOptions) {
  const baseUrl = options.baseUrl ?? '/';
  return (tree: HastRoot) => {
    if (baseUrl === '/') return;
    walkHast(tree, (node) => {
      if (node.type === 'element') {
        const properties = node.properties ?? {};
        for (const name of URL_ATTRIBUTES) {
          const value = properties[name];
          if (typeof value === 'string') properties[name] = contentUrl(baseUrl, value);
        }
      } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^[a-z]/.test(node.name) && !node.name.includes('.')) {
        for (const attribute of node.attributes) {
          if (attribute.type === 'mdxJsxAttribute' && URL_ATTRIBUTES.includes(attribute.name) && typeof attribute.value === 'string') {
            attribute.value = contentUrl(baseUrl, attribute.value);
          }
        }
      }
    });
  };
}

/**
 * Parses the raw HTML of a markdown file into elements with rehype-raw; the JSX elements the remark
 * plugins made (admonitions) pass through. A page without raw HTML is left as it is: the pass
 * rebuilds the whole tree, about 1.5 ms a page. rehype-raw drops the `data` of every element, so
 * a fence's meta (```js title="a.js" {1}) is first moved into a `dataMeta` property.
 *
 * Raw HTML without a place in the page (a partial's, whose places are in another file, or a
 * plugin's) gives elements without one: rehype-raw would place them by counting on from the last
 * place it was given, at lines of the page that hold something else.
 */
export function rehypeRawHtml(options: { rehypeRaw: (options: { passThrough: string[] }) => (tree: HastRoot, file: VFile) => HastRoot; passThrough: string[] }) {
  const parse = options.rehypeRaw({ passThrough: options.passThrough });
  return (tree: HastRoot, file: VFile) => {
    const unplaced: HastContent[] = [];
    let hasRaw = false;
    walkHast(tree, (node) => {
      if (node.type !== 'raw') return;
      hasRaw = true;
      if (!node.position) unplaced.push(node);
    });
    if (!hasRaw) return tree;
    walkHast(tree, (node) => {
      if (node.type !== 'element' || node.tagName !== 'code') return;
      const meta = (node.data as { meta?: string | null } | undefined)?.meta;
      if (meta) node.properties = { ...node.properties, dataMeta: meta };
    });
    for (const node of unplaced) node.position = { start: { line: UNPLACED_LINE, column: 1, offset: 0 }, end: { line: UNPLACED_LINE, column: 1, offset: 0 } };
    const parsed = parse(tree, file);
    if (unplaced.length > 0) {
      eachNode(parsed as TreeNode, (node: TreeNode & { position?: Position }) => {
        if (node.position && ((node.position.start?.line ?? 0) >= UNPLACED_LINE || (node.position.end?.line ?? 0) >= UNPLACED_LINE)) delete node.position;
      });
    }
    return parsed;
  };
}

/** A line no page reaches: where raw HTML without a place is parsed from, to tell its elements apart. */
const UNPLACED_LINE = 1_000_000_000;

/**
 * Loads the grammars of the code blocks the page's text did not show as fences before
 * rehypeCodeBlocks highlights them: code a remark plugin made, or a `<CodeBlock>` element (see
 * codeBlockElements.ts). Without it, such a block would be highlighted only when another page had
 * loaded its grammar first.
 */
export function rehypeCodeLanguages(options: PluginOptions) {
  return async (tree: HastRoot) => {
    const languages = new Set<string>();
    walkHast(tree, (node) => {
      if (node.type !== 'element' || node.tagName !== 'pre') return;
      for (const code of node.children) {
        if (code.type !== 'element' || code.tagName !== 'code') continue;
        const language = ((code.properties?.className as string[] | undefined) ?? []).find((c) => c.startsWith('language-'))?.slice('language-'.length);
        if (language && !PLAIN_LANGUAGES.has(language.toLowerCase()) && !options.highlighter.resolveLanguage(language)) languages.add(language);
      }
      return SKIP;
    });
    if (languages.size > 0) await options.highlighter.ensureLanguages(languages);
  };
}

/** Highlights fenced code at build time (light and dark palettes at once) and wraps it in <CodeBlock>. */
export function rehypeCodeBlocks(options: PluginOptions) {
  const { toHtml, resolveLanguage } = options.highlighter;
  return (tree: HastRoot) => {
    walkHast(tree, (node, index, parent) => {
      // `<CodeBlock live>` written in MDX is a live block too, as with Docusaurus's live-codeblock theme.
      if (node.type === 'mdxJsxFlowElement' && node.name === 'CodeBlock' && node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'live')) {
        options.state.features.add('liveCode');
        node.name = LIVE_CODE_COMPONENT;
        node.attributes = node.attributes.filter((a) => !(a.type === 'mdxJsxAttribute' && a.name === 'live'));
        return SKIP;
      }
      if (node.type !== 'element' || node.tagName !== 'pre') return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const classes = (code.properties?.className as string[] | undefined) ?? [];
      const requested = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      const rawMeta = (code.data as { meta?: string } | undefined)?.meta ?? (code.properties?.dataMeta as string | undefined);
      const meta = parseCodeMeta(rawMeta);
      const source = hastToString(code).replace(/\n$/, '');
      if (isLiveFence(rawMeta)) {
        // An editor whose code runs in the page (see liveCode.ts): not highlighted here.
        options.state.features.add('liveCode');
        const attributes = [attr('code', source), attr('language', requested || 'jsx'), ...(meta.title ? [attr('title', meta.title)] : [])];
        parent.children[index] = { type: 'mdxJsxFlowElement', name: LIVE_CODE_COMPONENT, attributes, children: [], position: node.position } as never;
        return SKIP;
      }
      const lang = PLAIN_LANGUAGES.has(requested.toLowerCase()) ? null : resolveLanguage(requested);
      if (requested && !PLAIN_LANGUAGES.has(requested.toLowerCase()) && !lang) {
        options.state.warnings.push({
          code: 'UNKNOWN_LANGUAGE',
          message: `code block language "${requested}" is not supported; shown as plain text`,
          line: node.position?.start.line,
          column: node.position?.start.column,
        });
      }
      const marked = markCode(source, requested || 'text', meta.highlightLines, (options.rendering ?? DEFAULT_RENDERING).magicComments);
      const html = toHtml(marked.code, lang, marked.lineClasses, marked.blockClasses);
      const attributes = [attr('language', requested || 'text'), attr('html', html)];
      if (meta.title) attributes.push(attr('title', meta.title));
      if (meta.showLineNumbers) attributes.push(attr('showLineNumbers', String(meta.firstLineNumber)));
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'CodeBlock',
        attributes,
        children: [],
        position: node.position,
      } as never;
      return SKIP;
    });
  };
}

/** Records the page's link targets (see anchors.ts) and where its links are (see linkPlaces.ts); runs last, on the tree as it will render. */
export function rehypeAnchors(options: PluginOptions) {
  return (tree: HastRoot) => {
    options.state.anchors = collectAnchors(tree);
    options.state.linkPlaces = collectLinkPlaces(tree);
  };
}
