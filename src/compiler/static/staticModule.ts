/**
 * The JavaScript module of a page rendered to HTML at build time: it hands its HTML string to the
 * theme's StaticHtml component and imports nothing else, so its route chunk is built without the
 * bundler (see standaloneModule in routeChunks.ts), and it renders where a compiled MDX module
 * would, with the same `MDXContent` default export.
 */
export function staticModuleCode(html: string): string {
  return [
    'import { jsx as _jsx } from "react/jsx-runtime";',
    'import _StaticHtml from "@theme/StaticHtml";',
    `const html = ${JSON.stringify(html)};`,
    'export default function MDXContent() {',
    '  return _jsx(_StaticHtml, { html });',
    '}',
  ].join('\n');
}
