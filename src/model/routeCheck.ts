import { SiteError } from '../errors.js';

/**
 * What keeps a route from working as a URL: the browser, the static host and the link checks
 * would each read it differently. Spaces, non-ASCII letters, "#", "?" and "%" are fine (they are
 * percent-encoded in links, see routeHref); these are not.
 */
function routeProblem(route: string): string | null {
  const control = /[\u0000-\u001f\u007f]/.exec(route);
  if (control) return `a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
  if (route.includes('\\')) return 'a backslash, which browsers read as "/" and static hosts refuse';
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(route)) return 'a lone UTF-16 surrogate, which has no URL form';
  const segments = route.split('/').slice(1);
  if (segments.some((s) => s === '.' || s === '..')) return 'a "." or ".." segment, which browsers resolve away';
  if (route !== '/' && segments.some((s) => s === '')) return 'an empty segment ("//")';
  if (/\.html$/i.test(route)) return 'a name ending in ".html", which is dropped from URLs (/x.html is /x)';
  const long = segments.find((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES);
  if (long) {
    return `a name of ${Buffer.byteLength(long)} bytes ("${long.slice(0, 20)}…"): the files written for it (its page, its markdown, its data) would pass the ${MAX_NAME_BYTES} bytes file systems allow in a file name, so a route's names may have at most ${MAX_SEGMENT_BYTES}`;
  }
  return null;
}

/** The longest file name most file systems allow (NAME_MAX), in bytes. */
const MAX_NAME_BYTES = 255;
/** The longest end the output adds to a route's name: ".html" and the suffix of a file being copied into place. */
const LONGEST_OUTPUT_SUFFIX = '.html.sipadocs-partial';
const MAX_SEGMENT_BYTES = MAX_NAME_BYTES - LONGEST_OUTPUT_SUFFIX.length;

/** The route with control characters shown as \\uXXXX escapes, so the message stays on one line. */
const printable = (route: string) => route.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Where a route came from, for the hint: a file name that may be overridden by `slug`, a `slug`, or a React page's file name. */
export type RouteOrigin = 'file name' | 'slug' | 'page file name';

const HINTS: Record<RouteOrigin, string> = {
  'file name': 'Rename the file, or set "slug" in its front matter to choose the route.',
  slug: 'Change "slug" in the front matter to a plain path such as /guides/my-page.',
  'page file name': 'Rename the file: a page\'s route is its path under the pages folder.',
};

/**
 * Throws ROUTE_INVALID, naming the file, when a route made from a file name or a `slug` cannot
 * be part of a URL that every reader decodes the same way.
 */
export function checkRoute(route: string, relPath: string, origin: RouteOrigin, line?: number): void {
  const problem = routeProblem(route);
  if (!problem) return;
  throw new SiteError({
    code: 'ROUTE_INVALID',
    message: `the route "${printable(route)}" ${origin === 'slug' ? 'set by "slug"' : 'made from the file name'} contains ${problem}`,
    location: { file: relPath, line },
    hint: HINTS[origin],
  });
}
