import type { SiteConfig } from '../config/types.js';
import { SiteError, codeFrame } from '../errors.js';
import type { TagRef } from '../shared/types.js';
import { frontMatterKeyLine, type FieldType, type ParsedSource } from './frontMatter.js';
import type { CommonPageFields } from './model.js';
import { slugify } from './names.js';

/** Front-matter keys that docs, blog posts and markdown pages all honour. */
export const COMMON_FIELDS = {
  title: 'string',
  description: 'string',
  keywords: 'string[]',
  image: 'string',
  draft: 'boolean',
  unlisted: 'boolean',
  hide_table_of_contents: 'boolean',
  toc_min_heading_level: 'headingLevel',
  toc_max_heading_level: 'headingLevel',
} as const satisfies Record<string, FieldType>;

/** The common fields of a file whose front matter has passed `checkFields`. */
export function commonFields(parsed: ParsedSource, config: SiteConfig, file: string, text: string): CommonPageFields {
  const fm = parsed.data as { draft?: boolean; unlisted?: boolean; keywords?: string[]; image?: string; hide_table_of_contents?: boolean };
  return {
    draft: fm.draft === true,
    unlisted: fm.unlisted === true,
    keywords: fm.keywords ?? [],
    image: fm.image ?? null,
    tocLevels: tocLevels(parsed, config, file, text),
    hideTableOfContents: fm.hide_table_of_contents === true,
  };
}

/**
 * The heading levels of a page's table of contents: its own `toc_min_heading_level` and
 * `toc_max_heading_level`, else the site's. A page that raises only the minimum above the site's
 * maximum gets that one level, rather than an empty table.
 */
function tocLevels(parsed: ParsedSource, config: SiteConfig, file: string, text: string): { min: number; max: number } {
  const fm = parsed.data as { toc_min_heading_level?: number; toc_max_heading_level?: number };
  const ownMin = fm.toc_min_heading_level ?? undefined;
  const ownMax = fm.toc_max_heading_level ?? undefined;
  if (ownMin !== undefined && ownMax !== undefined && ownMin > ownMax) {
    const line = frontMatterKeyLine(parsed, 'toc_min_heading_level');
    throw new SiteError({
      code: 'FRONT_MATTER_FIELD',
      message: `front matter "toc_min_heading_level" (${ownMin}) is above "toc_max_heading_level" (${ownMax})`,
      location: { file, line, column: 1 },
      frame: line ? codeFrame(text, line, 1) : undefined,
    });
  }
  const min = ownMin ?? Math.min(config.toc.minHeadingLevel, ownMax ?? Number.POSITIVE_INFINITY);
  const max = ownMax ?? Math.max(config.toc.maxHeadingLevel, min);
  return { min, max };
}

/**
 * Tags from front matter: labels, or `{ label, permalink }` objects whose permalink is the tag's
 * path under `<base>/tags` ("/hello" → "<base>/tags/hello").
 */
export function toTagRefs(value: unknown, base: string): TagRef[] {
  if (!Array.isArray(value)) return [];
  const tags = new Map<string, TagRef>();
  for (const entry of value as Array<string | { label: string; permalink?: string }>) {
    const label = typeof entry === 'string' ? entry : entry.label;
    const tail = typeof entry === 'string' || entry.permalink === undefined ? slugify(label) : entry.permalink.replace(/^\/+|\/+$/g, '');
    const permalink = `${base}/tags/${tail}`;
    // The same tag twice in one file is listed once.
    if (!tags.has(permalink)) tags.set(permalink, { label, permalink });
  }
  return [...tags.values()];
}

/** `custom_edit_url`: a URL replaces the configured edit link, null hides it; absent keeps the default. */
export function editUrlOf(parsed: ParsedSource, fallback: string | null): string | null {
  if (!Object.hasOwn(parsed.data, 'custom_edit_url')) return fallback;
  const value = parsed.data.custom_edit_url;
  return typeof value === 'string' && value !== '' ? value : null;
}
