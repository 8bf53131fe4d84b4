import { describe, expect, it } from 'vitest';
import { DEFAULT_MAGIC_COMMENTS, markCode, type MagicComment } from '../../../../src/compiler/mdx/magicComments.js';

const NONE = new Set<number>();
/** The marked lines as [line, classes] pairs, in line order. */
const marks = (code: string, language: string, magicComments: readonly MagicComment[] = DEFAULT_MAGIC_COMMENTS, ranges: ReadonlySet<number> = NONE) => {
  const marked = markCode(code, language, ranges, magicComments);
  return { code: marked.code, lines: [...marked.lineClasses].sort(([a], [b]) => a - b), block: marked.blockClasses };
};

describe('markCode', () => {
  it('reads the example of Docusaurus\'s documentation as it renders it: lines 3 and 10–12 highlighted, no comment shown', () => {
    const source = [
      'function HighlightSomeText(highlight) {',
      '  if (highlight) {',
      '    // highlight-next-line',
      "    return 'This text is highlighted!';",
      '  }',
      '',
      "  return 'Nothing highlighted';",
      '}',
      '',
      'function HighlightMoreText(highlight) {',
      '  // highlight-start',
      '  if (highlight) {',
      "    return 'This range is highlighted!';",
      '  }',
      '  // highlight-end',
      '',
      "  return 'Nothing highlighted';",
      '}',
    ].join('\n');
    const { code, lines } = marks(source, 'js');
    expect(code).not.toMatch(/highlight-/);
    expect(code.split('\n')).toHaveLength(15);
    expect(lines).toEqual([
      [3, ['highlighted']],
      [10, ['highlighted']],
      [11, ['highlighted']],
      [12, ['highlighted']],
    ]);
  });

  it.each([
    ['js', '// highlight-next-line'],
    ['ts', '/* highlight-next-line */'],
    ['jsx', '{/* highlight-next-line */}'],
    ['tsx', '{ /* highlight-next-line */ }'],
    ['html', '<!-- highlight-next-line -->'],
    ['md', '<!-- highlight-next-line -->'],
    ['bash', '# highlight-next-line'],
    ['python', '#highlight-next-line'],
    ['yaml', '# highlight-next-line'],
    ['sql', '-- highlight-next-line'],
    ['lua', '-- highlight-next-line'],
    ['haskell', '-- highlight-next-line'],
    ['lisp', '; highlight-next-line'],
    ['wasm', ';; highlight-next-line'],
    ['latex', '% highlight-next-line'],
    ['text', '// highlight-next-line'],
    ['', '# highlight-next-line'],
  ])('reads %s comments written %s', (language, comment) => {
    const { code, lines } = marks(`a\n  ${comment}\nb\nc`, language || 'text');
    expect(code).toBe('a\nb\nc');
    expect(lines).toEqual([[2, ['highlighted']]]);
  });

  // Docusaurus names none of these languages, so it reads the popular syntaxes in them; their own is read too.
  it.each([
    ['sh', '// highlight-next-line'],
    ['shell', '<!-- highlight-next-line -->'],
    ['mjs', '# highlight-next-line'],
    ['mdx', '{/* highlight-next-line */}'],
    ['lisp', '// highlight-next-line'],
    ['lisp', ';; highlight-next-line'],
    ['hs', '-- highlight-next-line'],
    ['hs', '# highlight-next-line'],
    ['cmd', 'REM highlight-next-line'],
    ['cobol', '*> highlight-next-line'],
    ['vbnet', "_ ' highlight-next-line"],
  ])('reads %s comments written %s, as Docusaurus does', (language, comment) => {
    const { code, lines } = marks(`a\n${comment}\nb`, language);
    expect(code).toBe('a\nb');
    expect(lines).toEqual([[2, ['highlighted']]]);
  });

  it('leaves comments the language does not use as code', () => {
    expect(marks('# highlight-next-line\nx', 'js').code).toBe('# highlight-next-line\nx');
    expect(marks('// highlight-next-line\nx', 'python').code).toBe('// highlight-next-line\nx');
    expect(marks('-- highlight-next-line\nx', 'js').code).toBe('-- highlight-next-line\nx');
  });

  it('only reads a comment alone on its line, and only whole directives', () => {
    const source = "f(); // highlight-next-line\n// highlight-next-line please\nconst s = '// highlight-start';";
    expect(marks(source, 'js')).toEqual({ code: source, lines: [], block: [] });
  });

  it('keeps the magic comments of a block whose meta names lines, as Docusaurus does, and marks the lines with the first kind\'s class', () => {
    const { code, lines } = marks('a\n// highlight-next-line\nb', 'js', DEFAULT_MAGIC_COMMENTS, new Set([1, 3, 9]));
    expect(code).toBe('a\n// highlight-next-line\nb');
    expect(lines).toEqual([
      [1, ['highlighted']],
      [3, ['highlighted']],
    ]);
  });

  it('reads a site\'s own kinds with their class names, and a range left open marks nothing', () => {
    const kinds: MagicComment[] = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
      { className: 'code-block-error-line', line: 'This will error' },
      { className: 'code-block-added', block: { start: 'added-start', end: 'added-end' } },
    ];
    const source = ['// This will error', 'bad();', '// added-start', 'one();', '// highlight-next-line', 'two();', '// added-end', '// highlight-start', 'open();'].join('\n');
    const { code, lines } = marks(source, 'js', kinds);
    expect(code).toBe('bad();\none();\ntwo();\nopen();');
    expect(lines).toEqual([
      [1, ['code-block-error-line']],
      [2, ['code-block-added']],
      [3, ['theme-code-block-highlighted-line', 'code-block-added']],
    ]);
  });

  it('reads no magic comment when the site has none', () => {
    expect(marks('// highlight-next-line\nx', 'js', []).code).toBe('// highlight-next-line\nx');
  });

  it('reads shiki\'s notations: on the line they end, alone on a line for the next, with a count', () => {
    const source = [
      "const a = 1; // [!code --]",
      "const a = 2; // [!code ++]",
      'x(); # [!code focus]',
      '// [!code highlight:2]',
      'one();',
      'two();',
      'three(); /* [!code error] */',
      '<b/> <!-- [!code warning] -->',
      'four(); // [!code hl:2]',
      'five();',
    ].join('\n');
    const { code, lines, block } = marks(source, 'js');
    expect(code).toBe(['const a = 1;', 'const a = 2;', 'x();', 'one();', 'two();', 'three();', '<b/>', 'four();', 'five();'].join('\n'));
    expect(lines).toEqual([
      [1, ['diff', 'remove']],
      [2, ['diff', 'add']],
      [3, ['focused']],
      [4, ['highlighted']],
      [5, ['highlighted']],
      [6, ['highlighted', 'error']],
      [7, ['highlighted', 'warning']],
      [8, ['highlighted']],
      [9, ['highlighted']],
    ]);
    expect(block).toEqual(['has-diff', 'has-focused', 'has-highlighted']);
  });

  it('reads magic comments and notations in one block', () => {
    const { code, lines } = marks('// highlight-next-line\na(); // [!code ++]\nb();', 'js');
    expect(code).toBe('a();\nb();');
    expect(lines).toEqual([[1, ['highlighted', 'diff', 'add']]]);
  });
});
