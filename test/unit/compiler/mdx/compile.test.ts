import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMdx, type CompiledPage, type CompileOptions } from '../../../../src/compiler/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { SiteError } from '../../../../src/errors.js';
import { tempDir } from '../../../helpers.js';

const jsxRuntime = pathToFileURL(createRequire(import.meta.url).resolve('react/jsx-runtime')).href;

/** Stand-ins for the theme components, so the markup shows what the compiler passed them. */
const components = {
  Admonition: ({ type, title, children }: { type: string; title?: string; children?: ReactNode }) =>
    createElement('aside', { 'data-type': type, 'data-title': title }, children),
  CodeBlock: ({ language, title, html }: { language: string; title?: string; html: string }) =>
    createElement('figure', { 'data-language': language, 'data-title': title, dangerouslySetInnerHTML: { __html: html } }),
};

let highlighter: CodeHighlighter;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let modules = 0;
beforeAll(async () => {
  highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
  tmp = await tempDir();
}, 60_000);
afterAll(() => tmp.cleanup());

async function compile(
  body: string,
  resolveMarkdownLink: (target: string) => string | null = () => null,
  more: Partial<CompileOptions> = {},
): Promise<CompiledPage> {
  return compileMdx(body, {
    file: 'docs/page.mdx',
    sourceText: body,
    format: 'mdx',
    highlighter,
    tocLevels: { min: 2, max: 3 },
    resolveMarkdownLink,
    withExcerpt: true,
    ...more,
  });
}

const compileMd = (body: string) => compile(body, () => null, { format: 'md', file: 'docs/page.md' });

/** Two images exist beside the page; the resolver records what it was asked. */
const images = (asked: string[] = []) => ({
  resolveImage: (relativePath: string) => {
    asked.push(relativePath);
    if (relativePath === './img/chart.png') return { url: '/_sipa/img/chart-00000001.png', width: 320, height: 180 };
    if (relativePath === '../shared/a b.svg') return { url: '/_sipa/img/a-b-00000002.svg' };
    return null;
  },
});

/** Runs the compiled module (or its excerpt) and renders its content to static markup. */
async function render(page: CompiledPage, part: 'code' | 'excerptCode' = 'code'): Promise<string> {
  const file = path.join(tmp.dir, `page-${modules++}.mjs`);
  writeFileSync(file, page[part]!.replaceAll('"react/jsx-runtime"', JSON.stringify(jsxRuntime)));
  const { default: Content } = (await import(pathToFileURL(file).href)) as { default: (props: { components?: object }) => ReactNode };
  return renderToStaticMarkup(createElement(Content, { components }));
}

describe('compileMdx', () => {
  it('turns admonitions into <Admonition>, nested ones included', async () => {
    const html = await render(await compile(':::::note Outer\n\nBefore.\n\n:::tip\n\nInner.\n\n:::\n\n:::::\n\nIt is 12:30 now.\n'));
    expect(html).toMatch(/<aside data-type="note" data-title="Outer"><p>Before.<\/p><aside data-type="tip"><p>Inner.<\/p><\/aside><\/aside>/);
    // Something that only looks like a directive stays text.
    expect(html).toContain('<p>It is 12:30 now.</p>');
  });

  it('gives headings GitHub slugs or their {#id}, and lists h2 and h3 in the table of contents', async () => {
    const page = await compile('# Title\n\n## Getting started\n\n### Details {#more}\n\n#### Deep\n\n## Getting started\n');
    expect(page.h1).toBe('Title');
    expect(page.toc).toEqual([
      { id: 'getting-started', text: 'Getting started', level: 2 },
      { id: 'more', text: 'Details', level: 3 },
      { id: 'getting-started-1', text: 'Getting started', level: 2 },
    ]);
    expect(page.headingIds).toEqual(['title', 'getting-started', 'more', 'deep', 'getting-started-1']);
    expect(await render(page)).toContain('<h3 id="more">Details</h3>');
  });

  it('highlights fenced code inside other blocks and hands it to <CodeBlock>', async () => {
    const html = await render(await compile('- A list item:\n\n  ```js title="app.js"\n  const a = 1;\n  ```\n'));
    expect(html).toMatch(/<li>[\s\S]*<figure data-language="js" data-title="app.js"><pre class="shiki[^"]*"/);
    expect(html).toContain('--shiki-dark');
  });

  it('rewrites relative markdown links to routes and warns about the ones it cannot resolve', async () => {
    const page = await compile('See [the guide](./guide.md#setup) and [nothing](./missing.mdx).\n', (target) =>
      target === './guide.md' ? '/docs/guide' : null,
    );
    expect(await render(page)).toContain('<a href="/docs/guide#setup">the guide</a>');
    expect(page.warnings).toEqual([expect.objectContaining({ code: 'BROKEN_MARKDOWN_LINK', line: 1 })]);
    expect(page.markdownLinks).toEqual({ './guide.md': '/docs/guide', './missing.mdx': null });
  });

  it('resolves reference definitions, docs-root and site-absolute file paths, keeping query and hash, and places every link', async () => {
    const routes: Record<string, string> = { './podman.md': '/docs/podman', 'settings/node-modules.md': '/docs/settings/node-modules', '/cli/cache-delete.md': '/docs/cli/cache-delete' };
    const body = [
      'Use [podman][] or [the settings](settings/node-modules.md?tab=npm#hoisting).',
      '',
      'See <a href="/docs/raw">raw</a> and [the CLI](/cli/cache-delete.md#usage).',
      '',
      '[podman]: ./podman.md#install',
      '[gone]: ./gone.md',
      '',
    ].join('\n');
    const page = await compile(body, (target) => routes[target] ?? null, { baseUrl: '/sub/' });
    const html = await render(page);
    expect(html).toContain('<a href="/sub/docs/podman#install">podman</a>');
    expect(html).toContain('<a href="/sub/docs/settings/node-modules?tab=npm#hoisting">the settings</a>');
    expect(html).toContain('<a href="/sub/docs/cli/cache-delete#usage">the CLI</a>');
    expect(page.markdownLinks).toEqual({ ...routes, './gone.md': null });
    // The unused definition is warned about at its line.
    expect(page.warnings).toEqual([expect.objectContaining({ code: 'BROKEN_MARKDOWN_LINK', line: 6, column: 1 })]);
    expect(page.linkPlaces).toEqual([
      ['/sub/docs/podman#install', 1, 5],
      ['/sub/docs/settings/node-modules?tab=npm#hoisting', 1, 19],
      ['/sub/docs/raw', 3, 5],
      ['/sub/docs/cli/cache-delete#usage', 3, 37],
    ]);
  });

  it('names an unknown component with its position, but accepts imported and exported ones', async () => {
    const error = await compile('Text\n\n<Missing />\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('UNKNOWN_COMPONENT');
    expect((error as SiteError).location).toMatchObject({ line: 3, column: 1 });
    await expect(compile('export function Local() { return null; }\n\n<Local />\n')).resolves.toBeDefined();
  });

  it('points relative images at their files with their size, loading lazily; leaves URLs, site paths and expressions alone', async () => {
    const asked: string[] = [];
    const body = [
      '![A chart](./img/chart.png "The chart")',
      '',
      '<img src="./img/chart.png" alt="Chart again" />',
      '',
      '<img src="./img/chart.png" alt="Sized" width="100" loading="eager" />',
      '',
      '![Shared](../shared/a%20b.svg?v=2)',
      '',
      '![Remote](https://example.com/x.png) ![Static](/img/logo.svg)',
      '',
      'export const src = "./img/other.png";',
      '',
      '<img src={src} alt="Expression" />',
      '',
    ].join('\n');
    const html = await render(await compile(body, undefined, images(asked)));
    expect(html).toContain('<img src="/_sipa/img/chart-00000001.png" alt="A chart" title="The chart" loading="lazy" decoding="async" width="320" height="180"/>');
    expect(html).toContain('<img src="/_sipa/img/chart-00000001.png" alt="Chart again" loading="lazy" decoding="async" width="320" height="180"/>');
    // The author's size and loading win.
    expect(html).toContain('<img src="/_sipa/img/chart-00000001.png" alt="Sized" width="100" loading="eager" decoding="async"/>');
    // Query and escapes are not part of the file name; an image whose size is unknown gets none.
    expect(html).toContain('<img src="/_sipa/img/a-b-00000002.svg" alt="Shared" loading="lazy" decoding="async"/>');
    expect(html).toContain('<img src="https://example.com/x.png" alt="Remote" loading="lazy" decoding="async"/>');
    expect(html).toContain('<img src="/img/logo.svg" alt="Static" loading="lazy" decoding="async"/>');
    expect(html).toContain('<img src="./img/other.png" alt="Expression" loading="lazy" decoding="async"/>');
    expect(asked).toEqual(['./img/chart.png', './img/chart.png', './img/chart.png', '../shared/a b.svg']);
  });

  it('fails on a relative image that names no file, at its line and column', async () => {
    const error = await compile('# Title\n\nSee ![the chart](./img/missing.png).\n', undefined, images()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('IMAGE_NOT_FOUND');
    expect((error as SiteError).message).toContain('./img/missing.png');
    expect((error as SiteError).location).toEqual({ file: 'docs/page.mdx', line: 3, column: 5 });
    const jsx = await compile('Text\n\n  <img src="./nope.png" />\n', undefined, images()).catch((e: unknown) => e);
    expect((jsx as SiteError).location).toMatchObject({ line: 3, column: 3 });
  });

  it('resolves the image front matter: a file beside the page, a path under the site or a URL', async () => {
    const text = '---\ntitle: T\nimage: ./img/chart.png\n---\n\nBody\n';
    const body = '\n\n\n\n\nBody\n';
    const page = (image: string) => compile(body, undefined, { ...images(), image, baseUrl: '/base/', sourceText: text.replace('./img/chart.png', image) });
    expect((await page('./img/chart.png')).image).toBe('/_sipa/img/chart-00000001.png');
    expect((await page('/img/card.png')).image).toBe('/base/img/card.png');
    expect((await page('https://cdn.example/card.png')).image).toBe('https://cdn.example/card.png');
    expect((await compile(body, undefined, images())).image).toBeNull();
    const error = await page('./img/none.png').catch((e: unknown) => e);
    expect((error as SiteError).code).toBe('IMAGE_NOT_FOUND');
    expect((error as SiteError).location).toEqual({ file: 'docs/page.mdx', line: 3, column: 8 });
  });

  it('compiles .md as CommonMark with its raw HTML kept: anchors, code in headings, tables, entities, comments', async () => {
    const page = await compileMd(
      [
        '<!-- generated: do not edit -->',
        '',
        '<a name="SipaUrl.getUrl"></a>',
        '',
        '### SipaUrl.getUrl() ⇒ <code>string</code>',
        'Key &rarr; value, and &lt;b&gt; is text.',
        '',
        '| Param | Type | Description |',
        '| --- | --- | --- |',
        '| url | <code>string</code> \\| <code>null</code> | first<br/>second |',
        '',
        '## Custom <em>id</em> {#custom}',
      ].join('\n'),
    );
    const html = await render(page);
    expect(html).toContain('<p><a name="SipaUrl.getUrl"></a></p>');
    expect(html).toContain('<h3 id="sipaurlgeturl--string">SipaUrl.getUrl() ⇒ <code>string</code></h3>');
    expect(html).toContain('Key → value, and &lt;b&gt; is text.');
    expect(html).toContain('<td><code>string</code> | <code>null</code></td><td>first<br/>second</td>');
    expect(html).toContain('<h2 id="custom">Custom <em>id</em></h2>');
    expect(html).not.toContain('generated');
    // The table of contents holds the headings' text, not their tags.
    expect(page.toc).toEqual([
      { id: 'sipaurlgeturl--string', text: 'SipaUrl.getUrl() ⇒ string', level: 3 },
      { id: 'custom', text: 'Custom id', level: 2 },
    ]);
    expect(new Set(page.anchors)).toEqual(new Set(['SipaUrl.getUrl', 'sipaurlgeturl--string', 'custom']));
  });

  it('lists headings written in markdown in the table of contents, and leaves those written in HTML in .md as they are', async () => {
    const page = await compileMd('<h2 id="SipaUrl.members">Members</h2>\n\n<h2>Static <code>methods</code></h2>\n\n## Static methods\n\n## Members\n');
    expect(page.toc.map((item) => item.id)).toEqual(['static-methods', 'members']);
    expect(new Set(page.anchors)).toEqual(new Set(['SipaUrl.members', 'static-methods', 'members']));
    const html = await render(page);
    expect(html).toContain('<h2 id="SipaUrl.members">Members</h2>');
    expect(html).toContain('<h2>Static <code>methods</code></h2>');
  });

  it('keeps admonitions, fence titles and highlighted lines in .md, with raw HTML inside admonitions', async () => {
    const html = await render(await compileMd(':::tip Quick\n\nPress <kbd>Ctrl</kbd> <span id="t">now</span>.\n\n:::\n\n```js title="app.js" {1}\nconst a = \'<b id="in-code">\';\n```\n'));
    expect(html).toContain('<aside data-type="tip" data-title="Quick"><p>Press <kbd>Ctrl</kbd> <span id="t">now</span>.</p></aside>');
    expect(html).toMatch(/<figure data-language="js" data-title="app.js"><pre class="shiki[^"]*"[^>]*><code><span class="line highlighted">/);
    // A page without raw HTML skips that pass, and keeps its fence titles too.
    expect(await render(await compileMd('```js title="plain.js"\nconst a = 1;\n```\n'))).toMatch(/^<figure data-language="js" data-title="plain.js">/);
  });

  it('passes <details> in .md to the theme\'s details component with its summary', async () => {
    const page = await compileMd('<details open id="more">\n<summary>Why <code>replaceState</code>?</summary>\n\nBecause **history** stays short.\n\n</details>\n');
    const Details = ({ children, open, id }: { children?: ReactNode; open?: boolean; id?: string }) => createElement('section', { 'data-open': String(open), id }, children);
    const file = path.join(tmp.dir, `page-${modules++}.mjs`);
    writeFileSync(file, page.code.replaceAll('"react/jsx-runtime"', JSON.stringify(jsxRuntime)));
    const { default: Content } = (await import(pathToFileURL(file).href)) as { default: (props: { components?: object }) => ReactNode };
    const html = renderToStaticMarkup(createElement(Content, { components: { ...components, details: Details } }));
    expect(html).toMatch(/^<section data-open="true" id="more">\s*<summary>Why <code>replaceState<\/code>\?<\/summary>\s*<p>Because <strong>history<\/strong> stays short.<\/p>\s*<\/section>$/);
    expect(page.anchors).toEqual(['more']);
  });

  it('cuts the excerpt of an .md post at <!-- truncate --> among other comments', async () => {
    const page = await compileMd('Intro <a name="top"></a>with <abbr title="x">HTML</abbr>.\n\n<!-- truncate -->\n\n<!-- note -->\n\n## Rest\n');
    expect(page.hasTruncateMarker).toBe(true);
    expect(await render(page, 'excerptCode')).toBe('<p>Intro <a name="top"></a>with <abbr title="x">HTML</abbr>.</p>');
    expect(await render(page)).toContain('<h2 id="rest">Rest</h2>');
    expect(page.excerptAnchors).toEqual(['top']);
    expect(new Set(page.anchors)).toEqual(new Set(['top', 'rest']));
  });

  it('finds link targets in the tree, never in code, and leaves them to the rendered page when components or expressions may add some', async () => {
    const code = 'Inline `<span id="inline">` code.\n\n```html\n<a name="fenced" id="fenced-id"></a>\n```\n';
    expect((await compileMd(`${code}\n<span id="y">y</span>\n`)).anchors).toEqual(['y']);
    expect((await compile(`${code}\n<span id="y">y</span> <a name="x" />\n\n## Title\n`)).anchors).toEqual(['y', 'x', 'title']);
    // Literal expressions and the theme's id-less components are known; anything else is not.
    expect((await compile('A {\'{\'} brace {/* note */}.\n\n<Details summary="s"><b id="in">x</b></Details>\n')).anchors).toEqual(['in']);
    expect((await compile('<Tabs><TabItem value="a">A</TabItem></Tabs>\n')).anchors).toBeNull();
    expect((await compile('export const Local = () => <b id="x" />;\n\n<Local />\n')).anchors).toBeNull();
    expect((await compile('{props.title}\n')).anchors).toBeNull();
    expect((await compile('<span id={"a" + 1}>x</span>\n')).anchors).toBeNull();
    expect((await compile('<span {...{ id: "a" }}>x</span>\n')).anchors).toBeNull();
    expect((await compile('<Details summary={<b id="in-summary">s</b>}>x</Details>\n')).anchors).toBeNull();
    // What an HTML element's other attributes hold renders as text; a literal id is known.
    expect((await compile('<img src={"/a.png"} alt="" /> <span id={\'literal\'} title={`t`} data-n={1 + 1}>x</span>\n')).anchors).toEqual(['literal']);
  });

  describe('under a base URL', () => {
    const base = { baseUrl: '/sub/' };

    it('puts it before absolute paths of links and images in markdown and in HTML elements, once', async () => {
      const body = [
        '[Guide](/docs/guide#setup) [Based](/sub/docs/guide) [Home](/sub) [Root](/) [Relative](other) [Here](#top)',
        '',
        '[Far](https://example.com/docs) [Mail](mailto:a@example.com) [Proto](//cdn.example/x)',
        '',
        '![Logo](/img/logo.svg) <img src="/img/a.png" alt="A" /> <a href="/blog">Blog</a> <video src="/media/v.mp4" poster="/img/p.png" />',
        '',
        'export const Card = ({ href }) => <a href={href}>card</a>;',
        '',
        '<Card href="/docs/x" /> <a href={"/docs/y"}>expression</a>',
        '',
      ].join('\n');
      const html = await render(await compile(body, undefined, base));
      for (const part of [
        '<a href="/sub/docs/guide#setup">Guide</a>',
        '<a href="/sub/docs/guide">Based</a>',
        '<a href="/sub">Home</a>',
        '<a href="/sub/">Root</a>',
        '<a href="other">Relative</a>',
        '<a href="#top">Here</a>',
        '<a href="https://example.com/docs">Far</a>',
        '<a href="mailto:a@example.com">Mail</a>',
        '<a href="//cdn.example/x">Proto</a>',
        '<img src="/sub/img/logo.svg" alt="Logo"',
        '<img src="/sub/img/a.png" alt="A"',
        '<a href="/sub/blog">Blog</a>',
        '<video src="/sub/media/v.mp4" poster="/sub/img/p.png">',
        // A component's props and expressions are the author's code, as in Docusaurus.
        '<a href="/docs/x">card</a>',
        '<a href="/docs/y">expression</a>',
      ]) {
        expect(html).toContain(part);
      }
    });

    it('does the same in .md, raw HTML included', async () => {
      const page = await compile('[Guide](/docs/guide) <a href="/blog">Blog</a> <img src="/img/a.png" alt="A">\n', () => null, { ...base, format: 'md', file: 'docs/page.md' });
      const html = await render(page);
      expect(html).toContain('<a href="/sub/docs/guide">Guide</a>');
      expect(html).toContain('<a href="/sub/blog">Blog</a>');
      expect(html).toContain('<img src="/sub/img/a.png" alt="A"');
    });

    it('links relative markdown files and an excerpt\'s own headings to their routes under it', async () => {
      const page = await compile('See [the guide](./guide.md#setup) and [below](#rest).\n\n{/* truncate */}\n\n## Rest\n', (target) => (target === './guide.md' ? '/docs/guide' : null), {
        ...base,
        route: '/blog/post',
      });
      expect(await render(page)).toContain('<a href="/sub/docs/guide#setup">the guide</a> and <a href="#rest">below</a>');
      expect(await render(page, 'excerptCode')).toContain('<a href="/sub/docs/guide#setup">the guide</a> and <a href="/sub/blog/post#rest">below</a>');
      expect(page.markdownLinks).toEqual({ './guide.md': '/docs/guide' });
    });

    it('leaves a resolved image, whose URL has the base URL already, as it is', async () => {
      const resolveImage = () => ({ url: '/sub/_sipa/img/chart-00000001.png' });
      expect(await render(await compile('![Chart](./img/chart.png)\n', undefined, { ...base, resolveImage }))).toContain('src="/sub/_sipa/img/chart-00000001.png"');
    });
  });

  it('suggests .md for an .mdx file that MDX 3 rejects and that uses no JSX', async () => {
    const plain = await compile('# Old page\n\nWritten for MDX 1<br>\n\nText.\n').catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(SiteError);
    expect((plain as SiteError).code).toBe('MDX_SYNTAX');
    expect((plain as SiteError).location).toMatchObject({ file: 'docs/page.mdx', line: 3 });
    expect((plain as SiteError).hint).toContain('rename it to .md');
    const withJsx = await compile('import X from "./x";\n\nA line<br>\n\n<X />\n').catch((e: unknown) => e);
    expect((withJsx as SiteError).code).toBe('MDX_SYNTAX');
    expect((withJsx as SiteError).hint).not.toContain('rename it to .md');
  });

  it('gives MDX written for Docusaurus its page\'s frontMatter, toc and contentTitle, and only when it reads them', async () => {
    const body = [
      '# Getting started',
      '',
      'Written by {frontMatter.author} about {contentTitle}.',
      '',
      '## Install',
      '',
      '### With npm',
      '',
      '## Configure',
      '',
      'Sections: {toc.map((item) => `${item.level}:${item.id}:${item.value}`).join(", ")}.',
      '',
    ].join('\n');
    const page = await compile(body, undefined, { frontMatter: { author: 'Jane' } });
    const html = await render(page);
    expect(html).toContain('Written by Jane about Getting started.');
    expect(html).toContain('Sections: 2:install:Install, 3:with-npm:With npm, 2:configure:Configure.');
    // A page that reads none of them exports none of them.
    expect((await compile('# Plain\n\nText.\n')).code).not.toMatch(/export const (frontMatter|toc|contentTitle)/);
    // Anything else undefined is still an error at its line.
    const error = await compile('# T\n\n{frontMatterr.title}\n').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNDEFINED_NAME', location: { line: 3 } });
  });
});
