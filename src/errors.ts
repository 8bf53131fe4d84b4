/**
 * Every problem a user can fix is a SiteError: a stable code, what happened, a hint on what to
 * do, and where (file:line:column, 1-based). reportError prints them; stacks only with DEBUG set.
 */
import { describeOsError } from './osErrors.js';

export type ErrorCode =
  | 'CONFIG_NOT_FOUND'
  | 'CONFIG_INVALID'
  | 'CONFIG_LOAD_FAILED'
  | 'SIDEBARS_INVALID'
  | 'FRONT_MATTER_SYNTAX'
  | 'FRONT_MATTER_FIELD'
  | 'MDX_SYNTAX'
  | 'CONTENT_TOO_DEEP'
  | 'UNKNOWN_COMPONENT'
  | 'UNDEFINED_NAME'
  | 'BLOG_DATE_MISSING'
  | 'AUTHOR_UNKNOWN'
  | 'AUTHORS_INVALID'
  | 'CATEGORY_INVALID'
  | 'ROUTE_INVALID'
  | 'SOURCE_NOT_TEXT'
  | 'SOURCE_TOO_LARGE'
  | 'MERMAID_NOT_INSTALLED'
  | 'PAGE_NO_DEFAULT_EXPORT'
  | 'BUNDLE_FAILED'
  | 'RENDER_FAILED'
  | 'BROKEN_LINKS'
  | 'BROKEN_MARKDOWN_LINK'
  | 'REDIRECT_INVALID'
  | 'SITE_NOT_FOUND'
  | 'OUTPUT_NOT_FOUND'
  | 'CACHE_CHANGED'
  | 'OUTPUT_DIR_REFUSED'
  | 'OUTPUT_FILE_CONFLICT'
  | 'INIT_NOT_EMPTY'
  | 'UNKNOWN_DOC_ID'
  | 'IMAGE_NOT_FOUND'
  | 'PARTIAL_NOT_FOUND'
  | 'PARTIAL_UNSUPPORTED'
  | 'UNSUPPORTED_IMPORT'
  | 'PACKAGE_NOT_INSTALLED'
  | 'DOCUSAURUS_NOT_FOUND'
  | 'DOCUSAURUS_LOAD_FAILED'
  | 'MIGRATE_OUT_NOT_EMPTY'
  | 'SEARCH_INDEX_FAILED'
  | 'VERSIONS_INVALID'
  | 'DOCS_VERSION_EXISTS'
  | 'WATCH_FAILED'
  | 'FILE_SYSTEM_ERROR'
  | 'TRANSLATION_INVALID'
  | 'LOCALE_UNKNOWN'
  | 'PLUGIN_FAILED'
  | 'BUILD_INTERRUPTED';

/** Problems with how sipadocs was called rather than with the site: the CLI exits with 2 for them. */
export const USAGE_ERRORS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['OUTPUT_DIR_REFUSED', 'LOCALE_UNKNOWN']);

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export interface SiteErrorInit {
  code: ErrorCode;
  message: string;
  hint?: string;
  location?: SourceLocation;
  /** A few lines of source around the location, already formatted. */
  frame?: string;
  cause?: unknown;
}

export class SiteError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly location?: SourceLocation;
  readonly frame?: string;

  constructor(init: SiteErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'SiteError';
    this.code = init.code;
    this.hint = init.hint;
    this.location = init.location;
    this.frame = init.frame;
  }
}

/** A build that found content problems: all of them, reported together. */
export class SiteErrors extends Error {
  constructor(readonly errors: SiteError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`);
    this.name = 'SiteErrors';
  }
}

/** "file:line:col" (parts omitted when unknown). */
export function formatLocation(location: SourceLocation): string {
  let out = location.file;
  if (location.line) out += `:${location.line}`;
  if (location.line && location.column) out += `:${location.column}`;
  return out;
}

/** Characters of a source line a code frame shows at most: long lines are cut around the column. */
const FRAME_WIDTH = 120;

/** Renders source lines around a 1-based line/column with a caret under the column. */
export function codeFrame(text: string, line: number, column = 1, context = 2): string {
  const lines = text.split('\n');
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  // Every line shows the same window, so the lines stay aligned with the caret.
  const from = column - 1 > FRAME_WIDTH / 2 ? column - 1 - FRAME_WIDTH / 2 : 0;
  const cut = (source: string) => {
    const shown = source.slice(from, from + FRAME_WIDTH);
    return `${from > 0 && source.length > from ? '…' : ''}${shown}${source.length > from + FRAME_WIDTH ? '…' : ''}`;
  };
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${cut(lines[n - 1] ?? '')}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1 - from + (from > 0 ? 1 : 0)))}^`);
  }
  return out.join('\n');
}

/** One error as the CLI prints it. */
export function formatSiteError(error: SiteError, debug = false): string {
  const where = error.location ? `${formatLocation(error.location)}: ` : '';
  const parts = [`${where}error ${error.code}: ${error.message}`];
  if (error.frame) parts.push(error.frame);
  if (error.hint) parts.push(`  hint: ${error.hint}`);
  if (debug && error.stack) parts.push(error.stack);
  if (debug && error.cause instanceof Error && error.cause.stack) parts.push(`caused by ${error.cause.stack}`);
  return parts.join('\n');
}

/** Exit codes of the commands: 0 success, 1 build/check failure, 2 usage error. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** The exit code for an error thrown by a command: 2 when the command was called wrongly, else 1. */
export function exitCodeFor(error: unknown): number {
  return error instanceof SiteError && USAGE_ERRORS.has(error.code) ? EXIT.usage : EXIT.failure;
}

/**
 * An error of the operating system (a read-only file system, a permission denied, a full disk, too
 * many open files…) as a SiteError, FILE_SYSTEM_ERROR, naming the path and the cause in words (see
 * osErrors.ts); any other error as it is.
 */
export function withOsErrorsInWords(error: unknown): unknown {
  if (error instanceof SiteError || error instanceof SiteErrors) return error;
  const described = describeOsError(error);
  if (!described) return error;
  return new SiteError({ code: 'FILE_SYSTEM_ERROR', message: described.message, hint: described.hint, location: described.file ? { file: described.file } : undefined, cause: error });
}

const debug = () => Boolean(process.env.DEBUG);

/** Prints any error the way users should see it: file:line:col, message, hint; stacks only with DEBUG. */
export function reportError(thrown: unknown, writeError: (text: string) => void = (t) => process.stderr.write(`${t}\n`)): void {
  const error = withOsErrorsInWords(thrown);
  if (error instanceof SiteErrors) {
    for (const e of error.errors) writeError(formatSiteError(e, debug()));
    writeError(`\n${error.errors.length} problem${error.errors.length === 1 ? '' : 's'}; nothing was written.`);
  } else if (error instanceof SiteError) {
    writeError(formatSiteError(error, debug()));
  } else {
    const e = error as Error;
    writeError(`error: ${e?.message ?? String(error)}`);
    if (debug() && e?.stack) writeError(e.stack);
  }
}
