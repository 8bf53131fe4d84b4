/**
 * Magic comments in code blocks: comment lines that mark other lines (`// highlight-next-line`,
 * `# highlight-start` … `# highlight-end`, or a site's own kinds) and are not shown, as Docusaurus
 * reads them; and shiki's notations at the end of a line (`// [!code ++]`, `[!code --]`,
 * `[!code focus]`, `[!code highlight]`, `[!code error]`, `[!code warning]`), which mark the line
 * they end (or, alone on a line, the line after it) and are not shown either.
 *
 * The comment syntaxes a block's magic comments may be written in depend on its language, as in
 * Docusaurus: `//` and `/* *\/` in JavaScript, `{/* *\/}` too in JSX, `<!-- -->` in HTML and
 * markdown, `#` in Bash and Python, `--` in SQL, Lua and Haskell, `%` in TeX, `;;` in WebAssembly,
 * and `//`, `/* *\/`, `{/* *\/}`, `#` and `<!-- -->` in any other language (where `;` is read
 * too in assembly and Lisps, and `--`, `REM` or `(* *)` in other names of the languages above), so
 * every magic comment Docusaurus reads is read. A magic comment must be alone on its line.
 */

import { DEFAULT_MAGIC_COMMENTS, type MagicComment } from '../../shared/magicComments.js';

export { DEFAULT_MAGIC_COMMENTS, type MagicComment };

/** Class names by 1-based line number of the code as shown. */
export type LineClasses = Map<number, string[]>;

export interface MarkedCode {
  /** The code without its magic comments and notations. */
  code: string;
  lineClasses: LineClasses;
  /** Classes the whole block gets from shiki's notations (`has-diff`, `has-focused`, `has-highlighted`). */
  blockClasses: string[];
}

/** A comment syntax: what opens it and what closes it (nothing for line comments), as regular expressions. */
interface CommentSyntax {
  start: string;
  end: string;
}

const SYNTAX = {
  slashes: { start: '//', end: '' },
  block: { start: '/\\*', end: '\\*/' },
  jsx: { start: '\\{\\s*/\\*', end: '\\*/\\s*\\}' },
  hash: { start: '#', end: '' },
  html: { start: '<!--', end: '-->' },
  dashes: { start: '--', end: '' },
  semicolon: { start: ';+', end: '' },
  percent: { start: '%', end: '' },
  ml: { start: '\\(\\*', end: '\\*\\)' },
  rem: { start: '[Rr][Ee][Mm]\\b', end: '' },
  quote: { start: "['‘’]", end: '' },
  vbnet: { start: "(?:_\\s*)?['‘’]", end: '' },
  cobol: { start: '\\*>', end: '' },
  bang: { start: '!', end: '' },
} satisfies Record<string, CommentSyntax>;

type SyntaxName = keyof typeof SYNTAX;

/** Docusaurus's choice for languages it names; any other language gets the popular ones. */
const POPULAR: SyntaxName[] = ['slashes', 'block', 'jsx', 'hash', 'html'];
const BY_LANGUAGE: Record<string, SyntaxName[]> = {};
const languages = (names: string[], syntaxes: SyntaxName[]) => names.forEach((name) => (BY_LANGUAGE[name] = syntaxes));
/** Languages Docusaurus does not name, whose own comment syntax is read besides the popular ones it reads in them. */
const alsoPopular = (names: string[], syntaxes: SyntaxName[]) => languages(names, [...new Set([...POPULAR, ...syntaxes])]);
languages(['js', 'javascript', 'ts', 'typescript'], ['slashes', 'block']);
languages(['jsx', 'tsx'], ['slashes', 'block', 'jsx']);
languages(['html'], ['slashes', 'block', 'html']);
languages(['python', 'py', 'bash'], ['hash']);
languages(['markdown', 'md'], ['html', 'jsx', 'hash']);
languages(['tex', 'latex', 'matlab'], ['percent']);
languages(['lua', 'haskell'], ['dashes']);
languages(['sql'], ['dashes', 'block']);
languages(['wasm'], ['semicolon']);
languages(['vb', 'vba', 'visual-basic'], ['quote', 'rem']);
languages(['vbnet'], ['vbnet', 'rem']);
languages(['batch'], ['rem']);
languages(['basic'], ['rem', 'bang']);
languages(['fsharp'], ['slashes', 'ml']);
languages(['ocaml', 'sml'], ['ml']);
languages(['fortran'], ['bang']);
languages(['cobol'], ['cobol']);
alsoPopular(['hs'], ['dashes']);
alsoPopular(['asm', 'nasm', 'x86asm', 'lisp', 'clojure', 'scheme', 'racket', 'elisp', 'ini'], ['semicolon']);
alsoPopular(['bat', 'cmd'], ['rem']);
alsoPopular(['f#'], ['ml']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `^\s*(?:<start>\s*(directive)\s*<end>|…)\s*$`: a line holding one directive in one of the syntaxes. */
function directivePattern(syntaxes: SyntaxName[], directives: string[]): RegExp {
  const names = directives.map(escapeRegExp).join('|');
  const alternatives = syntaxes.map((name) => `(?:${SYNTAX[name].start}\\s*(${names})\\s*${SYNTAX[name].end})`);
  return new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
}

/** shiki's notation at the end of a line, in any of the comment syntaxes, with what comes before it. */
const NOTATION = /^(.*?)\s*(?:\/\/|#|--|;+|%|\/\*|\{\s*\/\*|<!--)\s*\[!code\s+(\+\+|--|focus|highlight|hl|error|warning)(?::(\d+))?\]\s*(?:\*\/\s*\}|\*\/|-->)?\s*$/;

const NOTATION_CLASSES: Record<string, { line: string[]; block: string }> = {
  '++': { line: ['diff', 'add'], block: 'has-diff' },
  '--': { line: ['diff', 'remove'], block: 'has-diff' },
  focus: { line: ['focused'], block: 'has-focused' },
  highlight: { line: ['highlighted'], block: 'has-highlighted' },
  hl: { line: ['highlighted'], block: 'has-highlighted' },
  error: { line: ['highlighted', 'error'], block: 'has-highlighted' },
  warning: { line: ['highlighted', 'warning'], block: 'has-highlighted' },
};

const addClasses = (classes: LineClasses, line: number, names: readonly string[]) => {
  const list = classes.get(line) ?? [];
  for (const name of names) if (!list.includes(name)) list.push(name);
  classes.set(line, list);
};

/**
 * Reads a block's marks. `language` is the fence's (empty: plain text); `ranges` the lines the
 * fence's meta highlights (`{1,3-5}`, 1-based). As in Docusaurus, a block with ranges keeps its
 * magic comments as code and its ranges get the first kind's class; shiki's notations are read
 * in every block.
 */
export function markCode(code: string, language: string, ranges: ReadonlySet<number>, magicComments: readonly MagicComment[]): MarkedCode {
  const lineClasses: LineClasses = new Map();
  let lines = code.split('\n');
  if (ranges.size > 0) {
    const className = magicComments[0]?.className ?? DEFAULT_MAGIC_COMMENTS[0]!.className;
    for (const line of ranges) if (line >= 1 && line <= lines.length) addClasses(lineClasses, line, className.split(/\s+/));
  } else if (magicComments.length > 0 && mayHoldMagicComment(code, magicComments)) {
    lines = readMagicComments(lines, language, magicComments, lineClasses);
  }
  const blockClasses: string[] = [];
  if (code.includes('[!code')) lines = readNotations(lines, lineClasses, blockClasses);
  return { code: lines.join('\n'), lineClasses, blockClasses };
}

/** A cheap test before building the block's pattern: whether any directive appears at all. */
function mayHoldMagicComment(code: string, magicComments: readonly MagicComment[]): boolean {
  return magicComments.some((kind) => [kind.line, kind.block?.start, kind.block?.end].some((directive) => directive && code.includes(directive)));
}

/** Removes the magic comment lines, recording the classes of the lines they mark. */
function readMagicComments(lines: string[], language: string, magicComments: readonly MagicComment[], lineClasses: LineClasses): string[] {
  const directives = magicComments.flatMap((kind) => [kind.line, kind.block?.start, kind.block?.end].filter((d): d is string => Boolean(d)));
  const pattern = directivePattern(BY_LANGUAGE[language.toLowerCase()] ?? POPULAR, directives);
  const kept: string[] = [];
  // Per kind: whether the next kept line is marked, and the number of kept lines before an open range.
  const pending = magicComments.map(() => 0);
  const openedAt: Array<number | null> = magicComments.map(() => null);
  for (const line of lines) {
    const match = pattern.exec(line);
    const directive = match?.slice(1).find((group) => group !== undefined);
    if (directive === undefined) {
      kept.push(line);
      const number = kept.length;
      magicComments.forEach((kind, i) => {
        if (pending[i]! > 0) addClasses(lineClasses, number, kind.className.split(/\s+/));
        pending[i] = 0;
      });
      continue;
    }
    // The first kind naming the directive takes it, as the first entry of Docusaurus's lookup does.
    const lineKind = magicComments.findIndex((kind) => kind.line === directive);
    const startKind = magicComments.findIndex((kind) => kind.block?.start === directive);
    const endKind = magicComments.findIndex((kind) => kind.block?.end === directive);
    if (lineKind !== -1) pending[lineKind] = 1;
    else if (startKind !== -1) openedAt[startKind] = kept.length;
    else if (endKind !== -1 && openedAt[endKind] !== null) {
      // A range counts once it is closed, as in Docusaurus: a start without an end marks nothing.
      const names = magicComments[endKind]!.className.split(/\s+/);
      for (let number = openedAt[endKind]! + 1; number <= kept.length; number++) addClasses(lineClasses, number, names);
      openedAt[endKind] = null;
    }
  }
  return kept;
}

/** Removes shiki's notations, recording the classes of the lines they mark and of the block. */
function readNotations(lines: string[], lineClasses: LineClasses, blockClasses: string[]): string[] {
  const kept: string[] = [];
  /** Marks waiting for the lines after a notation that stood alone on its line. */
  let carried: Array<{ names: string[]; count: number }> = [];
  for (const line of lines) {
    const match = line.includes('[!code') ? NOTATION.exec(line) : null;
    if (match && match[1]!.trim() === '') {
      const { line: names, block } = NOTATION_CLASSES[match[2]!]!;
      carried.push({ names, count: Number(match[3] ?? 1) });
      if (!blockClasses.includes(block)) blockClasses.push(block);
      continue;
    }
    kept.push(match ? match[1]! : line);
    const number = kept.length;
    for (const mark of carried) addClasses(lineClasses, number, mark.names);
    carried = carried.map((mark) => ({ ...mark, count: mark.count - 1 })).filter((mark) => mark.count > 0);
    if (match) {
      const { line: names, block } = NOTATION_CLASSES[match[2]!]!;
      carried.push({ names, count: Number(match[3] ?? 1) - 1 });
      carried = carried.filter((mark) => mark.count > 0);
      addClasses(lineClasses, number, names);
      if (!blockClasses.includes(block)) blockClasses.push(block);
    }
  }
  return kept;
}
