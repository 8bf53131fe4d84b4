import { readFileSync } from 'node:fs';
import type { CompiledPage } from '../compiler/mdx/compile.js';
import { resolveSiteUrls } from '../compiler/mdx/markdownView.js';
import type { PlannedRoute } from '../model/routes.js';
import { markdownText } from './escape.js';
import { markdownFile } from './llms.js';
import type { OutputWriter } from './outputWriter.js';

export interface PageMarkdownInput {
  routes: PlannedRoute[];
  compiled: ReadonlyMap<string, CompiledPage>;
  /** Compile cache key of every source (see compilePages): what its compiled page was made from. */
  compileKeys: ReadonlyMap<string, string>;
  /** The site's URL and base path (see siteBase). */
  siteBase: string;
  writer: OutputWriter;
}

/**
 * Writes the markdown of every doc and post next to its page (`/docs/x` → `docs/x.md`): the
 * page's markdown view (see markdownView.ts) under a `# Title` line when the body has no title of
 * its own. A page whose compiled source, title and site URL are unchanged keeps its file.
 *
 * @returns by route, a reader of each page's markdown (from the file where it now is)
 */
export function writePageMarkdown(input: PageMarkdownInput): Map<string, () => string> {
  const readers = new Map<string, () => string>();
  for (const route of input.routes) {
    if ((route.data.kind !== 'doc' && route.data.kind !== 'blogPost') || route.content?.kind !== 'mdx') continue;
    const relPath = route.content.relPath;
    const page = input.compiled.get(relPath);
    if (!page) continue;
    const title = route.data.kind === 'doc' ? route.data.title : route.data.post.title;
    const file = markdownFile(route.path);
    // The resolved markdown links are part of the page but not of its compile key.
    const key = input.writer.key([input.compileKeys.get(relPath) ?? null, page.markdownLinks, page.h1 !== null, title, input.siteBase]);
    const text = () => pageMarkdownText(title, page.h1 !== null, resolveSiteUrls(page.markdown, input.siteBase));
    if (!input.writer.reuse(`markdown:${route.path}`, key)) input.writer.write(`markdown:${route.path}`, key, [[file, text()]]);
    readers.set(route.path, () => {
      const where = input.writer.locate(file);
      return where ? readFileSync(where, 'utf8') : text();
    });
  }
  return readers;
}

/** A page's markdown file: its title (plain text, escaped) as a heading when the body has none, then the body. */
export function pageMarkdownText(title: string, hasTitle: boolean, body: string): string {
  const trimmed = body.trim();
  return `${hasTitle ? '' : `# ${markdownText(title)}\n\n`}${trimmed}${trimmed ? '\n' : ''}`;
}
