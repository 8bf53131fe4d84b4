import path from 'node:path';
import { isCategoryIndex, stripNumberPrefix, withoutExtension } from '../model/names.js';

/**
 * Where Docusaurus 2 and 3 put a doc, so the migrated site can keep the same address:
 * - id: the folder (number prefixes stripped) plus front-matter `id` or the file name (prefix stripped);
 * - an absolute `slug` is the route; a relative one is resolved against the folder, like a URL;
 * - without a slug, a category index (`index`, `README` or a file named like its folder) takes
 *   the folder's route; any other doc takes its id;
 * - `parse_number_prefixes: false` keeps the prefixes of the doc's folders and file name, and the
 *   plugin's `numberPrefixParser: false` those of every doc.
 *
 * @param relPath the file's path inside the docs folder, "/"-separated
 * @param parsesPrefixes false for a docs plugin with `numberPrefixParser: false`
 */
export function docusaurusDocRoute(relPath: string, frontMatter: { id?: unknown; slug?: unknown; parse_number_prefixes?: unknown }, routeBasePath: string, parsesPrefixes = true): string {
  const rawDir = path.posix.dirname(relPath) === '.' ? '' : path.posix.dirname(relPath);
  const fileName = withoutExtension(path.posix.basename(relPath));
  const strip = (segment: string) => (!parsesPrefixes || frontMatter.parse_number_prefixes === false ? segment : stripNumberPrefix(segment).name);
  const dir = rawDir.split('/').filter(Boolean).map(strip).join('/');
  const baseId = typeof frontMatter.id === 'string' ? frontMatter.id : strip(fileName);
  const slug = typeof frontMatter.slug === 'string' ? frontMatter.slug : undefined;
  const dirSlug = dir ? `/${dir}/` : '/';
  let tail: string;
  if (slug?.startsWith('/')) tail = slug;
  else if (slug === undefined && isCategoryIndex(fileName, rawDir)) tail = dirSlug;
  else tail = new URL(slug ?? baseId, `http://docs.invalid${dirSlug}`).pathname;
  return joinRoute(routeBasePath, decodeURI(tail));
}

const DATED_FILE = /^(?<folder>.*)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/;

/**
 * Where Docusaurus puts a blog post: front-matter `slug`, else the file path, where a date in
 * the name becomes folders: `2021-08-26-welcome.md` → `/blog/2021/08/26/welcome`.
 *
 * @param relPath the file's path inside the blog folder, "/"-separated
 */
export function docusaurusPostRoute(relPath: string, frontMatter: { slug?: unknown }, routeBasePath: string): string {
  if (typeof frontMatter.slug === 'string' && frontMatter.slug) return joinRoute(routeBasePath, frontMatter.slug);
  const dated = DATED_FILE.exec(relPath);
  if (dated) {
    const { folder, date, text } = dated.groups!;
    return joinRoute(routeBasePath, `/${date!.replace(/-/g, '/')}/${folder}${text}`);
  }
  return joinRoute(routeBasePath, `/${relPath.replace(/(?:\/index)?\.mdx?$/, '')}`);
}

/** "/" + base + tail, with repeated slashes collapsed and no trailing slash (sipadocs routes have none). */
function joinRoute(base: string, tail: string): string {
  return `/${base}/${tail}`.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
}
