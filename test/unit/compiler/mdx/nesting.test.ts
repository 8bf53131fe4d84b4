import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompileJob, CompileOutcome, CompileSettings } from '../../../../src/compiler/compile/compileJob.js';
import { createWorkerPool, workerScript, type WorkerPool } from '../../../../src/util/workerPool.js';
import { compileMdx } from '../../../../src/compiler/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { deepestLine, findDeepNesting, MAX_EMPHASIS_MARKERS, MAX_NESTING, nestingError, type DeepNesting } from '../../../../src/compiler/mdx/nesting.js';
import { SiteError } from '../../../../src/errors.js';
import { MAX_ELEMENT_DEPTH } from '../../../../src/compiler/mdx/elementDepth.js';

const quotes = (n: number) => `${'>'.repeat(n)} deep`;
const bullets = (n: number) => `${'- '.repeat(n)}deep`;
const elements = (n: number) => `${'<div>\n'.repeat(n)}x\n${'</div>\n'.repeat(n)}`;
const indented = (n: number) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');

/** The scan of a markdown body, which must read the same in MDX, where only elements add to it. */
function scan(body: string, limit?: number): DeepNesting | null {
  const markdown = findDeepNesting(body, 'md', limit);
  expect(findDeepNesting(body, 'mdx', limit)).toEqual(markdown);
  return markdown;
}

describe('findDeepNesting', () => {
  it('finds the line and column where block quotes or list items nest past the limit', () => {
    expect(scan(`# T\n\ntext\n\n${quotes(10_000)}\n`)).toEqual({ line: 5, column: MAX_NESTING + 1, depth: 10_000 });
    expect(scan(`intro\n\n${bullets(150)}\n`)).toEqual({ line: 3, column: 2 * MAX_NESTING + 1, depth: 150 });
    const list = scan(`intro\n\n${indented(150)}\n`);
    expect(list?.line).toBe(3 + MAX_NESTING);
    expect(list?.depth).toBe(MAX_NESTING + 1);
    expect(scan(`${'> - '.repeat(60)}x`)?.depth).toBe(120);
    expect(scan(`${'1. '.repeat(150)}x`)?.depth).toBeGreaterThan(MAX_NESTING);
  });

  it('counts the emphasis and link brackets a paragraph nests, even across its lines, at the opener of the pair that goes past the limit', () => {
    // The innermost pairs close first: the 101st closer closes the opener 101 from the end.
    expect(scan(`# T\n\n${'*a '.repeat(1000)}x${' a*'.repeat(1000)}\n`)).toEqual({ line: 3, column: 3 * (1000 - MAX_NESTING - 1) + 1, depth: MAX_NESTING + 1 });
    expect(scan(`${'['.repeat(200)}x${']'.repeat(200)}`)).toEqual({ line: 1, column: MAX_NESTING + 1, depth: MAX_NESTING + 1 });
    const lines = (n: number, text: string) => Array.from({ length: n }, () => text);
    expect(scan([...lines(150, '_open'), ...lines(150, 'close_')].join('\n'))).toEqual({ line: 150 - MAX_NESTING, column: 1, depth: MAX_NESTING + 1 });
    // Openers that something else than their own character closes do not nest, but what they hold does.
    expect(scan(`${'*a _b '.repeat(150)}x${' a*'.repeat(150)}`)).toMatchObject({ depth: MAX_NESTING + 1 });
    // A blank line ends the paragraph; closed emphasis and code spans count for nothing.
    expect(scan([...lines(150, '_open'), '', ...lines(150, 'close_')].join('\n'))).toBeNull();
    expect(scan(`${'*a* **b** [c](d) '.repeat(500)}\n\n\`${'*['.repeat(500)}\`\n`)).toBeNull();
  });

  it('leaves alone emphasis that is never closed: it is text, and nests nothing', () => {
    expect(scan(`# T\n\n${'*a '.repeat(4900)}\n`)).toBeNull();
    expect(scan(Array.from({ length: 150 }, () => '_open').join('\n'))).toBeNull();
    // Closers that find no opener of their character close nothing.
    expect(scan(`${'*b '.repeat(1000)}x${' c_ d'.repeat(50)}`)).toBeNull();
    // Brackets nest in the parsers, closed or not.
    expect(scan(`${'[a '.repeat(5000)}x`)).toEqual({ line: 1, column: 3 * MAX_NESTING + 1, depth: MAX_NESTING + 1 });
    expect(scan(`${'[a '.repeat(60)}${'*a '.repeat(50)}x${' a*'.repeat(50)}`)).toMatchObject({ depth: MAX_NESTING + 1 });
  });

  it('counts a run of emphasis markers as the levels it can open, and refuses a paragraph of too many markers', () => {
    // 16,000 "*" open 8,000 levels of strong and emphasis at once.
    expect(scan(`# T\n\n${'*'.repeat(16_000)}x${'*'.repeat(16_000)}\n`)).toMatchObject({ line: 3, column: 1, depth: 8000 });
    expect(scan(`intro ${'_'.repeat(300)}x${'_'.repeat(300)}`)).toMatchObject({ line: 1, column: 7, depth: 150 });
    expect(scan(`${'*'.repeat(2 * MAX_NESTING)}x${'*'.repeat(2 * MAX_NESTING)}`)).toBeNull();
    // Markers that never pair up nest nothing, but the parser looks back over every one for each.
    const closers = scan(`# T\n\n${'a* '.repeat(MAX_EMPHASIS_MARKERS)}\nb* c*\n`);
    expect(closers).toMatchObject({ line: 4, column: 2, markers: MAX_EMPHASIS_MARKERS + 1 });
    expect(scan(Array.from({ length: 100 }, () => 'a* '.repeat(MAX_EMPHASIS_MARKERS / 50)).join('\n\n'))).toBeNull();
    // "_" inside words (snake_case names) is no marker.
    expect(scan('a_long_snake_case_name '.repeat(MAX_EMPHASIS_MARKERS))).toBeNull();
  });

  it('leaves alone what real pages hold', () => {
    expect(scan(`${quotes(MAX_NESTING)}\n\n${bullets(MAX_NESTING)}\n\n${indented(MAX_NESTING)}\n`)).toBeNull();
    // Code, thematic breaks, emphasis and numbers are no containers; fenced code is skipped.
    const body = ['```', quotes(500), bullets(500), '```', '*'.repeat(500), '- - - -', `${'1.5 '.repeat(300)}`, `${' '.repeat(400)}indented code`].join('\n');
    expect(scan(body)).toBeNull();
  });

  it('points at the longest line when nothing nests visibly', () => {
    expect(deepestLine('short\n\na much longer line of text\n\nend')).toEqual({ line: 3, column: 1, depth: 0 });
  });

  it('points at the deepest element or bracket when asked where a page is deepest', () => {
    expect(deepestLine(`a\n\n${'<div>'.repeat(50)}x${'</div>'.repeat(50)}\n`)).toMatchObject({ line: 3, depth: 50 });
    expect(deepestLine(`a\n${'{'.repeat(20)}\n${'}'.repeat(20)}\n${quotes(30)}`)).toMatchObject({ line: 4, depth: 30 });
  });
});

describe('findDeepNesting: elements in MDX', () => {
  const spans = (n: number) => `${'<span>'.repeat(n)}x${'</span>'.repeat(n)}`;
  const refused = (body: string) => findDeepNesting(body, 'mdx');

  it('counts open elements and points at the tag that goes past the limit; in .md a tag is raw HTML and counts nothing', () => {
    expect(refused(`# T\n\n${spans(150)}\n`)).toEqual({ line: 3, column: 6 * MAX_NESTING + 1, depth: MAX_NESTING + 1, elements: MAX_NESTING + 1 });
    expect(refused(`intro\n\n${elements(150)}`)).toEqual({ line: 3 + MAX_NESTING, column: 1, depth: MAX_NESTING + 1, elements: MAX_NESTING + 1 });
    expect(findDeepNesting(`# T\n\n${spans(150)}\n`, 'md')).toBeNull();
    expect(findDeepNesting(`intro\n\n${elements(150)}`, 'md')).toBeNull();
    expect(refused(`${spans(MAX_NESTING)}\n\n${elements(MAX_NESTING)}`)).toBeNull();
  });

  it('says that elements nest so deeply, and the limit', () => {
    const body = `# T\n\n${spans(150)}\n`;
    const error = nestingError('docs/deep.mdx', body, refused(body)!, null);
    expect(error).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: 'docs/deep.mdx', line: 3, column: 601 } });
    expect(error.message).toBe(`elements nest ${MAX_NESTING + 1} levels deep here; at most ${MAX_NESTING} levels are allowed`);
  });

  it('reads a tag to its end through quoted values and attribute expressions holding ">" and "<", over several lines', () => {
    const tag = `<a title="a > b" data-x='<b>' onClick={() => x > 1 && y < 2 && "}" !== '{'}>`;
    expect(refused(`${tag.repeat(150)}x${'</a>'.repeat(150)}`)).toMatchObject({ line: 1, column: tag.length * MAX_NESTING + 1, depth: MAX_NESTING + 1 });
    expect(refused(`${tag.repeat(MAX_NESTING)}x${'</a>'.repeat(MAX_NESTING)}`)).toBeNull();
    const tabs = "<Tabs\n  label='a > b'\n  onChange={(value) => {\n    if (value > '}') select(value);\n  }}>\n";
    expect(refused(`${tabs.repeat(150)}x\n${'</Tabs>\n'.repeat(150)}`)).toMatchObject({ line: 5 * MAX_NESTING + 1, column: 1, depth: MAX_NESTING + 1 });
  });

  it('counts no self-closing tag, void element or closed fragment, and counts open fragments', () => {
    expect(refused('<Foo />'.repeat(500))).toBeNull();
    expect(refused('<Foo icon={<b>x</b>} label="/>" />'.repeat(500))).toBeNull();
    expect(refused(`${'<br>'.repeat(500)}${'<img src="a.png">'.repeat(500)}`)).toBeNull();
    expect(refused('<>x</> <a>x</a> '.repeat(500))).toBeNull();
    expect(refused(`${'<>'.repeat(150)}x${'</>'.repeat(150)}`)).toMatchObject({ line: 1, column: 2 * MAX_NESTING + 1, depth: MAX_NESTING + 1 });
  });

  it('skips code fences (indented ones too: MDX has no indented code), code spans and escaped "<"', () => {
    expect(refused(`# T\n\n\`\`\`html\n${elements(200)}\`\`\`\n`)).toBeNull();
    const indented = elements(200).replace(/^/gm, '    ');
    expect(refused(`<div>\n\n    ~~~html\n${indented}\n    ~~~\n\n</div>\n`)).toBeNull();
    expect(refused(`- item\n\n  \`\`\`jsx\n${elements(200)}  \`\`\`\n`)).toBeNull();
    expect(refused('`<div>` ``<div>`` \\<div> '.repeat(200))).toBeNull();
  });

  it('skips comments, expressions and import/export blocks, JSX inside them included', () => {
    expect(refused('<!-- <div> --> {/* <div> */} '.repeat(200))).toBeNull();
    expect(refused(`<!--\n${elements(200)}-->\n`)).toBeNull();
    expect(refused(`{/*\n${'<div>\n\n'.repeat(200)}*/}\n`)).toBeNull();
    expect(refused(`{${spans(200)}}\n`)).toBeNull();
    expect(refused(`import Tabs from '@theme/Tabs';\nexport const Deep = () => ${spans(200)};\n\n# T\n`)).toBeNull();
    expect(refused(`export function Deep() {\n  return (\n${'<div>\n\n'.repeat(150)}x${'</div>'.repeat(150)}\n  );\n}\n\n# T\n`)).toBeNull();
  });

  it('reads a "<" that opens no tag as text, and drops inline elements at the end of their paragraph', () => {
    expect(refused('a < b, <3, x<-y, Array<String,String>, <https://example.com>, <me@example.com> '.repeat(300))).toBeNull();
    expect(refused('Text with <b>bold left open\n\n'.repeat(200))).toBeNull();
    // "a<b" opens no tag its next line closes: "</div>" still closes the div.
    expect(refused('<div>\ntext a<b\n</div>\n\n'.repeat(200))).toBeNull();
  });

  it('adds elements to the block quotes, list items and emphasis around or inside them', () => {
    const inQuotes = refused(`${'> '.repeat(50)}${spans(51)}\n`);
    expect(inQuotes).toEqual({ line: 1, column: 2 * 50 + 6 * 50 + 1, depth: MAX_NESTING + 1, elements: 51 });
    expect(nestingError('docs/deep.mdx', '', inQuotes!, null).message).toBe(
      `elements nest 51 levels deep here, and block quotes, list items, emphasis and links 50 more: ${MAX_NESTING + 1} levels in all; at most ${MAX_NESTING} levels are allowed`,
    );
    expect(refused(`${elements(60).split('x')[0]}${'>'.repeat(41)} deep\n`)).toEqual({ line: 61, column: 41, depth: MAX_NESTING + 1, elements: 60 });
    expect(refused(`${elements(60).split('x')[0]}${'*a '.repeat(41)}x${' a*'.repeat(41)}\n`)).toMatchObject({ line: 61, depth: MAX_NESTING + 1, elements: 60 });
  });
});

describe('compiling deeply nested pages', () => {
  let highlighter: CodeHighlighter;
  beforeAll(async () => {
    highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
  }, 60_000);

  const compile = (body: string, format: 'md' | 'mdx') =>
    compileMdx(body, { file: `docs/deep.${format}`, sourceText: body, format, highlighter, tocLevels: { min: 2, max: 3 }, resolveMarkdownLink: () => null });
  const failure = async (body: string, format: 'md' | 'mdx') => {
    const error = await compile(body, format).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    return error as SiteError;
  };

  it.each(['md', 'mdx'] as const)('reports 10,000 levels of ">" and of list items, and 2,000 of emphasis, in .%s with the file and line', async (format) => {
    for (const deep of [quotes(10_000), bullets(10_000), `${'*a '.repeat(2000)}x${' a*'.repeat(2000)}`]) {
      const error = await failure(`# Deep\n\nIntro.\n\n${deep}\n`, format);
      expect(error.code).toBe('CONTENT_TOO_DEEP');
      expect(error.location).toEqual({ file: `docs/deep.${format}`, line: 5, column: expect.any(Number) });
      expect(error.message).toMatch(/(10000|101) levels/);
      expect(error.frame).toContain('> 5 |');
    }
  });

  it.each(['md', 'mdx'] as const)('reports 16,000 levels of emphasis in one run, and 10,000 unpaired markers, in .%s at their line', async (format) => {
    const deep = await failure(`# Deep\n\nIntro.\n\n${'*'.repeat(16_000)}x${'*'.repeat(16_000)}\n`, format);
    expect(deep).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: `docs/deep.${format}`, line: 5, column: 1 } });
    expect(deep.message).toMatch(/8000 levels/);
    const many = await failure(`# Many\n\nIntro.\n\n${'a* '.repeat(10_000)}\n`, format);
    expect(many).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: `docs/deep.${format}`, line: 5 } });
    expect(many.message).toMatch(/emphasis markers/);
  });

  it.each(['md', 'mdx'] as const)('compiles a paragraph of 4,900 emphasis markers that never close in .%s, as the text it is', async (format) => {
    const page = await compile(`# Literal\n\n${'*a '.repeat(4900)}\n`, format);
    expect(page.code).toContain('*a '.repeat(100));
    expect(page.code).not.toMatch(/"em"/);
  });

  it.each(['md', 'mdx'] as const)('compiles %s pages nesting as deep as allowed', async (format) => {
    const page = await compile(`${quotes(MAX_NESTING)}\n\n${bullets(MAX_NESTING)}\n\n${indented(MAX_NESTING)}\n`, format);
    expect(page.code.match(/"blockquote"/g)?.length).toBe(1);
  });

  it('reports elements nested past the limit in .mdx at the tag that goes past it; in .md the scan leaves raw HTML alone', async () => {
    const error = await failure(`# Deep\n\n${elements(3000)}`, 'mdx');
    expect(error).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: 'docs/deep.mdx', line: 3 + MAX_NESTING, column: 1 } });
    expect(error.message).toMatch(/^elements nest 101 levels deep here; at most 100 levels are allowed$/);
    const page = await compile(`# Deep\n\n${elements(150)}`, 'md');
    expect(page.code.match(/\(_components\.div,/g)?.length).toBe(150);
  });

  it('refuses raw HTML in .md nesting past the element limit at the tag that passes it, and compiles 50 levels', async () => {
    const error = await failure(`# Deep\n\n${elements(600)}`, 'md');
    expect(error).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: 'docs/deep.md', line: 3 + MAX_ELEMENT_DEPTH, column: 1 } });
    expect(error.message).toBe(`elements nest 600 levels deep; level ${MAX_ELEMENT_DEPTH + 1} is this <div>, and at most ${MAX_ELEMENT_DEPTH} levels are allowed`);
    // In a block quote: the tag after the quote's marker; the quote is a level too.
    const quoted = await failure(`# Deep\n\n${elements(600).replace(/^/gm, '> ')}`, 'md');
    expect(quoted).toMatchObject({ location: { line: 2 + MAX_ELEMENT_DEPTH, column: 3 } });
    const page = await compile(`# Shallow\n\n${elements(50)}`, 'md');
    expect(page.code.match(/\(_components\.div,/g)?.length).toBe(50);
  });

  it('refuses a markdown partial whose raw HTML nests too deeply at its own line, and one the page nests deeper at the page\'s element around it', async () => {
    const partial = (divs: number) => ({ relPath: 'docs/_deep.md', absPath: '/site/docs/_deep.md', body: `Intro.\n\n${elements(divs)}`, format: 'md' as const });
    const page = (around: number) => `import Deep from './_deep.md';\n\n# Page\n\n${'<section>\n'.repeat(around)}\n<Deep />\n\n${'</section>\n'.repeat(around)}`;
    const compileWith = (divs: number, around: number) =>
      compileMdx(page(around), { file: 'docs/page.mdx', sourceText: page(around), format: 'mdx', highlighter, tocLevels: { min: 2, max: 3 }, resolveMarkdownLink: () => null, resolvePartial: () => partial(divs) }).then(
        () => null,
        (e: unknown) => e,
      );
    expect(await compileWith(600, 0)).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: 'docs/_deep.md', line: 3 + MAX_ELEMENT_DEPTH, column: 1 } });
    const nested = await compileWith(200, 60);
    expect(nested).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: 'docs/page.mdx', line: 4 + 60, column: 1 } });
    expect((nested as SiteError).message).toMatch(/^elements nest 260 levels deep; level 251 is a <div> inside the element here \(one with no place in this file/);
    expect(await compileWith(150, 60)).toBeNull();
  });

  it('refuses a partial whose elements nest too deeply at its own line and column, as it would a page', async () => {
    const partial = { relPath: 'docs/_deep.mdx', absPath: '/site/docs/_deep.mdx', body: `Intro.\n\n${'<span>'.repeat(150)}x${'</span>'.repeat(150)}\n`, format: 'mdx' as const };
    const body = "import Deep from './_deep.mdx';\n\n# Page\n\n<Deep />\n";
    const options = { file: 'docs/page.mdx', sourceText: body, format: 'mdx' as const, highlighter, tocLevels: { min: 2, max: 3 }, resolveMarkdownLink: () => null, resolvePartial: () => partial };
    const error = await compileMdx(body, options).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: 'docs/_deep.mdx', line: 3, column: 6 * MAX_NESTING + 1 } });
  });

  it('turns a stack overflow on nesting the scan does not count into the same error, with a line', async () => {
    // JSX inside an expression is JavaScript to the scan.
    const error = await failure(`# Deep\n\nIntro.\n\n{${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}}\n`, 'mdx');
    expect(error.code).toBe('CONTENT_TOO_DEEP');
    expect(error.location).toMatchObject({ file: 'docs/deep.mdx', line: 5 });
    expect(error.message).toMatch(/ran out of stack/);
    // The expression parser gives up before the stack runs out, with an error of its own.
    const brackets = await failure(`# Deep\n\n{${'['.repeat(20_000)}${']'.repeat(20_000)}}\n`, 'mdx');
    expect(brackets.code).toBe('CONTENT_TOO_DEEP');
    expect(brackets.location).toMatchObject({ file: 'docs/deep.mdx', line: 3 });
  });
});

describe('deep pages in a compile worker', () => {
  let pool: WorkerPool<CompileJob, CompileOutcome>;
  const settings: CompileSettings = { tocLevels: { min: 2, max: 3 }, themes: { light: 'github-light', dark: 'github-dark' }, linkTargets: { routesBySource: {}, contentRoots: [], staticMarkdown: [] }, siteDir: process.cwd(), baseUrl: '/' };
  const job = (relPath: string, body: string): CompileJob => ({ relPath, body, text: body, format: relPath.endsWith('.mdx') ? 'mdx' : 'md', withExcerpt: false, route: null, image: null, frontMatter: null });
  beforeAll(async () => {
    pool = createWorkerPool(await workerScript('compileWorker'), 1, settings);
  }, 60_000);
  afterAll(() => pool?.close());

  it('come back as errors and leave the worker working', async () => {
    // A worker thread has a larger stack than the main thread: more brackets to run it out.
    for (const body of [`${quotes(10_000)}\n`, `{${'['.repeat(200_000)}${']'.repeat(200_000)}}\n`]) {
      const outcome = await pool.run(job('docs/deep.mdx', body));
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: 'docs/deep.mdx', line: expect.any(Number) } });
    }
    const fine = await pool.run(job('docs/fine.md', '# Fine\n\ntext\n'));
    expect(fine.ok).toBe(true);
  }, 60_000);
});
