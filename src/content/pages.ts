import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import type { ParsedSource } from './frontMatter.js';
import { checkFields } from './frontMatter.js';
import type { SitePage } from './model.js';
import { findH1, withoutExtension } from './names.js';
import { checkRoute } from './routeCheck.js';

export const PAGE_FIELDS = { title: 'string', description: 'string', hide_table_of_contents: 'boolean' } as const;

/** "pages/index.tsx" → "/", "pages/markdown-page.md" → "/markdown-page", "pages/a/index.mdx" → "/a". */
export function pageRoute(relPath: string, config: SiteConfig): string {
  const inPages = withoutExtension(path.posix.relative(config.pages.path, relPath));
  const route = `/${inPages}`.replace(/\/index$/, '').replace(/^\/index$/, '');
  return route || '/';
}

/** A React page: title and description come from its `meta` export at render time. */
export function createReactPage(relPath: string, absPath: string, config: SiteConfig): SitePage {
  const route = pageRoute(relPath, config);
  checkRoute(route, relPath, 'page file name');
  return { route, relPath, absPath, source: null, title: '', description: '' };
}

/** A markdown page, rendered in the article layout. */
export function createMarkdownPage(relPath: string, absPath: string, text: string, parsed: ParsedSource, config: SiteConfig): SitePage {
  checkFields(parsed, PAGE_FIELDS, relPath, text);
  const fm = parsed.data as { title?: string; description?: string };
  const route = pageRoute(relPath, config);
  checkRoute(route, relPath, 'page file name');
  return {
    route,
    relPath,
    absPath,
    source: { relPath, absPath, format: relPath.endsWith('.md') ? 'md' : 'mdx', body: parsed.body, text, withExcerpt: false },
    title: fm.title ?? findH1(parsed.body) ?? route.slice(1),
    description: fm.description ?? '',
  };
}
