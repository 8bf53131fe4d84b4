/**
 * `markdown.format` and `markdown.mdx1Compat` as Docusaurus 3 reads them: `.md` read as MDX keeps
 * working with what MDX 3 alone refuses (HTML comments), and each of Docusaurus's mdx1Compat
 * rewrites can be turned off. Expected output is what Docusaurus documents for the same source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFormat } from '../../../../src/model/names.js';
import { SiteError } from '../../../../src/errors.js';
import { compileHarness } from './compileHarness.js';

const harness = compileHarness();
beforeAll(() => harness.start(), 60_000);
afterAll(() => harness.stop());
const { compile, render } = harness;
const off = { comments: true, admonitions: true, headingIds: true, syntax: false };

describe('markdown.format', () => {
  it('reads files as Docusaurus does: every file as MDX, every file as CommonMark, or by extension', () => {
    expect(['a.md', 'b.mdx'].map((file) => contentFormat(file, 'mdx'))).toEqual(['mdx', 'mdx']);
    expect(['a.md', 'b.mdx'].map((file) => contentFormat(file, 'md'))).toEqual(['md', 'md']);
    expect(['a.md', 'b.mdx'].map((file) => contentFormat(file, 'detect'))).toEqual(['md', 'mdx']);
  });
});

describe('JSX attributes in a .md file read as MDX', () => {
  it('keeps expression attributes (style objects, numbers) and class names on elements', async () => {
    const body = '<img src="/img/d.png" alt="Chart" style={{maxHeight: 200}} width={320} />\n\n<div style={{color: \'red\', padding: 4}} className="box" data-x="1">Red</div>\n';
    const html = await render(await compile(body, { file: 'docs/page.md' }));
    expect(html).toBe('<img src="/img/d.png" alt="Chart" style="max-height:200px" width="320" loading="lazy" decoding="async"/>\n<div style="color:red;padding:4px" class="box" data-x="1">Red</div>');
  });
});

describe('HTML comments in MDX (mdx1Compat.comments)', () => {
  it('shows nothing of a comment before a table, in a paragraph or among JSX children', async () => {
    const body = [
      '# Options',
      '',
      '<!-- prettier-ignore -->',
      '| Option | Default |',
      '| --- | --- |',
      '| `verbose` | `false` |',
      '',
      'Text <!-- not shown --> goes on.',
      '',
      '<div className="box">',
      '<!-- inside JSX -->',
      '',
      'Boxed.',
      '',
      '</div>',
      '',
      '<!--',
      'A comment over',
      'several lines.',
      '-->',
      '',
      'End.',
      '',
    ].join('\n');
    const html = await render(await compile(body));
    expect(html).toContain('<table><thead><tr><th>Option</th><th>Default</th></tr></thead><tbody><tr><td><code>verbose</code></td><td><code>false</code></td></tr></tbody></table>');
    expect(html).toContain('<p>Text  goes on.</p>');
    expect(html).toContain('<div class="box"><p>Boxed.</p></div>');
    expect(html).toContain('<p>End.</p>');
    expect(html).not.toMatch(/prettier|not shown|inside JSX|several lines/);
  });

  it('leaves a comment block out of the markdown view; a paragraph is copied as written, its comment still one', async () => {
    const page = await compile('Before.\n\n<!-- hidden -->\n\nAfter <!-- also hidden --> this.\n');
    expect(page.markdown).toBe('Before.\n\nAfter <!-- also hidden --> this.\n');
  });

  it('is MDX 3\'s error when turned off, at the comment\'s line', async () => {
    const error = await compile('Text.\n\n<!-- a comment -->\n', { mdx1Compat: { ...off, comments: false } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({ code: 'MDX_SYNTAX', location: { line: 3 } });
  });
});

describe('mdx1Compat.admonitions and mdx1Compat.headingIds', () => {
  it('reads ":::tip Title" as a title by default, and as text when turned off', async () => {
    const body = ':::tip Remember this\n\nContent.\n\n:::\n';
    expect(await render(await compile(body))).toBe('<aside data-type="tip" data-title="Remember this"><p>Content.</p></aside>');
    const html = await render(await compile(body, { mdx1Compat: { ...off, admonitions: false } }));
    expect(html).toBe('<p>:::tip Remember this</p>\n<p>Content.</p>\n<p>:::</p>');
  });

  it('reads {#id} by default; turned off, MDX reads it as an expression and fails, and markdown still reads it', async () => {
    expect((await compile('## Install {#setup}\n')).headingIds).toEqual(['setup']);
    const error = await compile('## Install {#setup}\n', { mdx1Compat: { ...off, headingIds: false } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MDX_SYNTAX', location: { line: 1 } });
    expect((await compile('## Install {#setup}\n', { format: 'md', mdx1Compat: { ...off, headingIds: false } })).headingIds).toEqual(['setup']);
  });
});
