/**
 * The text of a static page as both parsers read it: runs of text the MDX pipeline would read as
 * something else are refused, and the text of headings, image labels and admonition titles is
 * taken as mdast has it.
 */
import type { MarkdownIt, Token } from 'markdown-it';
import { NotStatic } from './notStatic.js';
import type { Format } from './parser.js';

/**
 * Refuses text that the MDX pipeline reads as something else than text: GFM autolink literals,
 * strikethrough, footnote calls and task list items, directives (`:name`, whose label or
 * attributes would change the text), and in MDX the `<` of JSX and the braces of expressions.
 * Escapes and character references (`\{`, `&lt;`) are text in both.
 */
export function checkText(tokens: Token[], format: Format): void {
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
      if (token.type === 'text' && format === 'mdx' && /[<{}]/.test(token.content)) throw new NotStatic('JSX or an expression');
      run += token.content;
      written += token.type === 'text' ? token.content : ' ';
      continue;
    }
    check();
    if (token.type === 'image') checkText(token.children ?? [], format);
  }
  check();
}

/**
 * The title of `:::tip[Title]` as remarkAdmonitions reads it: the text of its label. Only plain
 * text is read alike (the plugin keeps the text of the label's own text nodes only).
 */
export function admonitionTitle(parser: MarkdownIt, format: Format, label: string): string {
  const tokens = parser.parseInline(label, {})[0]?.children ?? [];
  if (tokens.some((t: Token) => t.type !== 'text' && t.type !== 'text_special')) throw new NotStatic('an admonition title with markup');
  checkText(tokens, format);
  return tokens.map((t: Token) => t.content).join('');
}

/** The text of a heading's content, as hast-util-to-string reads the element (image alts are no text). */
export function textOf(tokens: Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'text_special' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
  }
  return text;
}

/** The alt text of an image, as mdast reads its label: text, code and the alts of images in it. */
export function altOf(tokens: Token[]): string {
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
