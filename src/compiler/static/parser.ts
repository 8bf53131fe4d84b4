/// <reference path="./markdown-it-container.d.ts" />
/**
 * The markdown-it parser of the static renderer, set up to read a page as the MDX pipeline does:
 * CommonMark with GFM tables, raw HTML only in `.md`, no typographer, no linkify (GFM autolink
 * literals are left to `isStaticPage`, which refuses pages that have them), admonitions as
 * containers (`:::tip[Title]`), and URLs kept exactly as written (decoded escapes and
 * references, no normalisation and no validation: the renderer normalises them as the MDX
 * pipeline does, and React blocks what it blocks).
 *
 * Three rules are wrapped to keep what the renderer needs and markdown-it drops: the source text
 * of each link and image (to find it in the page, for messages and for the markdown view), and
 * the link reference definitions (as `definition` tokens, which the markdown view copies).
 */
import markdownIt, { type MarkdownIt, type StateBlock, type StateInline, type Token } from 'markdown-it';
import container from 'markdown-it-container';
import { ADMONITION_TYPES } from '../mdx/preprocess.js';

/** What the wrapped link and image rules record on their token (`link_open` or `image`). */
export interface LinkSource {
  /** The link as written in the inline content: `[text](url "title")`, `[text][ref]`, `<https://x>`. */
  text: string;
  /** True for `[text](url)` (a link or image node in mdast), false for references and autolinks. */
  inline: boolean;
}

/** What a `definition` token holds: a link reference definition (`[ref]: /url "title"`). */
export interface DefinitionMeta {
  /** Its URL, or null for a label defined before (markdown-it keeps only the first). */
  url: string | null;
  /** The label as written between the brackets. */
  label: string;
  /** The label as references name it (normalised by markdown-it), or null with `url`. */
  key: string | null;
}

export type Format = 'md' | 'mdx';

/** The token type of an admonition's container (`:::tip` … `:::`). */
export const ADMONITION_OPEN = 'container_admonition_open';
export const ADMONITION_CLOSE = 'container_admonition_close';

/** `tip` or `tip[Title]` after the colons of an admonition's first line (see preprocess.ts for `:::tip Title`). */
const ADMONITION_PARAMS = new RegExp(`^(${ADMONITION_TYPES.join('|')})(?:\\[(.*)\\])?[ \\t]*$`);

/** The type and title of an admonition's opening line, or null when it is no admonition. */
export function admonitionParams(params: string): { type: string; title: string | null } | null {
  const match = ADMONITION_PARAMS.exec(params);
  return match ? { type: match[1]!, title: match[2] ?? null } : null;
}

/** A markdown-it parser for one format. */
export function createParser(format: Format): MarkdownIt {
  const md = markdownIt('default', { html: format === 'md', linkify: false, typographer: false, xhtmlOut: false });
  // The pages' nesting is limited before parsing (see nesting.ts); markdown-it's own limit of 100
  // levels counts every token level and would cut deep but accepted pages silently.
  md.set({ maxNesting: 10_000 });
  // GFM strikethrough (also with one tilde) is left to isStaticPage; MDX has no autolinks (`<` starts JSX).
  md.disable(format === 'mdx' ? ['strikethrough', 'autolink'] : ['strikethrough']);
  // Escapes and character references stay tokens of their own (text_special), so that text written
  // as such (`\{`, `&lt;`) is told from text the MDX parser would read as syntax.
  md.core.ruler.disable('text_join');
  // URLs as written: micromark neither punycodes hosts nor refuses schemes.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  md.validateLink = () => true;
  md.use(container, 'admonition', { validate: (params: string) => admonitionParams(params) !== null });
  wrapInlineRule(md, 'link', 'link_open');
  wrapInlineRule(md, 'image', 'image');
  wrapReferenceRule(md);
  return md;
}

type InlineRule = (state: StateInline, silent: boolean) => boolean;
type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/** The rule list of a markdown-it ruler (not in its public types, stable across its versions). */
interface RulerInternals<Rule> {
  __rules__: Array<{ name: string; fn: Rule; alt: string[] }>;
}

/** A rule of a ruler with the rules it may interrupt (`alt`), which replacing it must keep. */
function ruleOf<Rule>(ruler: unknown, name: string): { fn: Rule; alt: string[] } {
  const rule = (ruler as RulerInternals<Rule>).__rules__.find((r) => r.name === name);
  if (!rule) throw new Error(`markdown-it has no rule "${name}"`);
  return { fn: rule.fn, alt: [...rule.alt] };
}

/** Records on the token the rule made the source text it read (see LinkSource). */
function wrapInlineRule(md: MarkdownIt, name: 'link' | 'image', tokenType: string): void {
  const { fn: original, alt } = ruleOf<InlineRule>(md.inline.ruler, name);
  md.inline.ruler.at(
    name,
    (state, silent) => {
    const start = state.pos;
    const before = state.tokens.length;
    if (!original(state, silent)) return false;
    if (silent) return true;
    const token = state.tokens.slice(before).find((t) => t.type === tokenType);
    if (token) {
      // markdown-it names the label of the references it resolves, and of those only.
      const source: LinkSource = { text: state.src.slice(start, state.pos), inline: (token.meta as { label?: string } | null)?.label === undefined };
      token.meta = { ...(token.meta as object | null), source };
    }
    return true;
    },
    { alt },
  );
}

/** Leaves a `definition` token where markdown-it found a link reference definition. */
function wrapReferenceRule(md: MarkdownIt): void {
  const { fn: original, alt } = ruleOf<BlockRule>(md.block.ruler, 'reference');
  md.block.ruler.at(
    'reference',
    (state, startLine, endLine, silent) => {
      const references = (state.env as { references?: Record<string, unknown> }).references;
      const known = new Set(Object.keys(references ?? {}));
      if (!original(state, startLine, endLine, silent)) return false;
      if (silent) return true;
      const added = Object.entries((state.env as { references?: Record<string, { href: string }> }).references ?? {}).find(([key]) => !known.has(key));
      const token: Token = state.push('definition', '', 0);
      token.map = [startLine, state.line];
      token.hidden = true;
      const text = state.src.slice(state.bMarks[startLine]! + state.tShift[startLine]!);
      token.meta = { url: added ? added[1].href : null, label: text.slice(1, text.indexOf(']')), key: added ? added[0] : null } satisfies DefinitionMeta;
      return true;
    },
    { alt },
  );
}

/** A token's attribute as a string (markdown-it's types allow numbers), or null. */
export function attribute(token: Token, name: string): string | null {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
}
