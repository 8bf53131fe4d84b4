import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { cacheFolders, cacheRootFor } from '../cache/cacheDir.js';
import { manifestFile, readManifest, type OutputManifest } from '../cache/outputManifest.js';
import type { SourceLocation } from '../errors.js';

/** A broken link as check-links finds it: the target and the page holding it, site paths with the base URL. */
interface FoundLink {
  url: string;
  parent?: string;
}

/**
 * Where each broken link was written, when that can be known: the build that wrote the output
 * recorded each page's source file (its output manifest, in the project's cache), and the link's
 * target is looked for in that file's text (as a route, or the route's last segment, with or
 * without the base URL). The crawl itself trusts nothing of the build; this only names places.
 * Links of no known source (a page with none, an output of no known build) get no place.
 */
export async function brokenLinkSources(outDir: string, baseUrl: string, links: readonly FoundLink[]): Promise<Map<FoundLink, SourceLocation>> {
  const places = new Map<FoundLink, SourceLocation>();
  if (links.length === 0) return places;
  const manifest = await findManifest(outDir);
  if (!manifest) return places;
  const pages = manifest.sections.pages ?? {};
  const texts = new Map<string, string | null>();
  for (const link of links) {
    if (!link.parent) continue;
    const route = withoutBase(link.parent, baseUrl);
    const source = (pages[route] as { source?: unknown } | undefined)?.source;
    if (typeof source !== 'string') continue;
    if (!texts.has(source)) texts.set(source, readText(source));
    const text = texts.get(source);
    if (!text) continue;
    const at = findTarget(text, link.url, baseUrl);
    if (at !== null) places.set(link, { file: path.relative(process.cwd(), source) || source, ...lineAndColumn(text, at) });
  }
  return places;
}

/** The manifest of the output folder, from the cache of the project that holds it or of the working directory. */
async function findManifest(outDir: string): Promise<OutputManifest | null> {
  let real: string;
  try {
    real = realpathSync(outDir);
  } catch {
    return null;
  }
  for (const root of new Set([cacheRootFor(real), cacheRootFor(process.cwd())])) {
    const manifest = await readManifest(manifestFile(cacheFolders(root).output, real));
    if (manifest) return manifest;
  }
  return null;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function withoutBase(sitePath: string, baseUrl: string): string {
  const route = sitePath.startsWith(baseUrl) ? `/${sitePath.slice(baseUrl.length)}` : sitePath;
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/** Where the link to `url` is written in a source's text: the fullest form of it found first. */
function findTarget(text: string, url: string, baseUrl: string): number | null {
  const route = withoutBase(url, baseUrl);
  const [pathPart, hash] = route.split('#') as [string, string | undefined];
  const last = pathPart.split('/').pop() ?? '';
  const candidates = [url, route, ...(hash !== undefined ? [`${pathPart}#${hash}`, `#${hash}`] : []), pathPart, ...(last ? [`${last}${hash !== undefined ? `#${hash}` : ''}`, last] : [])];
  for (const candidate of candidates) {
    if (!candidate || candidate === '/') continue;
    for (const written of [candidate, encodeURI(candidate)]) {
      // As a link target: after "(", a quote or "=", so a word of the text is not taken for it.
      const match = new RegExp(`[("'=<\\s]${escapeRegExp(written)}(?=[)"'#>\\s?]|$)`).exec(text);
      if (match) return match.index + 1;
    }
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
