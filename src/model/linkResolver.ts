/**
 * Which page a link to a .md/.mdx file names, by Docusaurus's rules. Paths are site-relative and
 * "/"-separated ("docs/guides/a.md"); a file's content root is the folder its plugin reads (the
 * docs folder of its version, the blog folder, the pages folder).
 *
 * - `./a.md`, `../b.md`: relative to the linking file's folder only;
 * - `/cli/c.md`: from the linking file's content root, then from the site folder;
 * - `guides/d.md`: relative to the linking file's folder, then from its content root, then from
 *   the site folder (so `settings/node-modules.md` works from any doc of the same docs root);
 * - `@site/docs/e.md`: from the site folder.
 *
 * Plain data, so it crosses to the compile workers.
 */
import path from 'node:path';

export interface MarkdownLinkTargets {
  /** Route of every doc, post and page, by site-relative source path. */
  routesBySource: Record<string, string>;
  /** The content roots (site-relative folders, no trailing "/"), deepest first is not required. */
  contentRoots: string[];
  /** Site paths of the output's .md/.mdx files ("/files/notes.md", a page's copy "/docs/a.md"): a link to one stays a link to that file. */
  staticMarkdown: string[];
  /**
   * Every route of a doc, post or page by its lower case, where no other route has the same
   * lower case: a link to "/docs/refine/introduction" names "/docs/refine/Introduction", as
   * Docusaurus's router, which matches routes whatever their case, takes it.
   */
  routesByLowerCase?: Record<string, string>;
}

/**
 * The route a link to a site path ("/docs/a#x", not a markdown file) names when it differs from
 * it only in letter case; null when the path is a route as written, or no route.
 */
export function resolveRouteCase(targets: Pick<MarkdownLinkTargets, 'routesByLowerCase'>, target: string): string | null {
  const route = targets.routesByLowerCase?.[target.toLowerCase()];
  return route !== undefined && route !== target ? route : null;
}

/** The lower-case index of routes (see MarkdownLinkTargets.routesByLowerCase). */
export function routesByLowerCase(routes: Iterable<string>): Record<string, string> {
  const index: Record<string, string> = {};
  const taken = new Set<string>();
  for (const route of routes) {
    const lower = route.toLowerCase();
    if (taken.has(lower)) delete index[lower];
    else index[lower] = route;
    taken.add(lower);
  }
  return index;
}

/** The content root a file belongs to: the deepest root that holds it, or null. */
export function contentRootOf(targets: Pick<MarkdownLinkTargets, 'contentRoots'>, relPath: string): string | null {
  let found: string | null = null;
  for (const root of targets.contentRoots) {
    const inside = root === '' || root === '.' || relPath.startsWith(`${root}/`);
    if (inside && (found === null || root.length > found.length)) found = root;
  }
  return found;
}

/**
 * The route (or, for a file of the static folder, its site path) that a link written in
 * `fromRelPath` to `target` names: the link's path, decoded, without query or #hash. Null when
 * no page or static file is that file. A target that is no markdown file is a site path: its
 * route when it differs only in case (see resolveRouteCase).
 */
export function resolveMarkdownLink(targets: MarkdownLinkTargets, fromRelPath: string, target: string): string | null {
  if (!/\.mdx?$/.test(target)) return resolveRouteCase(targets, target);
  for (const candidate of candidateFiles(targets, fromRelPath, target)) {
    const route = targets.routesBySource[candidate];
    if (route !== undefined) return route;
  }
  if (target.startsWith('/') && staticMarkdownOf(targets).has(target)) return target;
  return null;
}

/** The output's markdown files as a set, made once per targets object (they cross to workers as an array). */
const staticMarkdownSets = new WeakMap<MarkdownLinkTargets, ReadonlySet<string>>();
function staticMarkdownOf(targets: MarkdownLinkTargets): ReadonlySet<string> {
  let set = staticMarkdownSets.get(targets);
  if (!set) staticMarkdownSets.set(targets, (set = new Set(targets.staticMarkdown)));
  return set;
}

/** The site-relative files a link may name, in the order they are tried. */
function candidateFiles(targets: MarkdownLinkTargets, fromRelPath: string, target: string): string[] {
  const join = (dir: string, file: string) => path.posix.normalize(path.posix.join(dir, file.replace(/^\/+/, '')));
  if (target.startsWith('@site/')) return [join('', target.slice('@site/'.length))];
  const root = contentRootOf(targets, fromRelPath);
  const fromRoot = root === null ? [] : [join(root, target)];
  if (target.startsWith('/')) return [...fromRoot, join('', target)];
  const fromFile = join(path.posix.dirname(fromRelPath), target);
  if (target.startsWith('./') || target.startsWith('../')) return [fromFile];
  return [fromFile, ...fromRoot, join('', target)];
}
