/**
 * `markdown.mdx1Compat.syntax`: MDX read as MDX 1 (@mdx-js/mdx 1.6, Docusaurus 2) read it. Each
 * expected output is MDX 1's for the same source (braces and a stray `<` in markdown are text,
 * autolinks and indented code work, a block that starts with a tag is JSX with its expressions),
 * and where MDX 1 itself failed (`<br>` left open), what the author meant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../../src/content/mdx/compile.js';
import { readAsMdx1, styleObject } from '../../../../src/content/mdx/mdx1Syntax.js';
import { compileHarness } from './compileHarness.js';

const harness = compileHarness();
beforeAll(() => harness.start(), 60_000);
afterAll(() => harness.stop());

const asMdx1: Partial<CompileOptions> = { file: 'docs/page.md', mdx1Compat: { comments: true, admonitions: true, headingIds: true, syntax: true } };
/** The text of some HTML: tags out, the entities it uses decoded. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;|&#x3C;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const render = async (body: string) => harness.render(await harness.compile(body, asMdx1));

describe('MDX read as MDX 1', () => {
  it('shows braces and a < that starts no tag as text in markdown, as MDX 1 did', async () => {
    expect(await render('The object {a: 1} here, } alone, 1<2, a <5 b and x <= y.\n')).toBe('<p>The object {a: 1} here, } alone, 1&lt;2, a &lt;5 b and x &lt;= y.</p>');
    expect(await render('## Title {x}\n')).toBe('<h2 id="title-x">Title {x}</h2>');
    expect(await render('| a | b |\n| --- | --- |\n| {x} | 1<2 |\n')).toBe('<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>{x}</td><td>1&lt;2</td></tr></tbody></table>');
  });

  it('warns where MDX 3 would have read an expression, naming the line and column', async () => {
    const page = await harness.compile('First line.\n\nUse {foo} and {1 + 1}, not {a: 1}.\n', asMdx1);
    expect(page.warnings).toEqual([
      expect.objectContaining({ code: 'MDX1_EXPRESSION_AS_TEXT', line: 3, column: 5, message: expect.stringContaining('{foo} is shown as text') }),
      expect.objectContaining({ code: 'MDX1_EXPRESSION_AS_TEXT', line: 3, column: 15 }),
    ]);
    expect(await harness.render(page)).toBe('<p>First line.</p>\n<p>Use {foo} and {1 + 1}, not {a: 1}.</p>');
  });

  it('leaves code spans, fenced code and escaped braces as they are', async () => {
    expect(await render('Call `fn({x})` or \\{y\\}.\n')).toBe('<p>Call <code>fn({x})</code> or {y}.</p>');
    const page = await harness.compile('```js\nconst a = {b: 1};\n```\n', asMdx1);
    expect(page.warnings).toEqual([]);
    expect(textOf(await harness.render(page))).toContain('const a = {b: 1};');
  });

  it('reads autolinks and indented code', async () => {
    expect(await render('See <https://x.org/a_b> or <team@x.org>.\n')).toBe('<p>See <a href="https://x.org/a_b">https://x.org/a_b</a> or <a href="mailto:team@x.org">team@x.org</a>.</p>');
    const html = await render('Para.\n\n    code {x} <y>\n');
    expect(html).toMatch(/^<p>Para\.<\/p>\n<figure data-language="text"/);
    expect(textOf(html)).toContain('code {x} <y>');
    // Indented lines that continue a list item are its content, not code.
    expect(await render('- item\n\n    continued {x}\n')).toBe('<ul>\n<li>\n<p>item</p>\n<p>continued {x}</p>\n</li>\n</ul>');
  });

  it('reads a block that starts with a tag as JSX, its expressions evaluated; inline tags keep their text', async () => {
    expect(await render('<div>{1 + 1}</div>\n')).toBe('<div>2</div>');
    expect(await render('a <span title={"t" + 1}>{1+1}</span> b\n')).toBe('<p>a <span title="t1">{1+1}</span> b</p>');
    const tabs = '<div className="tabs">\n<section>\n\ntext {x} here\n\n</section>\n</div>\n';
    expect(await render(tabs)).toBe('<div class="tabs"><section><p>text {x} here</p></section></div>');
  });

  it('takes tags MDX 3 refuses as meant: void elements closed, class and for, style strings', async () => {
    expect(await render('a<br>b and <img src="/x.png" alt="x"> too\n')).toBe('<p>a<br/>b and <img src="/x.png" alt="x" loading="lazy" decoding="async"/> too</p>');
    expect(await render('| a |\n| --- |\n| x<br>y |\n')).toContain('<td>x<br/>y</td>');
    expect(await render('<hr>\n')).toBe('<hr/>');
    expect(await render('<div class="box" style="color: red; margin-top: 2px">hi <label for="f">L</label></div>\n')).toBe('<div class="box" style="color:red;margin-top:2px">hi <label for="f">L</label></div>');
    expect(styleObject('-webkit-line-clamp: 2; --accent: #fff; ; bad')).toBe('{"WebkitLineClamp":"2","--accent":"#fff"}');
  });

  it("reads a partial as MDX 1 too, and names the partial's line in its warnings", async () => {
    const resolvePartial = () => ({ relPath: 'docs/_part.md', absPath: '/site/docs/_part.md', body: 'Partial with {value}.\n', format: 'mdx' as const });
    const page = await harness.compile("import Part from './_part.md';\n\n<Part />\n", { ...asMdx1, resolvePartial });
    expect(await harness.render(page)).toBe('<p>Partial with {value}.</p>');
    expect(page.warnings).toEqual([expect.objectContaining({ code: 'MDX1_EXPRESSION_AS_TEXT', message: expect.stringMatching(/^docs\/_part\.md:1:14: \{value\} is shown as text/) })]);
  });

  it('keeps every line where it was, so errors point at the source', () => {
    const body = 'a {x}\n\n<div class="a">\n{1}\n</div>\n\n    code\n\nb <https://x.org>\n';
    expect(readAsMdx1(body).text.split('\n')).toHaveLength(body.split('\n').length);
  });

  it('is MDX 3 without the option', async () => {
    await expect(harness.compile('1<2\n', { file: 'docs/page.md' })).rejects.toMatchObject({ code: 'MDX_SYNTAX' });
  });
});
