/**
 * Places in a page's text, for what markdown-it does not place: it gives blocks their lines, but
 * links and images no position. The MDX pipeline reports a link or an image at its first
 * character, and its markdown view patches URLs where they are written; the static renderer
 * finds them in the lines of their block by the text markdown-it read (see parser.ts).
 */

/** A place in the text: 1-based line and column, 0-based offset (as unist positions count). */
export interface Point {
  line: number;
  column: number;
  offset: number;
}

/** Where an element's source is: from its first character to just after its last. */
export interface Span {
  start: Point;
  end: Point;
}

export class SourceLines {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get count(): number {
    return this.starts.length;
  }

  /** Offset of the first character of a 0-based line. */
  lineStart(line: number): number {
    return this.starts[Math.min(line, this.starts.length - 1)]!;
  }

  /** Offset just after the last character of a 0-based line (before its line ending). */
  lineEnd(line: number): number {
    return line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.text.length;
  }

  line(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  point(offset: number): Point {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1, offset };
  }

  /**
   * The span of a block on lines [from, to): from its first character that is not white space to
   * the end of its last line that is not blank (or its last line: a fence left open holds its
   * blank lines), without trailing white space.
   */
  blockSpan(from: number, to: number, keepBlankLines = false): Span {
    let last = Math.max(from, Math.min(to, this.starts.length) - 1);
    while (!keepBlankLines && last > from && this.line(last).trim() === '') last--;
    const first = this.line(from);
    const start = this.lineStart(from) + (first.length - first.trimStart().length);
    const end = this.lineStart(last) + this.line(last).length;
    return { start: this.point(start), end: this.point(Math.max(start, end)) };
  }

  /**
   * Finds elements (links, images) in the lines [from, to) of their block by the text markdown-it
   * read for each, in document order. That text is the source itself on one line; on several, each
   * line after the first may have lost what starts it in the source (a block quote's ">", the
   * indentation of a list item). An element is placed only when its text occurs as many times in
   * the lines as there are elements of that text: otherwise (the same text in a code span, say)
   * which occurrence is which is not known, and it gets null.
   */
  locate(texts: readonly string[], from: number, to: number): Array<Span | null> {
    const regionStart = this.lineStart(from);
    const region = this.text.slice(regionStart, this.lineEnd(Math.max(from, to - 1)));
    const seen = new Map<string, number>();
    const occurrences = new Map<string, number[]>();
    return texts.map((text) => {
      const head = headOf(text);
      let found = occurrences.get(head);
      if (!found) {
        found = allIndexes(region, head);
        occurrences.set(head, found);
      }
      const total = texts.reduce((n, other) => (headOf(other) === head ? n + 1 : n), 0);
      const nth = seen.get(head) ?? 0;
      seen.set(head, nth + 1);
      if (found.length !== total) return null;
      const start = regionStart + found[nth]!;
      const end = this.endOf(text, start);
      return end === null ? null : { start: this.point(start), end: this.point(end) };
    });
  }

  /** Where an element that starts at `start` ends in the source, its later lines found after their prefixes. */
  private endOf(text: string, start: number): number | null {
    const segments = text.split('\n');
    if (segments.length === 1) return start + text.length;
    let line = this.point(start).line - 1;
    for (let i = 1; i < segments.length; i++) {
      line++;
      if (line >= this.starts.length) return null;
      const source = this.line(line);
      const segment = segments[i]!;
      let prefix = 0;
      while (!source.startsWith(segment, prefix) && prefix < source.length && /[ \t>]/.test(source[prefix]!)) prefix++;
      if (!source.startsWith(segment, prefix)) return null;
      // Every line but the last is the element's to its end.
      if (i < segments.length - 1 && prefix + segment.length !== source.length) return null;
      if (i === segments.length - 1) return this.lineStart(line) + prefix + segment.length;
    }
    return null;
  }
}

/** What identifies an element's first line in the source: its text, or its first line with the line ending. */
const headOf = (text: string) => {
  const newline = text.indexOf('\n');
  return newline === -1 ? text : text.slice(0, newline + 1);
};

function allIndexes(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) found.push(i);
  return found;
}
