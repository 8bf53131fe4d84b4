import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientBundle } from '../../bundle/bundleSite.js';
import { extractHrefs, findBrokenLinks, type BrokenLink } from '../../check/links.js';
import type { PlannedRoute } from '../../content/routes.js';
import { SiteError, SiteErrors } from '../../errors.js';
import type { SiteOutputs } from '../../outputs/siteOutputs.js';
import { targetsDigest } from '../../staging/outputManifest.js';
import { shownPath, type ShownPath } from '../locations.js';
import type { CompiledSite } from './compile.js';
import type { BuildOutput } from './output.js';
import type { SitePlan } from './plan.js';
import type { RenderedSite } from './render.js';

/**
 * The `check links` stage: every link of every page (but the 404 page's) must reach a route, a
 * heading of it or a file of the output; all broken links are thrown together (BROKEN_LINKS).
 * Returns the digest of the link targets, which the next build compares to know whether the
 * links of pages it keeps need checking again.
 */
export function checkSiteLinks(plan: SitePlan, rendered: RenderedSite, built: { client: ClientBundle; compiled: CompiledSite; outputs: SiteOutputs }, output: BuildOutput): string {
  const { config, routes, staticFiles } = plan;
  const checkable = () => rendered.pages.filter((p) => p.route !== '/404');
  const digest = targetsDigest(checkable(), staticFiles, config.baseUrl);
  // A kept page is the same document as in the last good build. If every link target is
  // the same too, its links resolve as they did then; otherwise they are read back and checked.
  if (digest !== output.previous?.targets) readKeptPageLinks(rendered, routes, output.outDir);
  const files = new Set([
    ...staticFiles.map((f) => `/${f}`),
    ...built.client.files.map((f) => `/${f}`),
    ...[...built.compiled.images.keys()].map((f) => `/${f}`),
    ...built.outputs.writer.files().map((f) => `/${f}`),
  ]);
  const broken = findBrokenLinks(checkable(), files, config.baseUrl);
  if (broken.length > 0) throw brokenLinksError(broken, routes, shownPath(config), config.baseUrl);
  return digest;
}

/** Reads back the links of the pages kept as they are in the output folder (their ids come from the manifest). */
function readKeptPageLinks(rendered: RenderedSite, routes: PlannedRoute[], dir: string): void {
  const strings = new Map<string, string>();
  for (const i of rendered.kept) {
    const html = readFileSync(path.join(dir, routes[i]!.outputFile), 'utf8');
    rendered.pages[i]!.hrefs = extractHrefs(html, strings);
  }
}

const BROKEN_LINK_HINTS: Record<Exclude<BrokenLink['reason'], 'outside the base URL'>, string> = {
  'missing page': 'Link to an existing route, without .html and without a trailing slash.',
  'missing anchor': 'Link to an existing heading id (see the target page\'s table of contents).',
  'malformed URL': 'Percent-encode the link: "%" is written "%25", "#" in a page name "%23", "?" "%3F" (a space may stay or be "%20").',
};

/** What to do about each kind of broken link. */
function brokenLinkHint(reason: BrokenLink['reason'], baseUrl: string): string {
  if (reason === 'outside the base URL') {
    return `The site lives under its base URL, ${baseUrl}. Markdown links and @docusaurus/Link get it by themselves; in a React page, use Link from @docusaurus/Link or useBaseUrl from @docusaurus/useBaseUrl instead of a plain <a href="/…">.`;
  }
  return BROKEN_LINK_HINTS[reason];
}

function brokenLinksError(broken: BrokenLink[], routes: PlannedRoute[], shown: ShownPath, baseUrl: string): SiteErrors {
  const sourceOf = new Map(routes.map((r) => [r.path, r.sourceFile]));
  return new SiteErrors(
    broken.map(
      (link) =>
        new SiteError({
          code: 'BROKEN_LINKS',
          message: `broken link on ${link.source} → ${link.href} (${link.reason})`,
          location: sourceOf.get(link.source) ? { file: shown(sourceOf.get(link.source)!) } : undefined,
          hint: brokenLinkHint(link.reason, baseUrl),
        }),
    ),
  );
}
