import type { Root as MdastRoot } from 'mdast';
import type { VFileMessage } from 'vfile-message';
import { SiteError, codeFrame } from '../../errors.js';
import type { TocItem } from '../../shared/types.js';
import { fenceLanguages, type CodeHighlighter } from './highlighter.js';
import {
  rehypeCodeBlocks,
  rehypeHeadings,
  remarkAdmonitions,
  remarkCheckComponents,
  remarkMarkdownLinks,
  type CompileState,
  type CompileWarning,
  type PluginOptions,
} from './plugins.js';
import { preprocess } from './preprocess.js';
import { readableTree, SITE_URL_MARK } from './markdownView.js';

/**
 * The MDX compiler and its remark extensions, loaded on first use: a build whose pages are all
 * cached never needs them, and they are a large part of the CLI's start-up.
 */
let mdxLibraries:
  | Promise<[typeof import('@mdx-js/mdx'), typeof import('remark-gfm'), typeof import('remark-directive'), typeof import('mdast-util-to-markdown'), typeof import('mdast-util-gfm')]>
  | undefined;
const loadMdxLibraries = () =>
  (mdxLibraries ??= Promise.all([import('@mdx-js/mdx'), import('remark-gfm'), import('remark-directive'), import('mdast-util-to-markdown'), import('mdast-util-gfm')]));

/** Components the theme passes to every MDX page; usable without an import. */
export const THEME_COMPONENTS = new Set(['Tabs', 'TabItem', 'Admonition', 'CodeBlock', 'Details']);

export interface CompileOptions {
  /** Site-relative path, used in messages. */
  file: string;
  /** Original file text, for code frames. */
  sourceText: string;
  format: 'md' | 'mdx';
  highlighter: CodeHighlighter;
  tocLevels: { min: number; max: number };
  resolveMarkdownLink: (target: string) => string | null;
  /** Also compile the part before the truncate marker as a separate module. */
  withExcerpt?: boolean;
  /** Route of the page: in the excerpt (shown on other pages) "#x" links become "<route>#x". */
  route?: string;
}

/** One compiled page: an ES module (react/jsx-runtime) plus what the site model needs to know. */
export interface CompiledPage {
  code: string;
  /** The part before `<!-- truncate -->`, compiled on its own; null when there is no marker. */
  excerptCode: string | null;
  hasTruncateMarker: boolean;
  toc: TocItem[];
  headingIds: string[];
  h1: string | null;
  warnings: CompileWarning[];
  markdownLinks: Record<string, string | null>;
  /**
   * The page as readable markdown (see markdownView.ts), without front matter and without a title
   * line of its own; site-absolute URLs carry SITE_URL_MARK until the site's URL is known.
   */
  markdown: string;
}

/**
 * Compiles one markdown/MDX body (front matter already blanked) to a JavaScript module.
 * Throws a SiteError with file:line:column on invalid MDX or an unknown component.
 */
export async function compileMdx(body: string, options: CompileOptions): Promise<CompiledPage> {
  const pre = preprocess(body);
  await options.highlighter.ensureLanguages(fenceLanguages(body));
  // Site URLs are marked for the markdown view, unless the page itself mentions the mark.
  const main = await compileOnce(pre.text, pre.customIds, options, null, { markUrls: !body.includes(SITE_URL_MARK) });
  let excerptCode: string | null = null;
  if (options.withExcerpt && pre.truncateLine !== null) {
    const excerpt = pre.text.split('\n').slice(0, pre.truncateLine - 1).join('\n');
    excerptCode = (await compileOnce(excerpt, pre.customIds, options, options.route ?? null, null)).code;
  }
  return {
    code: main.code,
    excerptCode,
    hasTruncateMarker: pre.truncateLine !== null,
    toc: main.state.toc,
    headingIds: main.state.headingIds,
    h1: main.state.h1,
    warnings: main.state.warnings,
    markdownLinks: main.state.markdownLinks,
    markdown: main.markdown,
  };
}

/** Options of the markdown view made during a compilation, or null for none. */
type MarkdownViewRequest = { markUrls: boolean } | null;

/** Markdown as the page views are written: dashes for bullets and rules, fenced code. */
const MARKDOWN_STYLE = { bullet: '-', rule: '-', fences: true, listItemIndent: 'one', emphasis: '_', strong: '*' } as const;

async function compileOnce(text: string, customIds: Map<number, string>, options: CompileOptions, hashLinkBase: string | null, view: MarkdownViewRequest) {
  const state: CompileState = {
    customIds,
    toc: [],
    headingIds: [],
    h1: null,
    warnings: [],
    unknownComponents: [],
    markdownLinks: {},
  };
  const pluginOptions: PluginOptions = {
    state,
    tocLevels: options.tocLevels,
    highlighter: options.highlighter,
    knownComponents: THEME_COMPONENTS,
    resolveMarkdownLink: options.resolveMarkdownLink,
    hashLinkBase,
  };
  const [{ compile }, { default: remarkGfm }, { default: remarkDirective }, { toMarkdown }, { gfmToMarkdown }] = await loadMdxLibraries();
  let markdown = '';
  // Runs after admonitions and markdown links were resolved, before anything turns the tree into HTML.
  const remarkMarkdownView = () => (tree: MdastRoot) => {
    if (view) markdown = toMarkdown(readableTree(tree, text, view.markUrls), { ...MARKDOWN_STYLE, extensions: [gfmToMarkdown()] });
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
          remarkGfm,
          remarkDirective,
          remarkAdmonitions,
          [remarkMarkdownLinks, pluginOptions],
          [remarkCheckComponents, pluginOptions],
          remarkMarkdownView,
        ],
        rehypePlugins: [
          [rehypeHeadings, pluginOptions],
          [rehypeCodeBlocks, pluginOptions],
        ],
      },
    );
    code = String(file.value);
  } catch (error) {
    throw mdxError(error as VFileMessage, options);
  }
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
  return { code, state, markdown };
}

function mdxError(error: VFileMessage, options: CompileOptions): SiteError {
  if (error instanceof SiteError) return error;
  // Some messages only carry a range in `place` (e.g. unclosed tags).
  const place = error.place as { line?: number; column?: number; start?: { line: number; column: number } } | undefined;
  const reason = (error.reason ?? error.message ?? String(error)).split('\n')[0]!;
  // …and a few only name it inside the reason, as "(3:1-3:6)".
  const inReason = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(reason);
  const line = error.line ?? place?.start?.line ?? place?.line ?? (inReason ? Number(inReason[1]) : undefined);
  const column = error.column ?? place?.start?.column ?? place?.column ?? (inReason ? Number(inReason[2]) : undefined);
  return new SiteError({
    code: 'MDX_SYNTAX',
    message: `invalid ${options.format === 'md' ? 'markdown' : 'MDX'}: ${reason}`,
    location: { file: options.file, line, column },
    frame: line ? codeFrame(options.sourceText, line, column) : undefined,
    hint:
      options.format === 'mdx'
        ? 'In MDX, write "{", "}" and "<" in prose inside backticks or escape them (\\{, \\<); HTML comments are {/* … */}.'
        : undefined,
    cause: error,
  });
}
