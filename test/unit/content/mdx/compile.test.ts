import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMdx, type CompiledPage } from '../../../../src/content/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/content/mdx/highlighter.js';
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

async function compile(body: string, resolveMarkdownLink: (target: string) => string | null = () => null): Promise<CompiledPage> {
  return compileMdx(body, {
    file: 'docs/page.mdx',
    sourceText: body,
    format: 'mdx',
    highlighter,
    tocLevels: { min: 2, max: 3 },
    resolveMarkdownLink,
  });
}

/** Runs the compiled module and renders its content to static markup. */
async function render(page: CompiledPage): Promise<string> {
  const file = path.join(tmp.dir, `page-${modules++}.mjs`);
  writeFileSync(file, page.code.replaceAll('"react/jsx-runtime"', JSON.stringify(jsxRuntime)));
  const { default: Content } = (await import(pathToFileURL(file).href)) as { default: (props: object) => ReactNode };
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

  it('names an unknown component with its position, but accepts imported and exported ones', async () => {
    const error = await compile('Text\n\n<Missing />\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('UNKNOWN_COMPONENT');
    expect((error as SiteError).location).toMatchObject({ line: 3, column: 1 });
    await expect(compile('export function Local() { return null; }\n\n<Local />\n')).resolves.toBeDefined();
  });
});
