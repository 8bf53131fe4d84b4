/**
 * Magic comments (`// highlight-next-line`, `# highlight-start`, the site's own kinds) are applied
 * to every code block, whether the page wrote it as a fence, a remark plugin made it, or it is a
 * `<CodeBlock>` element with its code as a string (see codeBlockElements.ts): never shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedPlugins } from '../../../../src/compiler/compile/loadPlugins.js';
import type { CompileOptions } from '../../../../src/compiler/mdx/compile.js';
import { DEFAULT_RENDERING } from '../../../../src/compiler/mdx/rendering.js';
import { compileHarness } from './compileHarness.js';

const harness = compileHarness();
beforeAll(() => harness.start(), 60_000);
afterAll(() => harness.stop());

type Tree = { type: string; children?: Tree[] };
const withRemark = (...remark: LoadedPlugins['remark']): Partial<CompileOptions> => ({ plugins: { beforeRemark: [], remark, beforeRehype: [], rehype: [] } });
/** The text of some HTML, and the lines shiki marked (class "highlighted"). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x3C;|&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
const marked = (html: string) => [...html.matchAll(/<span class="line highlighted">(.*?)<\/span><\/span>/g)].map((m) => textOf(m[1]!).trim());

describe('a <CodeBlock> element with its code as a string', () => {
  it('is highlighted at build time like a fence, its magic comments applied and its title and line numbers kept', async () => {
    const body = "<CodeBlock language=\"jsx\" title=\"/src/Hello.js\" showLineNumbers>\n{`function Hello() {\n  // highlight-next-line\n  return <b>Hi</b>;\n}`}\n</CodeBlock>\n";
    const page = await harness.compile(body);
    const html = await harness.render(page);
    expect(html).toMatch(/^<figure data-language="jsx" data-title="\/src\/Hello.js"><pre class="shiki/);
    expect(textOf(html)).not.toContain('highlight-next-line');
    expect(marked(html)).toEqual(['return <b>Hi</b>;']);
    expect(page.code).toContain('showLineNumbers: "1"');
  });

  it('is taken from a string attribute-free element too, and when imported from @theme/CodeBlock', async () => {
    const body = "import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock className=\"language-python\">\n{'# highlight-next-line\\nprint(1)'}\n</CodeBlock>\n";
    const page = await harness.compile(body);
    expect(page.warnings).toEqual([]);
    expect(page.code).toContain('language: "python"');
    expect(page.code).not.toContain('highlight-next-line');
  });

  it('is left to the component when its code is only known when the page runs, or CodeBlock is not the theme’s', async () => {
    const dynamic = "export const source = 'x';\n\n<CodeBlock language=\"js\">{source}</CodeBlock>\n";
    expect((await harness.compile(dynamic)).code).toContain('children: source');
    const own = "import CodeBlock from './MyCodeBlock';\n\n<CodeBlock language=\"js\">{'a'}</CodeBlock>\n";
    expect((await harness.compile(own)).code).not.toContain('html:');
  });

  it('made by a remark plugin is taken too', async () => {
    const plugin = () => (tree: Tree) => {
      tree.children!.push({ type: 'mdxJsxFlowElement', name: 'CodeBlock', attributes: [{ type: 'mdxJsxAttribute', name: 'language', value: 'ts' }], children: [{ type: 'text', value: 'let a = 1;\n// highlight-next-line\nlet b = 2;' }] } as unknown as Tree);
    };
    const html = await harness.render(await harness.compile('Text.\n', withRemark(plugin)));
    expect(html).toMatch(/<figure data-language="ts">/);
    expect(marked(html)).toEqual(['let b = 2;']);
  });
});

describe('code a remark plugin makes', () => {
  const plugin = () => (tree: Tree) => {
    tree.children!.push(
      { type: 'code', lang: 'python', meta: null, value: 'a()\n# highlight-next-line\nb()\n# mark-start\nc()\n# mark-end' } as Tree,
      { type: 'code', lang: 'jsx', meta: 'title="x.jsx"', value: '<div>\n  {/* highlight-next-line */}\n  <b />\n</div>' } as Tree,
    );
  };

  it('is highlighted with its grammar, though no fence of the page names its language, its magic comments applied', async () => {
    const page = await harness.compile('```js\nconst a = 1;\n```\n', withRemark(plugin));
    expect(page.warnings).toEqual([]);
    const html = await harness.render(page);
    expect(textOf(html)).not.toMatch(/highlight-next-line/);
    expect(marked(html)).toEqual(['b()', '<b />']);
    // Highlighted by the python grammar: a comment has the comments' colour.
    expect(html).toContain('<span style="--shiki-light:#6A737D;--shiki-dark:#6A737D"># mark-start</span>');
  });

  it("has the site's own magic comments applied", async () => {
    const rendering = { ...DEFAULT_RENDERING, magicComments: [...DEFAULT_RENDERING.magicComments, { className: 'marked', block: { start: 'mark-start', end: 'mark-end' } }] };
    const html = await harness.render(await harness.compile('Text.\n', { ...withRemark(plugin), rendering }));
    expect(textOf(html)).not.toMatch(/mark-(start|end)/);
    expect(html).toMatch(/<span class="line marked">/);
  });
});
