import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import yaml from 'js-yaml';
import { SiteError, codeFrame } from '../errors.js';
import { COMMON_FIELDS, commonFields, editUrlOf, toTagRefs } from './commonFields.js';
import type { FieldType, FrontMatterWarning, ParsedSource } from './frontMatter.js';
import { checkFields, frontMatterKeyLine } from './frontMatter.js';
import type { ContentSource, Doc } from './model.js';
import { contentFormat, findH1, isCategoryIndex, stripNumberPrefix, withoutExtension } from './names.js';
import { checkRoute } from './routeCheck.js';
import { planDocsVersions, type DocsVersion } from './docsVersions.js';

/** Every front-matter key a doc honours; any other key is warned about. */
export const DOC_FIELDS = {
  ...COMMON_FIELDS,
  id: 'string',
  slug: 'string',
  tags: 'tags',
  sidebar_label: 'string',
  sidebar_position: 'number',
  sidebar_class_name: 'string',
  sidebar_custom_props: 'object',
  hide_title: 'boolean',
  pagination_label: 'string',
  pagination_next: 'string|null',
  pagination_prev: 'string|null',
  custom_edit_url: 'string|null',
  last_update: 'lastUpdate',
  parse_number_prefixes: 'boolean',
} as const satisfies Record<string, FieldType>;

export interface DocInput {
  relPath: string;
  absPath: string;
  text: string;
  parsed: ParsedSource;
}

/** Whether a docs instance strips number prefixes from names (unless it says `numberPrefixParser: false`). */
export function parsesNumberPrefixes(config: Pick<SiteConfig, 'docsInstances'>, pluginId: string): boolean {
  return config.docsInstances.find((instance) => instance.id === pluginId)?.numberPrefixParser ?? true;
}

/** Strips number prefixes from every segment of a docs-relative directory path. */
export function cleanDirPath(dir: string): string {
  return dir
    .split('/')
    .filter(Boolean)
    .map((segment) => stripNumberPrefix(segment).name)
    .join('/');
}

/**
 * The only version of the site's docs when no versions are stored: the docs folder at the docs'
 * base path. (A build reads the versions of every docs instance with readDocsInstances.)
 */
export function unversionedDocs(config: SiteConfig): DocsVersion {
  const only = { ...config.docsInstances[0]!, includeCurrentVersion: true, onlyIncludeVersions: null, lastVersion: null, versions: {} };
  const planned = planDocsVersions(only, [], () => false);
  if (!('versions' in planned)) throw new Error('the docs folder alone is always a valid version');
  return planned.versions[0]!;
}

/**
 * Builds one doc of a version of a docs instance: its id, route, titles and sidebar position from
 * its path inside the version's folder and its front matter. Unknown front-matter keys are passed
 * to `warn`.
 */
export function createDoc(
  input: DocInput,
  config: SiteConfig,
  warn: (warning: FrontMatterWarning) => void = () => {},
  version: DocsVersion = unversionedDocs(config),
): Doc {
  const { parsed } = input;
  checkFields(parsed, DOC_FIELDS, input.relPath, input.text).forEach(warn);
  const fm = parsed.data as {
    id?: string; title?: string; sidebar_label?: string; sidebar_position?: number; slug?: string;
    description?: string; hide_table_of_contents?: boolean; hide_title?: boolean; tags?: unknown;
    pagination_label?: string; sidebar_class_name?: string; sidebar_custom_props?: Record<string, unknown>;
    last_update?: { date?: Date | string; author?: string }; parse_number_prefixes?: boolean;
  };
  const docsRel = path.posix.relative(version.docsDir, input.relPath);
  const rawDir = path.posix.dirname(docsRel) === '.' ? '' : path.posix.dirname(docsRel);
  const parsesPrefixes = parsesNumberPrefixes(config, version.pluginId);
  const prefixes = parsesPrefixes && fm.parse_number_prefixes !== false;
  const fileName = withoutExtension(path.posix.basename(docsRel));
  const file = prefixes ? stripNumberPrefix(fileName) : { name: fileName, position: undefined };
  const dir = prefixes ? cleanDirPath(rawDir) : rawDir;
  const baseName = fm.id ?? file.name;
  const id = dir ? `${dir}/${baseName}` : baseName;
  const route = docRoute(docsRel, fm, version.routeBase, parsesPrefixes);
  if (fm.slug !== undefined) checkRoute(route, input.relPath, 'slug', frontMatterKeyLine(parsed, 'slug'));
  else checkRoute(route, input.relPath, 'file name');
  const title = fm.title ?? findH1(parsed.body) ?? baseName;
  const source: ContentSource = {
    relPath: input.relPath,
    absPath: input.absPath,
    format: contentFormat(input.relPath, config.markdown.format),
    body: parsed.body,
    text: input.text,
    withExcerpt: false,
    frontMatter: parsed.data,
  };
  return {
    ...commonFields(parsed, config, input.relPath, input.text),
    id,
    pluginId: version.pluginId,
    version: version.name,
    docsDir: version.docsDir,
    source,
    route,
    title,
    sidebarLabel: fm.sidebar_label ?? title,
    description: fm.description ?? '',
    position: fm.sidebar_position ?? file.position,
    dirPath: rawDir,
    hideTitle: fm.hide_title ?? false,
    editUrl: editUrlOf(parsed, instanceEditUrl(config, version.pluginId, input.relPath)),
    tags: toTagRefs(fm.tags, version.routeBase === '/' ? '' : version.routeBase),
    paginationLabel: fm.pagination_label ?? undefined,
    pagination: {},
    sidebarClassName: fm.sidebar_class_name ?? undefined,
    sidebarCustomProps: fm.sidebar_custom_props ?? undefined,
    lastUpdate: fm.last_update ? lastUpdateOf(fm.last_update) : undefined,
    frontMatter: parsed.data,
  };
}

/**
 * A doc's route, by Docusaurus's rules: an absolute `slug` is the route below the docs' base
 * path, a relative one is resolved against the doc's folder (`../x` climbs out of it); without a slug, the
 * folder's index (`index`, `README` or a doc named like its folder, see isCategoryIndex) takes the
 * folder's route and any other doc its id (folder without number prefixes, then the front matter's
 * `id` or the file name without its prefix). `parse_number_prefixes: false` keeps the doc's
 * prefixes, in its folders and file name, as does an instance's `numberPrefixParser: false` for every doc.
 *
 * @param docsRel the file's path inside the docs folder, "/"-separated
 * @param routeBase where the version's docs start ("/docs", "docs/1.0", "/")
 * @param parsesPrefixes false when the docs instance keeps number prefixes (`numberPrefixParser: false`)
 */
export function docRoute(docsRel: string, fm: { id?: unknown; slug?: unknown; parse_number_prefixes?: unknown }, routeBase: string, parsesPrefixes = true): string {
  const rawDir = path.posix.dirname(docsRel) === '.' ? '' : path.posix.dirname(docsRel);
  const fileName = withoutExtension(path.posix.basename(docsRel));
  const prefixes = parsesPrefixes && fm.parse_number_prefixes !== false;
  const dir = prefixes ? cleanDirPath(rawDir) : rawDir;
  const baseId = typeof fm.id === 'string' ? fm.id : prefixes ? stripNumberPrefix(fileName).name : fileName;
  const slug = typeof fm.slug === 'string' ? fm.slug : undefined;
  const folder = dir ? `/${dir}/` : '/';
  let tail: string;
  if (slug?.startsWith('/')) tail = slug;
  else if (slug === undefined && isCategoryIndex(fileName, rawDir)) tail = folder;
  else tail = path.posix.resolve(folder, slug ?? baseId);
  return `/${routeBase}/${tail}`.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
}

/** The edit link of a doc from its instance's `editUrl`, or null when it has none. */
function instanceEditUrl(config: SiteConfig, pluginId: string, relPath: string): string | null {
  const editUrl = config.docsInstances.find((instance) => instance.id === pluginId)?.editUrl;
  return editUrl ? joinUrl(editUrl, relPath) : null;
}

/**
 * `last_update` with its date as a string: as written, or, when YAML parsed it into a Date,
 * YYYY-MM-DD for a plain day and the full ISO time otherwise.
 */
export function lastUpdateOf(value: { date?: Date | string; author?: string }): { date?: string; author?: string } {
  const result: { date?: string; author?: string } = {};
  if (typeof value.date === 'string') result.date = value.date;
  if (value.date instanceof Date) result.date = value.date.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (value.author !== undefined) result.author = value.author;
  return result;
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

/** Parses and checks a `_category_.json`, or a `_category_.yml` / `.yaml` as Docusaurus also reads. */
export function parseCategoryFile(relPath: string, text: string): CategoryMeta {
  const data = /\.ya?ml$/.test(relPath) ? parseYaml(relPath, text) : parseJson(relPath, text);
  const meta = data as Record<string, unknown>;
  const fail = (message: string) => {
    throw new SiteError({ code: 'CATEGORY_INVALID', message, location: { file: relPath } });
  };
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) fail('a category file must hold an object');
  if (meta.label !== undefined && typeof meta.label !== 'string') fail('"label" must be a string');
  if (meta.position !== undefined && typeof meta.position !== 'number') fail('"position" must be a number');
  const link = meta.link as Record<string, unknown> | undefined | null;
  if (link && link.type !== 'generated-index' && link.type !== 'doc') fail('"link.type" must be "generated-index" or "doc"');
  if (link?.type === 'doc' && typeof link.id !== 'string') fail('"link.id" must name a doc id');
  return meta as CategoryMeta;
}

function parseJson(relPath: string, text: string): unknown {
  try {
    return JSON.parse(text);
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
}

function parseYaml(relPath: string, text: string): unknown {
  try {
    return yaml.load(text) ?? {};
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    throw new SiteError({
      code: 'CATEGORY_INVALID',
      message: `invalid YAML: ${(error as { reason?: string }).reason ?? (error as Error).message}`,
      location: { file: relPath, line: mark ? mark.line + 1 : undefined, column: mark ? mark.column + 1 : undefined },
      frame: mark ? codeFrame(text, mark.line + 1, mark.column + 1) : undefined,
    });
  }
}
