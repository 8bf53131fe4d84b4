import { beforeAll, describe, expect, it } from 'vitest';
import { compileMdx } from '../../../../src/compiler/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { resolveSiteUrls, SITE_URL_MARK } from '../../../../src/compiler/mdx/markdownView.js';

let highlighter: CodeHighlighter;
beforeAll(async () => {
  highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
}, 60_000);

/** The markdown view of a body, compiled as the build compiles pages, with the site at https://site.example. */
async function view(body: string, options: { format?: 'md' | 'mdx'; links?: Record<string, string> } = {}): Promise<string> {
  const page = await compileMdx(body, {
    file: 'docs/page.mdx',
    sourceText: body,
    format: options.format ?? 'mdx',
    highlighter,
    tocLevels: { min: 2, max: 3 },
    resolveMarkdownLink: (target) => options.links?.[target] ?? null,
  });
  return resolveSiteUrls(page.markdown, 'https://site.example');
}

describe('the markdown view of a page', () => {
  it('drops imports, exports and comments, and keeps plain markdown as it is', async () => {
    const md = await view([
      "import Thing from './Thing';",
      'export const meta = { a: 1 };',
      '',
      '## Setup {#custom}',
      '',
      '{/* a comment */}',
      '',
      'Some *text* with `code` and a [link](https://example.com).',
      '',
      '- one',
      '- two',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
    ].join('\n'));
    expect(md).not.toContain('import');
    expect(md).not.toContain('export');
    expect(md).not.toContain('comment');
    expect(md).not.toContain('{#custom}');
    expect(md).toContain('## Setup');
    // Blocks without MDX are copied as they were written.
    expect(md).toContain('Some *text* with `code` and a [link](https://example.com).');
    expect(md).toContain('- one\n- two');
    expect(md).toContain('| a | b |\n| - | - |\n| 1 | 2 |');
  });

  it('turns admonitions (directives and components) into block quotes with their label and title', async () => {
    const md = await view([
      ':::tip Keep it short',
      'A tip.',
      ':::',
      '',
      '<Admonition type="danger">',
      '',
      'Careful.',
      '',
      '</Admonition>',
    ].join('\n'));
    expect(md).toContain('> **Tip: Keep it short**\n>\n> A tip.');
    expect(md).toContain('> **Danger**\n>\n> Careful.');
  });

  it('turns tabs into headed sections one level below the current heading', async () => {
    const md = await view([
      '## Install',
      '',
      '<Tabs groupId="pm">',
      '<TabItem value="npm" label="npm" default>',
      '',
      '```bash',
      'npm i sipa',
      '```',
      '',
      '</TabItem>',
      '<TabItem value="yarn">',
      '',
      'Use yarn.',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n'));
    expect(md).toContain('## Install\n\n### npm\n\n```bash\nnpm i sipa\n```\n\n### yarn\n\nUse yarn.');
  });

  it('turns <CodeBlock> into fenced code and <details> into a bold summary', async () => {
    const md = await view([
      '<CodeBlock language="js" title="app.js">{`const a = 1;\nconsole.log(a);`}</CodeBlock>',
      '',
      '<Details summary="Why?">',
      '',
      'Because.',
      '',
      '</Details>',
      '',
      '<details>',
      '<summary>How?</summary>',
      '',
      'Like this.',
      '',
      '</details>',
    ].join('\n'));
    expect(md).toContain('```js title="app.js"\nconst a = 1;\nconsole.log(a);\n```');
    expect(md).toContain('**Why?**\n\nBecause.');
    expect(md).toContain('**How?**\n\nLike this.');
  });

  it('replaces other components by their text and keeps string expressions', async () => {
    const md = await view([
      'export function Fancy({ children }) { return <b>{children}</b>; }',
      'export function Widget() { return null; }',
      '',
      'Before <Fancy>inner words</Fancy> after {"literal"} and {1 + 2}.',
      '',
      '<Widget />',
      '',
      '<div>',
      '',
      'Inside a div.',
      '',
      '</div>',
    ].join('\n'));
    expect(md).toContain('Before inner words after literal and .');
    expect(md).not.toContain('Widget');
    expect(md).toContain('Inside a div.');
    expect(md).not.toContain('<div>');
  });

  it('makes site links and images absolute and resolves relative markdown links to routes', async () => {
    const md = await view('See [intro](./intro.md#start), [api](/docs/api), ![logo](/img/logo.svg) and [top](#top).', {
      links: { './intro.md': '/docs/intro' },
    });
    expect(md).toContain('[intro](https://site.example/docs/intro#start)');
    expect(md).toContain('[api](https://site.example/docs/api)');
    expect(md).toContain('![logo](https://site.example/img/logo.svg)');
    expect(md).toContain('[top](#top)');
    expect(md).not.toContain(SITE_URL_MARK);
  });

  it('finds every kind of link destination in copied blocks, and rebuilds a block where it cannot', async () => {
    const md = await view([
      'A [ref][api], an [angle](</docs/a b>), a ![logo](/img/l.svg "Logo") in [![icon](/img/i.svg)](/docs/x) and [md](../guide.mdx).',
      '',
      '[api]: /docs/api "The API"',
      '',
      'Tricky [title](/docs/t "a](b") *kept*.',
      '',
      '| Page | Link |',
      '| ---- | ---- |',
      '| Setup | [setup](/docs/setup#install) |',
    ].join('\n'), { links: { '../guide.mdx': '/docs/guide' } });
    expect(md).toContain(
      'A [ref][api], an [angle](<https://site.example/docs/a b>), a ![logo](https://site.example/img/l.svg "Logo") in ' +
        '[![icon](https://site.example/img/i.svg)](https://site.example/docs/x) and [md](https://site.example/docs/guide).',
    );
    expect(md).toContain('[api]: https://site.example/docs/api "The API"');
    expect(md).toContain('| Setup | [setup](https://site.example/docs/setup#install) |');
    // Rebuilt by the serializer, with the same meaning.
    expect(md).toContain('Tricky [title](https://site.example/docs/t "a](b") _kept_.');
  });

  it('leaves a page that mentions the mark itself alone', async () => {
    const md = await view(`Text about ${SITE_URL_MARK} and [a](/docs/a).`);
    expect(md).toContain('[a](/docs/a)');
  });

  it('keeps raw HTML of .md pages', async () => {
    const md = await view('# Title\n\n<kbd>Ctrl</kbd> + C\n', { format: 'md' });
    expect(md).toContain('# Title');
    expect(md).toContain('<kbd>Ctrl</kbd> + C');
  });
});
