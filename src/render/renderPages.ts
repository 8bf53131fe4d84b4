import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { ChunkFiles, ClientBundle, ServerFile } from '../bundle/bundleSite.js';
import type { ArtifactKind, ArtifactKindSpec } from '../cache/artifacts.js';
import { SSR_GROUP_SIZE } from '../bundle/virtualModules.js';
import { extractLinks, type PageLinks } from '../check/links.js';
import type { SiteConfig } from '../config/types.js';
import { codeThemeBackgrounds } from '../config/normalize.js';
import { deepestLine, nestingError } from '../compiler/mdx/nesting.js';
import type { PlannedRoute } from '../model/routes.js';
import { SiteError } from '../errors.js';
import { isExternalUrl, routePayloadFile, withBase } from '../shared/paths.js';
import type { ClientSiteData, PageMeta, RoutePayload, SidebarRef, SidebarView, StoredRoutePayload } from '../shared/types.js';
import type { OutputFiles, OutputSection } from '../cache/lastOutput.js';
import type { RecordedOutput } from '../cache/outputManifest.js';
import { announcementScript } from '../../templates/layout/announcementScript.js';
import { colorModeScript } from '../../templates/layout/colorModeScript.js';
import { documentBody, documentInlineScripts, renderDocument, type AlternateLink } from './document.js';
import { headTagHtml } from './headTags.js';
import { collectGarbageAbove } from './memory.js';
import { openRenderer, processRenderHost, type RenderHost } from './renderHost.js';
import { hasInlineHandler, inlineScriptsIn, scriptHash } from '../server/securityHeaders.js';


/** A rendered page body, valid while its key (all its inputs) is unchanged. */
export interface RenderCacheEntry {
  key: string;
  bodyHtml: string;
  meta: PageMeta;
}

/**
 * Rendered bodies, by everything a body is made from: kept in memory by a watch session (up to a
 * limit), else read back from the last output. Their key is the `bodyKey` of the output manifest.
 */
export const RENDERED_BODIES: ArtifactKindSpec<RenderCacheEntry> = {
  name: 'render',
  // A one-off build writes each body once and needs it no more.
  keepInBuild: false,
  size: (entry) => entry.bodyHtml.length + 512,
  memoryLimit: 256 * 1024 * 1024,
};

/**
 * Page documents: a body in the document around it (see document.ts). They are only ever kept
 * in the last output, where a page whose document key is unchanged stays as it is; the kind gives
 * that key its code fingerprint.
 */
export const PAGE_DOCUMENTS: ArtifactKindSpec<never> = { name: 'document' };

/** What the pages are rendered from; the same for every page of a build. */
export interface RenderInput {
  routes: PlannedRoute[];
  config: SiteConfig;
  site: ClientSiteData;
  client: ClientBundle;
  /** Each route's entry name in the bundles (routes with content). */
  entryNames: ReadonlyMap<string, string>;
  /** Contents of the entry stylesheets by URL, to inline in every page; without them, pages link them. */
  inlineCss?: ReadonlyMap<string, string>;
  /** What a route's page shows or links besides its own data. */
  parts: RouteParts;
  /** Bundles one server file per group of route entry names, in order; only called when some page must be rendered. */
  bundleServer(groups: string[][]): Promise<ServerFile[]>;
}

/** The parts of a route's page that other stages know, asked for as pages are keyed, rendered and written. */
export interface RouteParts {
  /** The sidebar a route shows, as the page first renders it, and as its data names it (see SidebarRef). */
  sidebar(route: PlannedRoute): { view: SidebarView; ref: SidebarRef } | null;
  /** The ids and `<a name>` a route's content renders, or null to read them from its HTML (see extractLinks). */
  anchors(route: PlannedRoute): readonly string[] | null;
  /** The `<link rel="alternate">` tags of a route's document (feeds). */
  alternates(route: PlannedRoute): AlternateLink[];
  /** A standalone route's module as a function body, or null when the route needs the server bundle. */
  standaloneBody(name: string): string | null;
}

/** What the output records of a page besides its key and files (see LastOutput). */
export interface PageRecord {
  /** Everything the page's server-rendered body was made from: while it holds, the body is read back from its file. */
  bodyKey: string;
  /** Every id and `<a name>` of the page (see extractLinks), for checking links into it without reading it. */
  ids: string[];
  /** Hashes of the inline scripts in the page's body (raw HTML in content), which the site's policy must allow. */
  scripts?: string[];
  /** The body has an inline event handler (onclick="…"), which the site's policy blocks. */
  inlineHandlers?: boolean;
  /** The page's source file (absolute), for naming where a link `check-links` finds broken was written. */
  source?: string;
}

/** A page as an output records it: its key is everything its files were made from. */
export type RecordedPage = RecordedOutput<PageRecord>;

/** Where the pages go, and what can spare rendering them again. */
export interface RenderTarget {
  /** The staging folder the pages are written to. */
  files: Pick<OutputFiles, 'dir' | 'write'>;
  /**
   * The pages of the last good output and of this one, by route: an unchanged page is kept from
   * there, and a page whose body is unchanged takes it from its file there.
   */
  pages: OutputSection<PageRecord>;
  /** Where bodies are found and kept (the session's RENDERED_BODIES). */
  bodies: ArtifactKind<RenderCacheEntry>;
  /** The key of page documents (the session's PAGE_DOCUMENTS). */
  documents: Pick<ArtifactKind<never>, 'key'>;
  /** A watch session's warm render worker (see createRenderHost); without one, each group gets a renderer of its own. */
  host?: RenderHost;
  /** Called with each page's body as it is written (rendered or reused; not for kept pages), e.g. to index it for search. */
  onBody?(route: PlannedRoute, entry: RenderCacheEntry): void;
  onProgress?(done: number, total: number): void;
}

export interface RenderPagesResult {
  /** Links and ids of every page, by route order; a kept page's hrefs are empty (see `kept`). */
  pages: PageLinks[];
  /** Indices of the pages kept as they are in the previous output: their links were not read. */
  kept: number[];
  /** What this output holds of each page, by route (as recorded in `RenderTarget.pages`). */
  recorded: Readonly<Record<string, RecordedPage>>;
  stats: { rendered: number; reused: number; kept: number };
  /** Hashes of every inline script of every page, for the site's Content-Security-Policy. */
  scriptHashes: Set<string>;
  /** Routes whose content has an inline event handler, which that policy blocks. */
  inlineHandlerRoutes: string[];
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Renders every route to HTML, writes it with the route's payload JSON, and returns the links
 * and ids of each page for the link check. A page whose inputs are unchanged (same client chunks
 * by content hash, same data, same site data) reuses its body from memory or from its file in the
 * last good output; when its whole document is unchanged too, that file is kept as it is.
 */
export async function renderPages(input: RenderInput, target: RenderTarget): Promise<RenderPagesResult> {
  const frame = documentFrame(input, target.documents);
  const pages = keyPages(input, frame, target.bodies);
  const writer = createPageWriter(input, frame, pages, target);
  // A found page is kept or written at once; rendering is CPU-bound.
  const misses = reuseKnownPages(pages, target, writer);
  if (misses.length > 0) await renderMissingPages(misses, pages, input, target, writer);
  const recorded = target.pages.current;
  const scriptHashes = new Set([...documentInlineScripts(frame.headScripts, input.site.baseUrl), ...frame.headTags.flatMap(inlineScriptsIn), ...frame.bodyTags.flatMap(inlineScriptsIn)].map(scriptHash));
  for (const page of Object.values(recorded)) page.scripts?.forEach((hash) => scriptHashes.add(hash));
  const inlineHandlerRoutes = Object.keys(recorded).filter((route) => recorded[route]!.inlineHandlers);
  return { ...writer.result, recorded, scriptHashes, inlineHandlerRoutes };
}

/** What every page's document has around its body, and the key of all that. */
interface DocumentFrame {
  headScripts: string[];
  /** The site's head tags (see headTagsOf), as HTML. */
  headTags: string[];
  /** The plugins' tags at the end of <body> (see SiteConfig.bodyTags), as HTML. */
  bodyTags: string[];
  favicon: string;
  defaultImage: string | undefined;
  /** Code blocks take their code themes' backgrounds (see codeThemeBackgrounds). */
  codeBackgrounds: boolean;
  key: string;
}

function documentFrame({ config, site, inlineCss }: RenderInput, documents: RenderTarget['documents']): DocumentFrame {
  const headScripts = [colorModeScript(site.colorMode.defaultMode, site.colorMode.respectPrefersColorScheme)];
  if (site.announcementBar) headScripts.push(announcementScript(site.announcementBar.id));
  const favicon = config.favicon ? withBase(config.baseUrl, `/${config.favicon.replace(/^\/+/, '')}`) : '';
  const defaultImage = !config.image ? undefined : isExternalUrl(config.image) ? config.image : withBase(config.baseUrl, `/${config.image.replace(/^\/+/, '')}`);
  // Inlined stylesheets are named by content hash, so their URLs stand for their text.
  const headTags = config.headTags.map(headTagHtml);
  const codeBackgrounds = codeThemeBackgrounds(config.codeThemes);
  const bodyTags = config.bodyTags ?? [];
  const key = documents.key(headScripts, headTags, favicon, defaultImage ?? null, config.noIndex, inlineCss ? [...inlineCss.keys()] : null, codeBackgrounds, ...(bodyTags.length > 0 ? [bodyTags] : []));
  return { headScripts, headTags, bodyTags, favicon, defaultImage, codeBackgrounds, key };
}

/** A route with its chunk and sidebar, and the keys of its body (`key`) and of its whole document (`outputKey`). */
interface KeyedPage {
  route: PlannedRoute;
  name: string | null;
  chunk: ChunkFiles | undefined;
  sidebar: { view: SidebarView; ref: SidebarRef } | null;
  alternates: AlternateLink[];
  key: string;
  outputKey: string;
}

function keyPages({ routes, entryNames, client, site, parts }: RenderInput, frame: DocumentFrame, bodies: RenderTarget['bodies']): KeyedPage[] {
  // Everything else a body depends on is in the content hashes of the client entry and the route's chunk.
  const baseKey = sha(JSON.stringify([client.entry, site]));
  // Many pages share one sidebar view (see prepareSidebarViews): digest each view once.
  const sidebarDigests = new Map<SidebarView, string>();
  const sidebarDigest = (view: SidebarView | null) => {
    if (!view) return null;
    let digest = sidebarDigests.get(view);
    if (digest === undefined) sidebarDigests.set(view, (digest = sha(JSON.stringify(view))));
    return digest;
  };
  return routes.map((route) => {
    const name = entryNames.get(route.path) ?? null;
    const chunk = name ? client.routes.get(name) : undefined;
    const sidebar = parts.sidebar(route);
    const key = bodies.key(baseKey, [chunk ?? null, route.meta, route.data, sidebarDigest(sidebar?.view ?? null), route.content?.kind ?? null]);
    const alternates = parts.alternates(route);
    // The source file is recorded with the page (see PageRecord.source).
    return { route, name, chunk, sidebar, key, alternates, outputKey: sha(frame.key + key + JSON.stringify(alternates) + (route.sourceFile ?? '')) };
  });
}

type PageWriter = ReturnType<typeof createPageWriter>;

/** Writes pages into the staging folder as they come, and gathers what the result says of them. */
function createPageWriter({ client, site, config, inlineCss, parts }: RenderInput, frame: DocumentFrame, pages: KeyedPage[], target: RenderTarget) {
  const result: Pick<RenderPagesResult, 'pages' | 'kept' | 'stats'> = {
    pages: new Array<PageLinks>(pages.length),
    kept: [],
    stats: { rendered: 0, reused: 0, kept: 0 },
  };
  let done = 0;
  const linkStrings = new Map<string, string>();
  return {
    result,
    /** Page `i` stays as the last good output has it (`before`, its record, kept by the output tier). */
    keep(i: number, before: RecordedPage) {
      const { route } = pages[i]!;
      // Its body stays at hand (watch mode) should the document around it change.
      target.bodies.keep(before.bodyKey);
      result.stats.kept++;
      result.pages[i] = { route: route.path, hrefs: [], ids: new Set(before.ids) };
      result.kept.push(i);
      target.onProgress?.(++done, pages.length);
    },
    /**
     * Writes page `i` and its payload from its body at once (the writes are synchronous), so no
     * page waits in memory for the disk however fast pages are produced.
     */
    write(i: number, entry: RenderCacheEntry, how: 'rendered' | 'reused') {
      const { route, chunk, sidebar, outputKey, alternates } = pages[i]!;
      result.stats[how]++;
      if (how === 'rendered') target.bodies.put(entry.key, entry);
      target.onBody?.(route, entry);
      const payload = storedPayload(entry.meta, route.data, chunk, sidebar?.ref ?? null);
      const html = renderDocument({
        site,
        payload,
        bodyHtml: entry.bodyHtml,
        headScripts: frame.headScripts,
        siteHeadTags: frame.headTags,
        ...(frame.bodyTags.length > 0 ? { siteBodyTags: frame.bodyTags } : {}),
        css: [...new Set([...client.entry.css, ...(chunk?.css ?? [])])],
        inlineCss,
        entry: client.entry.js,
        siteData: client.siteData,
        // Content made at build time hydrates from the page (see StaticHtml): its chunk waits for a navigation.
        preload: [...new Set([...client.entry.imports, ...(chunk && !hasStaticHtml(route.data) ? [chunk.js, ...chunk.imports] : [])])],
        // The runtime makes the page's sidebar from its tree before it hydrates.
        fetches: sidebar ? [sidebar.ref.url] : undefined,
        favicon: frame.favicon,
        noIndex: config.noIndex,
        defaultImage: frame.defaultImage,
        alternates,
        codeBackgrounds: frame.codeBackgrounds,
      });
      const links = extractLinks(route.path, html, parts.anchors(route), linkStrings);
      result.pages[i] = links;
      target.onProgress?.(++done, pages.length);
      if (done % 250 === 0) collectGarbageAbove(HEAP_CEILING);
      const files = [route.outputFile];
      target.files.write(route.outputFile, html);
      if (route.path !== '/404') {
        files.push(routePayloadFile(route.path));
        target.files.write(files[1]!, JSON.stringify(payload));
      }
      const source = route.sourceFile ? { source: path.join(config.siteDir, route.sourceFile) } : {};
      target.pages.record(route.path, outputKey, files, { bodyKey: entry.key, ids: [...links.ids], ...contentScripts(entry.bodyHtml, entry.meta.headTags), ...source });
    },
  };
}

/**
 * Keeps each page whose document is unchanged (and whose files in the output are as the last
 * build wrote them) and writes each page whose body is known, from memory or the last good
 * output. Returns the indices of the pages left to render, in order.
 */
function reuseKnownPages(pages: KeyedPage[], target: RenderTarget, writer: PageWriter): number[] {
  const misses: number[] = [];
  pages.forEach(({ route, key, outputKey }, i) => {
    const kept = target.pages.keep(route.path, outputKey);
    if (kept) {
      writer.keep(i, kept);
      return;
    }
    const entry = target.bodies.find(key, { fromOutput: () => (target.pages.recorded(route.path)?.bodyKey === key ? bodyFromOutput(target.pages, route) : null) });
    if (entry) writer.write(i, entry, 'reused');
    else misses.push(i);
  });
  return misses;
}

/** Below this many pages, rendering in this thread beats starting a worker. */
const IN_PROCESS_LIMIT = 200;
/**
 * Whether this thread loads React's production build, as the CLI's does. A process that says
 * otherwise (a tool or a test runner using the API) renders in a worker that does (see
 * renderHost.ts): the development build is several times slower for the same HTML. A small build
 * renders in the process's warm worker (processRenderHost), a larger one in workers of its own.
 */
const PRODUCTION_REACT = process.env.NODE_ENV === 'production';

/**
 * Renders the pages at `misses`: in equal groups, at least one per core when there is enough to
 * render, so no core waits for another; groups render one at a time per core, each in a renderer
 * of its own (or the session's render worker), whose memory is freed when its group is done.
 */
async function renderMissingPages(misses: number[], pages: KeyedPage[], input: RenderInput, target: RenderTarget, writer: PageWriter): Promise<void> {
  const cores = Math.max(1, Math.min(os.availableParallelism(), 2));
  const groupCount = misses.length < IN_PROCESS_LIMIT ? 1 : Math.max(cores, Math.ceil(misses.length / SSR_GROUP_SIZE));
  const groupSize = Math.ceil(misses.length / groupCount);
  const groups: number[][] = [];
  for (let i = 0; i < misses.length; i += groupSize) groups.push(misses.slice(i, i + groupSize));
  // Standalone routes bring their module with the job; only the others go into the server files,
  // so one edited page bundles one route.
  const bodies = new Map<number, string>();
  for (const i of misses) {
    const body = pages[i]!.name ? input.parts.standaloneBody(pages[i]!.name!) : null;
    if (body) bodies.set(i, body);
  }
  const serverFiles = await input.bundleServer(groups.map((indices) => [...new Set(indices.flatMap((i) => (bodies.has(i) ? [] : (pages[i]!.name ?? []))))]));
  // A process without React's production build renders a small build in its own warm worker.
  const host = target.host ?? (!PRODUCTION_REACT && misses.length < IN_PROCESS_LIMIT ? processRenderHost() : undefined);
  const renderGroup = async (g: number, indices: number[]) => {
    const renderer = host ? host.renderer() : await openRenderer(indices.length >= IN_PROCESS_LIMIT || !PRODUCTION_REACT);
    try {
      await Promise.all(
        indices.map(async (i) => {
          const { route, name, chunk, sidebar, key } = pages[i]!;
          const moduleBody = bodies.get(i);
          // Dropped once sent to render: together the bodies are as big as the site's code.
          bodies.delete(i);
          const payload = routePayload(route.meta, route.data, chunk, sidebar?.view ?? null);
          const outcome = await renderer.run({ file: serverFiles[g]!.file, site: input.site, name, moduleBody, payload, isReactPage: route.content?.kind === 'page' });
          if (!outcome.ok) throw renderError(route, outcome.message, input.config.siteDir);
          writer.write(i, { key, bodyHtml: outcome.bodyHtml, meta: outcome.meta }, 'rendered');
        }),
      );
    } finally {
      await renderer.close();
    }
  };
  host?.recycleIfFull();
  const queue = [...groups.entries()];
  await Promise.all(
    Array.from({ length: Math.min(queue.length, cores) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await renderGroup(next[0], next[1]);
    }),
  );
}

/** What the site's Content-Security-Policy must know of a page body: its inline scripts and handlers. */
function contentScripts(bodyHtml: string, headTags: string[] = []): Pick<PageRecord, 'scripts' | 'inlineHandlers'> {
  // Scripts a page put in its head with <Head> run too.
  const scripts = [...inlineScriptsIn(bodyHtml), ...headTags.flatMap(inlineScriptsIn)].map(scriptHash);
  // The exact pattern is costly on every page; most bodies do not even have " on…=".
  const handlers = /\son[a-z]+\s*=/i.test(bodyHtml) && hasInlineHandler(bodyHtml);
  return { ...(scripts.length > 0 ? { scripts } : {}), ...(handlers ? { inlineHandlers: true } : {}) };
}

/**
 * RENDER_FAILED for a page whose rendering threw; CONTENT_TOO_DEEP, at the deepest point of its
 * source, when React ran out of stack on a deeply nested page.
 */
function renderError(route: PlannedRoute, message: string, siteDir: string): SiteError {
  const source = route.sourceFile ? path.join(siteDir, route.sourceFile) : null;
  const file = source ? path.relative(process.cwd(), source) : null;
  if (file && source && STACK_OVERFLOW.test(message)) {
    let text: string | null = null;
    try {
      text = readFileSync(source, 'utf8');
    } catch {
      // Gone since it was compiled: the error still names the file.
    }
    if (text !== null) return nestingError(file, text, deepestLine(text), 'render');
  }
  return new SiteError({
    code: 'RENDER_FAILED',
    message: `rendering ${route.path} failed: ${message}`,
    location: file ? { file } : undefined,
  });
}

/** The message of the RangeError V8 throws when the call stack is exhausted (it reaches us as text from a worker). */
const STACK_OVERFLOW = /^Maximum call stack size exceeded/;

/** The route's content is HTML made at build time, which the client reads back from the page. */
function hasStaticHtml(data: RoutePayload['data']): boolean {
  return (data.kind === 'doc' || data.kind === 'blogPost' || data.kind === 'page') && data.staticHtml === true;
}

/** A route's payload as it is rendered; `css` only for a route with style sheets of its own, so other payloads stay as they were. */
function routePayload(meta: PageMeta, data: RoutePayload['data'], chunk: ChunkFiles | undefined, sidebar: SidebarView | null): RoutePayload {
  const payload: RoutePayload = { meta, data, chunk: chunk?.js ?? null, sidebar };
  if (chunk && chunk.css.length > 0) payload.css = chunk.css;
  return payload;
}

/** A route's payload as the page and its payload file carry it: the sidebar named, not copied (its HTML has it once). */
function storedPayload(meta: PageMeta, data: RoutePayload['data'], chunk: ChunkFiles | undefined, sidebar: SidebarRef | null): StoredRoutePayload {
  const payload: StoredRoutePayload = { meta, data, chunk: chunk?.js ?? null, sidebar };
  if (chunk && chunk.css.length > 0) payload.css = chunk.css;
  return payload;
}

/** A page's body and meta read back from its document in the last good output, if that file is still as written. */
function bodyFromOutput(recorded: RenderTarget['pages'], route: PlannedRoute): RenderCacheEntry | null {
  const file = recorded.readBack(route.path, route.outputFile);
  if (!file) return null;
  try {
    const body = documentBody(readFileSync(file, 'utf8'));
    return body && { key: recorded.recorded(route.path)!.bodyKey, ...body };
  } catch {
    return null;
  }
}

/**
 * Used heap above which rendering collects garbage. Every page leaves a few hundred kilobytes of
 * garbage here (its HTML, payload and cache entry, mostly in V8's large-object space, which only a
 * full collection frees), and V8 lets that grow to gigabytes before collecting it on its own.
 */
const HEAP_CEILING = 768 * 1024 * 1024;
