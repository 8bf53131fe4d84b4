import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { SiteError } from '../errors.js';
import type { ParsedSource } from './frontMatter.js';
import { checkFields, frontMatterKeyLine } from './frontMatter.js';
import type { ContentSource, Doc } from './model.js';
import { findH1, stripNumberPrefix, withoutExtension } from './names.js';
import { checkRoute } from './routeCheck.js';

export const DOC_FIELDS = {
  id: 'string',
  title: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  slug: 'string',
  description: 'string',
  hide_table_of_contents: 'boolean',
  keywords: 'string[]',
} as const;

export interface DocInput {
  relPath: string;
  absPath: string;
  text: string;
  parsed: ParsedSource;
}

/** Strips number prefixes from every segment of a docs-relative directory path. */
export function cleanDirPath(dir: string): string {
  return dir
    .split('/')
    .filter(Boolean)
    .map((segment) => stripNumberPrefix(segment).name)
    .join('/');
}

/** Builds one doc: its id, route, titles and sidebar position from path and front matter. */
export function createDoc(input: DocInput, config: SiteConfig): Doc {
  const { parsed } = input;
  checkFields(parsed, DOC_FIELDS, input.relPath, input.text);
  const fm = parsed.data as {
    id?: string; title?: string; sidebar_label?: string; sidebar_position?: number; slug?: string;
    description?: string; hide_table_of_contents?: boolean;
  };
  const docsRel = path.posix.relative(config.docs.path, input.relPath);
  const rawDir = path.posix.dirname(docsRel) === '.' ? '' : path.posix.dirname(docsRel);
  const file = stripNumberPrefix(withoutExtension(path.posix.basename(docsRel)));
  const dir = cleanDirPath(rawDir);
  const baseName = fm.id ?? file.name;
  const id = dir ? `${dir}/${baseName}` : baseName;
  const routeBase = `/${config.docs.routeBasePath}`;
  let routeTail: string;
  if (fm.slug !== undefined) {
    routeTail = fm.slug.startsWith('/') ? fm.slug : `/${dir ? `${dir}/` : ''}${fm.slug}`;
  } else {
    routeTail = `/${id}`;
  }
  const route = `${routeBase}${routeTail}`.replace(/\/+$/, '') || '/';
  if (fm.slug !== undefined) checkRoute(route, input.relPath, 'slug', frontMatterKeyLine(parsed, 'slug'));
  else checkRoute(route, input.relPath, 'file name');
  const title = fm.title ?? findH1(parsed.body) ?? file.name;
  const source: ContentSource = {
    relPath: input.relPath,
    absPath: input.absPath,
    format: input.relPath.endsWith('.md') ? 'md' : 'mdx',
    body: parsed.body,
    text: input.text,
    withExcerpt: false,
  };
  return {
    id,
    source,
    route,
    title,
    sidebarLabel: fm.sidebar_label ?? title,
    description: fm.description ?? '',
    position: fm.sidebar_position ?? file.position,
    dirPath: rawDir,
    hideTableOfContents: fm.hide_table_of_contents ?? false,
    editUrl: config.docs.editUrl ? joinUrl(config.docs.editUrl, input.relPath) : null,
    frontMatter: parsed.data,
  };
}

/** Appends a site-relative file path to an edit URL base ("…/edit/main/" + "site/docs/x.mdx"). */
export function joinUrl(base: string, relPath: string): string {
  return `${base.replace(/\/+$/, '')}/${relPath.split('/').map(encodeURIComponent).join('/')}`;
}

/** Category metadata from a folder's `_category_.json`. */
export interface CategoryMeta {
  label?: string;
  position?: number;
  collapsed?: boolean;
  collapsible?: boolean;
  link?: { type: 'generated-index'; slug?: string; title?: string; description?: string } | { type: 'doc'; id: string } | null;
}

/** Parses and checks a `_category_.json`. */
export function parseCategoryFile(relPath: string, text: string): CategoryMeta {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? NaN);
    const before = Number.isNaN(offset) ? undefined : text.slice(0, offset).split('\n');
    throw new SiteError({
      code: 'CATEGORY_INVALID',
      message: `invalid JSON: ${(error as Error).message}`,
      location: {
        file: relPath,
        line: before?.length,
        column: before ? before[before.length - 1]!.length + 1 : undefined,
      },
    });
  }
  const meta = data as Record<string, unknown>;
  const fail = (message: string) => {
    throw new SiteError({ code: 'CATEGORY_INVALID', message, location: { file: relPath } });
  };
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) fail('a category file must hold a JSON object');
  if (meta.label !== undefined && typeof meta.label !== 'string') fail('"label" must be a string');
  if (meta.position !== undefined && typeof meta.position !== 'number') fail('"position" must be a number');
  const link = meta.link as Record<string, unknown> | undefined | null;
  if (link && link.type !== 'generated-index' && link.type !== 'doc') fail('"link.type" must be "generated-index" or "doc"');
  if (link?.type === 'doc' && typeof link.id !== 'string') fail('"link.id" must name a doc id');
  return meta as CategoryMeta;
}
