import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { compileMdx, type CompiledPage, type CompileOptions } from '../../../../src/compiler/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { tempDir } from '../../../helpers.js';

const jsxRuntime = pathToFileURL(createRequire(import.meta.url).resolve('react/jsx-runtime')).href;

/** Stand-ins for the theme components, so the markup shows what the compiler passed them. */
const components = {
  Admonition: ({ type, title, children }: { type: string; title?: string; children?: ReactNode }) =>
    createElement('aside', { 'data-type': type, 'data-title': title }, children),
  CodeBlock: ({ language, title, html }: { language: string; title?: string; html: string }) =>
    createElement('figure', { 'data-language': language, 'data-title': title, dangerouslySetInnerHTML: { __html: html } }),
  Details: ({ summary, children }: { summary?: ReactNode; children?: ReactNode }) => createElement('details', null, summary, children),
};

/**
 * Compiles pages with the MDX pipeline and renders them to static markup, as the compile tests
 * do; `start()` in a beforeAll, `stop()` in an afterAll.
 */
export function compileHarness() {
  let highlighter: CodeHighlighter;
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let modules = 0;
  return {
    async start() {
      highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
      tmp = await tempDir();
    },
    stop: () => tmp?.cleanup(),
    compile(body: string, more: Partial<CompileOptions> = {}): Promise<CompiledPage> {
      const format = more.format ?? 'mdx';
      return compileMdx(body, {
        file: `docs/page.${format}`,
        sourceText: body,
        format,
        highlighter,
        tocLevels: { min: 2, max: 3 },
        resolveMarkdownLink: () => null,
        ...more,
      });
    },
    /** Runs the compiled module and renders its content to static markup; `props` are the page's. */
    async render(page: CompiledPage, props: Record<string, unknown> = {}): Promise<string> {
      const file = path.join(tmp.dir, `page-${modules++}.mjs`);
      writeFileSync(file, page.code.replaceAll('"react/jsx-runtime"', JSON.stringify(jsxRuntime)));
      const { default: Content } = (await import(pathToFileURL(file).href)) as { default: (props: { components?: object }) => ReactNode };
      return renderToStaticMarkup(createElement(Content, { components, ...props }));
    },
  };
}
