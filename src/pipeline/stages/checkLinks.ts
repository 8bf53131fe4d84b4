import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientBundle } from '../../bundle/bundleSite.js';
import { createLinkLocator, type LinkLocation } from '../../check/linkLocations.js';
import { extractHrefs, findBrokenLinks, targetFromRoot, targetsDigest, type BrokenLink } from '../../check/links.js';
import type { ReportLevel, SiteConfig } from '../../config/types.js';
import type { PlannedRoute } from '../../model/routes.js';
import { formatLocation, SiteError, SiteErrors } from '../../errors.js';
import { normalizePath, routeOfUrlPath, splitHash, withBase } from '../../shared/paths.js';
import type { SiteOutputs } from '../../outputs/siteOutputs.js';
import { shownPath, type ShownPath } from '../locations.js';
import type { BuildReport } from '../session.js';
import type { CompiledSite } from './compile.js';
import type { BuildOutput } from './output.js';
import type { OutputSection } from '../../cache/lastOutput.js';
import type { SitePlan } from './plan.js';
import type { RenderedSite } from './render.js';
import type { PageRecord } from '../../render/renderPages.js';

/**
 * The `check links` stage: every link of every page (but the 404 page's) must reach a route, a
 * heading of it or a file of the output. What a broken link does is the site's setting:
 * `onBrokenAnchors` for a missing `#fragment`, `onBrokenLinks` for anything else; all those
 * set to 'throw' are thrown together (BROKEN_LINKS), each at the place of the link.
 * The digest of the link targets (and settings) is recorded in the output (section `checks`),
 * which the next build compares to know whether the links of pages it keeps need checking again.
 */
export function checkSiteLinks(
  plan: SitePlan,
  rendered: RenderedSite,
  built: { client: ClientBundle; compiled: CompiledSite; outputs: SiteOutputs },
  output: BuildOutput,
  report?: BuildReport,
  otherLocales: readonly OtherLocale[] = [],
): void {
  const { config, routes, staticFiles } = plan;
  const checkable = () => rendered.pages.filter((p) => p.route !== '/404');
  const strict = config.onBrokenLinks === 'throw' && config.onBrokenAnchors === 'throw' && config.onRootRelativeLinks === 'throw';
  const digest = createHash('sha256')
    .update(targetsDigest(checkable(), staticFiles, config.baseUrl))
    .update(`\0${config.onBrokenLinks}\0${config.onBrokenAnchors}\0${config.onRootRelativeLinks}\0${plan.redirects.map((redirect) => redirect.from).join('\0')}`)
    .digest('hex');
  // A kept page is the same document as in the last good build. If every link target (and the
  // settings) are the same too, its links resolve as they did then; otherwise they are read back
  // and checked. A site that lets broken links through is told about them at every build.
  const checks = output.last.section('checks');
  const unchanged = checks.keep(LINK_TARGETS, digest) !== null;
  if (!unchanged) checks.record(LINK_TARGETS, digest, [], {});
  if (!unchanged || !strict) readKeptPageLinks(rendered, routes, output.last.section<PageRecord>('pages'));
  const files = new Set([
    ...staticFiles.map((f) => `/${f}`),
    ...built.client.files.map((f) => `/${f}`),
    ...[...built.compiled.images.keys()].map((f) => `/${f}`),
    ...built.outputs.writer.files().map((f) => `/${f}`),
    // A redirect's address leads somewhere: a link to it is no broken link.
    ...plan.redirects.map((redirect) => redirect.from),
  ]);
  const broken = findBrokenLinks(checkable(), files, config.baseUrl).filter((link) => !inOtherLocale(link, otherLocales));
  const routePaths = new Set(rendered.pages.map((page) => page.route));
  for (const link of broken) {
    if (link.reason === 'missing page') link.fromRoot = targetFromRoot(link.href, routePaths, files) ?? undefined;
  }
  reportBrokenLinks(broken, config, routes, built.compiled, report);
}

/** Another locale of the site: a link to one of its pages (the locale dropdown's, a page's own) is no broken link. */
export interface OtherLocale {
  baseUrl: string;
  /** Its routes' paths; null for a locale this build does not make (`--locale`), whose pages are not known. */
  routes: ReadonlySet<string> | null;
}

/** Whether a link leads to a page of another locale of the site, under that locale's base URL. */
function inOtherLocale(link: BrokenLink, others: readonly OtherLocale[]): boolean {
  if (link.reason !== 'missing page' && link.reason !== 'outside the base URL') return false;
  const href = splitHash(link.href).path.split('?')[0]!;
  if (!href.startsWith('/')) return false;
  return others.some(({ baseUrl, routes }) => {
    if (!`${href}/`.startsWith(baseUrl)) return false;
    if (routes === null) return true;
    const route = routeOfUrlPath(`/${href.slice(baseUrl.length)}`);
    return route !== null && routes.has(normalizePath(route));
  });
}

/** The name of the link targets' digest in the output's section `checks`. */
const LINK_TARGETS = 'link-targets';

/** Reads back the links of the pages kept as they are in the output folder (their ids come from their record). */
function readKeptPageLinks(rendered: RenderedSite, routes: PlannedRoute[], pages: OutputSection<PageRecord>): void {
  const strings = new Map<string, string>();
  for (const i of rendered.kept) {
    const route = routes[i]!;
    const file = pages.readBack(route.path, route.outputFile);
    // Kept by this build after the same check: only a file changed during the build fails it.
    if (file === null) throw new SiteError({ code: 'CACHE_CHANGED', message: `${route.outputFile} changed in the output folder during the build`, hint: 'Build again.' });
    rendered.pages[i]!.hrefs = extractHrefs(readFileSync(file, 'utf8'), strings);
  }
}

/** The setting that decides what a broken link does. */
const settingOf = (link: BrokenLink, config: SiteConfig): ReportLevel =>
  link.reason === 'missing anchor' ? config.onBrokenAnchors : link.fromRoot ? config.onRootRelativeLinks : config.onBrokenLinks;

/** Throws the broken links whose setting is 'throw'; warns about or logs the others. */
function reportBrokenLinks(broken: BrokenLink[], config: SiteConfig, routes: PlannedRoute[], compiled: CompiledSite, report: BuildReport | undefined): void {
  if (broken.length === 0) return;
  const locate = createLinkLocator(config, routes, compiled.pages);
  const shown = shownPath(config);
  const errors: SiteError[] = [];
  // A link of the navbar or footer is on every page: reported once, with the pages it is on.
  const fromConfig = new Map<string, { link: BrokenLink; place: LinkLocation; pages: string[] }>();
  const located = broken.flatMap((link) => {
    const place = locate(link);
    if (!place?.configKey) return [{ link, place, pages: [link.source] }];
    const key = `${place.configKey}\0${link.href}`;
    const seen = fromConfig.get(key);
    if (seen) seen.pages.push(link.source);
    else fromConfig.set(key, { link, place, pages: [link.source] });
    return seen ? [] : [fromConfig.get(key)!];
  });
  for (const { link, place, pages } of located) {
    const level = settingOf(link, config);
    if (level === 'ignore') continue;
    const error = brokenLinkError({ ...link, source: onPages(pages) }, place, shown, config);
    if (level === 'throw') errors.push(error);
    else {
      // One line, as compile warnings are.
      const line = `${error.location ? `${formatLocation(error.location)}: ` : ''}${error.message}`;
      if (level === 'warn') report?.warn(line);
      else report?.info?.(line);
    }
  }
  if (errors.length > 0) throw new SiteErrors(errors);
}

/** "/docs/a", or "3 pages (/docs/a, /docs/b, /docs/c)", or "40 pages (/docs/a, /docs/b, /docs/c, …)". */
function onPages(pages: string[]): string {
  if (pages.length === 1) return pages[0]!;
  return `${pages.length} pages (${pages.slice(0, 3).join(', ')}${pages.length > 3 ? ', …' : ''})`;
}

const BROKEN_LINK_HINTS: Record<Exclude<BrokenLink['reason'], 'outside the base URL'>, string> = {
  'missing page': 'Link to an existing route, without .html and without a trailing slash; a link to a .md/.mdx file names a doc, post or page by its file, or a file of the static folder.',
  'missing anchor': 'Link to an existing heading id (see the target page\'s table of contents).',
  'malformed URL': 'Percent-encode the link: "%" is written "%25", "#" in a page name "%23", "?" "%3F" (a space may stay or be "%20").',
};

/** What to do about each kind of broken link, and how the setting lets the build through. */
function brokenLinkHint(reason: BrokenLink['reason'], baseUrl: string, fromRoot?: string): string {
  const setting = reason === 'missing anchor' ? 'onBrokenAnchors' : 'onBrokenLinks';
  if (fromRoot) {
    return `Write the link from the site's root ("/${fromRoot.replace(/^\//, '')}") or relative to this page. Docusaurus's checker accepts it because its text names ${fromRoot} from the site's root; a browser follows it from the page's folder to no page. (onRootRelativeLinks: 'warn' in the config reports it without failing the build.)`;
  }
  const fix =
    reason === 'outside the base URL'
      ? `The site lives under its base URL, ${baseUrl}. Markdown links and @docusaurus/Link get it by themselves; in a React page, use Link from @docusaurus/Link or useBaseUrl from @docusaurus/useBaseUrl instead of a plain <a href="/…">.`
      : BROKEN_LINK_HINTS[reason];
  return `${fix} (${setting}: 'warn' in the config reports it without failing the build.)`;
}

function brokenLinkError(link: BrokenLink, place: LinkLocation | null, shown: ShownPath, config: SiteConfig): SiteError {
  const where = place?.configKey ? ` (${place.configKey} in the config)` : '';
  const file = place?.location.file;
  // A page of a locale other than the default one is named at its address, under the locale's path.
  const otherLocale = config.translation && config.translation.locale !== config.i18n.defaultLocale;
  const page = otherLocale && link.source.startsWith('/') ? withBase(config.baseUrl, link.source) : link.source;
  const reason = link.fromRoot ? `${link.reason}; from the site's root it names ${link.fromRoot}` : link.reason;
  return new SiteError({
    code: 'BROKEN_LINKS',
    message: `broken link on ${page} → ${link.href} (${reason})${where}`,
    location: place && file ? { ...place.location, file: path.isAbsolute(file) ? path.relative(process.cwd(), file) || file : shown(file) } : undefined,
    frame: place?.frame,
    hint: brokenLinkHint(link.reason, config.baseUrl, link.fromRoot),
  });
}
