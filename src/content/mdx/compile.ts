import type { VFileMessage } from 'vfile-message';
import { SiteError, codeFrame } from '../../errors.js';
import type { TocItem } from '../../shared/types.js';
import { fenceLanguages, type CodeHighlighter } from './highlighter.js';
import {
  rehypeCodeBlocks,
  rehypeHeadings,
  remarkAdmonitions,
  remarkCheckComponents,
  remarkCheckExpressions,
  remarkMarkdownLinks,
  type CompileState,
  type CompileWarning,
  type PluginOptions,
} from './plugins.js';
import { deepestLine, findDeepNesting, isStackOverflow, nestingError } from './nesting.js';
import { preprocess } from './preprocess.js';

/**
 * The MDX compiler and its remark extensions, loaded on first use: a build whose pages are all
 * cached never needs them, and they are a large part of the CLI's start-up.
 */
let mdxLibraries: Promise<[typeof import('@mdx-js/mdx'), typeof import('remark-gfm'), typeof import('remark-directive')]> | undefined;
const loadMdxLibraries = () =>
  (mdxLibraries ??= import('./editMapFix.js').then(({ installLinearEditMap }) => {
    installLinearEditMap();
    return Promise.all([import('@mdx-js/mdx'), import('remark-gfm'), import('remark-directive')]);
  }));

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
}

/**
 * Compiles one markdown/MDX body (front matter already blanked) to a JavaScript module.
 * Throws a SiteError with file:line:column on invalid MDX, an unknown component, or nesting too deep
 * to compile (CONTENT_TOO_DEEP).
 */
export async function compileMdx(body: string, options: CompileOptions): Promise<CompiledPage> {
  const deep = findDeepNesting(body);
  if (deep) throw nestingError(options.file, options.sourceText, deep, null);
  const pre = preprocess(body);
  await options.highlighter.ensureLanguages(fenceLanguages(body));
  const main = await compileOnce(pre.text, pre.customIds, options, null);
  let excerptCode: string | null = null;
  if (options.withExcerpt && pre.truncateLine !== null) {
    const excerpt = pre.text.split('\n').slice(0, pre.truncateLine - 1).join('\n');
    excerptCode = (await compileOnce(excerpt, pre.customIds, options, options.route ?? null)).code;
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
  };
}

async function compileOnce(text: string, customIds: Map<number, string>, options: CompileOptions, hashLinkBase: string | null) {
  const state: CompileState = {
    customIds,
    toc: [],
    headingIds: [],
    h1: null,
    warnings: [],
    unknownComponents: [],
    unknownNames: [],
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
  const [{ compile }, { default: remarkGfm }, { default: remarkDirective }] = await loadMdxLibraries();
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
          [remarkCheckExpressions, pluginOptions],
        ],
        rehypePlugins: [
          [rehypeHeadings, pluginOptions],
          [rehypeCodeBlocks, pluginOptions],
        ],
      },
    );
    code = String(file.value);
  } catch (error) {
    // Nesting of another kind than the scan counts (JSX elements, braces) can still run the
    // parser or a tree walk out of stack: that is the page's problem, not a crash.
    if (isStackOverflow(error)) throw nestingError(options.file, options.sourceText, deepestLine(options.sourceText), 'compile');
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
  return { code, state };
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
