import type { ChunkFiles } from '../bundle/bundleSite.js';
import { readAnchors, readHrefs } from '../check/links.js';
import { extractSearchDocument, type SearchDocument } from '../search/searchDocument.js';
import { hasInlineHandler, inlineScriptsIn, scriptHash } from '../server/securityHeaders.js';
import { BODY_START } from '../shared/documentBody.js';
import type { ClientSiteData, PageMeta, RoutePayload } from '../shared/types.js';
import type { ManifestPage } from '../staging/outputManifest.js';
import { renderDocument, type AlternateLink } from './document.js';

/** What every page's document has around its body: the same for every page of a build. Plain data, so it can cross to a worker. */
export interface PageFrame {
  headScripts: string[];
  /** The site's head tags (the config's headTags), as HTML. */
  headTags: string[];
  favicon: string;
  defaultImage: string | undefined;
  noIndex: boolean;
  /** Contents of the entry stylesheets by URL, inlined in every page; without them, pages link them. */
  inlineCss: ReadonlyMap<string, string> | undefined;
  /** The client entry's files. */
  entry: ChunkFiles;
}

/** What one page's files are made from besides its body, its payload and the frame. Plain data. */
export interface PageShape {
  /** The route's chunk in the client bundle, if it has one. */
  chunk: ChunkFiles | null;
  alternates: AlternateLink[];
  /** Read every id and `<a name>` from the HTML: the compiler did not list the content's anchors. */
  readIds: boolean;
  /** Read the page's search document from its body. */
  search: boolean;
}

/** A page made from its body: its files and what the build reads from them. */
export interface FinishedPage {
  /** The page's document; its body is `html.slice(bodyStart, bodyEnd)`. */
  html: string;
  bodyStart: number;
  bodyEnd: number;
  /** The route payload as JSON, for the payload file. */
  payloadJson: string;
  /** The `<a href>` targets of the document (see readHrefs). */
  hrefs: string[];
  /** Every id and `<a name>` of the document, when the shape asked for them (`readIds`). */
  ids: string[] | null;
  /** What the site's Content-Security-Policy must know of the body. */
  scripts: Pick<ManifestPage, 'scripts' | 'inlineHandlers'>;
  /** The search document, when the shape asked for it (`search`): null when the body has nothing to search. */
  search?: SearchDocument | null;
}

/**
 * Makes a page's document and payload from its rendered body and meta, and reads what the build
 * needs of them: links and ids for the link check, inline scripts for the Content-Security-Policy,
 * the search document. A render worker does it right after rendering, beside the build's main
 * thread, which only writes the result; a page whose body is reused is finished in the main thread.
 * `payload` is the route's payload as rendered (its meta is replaced by the body's).
 */
export function finishPage(frame: PageFrame, site: ClientSiteData, shape: PageShape, payload: RoutePayload, body: { bodyHtml: string; meta: PageMeta }): FinishedPage {
  const { chunk } = shape;
  const pagePayload: RoutePayload = { ...payload, meta: body.meta };
  const html = renderDocument({
    site,
    payload: pagePayload,
    bodyHtml: body.bodyHtml,
    headScripts: frame.headScripts,
    siteHeadTags: frame.headTags,
    css: [...new Set([...frame.entry.css, ...(chunk?.css ?? [])])],
    inlineCss: frame.inlineCss,
    entry: frame.entry.js,
    // Content made at build time hydrates from the page (see StaticHtml): its chunk waits for a navigation.
    preload: [...new Set([...frame.entry.imports, ...(chunk && !hasStaticHtml(payload.data) ? [chunk.js, ...chunk.imports] : [])])],
    favicon: frame.favicon,
    noIndex: frame.noIndex,
    defaultImage: frame.defaultImage,
    alternates: shape.alternates,
  });
  // The body is in the document as it is, where documentBody finds it.
  const bodyStart = html.indexOf(BODY_START) + BODY_START.length;
  const finished: FinishedPage = {
    html,
    bodyStart,
    bodyEnd: bodyStart + body.bodyHtml.length,
    payloadJson: JSON.stringify(pagePayload),
    hrefs: readHrefs(html),
    ids: shape.readIds ? readAnchors(html) : null,
    scripts: contentScripts(body.bodyHtml, body.meta.headTags),
  };
  if (shape.search) finished.search = extractSearchDocument(body.bodyHtml, body.meta.title);
  return finished;
}

/** A route's payload; `css` only for a route with style sheets of its own, so other payloads stay as they were. */
export function routePayload(meta: PageMeta, data: RoutePayload['data'], chunk: ChunkFiles | undefined, sidebar: RoutePayload['sidebar']): RoutePayload {
  const payload: RoutePayload = { meta, data, chunk: chunk?.js ?? null, sidebar };
  if (chunk && chunk.css.length > 0) payload.css = chunk.css;
  return payload;
}

/** The route's content is HTML made at build time, which the client reads back from the page. */
function hasStaticHtml(data: RoutePayload['data']): boolean {
  return (data.kind === 'doc' || data.kind === 'blogPost' || data.kind === 'page') && data.staticHtml === true;
}

/** What the site's Content-Security-Policy must know of a page body: its inline scripts and handlers. */
function contentScripts(bodyHtml: string, headTags: string[] = []): Pick<ManifestPage, 'scripts' | 'inlineHandlers'> {
  // Scripts a page put in its head with <Head> run too.
  const scripts = [...inlineScriptsIn(bodyHtml), ...headTags.flatMap(inlineScriptsIn)].map(scriptHash);
  // The exact pattern is costly on every page; most bodies do not even have " on…=".
  const handlers = /\son[a-z]+\s*=/i.test(bodyHtml) && hasInlineHandler(bodyHtml);
  return { ...(scripts.length > 0 ? { scripts } : {}), ...(handlers ? { inlineHandlers: true } : {}) };
}
