/**
 * The JSX elements an MDX body holds open, read line by line for findDeepNesting (nesting.ts)
 * without parsing the page.
 *
 * Every element is one more level for the compiler's tree walks and one more nested call in the
 * page's module, as a block quote is, so elements count against the same limit. The depth a page
 * overflows at depends on how warm the JIT is (optimized frames are smaller), so without a count
 * the same page would build in one process and fail in another.
 *
 * Counted: `<Name …>` and `<>` open one level, `</Name>` and `</>` close one; `<Name … />` and the
 * void HTML elements (`<br>`, `<img>`…, which MDX 1 pages may leave open) open none. A tag is read
 * to its `>` over as many lines as it takes, through quoted attribute values and `{…}` attribute
 * expressions (`onClick={() => a > b}`). Not read as tags: code spans (fenced code is skipped by
 * the caller), `\<`, `<` not followed by a name (`a < b`, `<3`, `<-`) or followed by one that a tag
 * could not continue from (`<String,`, `<https://…>`, `<a@b.c>`), HTML comments, `{…}`
 * expressions and import/export blocks. JSX written inside an expression (`{cond && <b>x</b>}`)
 * is not counted: telling its `<` from a comparison needs a JavaScript parser, and the nesting of
 * an expression (its arrays, calls and elements alike) is left to the overflow checks behind the
 * scan.
 *
 * MDX refuses an element left open where it must be closed; the count only has to keep a `<`
 * that opens no element from adding up. An element opened after text on its line is inline: it
 * is dropped at the end of its paragraph, as it must close inside it. One opened where its line
 * holds only tags (a block, such as `<Tabs>` above blank-line separated content) stays open until
 * closed.
 */
/** An opening tag that takes the nesting past the limit: where, how deep in all, and how many levels are elements. */
export interface DeepTag {
  line: number;
  column: number;
  depth: number;
  elements: number;
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** A JSX name (member and namespace parts included) right after `<` or `</`. */
const TAG_NAME = /^[A-Za-z_$][\w$-]*(?:[.:][A-Za-z_$][\w$-]*)*/;
/** What may follow a tag's name: its attributes, its end, or the end of the line. */
const AFTER_NAME = /^(?:[\s>/{]|$)/;
/** An import or export at the start of a block: JavaScript up to the next blank line outside brackets. */
const ESM = /^(?:import|export)(?=[\s{*])/;
/** The block quote and list markers a line's content follows. */
const CONTAINER_PREFIX = /^[ \t]*(?:(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*)*/;

/** Where reading JavaScript is: its bracket depth, an open string or template, a block comment. */
interface Js {
  depth: number;
  quote: string | null;
  blockComment: boolean;
  /** The brackets that count: `{}` for an expression, all three kinds for an import/export block. */
  opens: string;
  closes: string;
}

const expression = (): Js => ({ depth: 1, quote: null, blockComment: false, opens: '{', closes: '}' });

/** A tag read so far (it may run over several lines). */
interface Tag {
  line: number;
  column: number;
  name: string;
  closing: boolean;
  /** Only tags came before it on its line: a block element, which may hold blank lines. */
  block: boolean;
  /** The block quote and list levels of its line. */
  containers: number;
  quote: string | null;
  /** An attribute expression being read. */
  js: Js | null;
  /** The last character read outside strings and expressions: "/" before ">" closes the tag itself. */
  last: string;
  /** Read to its `>`; `selfClosing` when that was `/>`. */
  ended: boolean;
  /** Found to be no tag (see readTag). */
  invalid: boolean;
  selfClosing: boolean;
}

/** An open element: its name ("" for a fragment), and whether it is a block element (see above). */
interface Open {
  name: string;
  block: boolean;
}

export class OpenElements {
  /** The open elements, innermost last. */
  private readonly open: Open[] = [];
  private tag: Tag | null = null;
  private expression: Js | null = null;
  private esm: Js | null = null;
  private comment = false;
  private afterBlank = true;

  /** How many elements are open. */
  get depth(): number {
    return this.open.length;
  }

  /** True while a tag, expression, comment or import/export block runs on from an earlier line: such a line starts no code fence. */
  get busy(): boolean {
    return this.tag !== null || this.expression !== null || this.esm !== null || this.comment;
  }

  /**
   * Reads line `line`, body[start, end), whose block quotes and list items nest `containers`
   * levels. Returns where an opening tag takes the elements and those levels past `limit` (at
   * that tag's `<`), or null.
   */
  readLine(body: string, start: number, end: number, line: number, containers: number, limit: number): DeepTag | null {
    const blank = end - start < 200 && /^\s*$/.test(body.slice(start, end));
    const afterBlank = this.afterBlank;
    this.afterBlank = blank;
    if (blank) {
      this.blankLine();
      return null;
    }
    if (this.esm) return this.readEsm(body, start, end);
    if (!this.busy && afterBlank && ESM.test(body.slice(start, start + 8))) {
      this.esm = { depth: 0, quote: null, blockComment: false, opens: '({[', closes: ')}]' };
      return this.readEsm(body, start, end);
    }
    let i = this.busy ? start : start + CONTAINER_PREFIX.exec(body.slice(start, Math.min(end, start + 400)))![0].length;
    // Whether only tags (and spaces) came before on this line.
    let onlyTags = true;
    while (i < end) {
      if (this.comment) {
        const close = body.slice(i, end).indexOf('-->');
        if (close === -1) return null;
        this.comment = false;
        i += close + 3;
      } else if (this.expression) {
        i = readJs(body, i, end, this.expression, true);
        if (this.expression.depth === 0) this.expression = null;
      } else if (this.tag) {
        i = readTag(body, i, end, this.tag);
        if (this.tag.invalid) {
          this.tag = null;
          onlyTags = false;
        } else if (this.tag.ended) {
          const tag = this.tag;
          this.tag = null;
          const deep = this.closeTag(tag, limit);
          if (deep) return deep;
        }
      } else {
        const c = body[i]!;
        if (c === '\\') {
          onlyTags = false;
          i += 2;
        } else if (c === '`') {
          onlyTags = false;
          let run = 1;
          while (body[i + run] === '`') run++;
          // Searched in the line only (a slice costs nothing): a page of unmatched runs stays linear.
          const closing = body.slice(i + run, end).indexOf('`'.repeat(run));
          i += run + (closing === -1 ? 0 : closing + run);
        } else if (c === '{') {
          this.expression = expression();
          i++;
        } else if (c === '<' && body.startsWith('<!--', i)) {
          this.comment = true;
          i += 4;
        } else if (c === '<') {
          const tag = tagAt(body, i, end, line, i - start + 1, onlyTags, containers);
          if (tag) this.tag = tag;
          else onlyTags = false;
          i = tag ? i + (tag.closing ? 2 : 1) + tag.name.length : i + 1;
        } else {
          if (c !== ' ' && c !== '\t' && c !== '\r') onlyTags = false;
          i++;
        }
      }
    }
    return null;
  }

  /** A tag read to its `>`: the level it opens or closes; where it goes past the limit, if it does. */
  private closeTag(tag: Tag, limit: number): DeepTag | null {
    if (tag.closing) {
      // It closes the innermost element of its name, and whatever was left open inside that one.
      const at = this.open.findLastIndex((open) => open.name === tag.name);
      if (at !== -1) this.open.length = at;
      return null;
    }
    if (tag.selfClosing || VOID_ELEMENTS.has(tag.name)) return null;
    this.open.push({ name: tag.name, block: tag.block });
    const depth = tag.containers + this.open.length;
    return depth > limit ? { line: tag.line, column: tag.column, depth, elements: this.open.length } : null;
  }

  private readEsm(body: string, start: number, end: number): null {
    readJs(body, start, end, this.esm!, false);
    return null;
  }

  /**
   * A blank line ends a paragraph, and with it the inline elements it left open, a tag not inside
   * an attribute expression (MDX would have refused it), and an expression or import/export block
   * not inside a comment or template (one left open by a stray `{` would hide the rest of the page).
   */
  private blankLine(): void {
    if (this.esm && this.esm.depth <= 0 && !this.esm.blockComment && this.esm.quote !== '`') this.esm = null;
    if (this.tag && !this.tag.js) this.tag = null;
    if (this.expression && !this.expression.blockComment && this.expression.quote !== '`') this.expression = null;
    if (this.busy) return;
    while (this.open.length > 0 && !this.open[this.open.length - 1]!.block) this.open.pop();
  }
}

/** The tag starting at the `<` at body[at], or null when that `<` starts none. */
function tagAt(body: string, at: number, end: number, line: number, column: number, block: boolean, containers: number): Tag | null {
  const closing = body[at + 1] === '/';
  const from = at + (closing ? 2 : 1);
  const rest = body.slice(from, Math.min(end, from + 200));
  const name = TAG_NAME.exec(rest)?.[0] ?? '';
  // "<>" and "</>" are fragments; "</ x>" is no closing tag JSX would read either way.
  if (name === '' ? rest[0] !== '>' : !AFTER_NAME.test(rest.slice(name.length))) return null;
  return { line, column, name, closing, block, containers, quote: null, js: null, last: '', ended: false, invalid: false, selfClosing: false };
}

/** What a tag holds outside its strings and expressions: names, "=", spaces and the "/" of "/>". */
const TAG_TEXT = /[\w$.:=/\s-]/;

/**
 * Reads a tag from body[i] to its `>` or the end of the line, whichever comes first; returns
 * where it stopped. A character no tag could hold there (a `<`, a `,`, a `(`) ends it as no tag
 * (`invalid`), stopping at that character: it was text, such as `a<b, c>d` in MDX 1.
 */
function readTag(body: string, i: number, end: number, tag: Tag): number {
  while (i < end) {
    if (tag.js) {
      i = readJs(body, i, end, tag.js, true);
      if (tag.js.depth === 0) {
        tag.js = null;
        tag.last = '}';
      }
      continue;
    }
    const c = body[i]!;
    if (tag.quote) {
      if (c === tag.quote) {
        tag.quote = null;
        tag.last = c;
      }
    } else if (c === '>') {
      tag.ended = true;
      tag.selfClosing = tag.last === '/';
      return i + 1;
    } else if ((c === '"' || c === "'" || c === '{') && !tag.closing) {
      if (c === '{') tag.js = expression();
      else tag.quote = c;
    } else if (TAG_TEXT.test(c) && !(tag.closing && c !== ' ' && c !== '\t' && c !== '\r')) {
      if (c !== ' ' && c !== '\t' && c !== '\r') tag.last = c;
    } else {
      tag.invalid = true;
      return i;
    }
    i++;
  }
  return end;
}

/**
 * Reads JavaScript from body[i] to the end of the line, or, with `stopAtZero`, to just after the
 * bracket that takes `js.depth` to 0; returns where it stopped. Strings, templates and comments
 * hide their brackets; a quoted string ends with its line at the latest (so does the `'` of a
 * "don't" in JSX text inside the code), a template or a block comment may run on.
 */
function readJs(body: string, i: number, end: number, js: Js, stopAtZero: boolean): number {
  while (i < end) {
    const c = body[i]!;
    if (js.blockComment) {
      if (c === '*' && body[i + 1] === '/') {
        js.blockComment = false;
        i++;
      }
    } else if (js.quote) {
      if (c === '\\') i++;
      else if (c === js.quote) js.quote = null;
    } else if (c === '"' || c === "'" || c === '`') {
      js.quote = c;
    } else if (c === '/' && body[i + 1] === '/') {
      i = end;
      break;
    } else if (c === '/' && body[i + 1] === '*') {
      js.blockComment = true;
      i++;
    } else if (js.opens.includes(c)) {
      js.depth++;
    } else if (js.closes.includes(c)) {
      js.depth--;
      if (stopAtZero && js.depth === 0) return i + 1;
    }
    i++;
  }
  if (js.quote !== '`') js.quote = null;
  return Math.min(i, end);
}
