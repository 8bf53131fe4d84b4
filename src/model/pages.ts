import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { COMMON_FIELDS, commonFields } from './commonFields.js';
import type { FieldType, FrontMatterWarning, ParsedSource } from './frontMatter.js';
import { checkFields } from './frontMatter.js';
import type { SitePage } from './model.js';
import { contentFormat, findH1, withoutExtension } from './names.js';
import { checkRoute } from './routeCheck.js';

/** Every front-matter key a markdown page honours; any other key is warned about. */
export const PAGE_FIELDS = { ...COMMON_FIELDS } as const satisfies Record<string, FieldType>;

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
  return reactPageAt(route, relPath, absPath, { min: config.toc.minHeadingLevel, max: config.toc.maxHeadingLevel });
}

/** The model of a React page at a given route (no front matter: everything else comes at render time). */
export function reactPageAt(route: string, relPath: string, absPath: string, tocLevels: SitePage['tocLevels']): SitePage {
  return { route, relPath, absPath, source: null, title: '', description: '', draft: false, unlisted: false, keywords: [], image: null, tocLevels, hideTableOfContents: false };
}

/** A markdown page, rendered in the article layout. Unknown front-matter keys are passed to `warn`. */
export function createMarkdownPage(
  relPath: string,
  absPath: string,
  text: string,
  parsed: ParsedSource,
  config: SiteConfig,
  warn: (warning: FrontMatterWarning) => void = () => {},
): SitePage {
  checkFields(parsed, PAGE_FIELDS, relPath, text).forEach(warn);
  const fm = parsed.data as { title?: string; description?: string };
  const route = pageRoute(relPath, config);
  checkRoute(route, relPath, 'page file name');
  return {
    ...commonFields(parsed, config, relPath, text),
    route,
    relPath,
    absPath,
    source: { relPath, absPath, format: contentFormat(relPath, config.markdown.format), body: parsed.body, text, withExcerpt: false, frontMatter: parsed.data },
    title: fm.title ?? findH1(parsed.body) ?? route.slice(1),
    description: fm.description ?? '',
  };
}
