/**
 * `markdown.mdx1Compat.syntax`: MDX read as MDX 1 (@mdx-js/mdx 1.6, Docusaurus 2) read it. Each
 * expected output is MDX 1's for the same source (braces and a stray `<` in markdown are text,
 * autolinks and indented code work, a block that starts with a tag is JSX with its expressions),
 * and where MDX 1 itself failed (`<br>` left open), what the author meant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../../src/compiler/mdx/compile.js';
import { parseFrontMatter } from '../../../../src/model/frontMatter.js';
import { readAsMdx1, styleObject, tagLength } from '../../../../src/compiler/mdx/mdx1Syntax.js';
import { SiteError } from '../../../../src/errors.js';
import { compileHarness } from './compileHarness.js';

const harness = compileHarness();
beforeAll(() => harness.start(), 60_000);
afterAll(() => harness.stop());

const asMdx1: Partial<CompileOptions> = { file: 'docs/page.md', mdx1Compat: { comments: true, admonitions: true, headingIds: true, syntax: true } };
/** The text of some HTML: tags out, the entities it uses decoded. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;|&#x3C;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
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

  it('keeps every line where it was, CRLF line ends and all', () => {
    const body = '<details>\r\n    <summary>S</summary>\r\n</details>\r\n\r\n> ```js\r\n> f({ a })\r\n> ```\r\n\r\na < b {c}\r\n';
    const { text } = readAsMdx1(body);
    expect(text.split('\n')).toHaveLength(body.split('\n').length);
    expect(text).toContain('> f({ a })');
  });

  it('is MDX 3 without the option', async () => {
    await expect(harness.compile('1<2\n', { file: 'docs/page.md' })).rejects.toMatchObject({ code: 'MDX_SYNTAX' });
  });
});

/** The error a page fails to compile with. */
async function compileError(body: string, more: Partial<CompileOptions> = {}): Promise<SiteError> {
  try {
    await harness.compile(body, { ...asMdx1, sourceText: body, ...more });
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
  throw new Error('the page compiled');
}

describe('a < read as MDX 1 read it', () => {
  // Each expected text is what @mdx-js/mdx 1.6.22 renders for the same source.
  it.each([
    ['a table cell', '| a | b |\n| --- | --- |\n| `x` | Object<alias, component> and Array<String,String> |\n', 'Object<alias, component> and Array<String,String>'],
    ['a list item', '- a Map<K, V> here\n- b <= c and d <- e\n', 'a Map<K, V> here'],
    ['a heading', '## Head Array<String,String>\n', 'Head Array<String,String>'],
    ['a block quote', '> quoted Object<alias, component>\n', 'quoted Object<alias, component>'],
    ['a paragraph', 'a<b and <3 and x < y and <- and <= and <a, b> and 1 < 2 > 0\n', 'a<b and <3 and x < y and <- and <= and <a, b> and 1 < 2 > 0'],
    ['a paragraph, after a tag', '**Returns**: <code>Object</code> - Object<alias, component>  \n', 'Returns: Object - Object<alias, component>'],
    ['a tag with an attribute MDX 1 did not read', 'a <span 1a="x"> b\n', 'a <span 1a="x"> b'],
    ['a line that starts with one', '<alias, component> are kept\n', '<alias, component> are kept'],
  ])('is text when it opens no tag by MDX 1’s grammar, in %s', async (_where, body, text) => {
    const html = await render(body);
    expect(textOf(html)).toContain(text);
  });

  it('is code in code spans', async () => {
    expect(await render('Inline `Array<T>` and `<div>` too\n')).toBe('<p>Inline <code>Array&lt;T&gt;</code> and <code>&lt;div&gt;</code> too</p>');
  });

  it('opens a tag MDX 1 read as one: dotted and dashed names, unquoted values, across lines', async () => {
    expect(await render('a <abbr title=unquoted>u</abbr> b\n')).toBe('<p>a <abbr title="unquoted">u</abbr> b</p>');
    expect(await render('<my-el>hi</my-el> text\n')).toBe('<p><my-el>hi</my-el> text</p>');
    expect(await render('Text <a\nhref="https://x.org">multi</a> line\n')).toBe('<p>Text <a href="https://x.org">multi</a> line</p>');
    await expect(harness.compile('x <Foo.Bar>z</Foo.Bar> y\n', asMdx1)).rejects.toMatchObject({ code: 'UNKNOWN_COMPONENT', location: { line: 1, column: 3 } });
  });

  it('names the grammar: where a tag ends, or that none opens', () => {
    expect(tagLength('<br>', 0)).toBe(4);
    expect(tagLength('<a href="x" b={{ c: "}" }} d=e f />z', 0)).toBe(35);
    expect(tagLength('</Foo.Bar >', 0)).toBe(11);
    expect(tagLength('<>', 0)).toBe(2);
    for (const text of ['<alias, component>', '<String,String>', '<3', '< b>', '<-', '<=', '<a b=>', '<a {...p}>', '<a', '</ a>']) expect(tagLength(text, 0), text).toBe(-1);
  });

  it('fails on a tag left open, as MDX 1 did, at the tag and not at the start of what holds it', async () => {
    const body = 'First line of a long paragraph\nthat goes on and names List<T> here.\n';
    expect(await compileError(body)).toMatchObject({ code: 'MDX_SYNTAX', location: { line: 2, column: 28 } });
    const cell = '| a | b |\n| --- | --- |\n| x | Map<String> |\n';
    expect(await compileError(cell)).toMatchObject({ code: 'MDX_SYNTAX', location: { line: 3, column: 10 } });
  });
});

describe('indented children of a JSX block, read as MDX 1 read them', () => {
  it('are JSX, not indented code, whether indented with spaces or tabs', async () => {
    const spaces = '<details>\n    <summary className="s">Title</summary>\n    <iframe src="https://example.com/v" width="100"></iframe>\n</details>\n';
    expect(await render(spaces)).toBe('<details><summary class="s">Title</summary><iframe src="https://example.com/v" width="100"></iframe></details>');
    const tabs = '<details>\n\t<summary className="s">Title</summary>\n\t<iframe src="https://example.com/v" allowFullScreen></iframe>\n</details>\n\nAfter.\n';
    expect(await render(tabs)).toBe('<details><summary class="s">Title</summary><iframe src="https://example.com/v" allowFullScreen=""></iframe></details>\n<p>After.</p>');
  });

  it('keep their text beside their tags, and evaluate their expressions, as MDX 1 did', async () => {
    expect(await render('<details>\n    <summary>Title</summary>\n    Body text {1 + 1}.\n</details>\n')).toBe('<details><summary>Title</summary>\nBody text 2.</details>');
    expect(await render('<div>\n        <section>\n            <p>deep</p>\n        </section>\n</div>\n')).toBe('<div><section><p>deep</p></section></div>');
  });

  it('are JSX in a list item too, brought back to the item’s indentation', async () => {
    expect(await render('- item\n\n    <details>\n        <summary>T</summary>\n        body\n    </details>\n')).toBe('<ul>\n<li>\n<p>item</p>\n<details><summary>T</summary>\nbody</details>\n</li>\n</ul>');
  });

  it('end at a blank line: after it, indented lines are code, in a JSX element as outside, as in MDX 1', async () => {
    const html = await render('<details>\n    <summary>T</summary>\n\n    - a list?\n\n</details>\n');
    expect(html).toMatch(/^<details><summary>T<\/summary><figure data-language="text">/);
    expect(textOf(html)).toContain('- a list?');
    const outside = await render('Para\n\n    code <b> {x}\n\nmore\n');
    expect(outside).toMatch(/^<p>Para<\/p>\n<figure data-language="text">/);
    expect(textOf(outside)).toContain('code <b> {x}');
  });

  it('leave a fence indented inside JSX a fence, and braces in any fence alone (block quotes and list items too)', async () => {
    const tabs = '<Tabs>\n  <TabItem value="a">\n\n  ```js\n  const a = {b: 1};\n  ```\n\n  </TabItem>\n</Tabs>\n';
    const page = await harness.compile(tabs, { ...asMdx1, sourceText: tabs });
    expect(page.warnings).toEqual([]);
    expect(page.code).toContain('language: "js"');
    for (const body of ['> ```js\n> f({ children })\n> ```\n', '- item\n\n    ```js\n    f({ children })\n    ```\n']) {
      const html = await render(body);
      expect(textOf(html), body).toContain('f({ children })');
    }
  });
});

describe('places in a page read as MDX 1', () => {
  it('are the source’s lines and columns, front matter and rewritten text before them included', async () => {
    const text = '---\ntitle: T\n---\n\nIntro {x} with a < b and <code>c</code>.\n\nx < y and {z}, then <b>open\n';
    const body = parseFrontMatter(text, 'docs/page.md').body;
    const error = await compileError(body, { sourceText: text });
    // `<b>` is at column 21 of line 7, after a `<` and braces the reading escaped.
    expect(error).toMatchObject({ code: 'MDX_SYNTAX', location: { file: 'docs/page.md', line: 7, column: 21 } });
    expect(error.message).toContain('(7:21-7:24)');
  });

  it('are the source’s for a component on a line brought back from its indentation', async () => {
    const body = '<details>\n\t\t<summary>S</summary>\n\t\t<Missing />\n</details>\n';
    expect(await compileError(body)).toMatchObject({ code: 'UNKNOWN_COMPONENT', location: { line: 3, column: 3 } });
  });

  it('are the source’s for a warning after a rewritten tag on the same line', async () => {
    const page = await harness.compile('a <br> b <img src="/x.png"> {value}\n', asMdx1);
    expect(page.warnings).toEqual([expect.objectContaining({ code: 'MDX1_EXPRESSION_AS_TEXT', line: 1, column: 29 })]);
  });
});
