/**
 * The site's redirects (the config's `redirects`, with the rules of Docusaurus's client-redirects
 * plugin): which addresses lead where, the page written at each (a meta refresh, a canonical link,
 * `noindex`, and a small script that keeps the `#fragment`), and the lines of `_redirects`, the file
 * in which Netlify and Cloudflare Pages read redirects.
 */
import type { RedirectsConfig } from '../config/types.js';
import { codeFrame, SiteError, SiteErrors, type SourceLocation } from '../errors.js';
import { encodeRoute, isExternalUrl, normalizePath, routeToHtmlFile, splitHash, withBase } from '../shared/paths.js';
import { lineField } from './escape.js';

export const REDIRECTS_FILE = '_redirects';

/** One address that leads elsewhere. */
export interface Redirect {
  /** A site path ("/docs/old", "/docs/intro.html"). */
  from: string;
  /** A route, with its #fragment if any, a static file's path, or a URL. */
  to: string;
  /**
   * The output file of the page that redirects, or null when the address is already served by the
   * page it leads to (`/x.html` is the file of the route /x) and only `_redirects` names it.
   */
  file: string | null;
}

export interface RedirectPlan {
  redirects: Redirect[];
  /** Addresses left out, as Docusaurus leaves them out: each is a page of the site. */
  skipped: string[];
}

/** What the site has: its routes and the files of its static folder (site paths, "/img/a.png"). */
export interface RedirectTargets {
  routes: ReadonlySet<string>;
  staticFiles: ReadonlySet<string>;
  /** Where the config is, to name a wrong redirect at its line. */
  configFile: string;
  configText: string;
}

/**
 * Every redirect of the config, checked: a `to` inside the site must be a route or a static file
 * (REDIRECT_INVALID otherwise, at its line in the config); an address that is a page of the site
 * is left out (it would hide the page); the first redirect of an address wins.
 */
export function planRedirects(config: Required<RedirectsConfig>, targets: RedirectTargets): RedirectPlan {
  const errors: SiteError[] = [];
  const candidates: Array<{ from: string; to: string }> = [];
  const paths = (from: unknown): string[] | null => (typeof from === 'string' ? [from] : Array.isArray(from) && from.every((f) => typeof f === 'string') ? (from as string[]) : null);
  for (const [i, { from, to }] of config.pages.entries()) {
    const froms = paths(from);
    if (!froms) {
      errors.push(redirectError(`redirects.pages.${i}.from must be a path or a list of paths`, 'from', targets));
      continue;
    }
    if (!isExternalUrl(to) && !existsInSite(to, targets)) {
      errors.push(redirectError(`redirects.pages.${i} leads to "${to}", which is no page or file of the site`, to, targets));
      continue;
    }
    for (const path of froms) candidates.push({ from: path, to });
  }
  const routes = [...targets.routes].filter((route) => route !== '/404');
  for (const { from, to } of config.prefixes) {
    const base = normalizePath(to);
    for (const route of routes) {
      if (route === base || route.startsWith(`${base === '/' ? '' : base}/`)) candidates.push({ from: `${addressOf(from)}${route.slice(base === '/' ? 0 : base.length)}`, to: route });
    }
  }
  for (const extension of config.fromExtensions) {
    for (const route of routes) if (route !== '/') candidates.push({ from: `${route}.${extension.replace(/^\./, '')}`, to: route });
  }
  for (const extension of config.toExtensions) {
    const suffix = `.${extension.replace(/^\./, '')}`;
    for (const route of routes) if (route.endsWith(suffix) && route.length > suffix.length + 1) candidates.push({ from: route.slice(0, -suffix.length), to: route });
  }
  if (errors.length > 0) throw new SiteErrors(errors);

  const redirects: Redirect[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const from = addressOf(candidate.from);
    if (seen.has(from) || from === splitHash(candidate.to).path) continue;
    seen.add(from);
    if (targets.routes.has(from) || targets.staticFiles.has(from)) {
      skipped.push(from);
      continue;
    }
    redirects.push({ from, to: candidate.to, file: pageFile(from, targets) });
  }
  return { redirects, skipped };
}

/** An address as written in the config, as a site path: "/" first, no repeated or trailing "/" (".html" is kept: it is part of the address). */
function addressOf(path: string): string {
  const clean = `/${path}`.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  return clean;
}

/** Whether a path of the site (with an optional #fragment) is a route or a static file. */
function existsInSite(to: string, targets: RedirectTargets): boolean {
  const { path } = splitHash(to);
  return path === '' || targets.routes.has(normalizePath(path)) || targets.staticFiles.has(path);
}

/**
 * The file of the page written at an address, as static hosts serve `/x` from `x.html`; null when
 * that file is a page of the site already (`/x.html` is the file of the route /x, which shows it
 * under its own address).
 */
function pageFile(from: string, targets: RedirectTargets): string | null {
  const file = /\.html?$/i.test(from) ? from.slice(1) : routeToHtmlFile(from);
  const route = `/${file.replace(/\.html?$/i, '')}`;
  return targets.routes.has(route === '/index' ? '/' : route) ? null : file;
}

function redirectError(message: string, written: string, targets: RedirectTargets): SiteError {
  const at = targets.configText.indexOf(`'${written}'`) + 1 || targets.configText.indexOf(`"${written}"`) + 1 || targets.configText.indexOf('redirects') + 1;
  const location: SourceLocation = { file: targets.configFile };
  let frame: string | undefined;
  if (at > 0) {
    const before = targets.configText.slice(0, at).split('\n');
    location.line = before.length;
    location.column = before[before.length - 1]!.length;
    frame = codeFrame(targets.configText, location.line, location.column);
  }
  return new SiteError({
    code: 'REDIRECT_INVALID',
    message,
    location,
    frame,
    hint: 'A redirect leads to a route of the site ("/docs/intro", "/docs/intro#setup"), a file of the static folder or a full URL.',
  });
}

/** Where a redirect sends the browser: a URL as it is, a site path with the base URL in front. */
export function redirectHref(to: string, baseUrl: string): string {
  if (isExternalUrl(to)) return to;
  const { path, hash } = splitHash(to);
  return `${withBase(baseUrl, encodeRoute(path))}${hash ? `#${hash}` : ''}`;
}

/**
 * The script of every redirect page (one text, so one hash in the Content-Security-Policy): goes
 * to the page's link, keeping the address's #fragment when the link has none.
 */
export const REDIRECT_SCRIPT = "var a=document.getElementById('to').href;location.replace(a.indexOf('#')<0?a+location.hash:a)";

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page written at a redirect's address. `canonical` is the target's absolute URL. */
export function redirectPageHtml(href: string, canonical: string, lang: string): string {
  const target = escapeAttribute(href);
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(lang)}">
<head>
<meta charset="utf-8">
<title>Redirecting…</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${target}">
<link rel="canonical" href="${escapeAttribute(canonical)}">
</head>
<body>
<p>This page has moved to <a id="to" href="${target}">${target}</a>.</p>
<script>${REDIRECT_SCRIPT}</script>
</body>
</html>
`;
}

/**
 * The `_redirects` file: the site's own (from its static folder) first, as it wrote it, since the
 * first matching line wins; then one line per redirect, a permanent one (301).
 */
export function redirectsFileText(redirects: readonly Redirect[], own: string, baseUrl: string): string {
  // One redirect per line, its fields separated by whitespace: neither may hold any.
  const lines = redirects.map((redirect) => `${lineField(withBase(baseUrl, encodeRoute(redirect.from)))} ${lineField(redirectHref(redirect.to, baseUrl))} 301`);
  const generated = lines.length > 0 ? `# Written by sipadocs: the site's redirects (see "redirects" in its config).\n${lines.join('\n')}\n` : '';
  if (!own) return generated;
  return `${own.replace(/\n*$/, '\n')}${generated ? `\n${generated}` : ''}`;
}
