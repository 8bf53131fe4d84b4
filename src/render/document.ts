import type { ClientSiteData, PageMeta, StoredRoutePayload } from '../shared/types.js';
import { documentTitle } from '../shared/documentTitle.js';
import { encodeRoute, isExternalUrl, withBase } from '../shared/paths.js';
import { earlyInputScript, ENTRY_ERROR_EVENT } from './earlyInputScript.js';

export interface DocumentParts {
  site: ClientSiteData;
  payload: StoredRoutePayload;
  bodyHtml: string;
  headScripts: string[];
  /** The site's own head tags (the config's headTags, stylesheets and scripts), as HTML. */
  siteHeadTags?: string[];
  /** Tags the site's plugins put at the end of <body> (their injectHtmlTags), as HTML. */
  siteBodyTags?: string[];
  /** Stylesheet URLs. */
  css: string[];
  /** Stylesheets inlined in <head> instead (by URL), so the first paint waits for no request. */
  inlineCss?: ReadonlyMap<string, string>;
  /** Module script (the client entry). */
  entry: string;
  /** The site data script (see SITE_DATA_GLOBAL in bundle/siteDataScript.ts), run before the entry. */
  siteData: string;
  /** Modules to preload: the entry's imports, the route chunk and its imports. */
  preload: string[];
  /** Data the runtime fetches before it hydrates the page (its sidebar's tree), preloaded with the modules. */
  fetches?: string[];
  favicon: string;
  noIndex: boolean;
  /** Social-card image of pages that name none (a path under the site or a URL), if the site has one. */
  defaultImage?: string;
  /** `<link rel="alternate">` tags: the site's feeds. */
  alternates?: AlternateLink[];
  /** Code blocks take their code themes' backgrounds (see codeThemeBackgrounds): `data-code-background="theme"` on <html>. */
  codeBackgrounds?: boolean;
}

/** Another representation of the page or site, such as a feed. */
export interface AlternateLink {
  /** MIME type, e.g. "application/rss+xml". */
  type: string;
  title: string;
  href: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: "<" escaped so no string in the data can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');


/**
 * Loads the client entry (and preloads the modules it will import) once the server-rendered page
 * has painted its first content. The page is complete without JavaScript, which only hydrates it,
 * so the scripts never compete with the first paint for bandwidth or the main thread. They load at
 * once in a background tab (it paints nothing) or a browser without paint timing, and after one
 * second at the latest. The URLs come from the element's `data-entry`, `data-preload`,
 * `data-fetch` (data the runtime fetches, space-separated) and `data-site` attributes, so the code
 * is the same on every page. The site data script (`data-site`) runs first and the entry once it
 * has: the entry is preloaded meanwhile, so the two download side by side.
 */
const SCRIPT_LOADER = `(function(){var d=document.currentScript.dataset,done=0;function go(){if(done++)return;var h=document.head;(d.fetch||'').split(' ').forEach(function(u){if(!u)return;var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=u;h.appendChild(l)});(d.preload||'').split(' ').forEach(function(u){if(!u)return;var l=document.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});var f=function(){dispatchEvent(new Event('${ENTRY_ERROR_EVENT}'))},l=document.createElement('link');l.rel='modulepreload';l.href=d.entry;h.appendChild(l);var c=document.createElement('script');c.src=d.site;c.onerror=f;c.onload=function(){var s=document.createElement('script');s.type='module';s.src=d.entry;s.onerror=f;h.appendChild(s)};h.appendChild(c)}if(document.visibilityState==='hidden')return go();setTimeout(go,1000);try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go,0)}).observe({type:'paint',buffered:true})}catch(e){go()}})()`;

/**
 * Inline script for the home page that needs no bundle: when the JS bundle did not load and the
 * page's path is not the configured base URL (the usual cause: a wrong baseUrl), it shows a banner
 * naming the configured base URL and a suggested one.
 */
export function baseUrlCheckScript(baseUrl: string): string {
  return `addEventListener('${ENTRY_ERROR_EVENT}',function(){if(window.__SIPA_LOADED__)return;var p=location.pathname,b=${JSON.stringify(baseUrl)};if(p===b||p+'/'===b)return;var s=p.slice(-1)==='/'?p:p+'/',d=document.createElement('div');d.id='sipa-base-url-issue';d.setAttribute('role','alert');d.style.cssText='border:3px solid #e13238;background:#fff3f3;color:#222;padding:1rem 1.5rem;font:16px/1.5 system-ui,sans-serif;margin:0';d.innerHTML='<p style="margin:0;font-weight:700">Your site did not load properly.</p><p style="margin:.5rem 0 0">The configured base URL is <code></code>, but this page is at <code></code>. Suggestion: set <code>baseUrl</code> to <code></code> in the site config.</p>';var c=d.getElementsByTagName('code');c[0].textContent=b;c[1].textContent=p;c[3].textContent=s;c[2].textContent='baseUrl';document.body.insertBefore(d,document.body.firstChild)});`;
}

/**
 * Every inline script renderDocument can put in a page with these head scripts: the site's
 * Content-Security-Policy allows exactly these (by hash), so a change to any of them changes it.
 */
export function documentInlineScripts(headScripts: string[], baseUrl: string): string[] {
  return [...headScripts, earlyInputScript(baseUrl), SCRIPT_LOADER, baseUrlCheckScript(baseUrl)];
}

const BODY_START = '<body>\n<div id="__sipa">';
const BODY_END = '</div>\n<script id="__SIPA_ROUTE__" type="application/json">';

/**
 * The server-rendered body and the page's meta, read back from a document renderDocument wrote;
 * null when the text is not such a document. A later build that only changes the document
 * around a body (a new stylesheet, say) takes the body from there instead of rendering it again.
 */
export function documentBody(html: string): { bodyHtml: string; meta: PageMeta } | null {
  const start = html.indexOf(BODY_START);
  // The body may contain anything, but nothing after it does: the last marker ends it.
  const end = html.lastIndexOf(BODY_END);
  const dataEnd = html.indexOf('</script>', end);
  if (start === -1 || end < start || dataEnd === -1) return null;
  try {
    const payload = JSON.parse(html.slice(end + BODY_END.length, dataEnd)) as StoredRoutePayload;
    return { bodyHtml: html.slice(start + BODY_START.length, end), meta: payload.meta };
  } catch {
    return null;
  }
}

/**
 * A site in several locales: the page in each locale (`hreflang`, the locale's language), and
 * the default locale's as `x-default`, as Docusaurus writes them. Every locale has every route.
 */
function localeAlternates(site: ClientSiteData, route: string): string[] {
  if (!site.i18n) return [];
  const url = (baseUrl: string) => `${site.url}${withBase(baseUrl, encodeRoute(route))}`;
  const links = site.i18n.locales.map((locale) => `<link rel="alternate" href="${escapeHtml(url(locale.baseUrl))}" hreflang="${escapeHtml(locale.htmlLang)}">`);
  const defaultLocale = site.i18n.locales.find((locale) => locale.name === site.i18n!.defaultLocale);
  if (defaultLocale) links.push(`<link rel="alternate" href="${escapeHtml(url(defaultLocale.baseUrl))}" hreflang="x-default">`);
  return links;
}

/** The full HTML document of one route. */
export function renderDocument(parts: DocumentParts): string {
  const { site, payload } = parts;
  const isHome = payload.meta.path === '/';
  const title = documentTitle(payload.meta, site);
  const canonical = `${site.url}${withBase(site.baseUrl, encodeRoute(payload.meta.path))}`;
  const description = payload.meta.description || site.tagline;
  const image = payload.meta.image ?? parts.defaultImage;
  // Social networks fetch the card themselves: it needs an absolute URL.
  const imageUrl = image ? (isExternalUrl(image) ? image : `${site.url}${image}`) : '';
  const keywords = payload.meta.keywords?.join(', ');
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="generator" content="${escapeHtml(site.generator)}">`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '<meta name="description" content="">',
    keywords ? `<meta name="keywords" content="${escapeHtml(keywords)}">` : '',
    parts.noIndex || payload.meta.noIndex ? '<meta name="robots" content="noindex, nofollow">' : '',
    payload.data.kind === 'notFound' ? '' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...(payload.data.kind === 'notFound' ? [] : localeAlternates(site, payload.meta.path)),
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    `<meta property="og:type" content="${payload.meta.ogType ?? 'website'}">`,
    payload.data.kind === 'notFound' ? '' : `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta property="og:locale" content="${escapeHtml(site.locale.htmlLang.replace('-', '_'))}">`,
    imageUrl ? `<meta property="og:image" content="${escapeHtml(imageUrl)}">` : '',
    `<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}">`,
    imageUrl ? `<meta name="twitter:image" content="${escapeHtml(imageUrl)}">` : '',
    '<meta name="color-scheme" content="dark light">',
    // For Algolia's crawler, as Docusaurus's pages have them: what contextual search filters on.
    site.algolia ? `<meta name="docsearch:language" content="${escapeHtml(site.locale.name)}">` : '',
    site.algolia ? `<meta name="docsearch:docusaurus_tag" content="${escapeHtml(payload.meta.searchTag ?? 'default')}">` : '',
    parts.favicon ? `<link rel="icon" href="${escapeHtml(parts.favicon)}">` : '',
    ...(parts.alternates ?? []).map((link) => `<link rel="alternate" type="${escapeHtml(link.type)}" title="${escapeHtml(link.title)}" href="${escapeHtml(link.href)}">`),
    ...parts.headScripts.map((code) => `<script>${code}</script>`),
    // Before any control can be clicked: records what needs the runtime, which replays it.
    `<script>${earlyInputScript(site.baseUrl)}</script>`,
    ...(parts.siteHeadTags ?? []),
    // What the page gave with <Head>, before the style sheets as Docusaurus has it.
    ...(payload.meta.headTags ?? []),
    ...parts.css.map((href) => {
      const inline = parts.inlineCss?.get(href);
      // "</" would close the element early; CSS never needs it outside strings, so escape it.
      if (inline !== undefined) return `<style data-href="${escapeHtml(href)}">${inline.replace(/<\//g, '<\\/')}</style>`;
      return `<link rel="stylesheet" href="${escapeHtml(href)}">`;
    }),
    isHome ? `<script>${baseUrlCheckScript(site.baseUrl)}</script>` : '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(site.locale.htmlLang)}" dir="${site.locale.direction}" data-theme="${site.colorMode.defaultMode}"${parts.codeBackgrounds ? ' data-code-background="theme"' : ''}>
<head>
${head.join('\n')}
</head>
${BODY_START}${parts.bodyHtml}${BODY_END}${scriptJson(payload)}</script>
<script data-entry="${escapeHtml(parts.entry)}" data-site="${escapeHtml(parts.siteData)}" data-preload="${escapeHtml(parts.preload.join(' '))}"${parts.fetches?.length ? ` data-fetch="${escapeHtml(parts.fetches.join(' '))}"` : ''}>${SCRIPT_LOADER}</script>
${parts.siteBodyTags?.length ? `${parts.siteBodyTags.join('\n')}\n` : ''}</body>
</html>
`;
}
