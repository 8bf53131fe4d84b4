import type { PluggableList } from 'unified';
import { rehypeLiveCodeImport } from './liveCode.js';
import type { Root as MdastRoot } from 'mdast';
import { Parser } from 'acorn';
import type { Program } from 'estree';
import type { VFileMessage } from 'vfile-message';
import { SiteError, codeFrame } from '../../errors.js';
import { isExternalUrl, withBase } from '../../shared/paths.js';
import type { TocItem } from '../../shared/types.js';
import { fenceLanguages, type CodeHighlighter } from './highlighter.js';
import { usesJsx } from './jsxUsage.js';
import {
  isRelativeSource,
  rehypeAnchors,
  rehypeBaseUrl,
  rehypeCodeBlocks,
  rehypeCodeLanguages,
  rehypeHeadings,
  rehypeImages,
  rehypeRawHtml,
  rehypeScopeExports,
  remarkAdmonitions,
  remarkCheckComponents,
  remarkCheckExpressions,
  remarkMarkdownLinks,
  remarkThemeDetails,
  newCompileState,
  type CompileState,
  type CompileWarning,
  type PluginOptions,
  type ResolvedImage,
  sourcePath,
} from './plugins.js';
import type { LinkPlace } from './linkPlaces.js';
import { deepestLine, findDeepNesting, isStackOverflow, nestingError } from './nesting.js';
import { elementDepthError, findDeepElementInMarkdown, rehypeElementDepth, type RawHtmlParser } from './elementDepth.js';
import { DEFAULT_MDX1_COMPAT, type Mdx1Compat } from '../../config/mdx1Compat.js';
import { remarkRemoveContentTitle } from './contentTitle.js';
import { remarkPartials, type ParsedPartial, type PartialFile, type PartialOptions } from './partials.js';
import { readAsMdx1, remarkIndentedCode, remarkJsxBlockText, type Mdx1Reading } from './mdx1Syntax.js';
import { errorPlace, remarkSourceColumns, type SourceColumn } from './sourceColumns.js';
import { withMdx1Nodes } from './mdx1Nodes.js';
import { remarkCodeBlockElements } from './codeBlockElements.js';
import { preprocess, type Preprocessed, type PreprocessOptions } from './preprocess.js';
import { remarkAlerts } from './alerts.js';
import type { PageFeature, RenderingSettings } from './rendering.js';
import { loadMathPlugins, rehypeMath } from './math.js';
import { rehypeMermaid } from './mermaid.js';
import { readableTree, SITE_URL_MARK } from './markdownView.js';
import { THEME_COMPONENT_NAMES } from '../../shared/themeComponents.js';
import type { LoadedPlugins } from '../compile/loadPlugins.js';

/**
 * The MDX compiler and its remark and rehype extensions, loaded on first use: a build whose pages
 * are all cached never needs them, and they are a large part of the CLI's start-up.
 */
let mdxLibraries:
  | Promise<
      [
        typeof import('@mdx-js/mdx'),
        typeof import('remark-gfm'),
        typeof import('remark-directive'),
        typeof import('rehype-raw'),
        typeof import('mdast-util-to-markdown'),
        typeof import('mdast-util-gfm'),
        typeof import('@slorber/remark-comment'),
      ]
    >
  | undefined;
const loadMdxLibraries = () =>
  (mdxLibraries ??= import('./editMapFix.js').then(({ installLinearEditMap }) => {
    installLinearEditMap();
    return Promise.all([
      import('@mdx-js/mdx'),
      import('remark-gfm'),
      import('remark-directive'),
      import('rehype-raw'),
      import('mdast-util-to-markdown'),
      import('mdast-util-gfm'),
      import('@slorber/remark-comment'),
    ]);
  }));

/** Components the theme passes to every MDX page; usable without an import. */
export const THEME_COMPONENTS: ReadonlySet<string> = new Set(THEME_COMPONENT_NAMES);

export interface CompileOptions {
  /** Site-relative path, used in messages. */
  file: string;
  /** Original file text, for code frames. */
  sourceText: string;
  /** 'md': CommonMark + GFM, raw HTML parsed and rendered; 'mdx': MDX 3. */
  format: 'md' | 'mdx';
  /** What is read as MDX 1 read it (markdown.mdx1Compat); Docusaurus's defaults when absent. */
  mdx1Compat?: Mdx1Compat;
  /** Take the content's title out (a blog post's, see contentTitle.ts). */
  removeContentTitle?: boolean;
  /** Finds the markdown file an import names (see partials.ts); without it, a page cannot import partials. */
  resolvePartial?: PartialOptions['resolve'];
  highlighter: CodeHighlighter;
  /** Heading levels the compiled table of contents collects (each page shows a part of it). */
  tocLevels: { min: number; max: number };
  resolveMarkdownLink: (target: string) => string | null;
  /**
   * Finds the file of a relative image source (see PluginOptions.resolveImage); without it,
   * relative images stay as written and a relative front-matter image is left out.
   */
  resolveImage?: (relativePath: string) => ResolvedImage | null;
  /** The `image` front matter, resolved like the page's images into `CompiledPage.image`. */
  image?: string | null;
  /**
   * The site's base URL ("/" when absent), put before absolute paths in the content's links and
   * images and before an `image` front matter that is a path under the site.
   */
  baseUrl?: string;
  /** The front matter, for content that reads `frontMatter` (see DOCUSAURUS_SCOPE). */
  frontMatter?: Record<string, unknown> | null;
  /** Also compile the part before the truncate marker as a separate module. */
  withExcerpt?: boolean;
  /** Route of the page: in the excerpt (shown on other pages) "#x" links become "<route>#x". */
  route?: string;
  /** Magic comments, math and diagrams (see rendering.ts); the defaults without it. */
  rendering?: RenderingSettings;
  /** The site's remark and rehype plugins that apply to the page (see compile/loadPlugins.ts). */
  plugins?: LoadedPlugins | null;
}

/** One compiled page: an ES module (react/jsx-runtime) plus what the site model needs to know. */
export interface CompiledPage {
  code: string;
  /** The code only hands HTML made at build time to the theme (see compiler/static/). */
  isStatic: boolean;
  /** The part before `<!-- truncate -->`, compiled on its own; null when there is no marker. */
  excerptCode: string | null;
  hasTruncateMarker: boolean;
  toc: TocItem[];
  headingIds: string[];
  /** Every element id and `<a name>` the content renders, or null when only the rendered page tells (see anchors.ts). */
  anchors: string[] | null;
  /** The same for the excerpt; null also when there is no excerpt. */
  excerptAnchors: string[] | null;
  h1: string | null;
  warnings: CompileWarning[];
  markdownLinks: Record<string, string | null>;
  /** Where each link of the content is written, by the href the page shows (see linkPlaces.ts). */
  linkPlaces: LinkPlace[];
  /** The `image` front matter as a URL: a path under the site or a full URL; null without one. */
  image: string | null;
  /** What the page needs besides its module: KaTeX's style sheet, the diagram runtime (sorted; mostly none). */
  features: PageFeature[];
  /**
   * Files besides its source the page was made from, by absolute path: the partials it imports,
   * nested ones included (see partials.ts). Absent or empty for none.
   */
  dependencies?: string[];
  /**
   * The page as readable markdown (see markdownView.ts), without front matter and without a title
   * line of its own; site-absolute URLs carry SITE_URL_MARK until the site's URL is known.
   */
  markdown: string;
}

/**
 * Compiles one markdown/MDX body (front matter already blanked) to a JavaScript module.
 * Throws a SiteError with file:line:column on invalid MDX, an unknown component, or nesting too deep
 * to compile (CONTENT_TOO_DEEP).
 */
export async function compileMdx(body: string, options: CompileOptions): Promise<CompiledPage> {
  const deep = findDeepNesting(body, options.format);
  if (deep) throw nestingError(options.file, options.sourceText, deep, null);
  const pre = readAsWritten(preprocess(body, preprocessOptions(options)), options);
  await options.highlighter.ensureLanguages(fenceLanguages(body));
  // Site URLs are marked for the markdown view, unless the page itself mentions the mark.
  const partials: PartialsRead = { used: new Set(), warnings: new Map() };
  const main = await compileOnce(pre, body, options, null, { markUrls: !body.includes(SITE_URL_MARK) }, partials);
  const image = frontMatterImage(options);
  let excerpt: Awaited<ReturnType<typeof compileOnce>> | null = null;
  if (options.withExcerpt && pre.truncateLine !== null) {
    const excerptText = pre.text.split('\n').slice(0, pre.truncateLine - 1).join('\n');
    excerpt = await compileOnce({ ...pre, text: excerptText }, body, options, options.route ?? null, null, partials);
  }
  main.state.warnings.push(...pre.warnings, ...[...partials.warnings.values()].flat());
  const facts = pageFacts(pre.truncateLine !== null, main, excerpt, image);
  return { isStatic: false, code: main.code, excerptCode: excerpt?.code ?? null, ...facts, ...(partials.used.size > 0 ? { dependencies: [...partials.used].sort() } : {}) };
}

/**
 * The preprocessed text, read as MDX 1 read it when markdown.mdx1Compat.syntax asks for it (see
 * mdx1Syntax.ts), with a warning at each place where MDX 3 would have read it otherwise.
 */
function readAsWritten(pre: Preprocessed, options: Pick<CompileOptions, 'format' | 'mdx1Compat'>): ReadText {
  if (!readsMdx1(options)) return { ...pre, warnings: [], sourceColumn: null, jsxBlocks: [] };
  const { text, notes, movesColumns, sourceColumn, jsxBlocks } = readAsMdx1(pre.text);
  const warnings = notes.map(
    (note): CompileWarning => ({
      code: 'MDX1_EXPRESSION_AS_TEXT',
      message: `${note.text} is shown as text, as MDX 1 (Docusaurus 2) read it; MDX 3 would evaluate it (write \\{ to keep it text without this warning)`,
      line: note.line,
      column: note.column,
    }),
  );
  return { ...pre, text, warnings, sourceColumn: movesColumns ? sourceColumn : null, jsxBlocks };
}

/** A body as MDX parses it: preprocessed, read as MDX 1 when asked, and how its columns map to the source's (null: they are the same). */
type ReadText = Preprocessed & { warnings: CompileWarning[]; sourceColumn: SourceColumn | null; jsxBlocks: Mdx1Reading['jsxBlocks'] };

const readsMdx1 = (options: Pick<CompileOptions, 'format' | 'mdx1Compat'>) => options.format === 'mdx' && (options.mdx1Compat ?? DEFAULT_MDX1_COMPAT).syntax;

/** The preprocessing markdown.mdx1Compat asks for: `{#id}` is read in markdown whatever it says, as Docusaurus does. */
export function preprocessOptions(options: Pick<CompileOptions, 'format' | 'mdx1Compat'>): PreprocessOptions {
  const compat = options.mdx1Compat ?? DEFAULT_MDX1_COMPAT;
  return { admonitions: compat.admonitions, headingIds: compat.headingIds || options.format === 'md' };
}

/** What a compiled page tells besides its code, from its main part and its excerpt; the fast path gives the same. */
export function pageFacts(
  hasTruncateMarker: boolean,
  main: { state: CompileState; markdown: string },
  excerpt: { state: CompileState } | null,
  image: string | null,
): Omit<CompiledPage, 'isStatic' | 'code' | 'excerptCode'> {
  const { toc, headingIds, anchors, h1, warnings, markdownLinks, linkPlaces } = main.state;
  // An excerpt shown on a list page needs what it holds.
  const features = [...new Set([...main.state.features, ...(excerpt?.state.features ?? [])])].sort();
  return { hasTruncateMarker, toc, headingIds, anchors, excerptAnchors: excerpt?.state.anchors ?? null, h1, warnings, markdownLinks, linkPlaces, image, markdown: main.markdown, features };
}

/** The `image` front matter as a URL: a file beside the page (which must exist), a path under the site, or a URL. */
export function frontMatterImage(options: Pick<CompileOptions, 'image' | 'baseUrl' | 'resolveImage' | 'sourceText' | 'file'>): string | null {
  const src = options.image;
  if (!src) return null;
  if (isExternalUrl(src)) return src;
  if (!isRelativeSource(src)) return withBase(options.baseUrl ?? '/', src);
  if (!options.resolveImage) return null;
  const image = options.resolveImage(sourcePath(src));
  if (image) return image.url;
  const lines = options.sourceText.split('\n');
  const index = lines.findIndex((line) => /^image\s*:/.test(line));
  const line = index === -1 ? undefined : index + 1;
  const column = line ? lines[index]!.indexOf(src) + 1 || 1 : undefined;
  throw missingImageError(src, options, line, column, 'the front matter "image"');
}

/** IMAGE_NOT_FOUND for an image source that names no file, at its place in the file. */
export function missingImageError(src: string, options: Pick<CompileOptions, 'file' | 'sourceText'>, line: number | undefined, column: number | undefined, what: string): SiteError {
  return new SiteError({
    code: 'IMAGE_NOT_FOUND',
    message: `${what} "${src}" names no file`,
    location: { file: options.file, line, column },
    frame: line ? codeFrame(options.sourceText, line, column) : undefined,
    hint: 'A relative image path is resolved from the folder of this file. Images shared by the whole site can go in static/ and be written as "/img/name.png".',
  });
}

/** An ES module's syntax tree, as MDX keeps the code of `export` statements. */
const parseModule = (code: string) => Parser.parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Program;

/** Options of the markdown view made during a compilation, or null for none. */
type MarkdownViewRequest = { markUrls: boolean } | null;

/** Markdown as the page views are written: dashes for bullets and rules, fenced code. */
export const MARKDOWN_STYLE = { bullet: '-', rule: '-', fences: true, listItemIndent: 'one', emphasis: '_', strong: '*' } as const;

/** Compiles `read.text` (read from `body`) to a module, and to its markdown view when asked. */
async function compileOnce(
  read: ReadText,
  body: string,
  options: CompileOptions,
  hashLinkBase: string | null,
  view: MarkdownViewRequest,
  partials: PartialsRead,
) {
  const { text, customIds, sourceColumn, jsxBlocks } = read;
  const state = newCompileState(customIds);
  const pluginOptions: PluginOptions = {
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
  const [{ compile, createProcessor, nodeTypes }, { default: remarkGfm }, { default: remarkDirective }, { default: rehypeRaw }, { toMarkdown }, { gfmToMarkdown }, { default: remarkComment }] =
    await loadMdxLibraries();
  // As Docusaurus does, `<!-- … -->` in MDX is a comment (MDX 3 itself refuses it): it shows nothing.
  const commentsIn = (format: 'md' | 'mdx'): PluggableList => (format === 'mdx' && (options.mdx1Compat ?? DEFAULT_MDX1_COMPAT).comments ? [remarkComment] : []);
  const comments = commentsIn(options.format);
  const mdx1Parsing = (format: 'md' | 'mdx'): PluggableList => (readsMdx1({ format, mdx1Compat: options.mdx1Compat }) ? [remarkIndentedCode] : []);
  const math = options.rendering?.math ? await loadMathPlugins() : null;
  const mathSyntax: PluggableList = math ? [math.remarkMath] : [];
  // Partials are parsed as the page is, each with its own format, and put into the page first (see partials.ts).
  const inlinePartials: PluggableList = options.resolvePartial
    ? [
        [
          remarkPartials,
          {
            file: options.file,
            resolve: options.resolvePartial,
            used: partials.used,
            parse: (partial: PartialFile) =>
              parsePartial(partial, createProcessor, [remarkGfm, ...commentsIn(partial.format), ...mdx1Parsing(partial.format), ...mathSyntax, remarkDirective], options, partials.warnings, {
                rehypeRaw,
                passThrough: [...nodeTypes],
              }),
          } satisfies PartialOptions,
        ],
      ]
    : [];
  // Markdown keeps its raw HTML (<a name>, <code> in headings, <br/> in tables, <details>): it is
  // parsed into elements, the JSX elements the remark plugins made (admonitions) passing through.
  // As in Docusaurus, headings written in markdown get ids and make the table of contents, and
  // headings written in HTML keep what they have; so headings are done first (their text is the
  // same: `### f() ⇒ <code>string</code>` reads "f() ⇒ string" either way). Code blocks come
  // after, so a <pre><code> written in HTML is one too, and link targets are read last.
  // An MDX page has raw HTML only from a partial read as markdown.
  const rawHtml: PluggableList = [[rehypeRawHtml, { rehypeRaw, passThrough: [...nodeTypes] }]];
  let markdown = '';
  // Runs after admonitions and markdown links were resolved, before anything turns the tree into HTML.
  const remarkMarkdownView = () => (tree: MdastRoot) => {
    if (view) markdown = toMarkdown(readableTree(tree, text, view.markUrls), { ...MARKDOWN_STYLE, extensions: [gfmToMarkdown(), ...(math ? [math.mathToMarkdown()] : [])] });
  };
  let code: string;
  try {
    const file = await compile(
      { value: text, path: options.file },
      {
        format: options.format,
        outputFormat: 'program',
        development: false,
        remarkPlugins: [
          // First, so every plugin (the site's too) sees the places the author wrote.
          ...(sourceColumn ? [[remarkSourceColumns, sourceColumn] as PluggableList[number]] : []),
          ...(jsxBlocks.length > 0 ? [[remarkJsxBlockText, jsxBlocks] as PluggableList[number]] : []),
          ...withMdx1Nodes(options.plugins?.beforeRemark ?? []),
          remarkGfm,
          ...comments,
          ...mdx1Parsing(options.format),
          ...mathSyntax,
          remarkDirective,
          ...inlinePartials,
          ...(options.removeContentTitle ? [remarkRemoveContentTitle] : []),
          remarkAdmonitions,
          remarkAlerts,
          remarkThemeDetails,
          [remarkMarkdownLinks, pluginOptions],
          [remarkCheckComponents, pluginOptions],
          [remarkCheckExpressions, pluginOptions],
          // The site's plugins, after the generator's own as in Docusaurus; what they make is in the markdown view.
          ...withMdx1Nodes(options.plugins?.remark ?? []),
          // After the site's plugins, so a <CodeBlock> one of them makes is code like a fence.
          remarkCodeBlockElements,
          remarkMarkdownView,
        ],
        rehypePlugins: [
          ...(options.plugins?.beforeRehype ?? []),
          [rehypeHeadings, pluginOptions],
          ...rawHtml,
          // As soon as raw HTML is elements: nothing after it recurses over a tree deeper than allowed.
          [rehypeElementDepth, { file: options.file, sourceText: options.sourceText }],
          // After raw HTML is parsed, so <img> written in markdown's HTML is found too.
          [rehypeImages, pluginOptions],
          // After images: a file beside the page already has its URL, base URL included.
          [rehypeBaseUrl, pluginOptions],
          // Before code blocks, so a ```math fence is math and a ```mermaid fence a diagram.
          ...(math ? ([[rehypeMath, { rehypeKatex: math.rehypeKatex, state }]] as PluggableList) : []),
          [rehypeMermaid, { state, fences: options.rendering?.mermaid ?? false }],
          // The site's plugins see code blocks as <pre><code>, as in Docusaurus, and the ids they add are anchors.
          ...(options.plugins?.rehype ?? []),
          [rehypeCodeLanguages, pluginOptions],
          [rehypeCodeBlocks, pluginOptions],
          [rehypeAnchors, pluginOptions],
          [rehypeScopeExports, { ...pluginOptions, frontMatter: options.frontMatter ?? null, parseModule }],
          [rehypeLiveCodeImport, { state, parseModule }],
        ],
      },
    );
    code = String(file.value);
  } catch (error) {
    // Nesting of another kind than the scan counts (JSX elements, braces) can still run the
    // parser or a tree walk out of stack: that is the page's problem, not a crash.
    if (isStackOverflow(error)) throw nestingError(options.file, options.sourceText, deepestLine(options.sourceText), 'compile');
    throw mdxError(error as VFileMessage, options, body, sourceColumn);
  }
  const missing = state.missingImages[0];
  if (missing) throw missingImageError(missing.src, options, missing.line, missing.column, 'the image');
  const unknown = state.unknownComponents[0];
  if (unknown) {
    throw new SiteError({
      code: 'UNKNOWN_COMPONENT',
      message: `unknown component <${unknown.name}>`,
      location: { file: options.file, line: unknown.line, column: unknown.column },
      frame: unknown.line ? codeFrame(options.sourceText, unknown.line, unknown.column) : undefined,
      hint: `Import it in the file, or use one of the theme's components: ${[...THEME_COMPONENTS].join(', ')}.`,
    });
  }
  const undefinedName = state.unknownNames[0];
  if (undefinedName) {
    throw new SiteError({
      code: 'UNDEFINED_NAME',
      message: `"${undefinedName.name}" is not defined: nothing in the page defines the name this expression reads`,
      location: { file: options.file, line: undefinedName.line, column: undefinedName.column },
      frame: undefinedName.line ? codeFrame(options.sourceText, undefinedName.line, undefinedName.column) : undefined,
      hint: 'Import or export it in the file (export const name = …), or read it from props; names are case-sensitive.',
    });
  }
  return { code, state, markdown };
}

/** The partials a compilation read: their files, and the warnings of reading each (by its path). */
interface PartialsRead {
  used: Set<string>;
  warnings: Map<string, CompileWarning[]>;
}

/** A partial's tree, parsed as a page of its format is (see partials.ts); its syntax errors are located in it. */
async function parsePartial(
  partial: PartialFile,
  createProcessor: (typeof import('@mdx-js/mdx'))['createProcessor'],
  remarkPlugins: PluggableList,
  options: CompileOptions,
  warnings: PartialsRead['warnings'],
  rawHtml: RawHtmlParser,
): Promise<ParsedPartial> {
  const deep = findDeepNesting(partial.body, partial.format);
  if (deep) throw nestingError(partial.relPath, partial.body, deep, null);
  const pre = readAsWritten(preprocess(partial.body, preprocessOptions({ format: partial.format, mdx1Compat: options.mdx1Compat })), { format: partial.format, mdx1Compat: options.mdx1Compat });
  // Reported with the page, naming the partial's own line.
  warnings.set(partial.relPath, pre.warnings.map(({ line, column, ...warning }) => ({ ...warning, message: `${partial.relPath}:${line}:${column}: ${warning.message}` })));
  const partialOptions = { ...options, file: partial.relPath, sourceText: partial.body, format: partial.format };
  try {
    const tree = createProcessor({ format: partial.format, remarkPlugins }).parse({ value: pre.text, path: partial.relPath }) as MdastRoot;
    if (pre.sourceColumn) remarkSourceColumns(pre.sourceColumn)(tree);
    remarkJsxBlockText(pre.jsxBlocks)(tree);
    // Its raw HTML is measured here, where its elements have places in its own file; in the page
    // they have none (see rehypeRawHtml), and only nesting that the page adds is found there.
    const deepHtml = partial.format === 'md' ? await findDeepElementInMarkdown(tree, pre.text, rawHtml) : null;
    if (deepHtml) throw elementDepthError(partial.relPath, partial.body, deepHtml);
    return { tree, customIds: pre.customIds };
  } catch (error) {
    if (isStackOverflow(error)) throw nestingError(partial.relPath, partial.body, deepestLine(partial.body), 'compile');
    throw mdxError(error as VFileMessage, partialOptions, partial.body, pre.sourceColumn);
  }
}

function mdxError(error: VFileMessage, options: CompileOptions, body: string, sourceColumn: SourceColumn | null): SiteError {
  if (error instanceof SiteError) return error;
  const { line, column, reason } = errorPlace(error, (error.reason ?? error.message ?? String(error)).split('\n')[0]!, sourceColumn);
  return new SiteError({
    code: 'MDX_SYNTAX',
    message: `invalid ${options.format === 'md' ? 'markdown' : 'MDX'}: ${reason}`,
    location: { file: options.file, line, column },
    frame: line ? codeFrame(options.sourceText, line, column) : undefined,
    hint: options.format === 'mdx' ? mdxHint(options.file, body) : undefined,
    cause: error,
  });
}

/**
 * What to do about MDX that MDX 3 rejects. Content written for MDX 1 often uses no JSX at all, and
 * then it compiles as plain markdown, raw HTML and all.
 */
function mdxHint(file: string, body: string): string {
  const hint = 'In MDX, write "{", "}" and "<" in prose inside backticks or escape them (\\{, \\<), and close every element (<br />).';
  if (usesJsx(body)) return hint;
  return file.endsWith('.md')
    ? `${hint} This file uses no JSX: set markdown.format to 'detect' in the site config to compile .md files as CommonMark.`
    : `${hint} This file uses no JSX: rename it to .md to compile it as CommonMark.`;
}
