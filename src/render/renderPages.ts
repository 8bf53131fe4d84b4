import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { ChunkFiles, ClientBundle } from '../bundle/bundleSite.js';
import { extractLinks, type PageLinks } from '../check/links.js';
import type { SiteConfig } from '../config/types.js';
import type { PlannedRoute } from '../content/routes.js';
import { deepestLine, nestingError } from '../content/mdx/nesting.js';
import { SiteError } from '../errors.js';
import { codeFingerprint } from '../packageRoot.js';
import { collectGarbageAbove } from './memory.js';
import type { StagingDir } from '../staging/stagingDir.js';
import { stampFile, type ManifestPage, type OutputManifest } from '../staging/outputManifest.js';
import { createRenderer, type RenderJob, type RenderOutcome } from './renderJob.js';
import { createWorkerPool, workerScript, type WorkerPool } from '../util/workerPool.js';
import { SSR_GROUP_SIZE } from '../bundle/virtualModules.js';
import { documentBody, documentInlineScripts, renderDocument, type AlternateLink } from './document.js';
import { hasInlineHandler, inlineScriptsIn, scriptHash } from './securityHeaders.js';
import type { ClientSiteData, PageMeta, RoutePayload, SidebarView } from '../shared/types.js';
import { isExternalUrl, routePayloadFile, withBase } from '../shared/paths.js';
import { GENERATOR_VERSION } from '../version.js';
import { announcementScript } from '../../templates/layout/announcementScript.js';
import { colorModeScript } from '../../templates/layout/colorMode.js';

/** A rendered page body, valid while its key (all its inputs) is unchanged. */
export interface RenderCacheEntry {
  key: string;
  bodyHtml: string;
  meta: PageMeta;
}

/** Rendered bodies kept in memory by a watch session, by route. */
export type RenderMemory = Map<string, RenderCacheEntry>;

export interface RenderPagesOptions {
  routes: PlannedRoute[];
  entryNames: Map<string, string>;
  client: ClientBundle;
  /** Bundles one server file per group of route entry names, in order; only called when some page is not cached. */
  bundleServer: (groups: string[][]) => Promise<Array<{ file: string; names: string[] }>>;
  site: ClientSiteData;
  config: SiteConfig;
  /** The staging folder the pages go to (see StagingDir). */
  output: Pick<StagingDir, 'dir' | 'write' | 'keep'>;
  /**
   * The last good output and its manifest: unchanged pages are kept from there, and a page whose
   * body is unchanged takes it from there.
   */
  previous?: { dir: string; manifest: OutputManifest } | null;
  memory?: RenderMemory;
  onProgress?: (done: number, total: number) => void;
  /** Contents of the entry stylesheets by URL, to inline in every page (production builds). */
  inlineCss?: ReadonlyMap<string, string>;
  /** A watch session's long-lived render worker (see createRenderHost). */
  host?: RenderHost;
  /** The sidebar a route shows, as the page first renders it. */
  sidebarFor: (route: PlannedRoute) => SidebarView | null;
  /** The ids and `<a name>` a route's content renders, or null to read them from its HTML (see extractLinks). */
  anchorsFor: (route: PlannedRoute) => readonly string[] | null;
  /** A standalone route's module as a function body, or null when the route needs the server bundle. */
  standaloneBody?: (name: string) => string | null;
  /** Called with each page's body as it is written (rendered or reused; not for kept pages), e.g. to index it for search. */
  onBody?: (route: PlannedRoute, entry: RenderCacheEntry) => void;
  /** The `<link rel="alternate">` tags of a route's document (feeds). */
  alternatesFor?: (route: PlannedRoute) => AlternateLink[];
}

/** Server-only render code; everything else a page depends on is in the content hashes of its client chunks. */
const FINGERPRINT = createHash('sha256')
  .update(GENERATOR_VERSION)
  .update(codeFingerprint(['src/render/ssrEntry.tsx']))
  .digest('hex');

/** The code that wraps a body into the page's document and payload files. */
const DOCUMENT_FINGERPRINT = createHash('sha256')
  .update(FINGERPRINT)
  .update(codeFingerprint(['src/render/document.ts', 'src/render/renderPages.ts']))
  .digest('hex');

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export interface RenderPagesResult {
  /** Links and ids of every page, by route order; a kept page's hrefs are empty (see `kept`). */
  pages: PageLinks[];
  /** Indices of the pages kept as they are in the previous output: their links were not read. */
  kept: number[];
  /** What this output holds, for the next build's manifest. */
  manifest: Record<string, ManifestPage>;
  stats: { rendered: number; reused: number; kept: number };
  /** Hashes of every inline script of every page, for the site's Content-Security-Policy. */
  scriptHashes: Set<string>;
  /** Routes whose content has an inline event handler, which that policy blocks. */
  inlineHandlerRoutes: string[];
}

/**
 * Renders every route to HTML, writes it with the route's payload JSON, and returns the links
 * and ids of each page for the link check. A page whose inputs are unchanged (same client chunks
 * by content hash, same data, same site data) reuses its body from memory or from its file in the
 * last good output; when its whole document is unchanged too, that file is kept as it is.
 */
export async function renderPages(options: RenderPagesOptions): Promise<RenderPagesResult> {
  const { routes, entryNames, client, site, config, output } = options;
  const baseKey = sha(JSON.stringify([FINGERPRINT, client.entry, site]));
  const headScripts = [colorModeScript(site.colorMode.defaultMode, site.colorMode.respectPrefersColorScheme)];
  if (site.announcementBar) headScripts.push(announcementScript(site.announcementBar.id));
  const favicon = config.favicon ? withBase(config.baseUrl, `/${config.favicon.replace(/^\/+/, '')}`) : '';
  const defaultImage = !config.image ? undefined : isExternalUrl(config.image) ? config.image : withBase(config.baseUrl, `/${config.image.replace(/^\/+/, '')}`);
  // Inlined stylesheets are named by content hash, so their URLs stand for their text.
  const documentKey = sha(JSON.stringify([DOCUMENT_FINGERPRINT, headScripts, favicon, defaultImage ?? null, config.noIndex, options.inlineCss ? [...options.inlineCss.keys()] : null]));
  const stats = { rendered: 0, reused: 0, kept: 0 };
  const pages = new Array<PageLinks>(routes.length);
  const kept: number[] = [];
  const manifest: Record<string, ManifestPage> = {};
  let emitted = 0;
  const linkStrings = new Map<string, string>();

  // Many pages share one sidebar view (see prepareSidebarViews): digest each view once.
  const sidebarDigests = new Map<SidebarView, string>();
  const sidebarDigest = (view: SidebarView | null) => {
    if (!view) return null;
    let digest = sidebarDigests.get(view);
    if (digest === undefined) sidebarDigests.set(view, (digest = sha(JSON.stringify(view))));
    return digest;
  };
  const keyed = routes.map((route) => {
    const name = entryNames.get(route.path) ?? null;
    const chunk = name ? client.routes.get(name) : undefined;
    const sidebar = options.sidebarFor(route);
    const key = sha(JSON.stringify([baseKey, chunk ?? null, route.meta, route.data, sidebarDigest(sidebar), route.content?.kind ?? null]));
    const alternates = options.alternatesFor?.(route) ?? [];
    return { route, name, chunk, sidebar, key, alternates, outputKey: sha(documentKey + key + JSON.stringify(alternates)) };
  });
  const writeStamped = (files: ManifestPage['files'], relPath: string, text: string) => {
    output.write(relPath, text);
    files.push(stampFile(output.dir, relPath));
  };
  // Writes the page and its payload at once (the writes are synchronous), so no page waits in
  // memory for the disk however fast pages are produced.
  const emit = (i: number, entry: RenderCacheEntry) => {
    const { route, chunk, sidebar, outputKey, alternates } = keyed[i]!;
    options.memory?.set(route.path, entry);
    options.onBody?.(route, entry);
    const payload = routePayload(entry.meta, route.data, chunk, sidebar);
    const html = renderDocument({
      site,
      payload,
      bodyHtml: entry.bodyHtml,
      headScripts,
      css: [...new Set([...client.entry.css, ...(chunk?.css ?? [])])],
      inlineCss: options.inlineCss,
      entry: client.entry.js,
      preload: [...new Set([...client.entry.imports, ...(chunk ? [chunk.js, ...chunk.imports] : [])])],
      favicon,
      noIndex: config.noIndex,
      defaultImage,
      alternates,
    });
    pages[i] = extractLinks(route.path, html, options.anchorsFor(route), linkStrings);
    const files: ManifestPage['files'] = [];
    manifest[route.path] = { key: outputKey, bodyKey: entry.key, ids: [...pages[i].ids], files, ...contentScripts(entry.bodyHtml) };
    options.onProgress?.(++emitted, keyed.length);
    if (emitted % 250 === 0) collectGarbageAbove(HEAP_CEILING);
    writeStamped(files, route.outputFile, html);
    if (route.path !== '/404') writeStamped(files, routePayloadFile(route.path), JSON.stringify(payload));
  };

  // A found page is kept or written at once; rendering is CPU-bound.
  const misses: number[] = [];
  keyed.forEach(({ route, key, outputKey }, i) => {
    const before = options.previous?.manifest.pages[route.path];
    // Its document is unchanged, and so are its files in the output since the last build wrote them.
    if (before?.key === outputKey && before.files.every(([file, size, mtimeMs]) => output.keep(file, size, mtimeMs))) {
      stats.kept++;
      pages[i] = { route: route.path, hrefs: [], ids: new Set(before.ids) };
      kept.push(i);
      manifest[route.path] = before;
      options.onProgress?.(++emitted, keyed.length);
      return;
    }
    const inMemory = options.memory?.get(route.path);
    const entry = inMemory?.key === key ? inMemory : before?.bodyKey === key ? bodyFromOutput(options.previous!.dir, before, route.outputFile) : null;
    if (entry) {
      stats.reused++;
      emit(i, entry);
    } else {
      misses.push(i);
    }
  });
  misses.sort((a, b) => a - b);

  if (misses.length > 0) {
    // Only the routes to render go into the server files, so one edited page bundles one route.
    // Equal groups, at least one per core when there is enough to render, so no core waits for another.
    const cores = Math.max(1, Math.min(os.availableParallelism(), 2));
    const groupCount = misses.length < IN_PROCESS_LIMIT ? 1 : Math.max(cores, Math.ceil(misses.length / SSR_GROUP_SIZE));
    const groupSize = Math.ceil(misses.length / groupCount);
    const groups: number[][] = [];
    for (let i = 0; i < misses.length; i += groupSize) groups.push(misses.slice(i, i + groupSize));
    // Standalone routes bring their module with the job; the others are bundled into the group's file.
    const bodies = new Map<number, string>();
    for (const i of misses) {
      const body = keyed[i]!.name ? options.standaloneBody?.(keyed[i]!.name!) : null;
      if (body) bodies.set(i, body);
    }
    // Each body is dropped once its page is sent to render: together they are as big as the site's code.
    const takeBody = (i: number) => {
      const body = bodies.get(i);
      bodies.delete(i);
      return body;
    };
    const bundled = await options.bundleServer(groups.map((indices) => [...new Set(indices.flatMap((i) => (bodies.has(i) ? [] : (keyed[i]!.name ?? []))))]));
    const renderGroup = async (g: number, indices: number[]) => {
      const file = bundled[g]!.file;
      const renderer = options.host ? options.host.renderer() : await openRenderer(indices.length >= IN_PROCESS_LIMIT);
      try {
        await Promise.all(
          indices.map(async (i) => {
            const { route, name, chunk, sidebar, key } = keyed[i]!;
            const outcome = await renderer.run({
              file,
              site,
              name,
              moduleBody: takeBody(i),
              payload: routePayload(route.meta, route.data, chunk, sidebar),
              isReactPage: route.content?.kind === 'page',
            });
            if (!outcome.ok) throw renderError(route, outcome.message, config.siteDir);
            const entry: RenderCacheEntry = { key, bodyHtml: outcome.bodyHtml, meta: outcome.meta };
            stats.rendered++;
            emit(i, entry);
          }),
        );
      } finally {
        await renderer.close();
      }
    };
    options.host?.recycleIfFull();
    // Groups render one at a time per core; each worker's memory is freed when its group is done.
    const queue = [...groups.entries()];
    const lanes = Math.min(queue.length, cores);
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await renderGroup(next[0], next[1]);
      }),
    );
  }
  if (options.memory) {
    const live = new Set(routes.map((route) => route.path));
    for (const key of options.memory.keys()) if (!live.has(key)) options.memory.delete(key);
  }
  const scriptHashes = new Set(documentInlineScripts(headScripts, site.baseUrl).map(scriptHash));
  for (const page of Object.values(manifest)) page.scripts?.forEach((hash) => scriptHashes.add(hash));
  const inlineHandlerRoutes = Object.keys(manifest).filter((route) => manifest[route]!.inlineHandlers);
  return { pages, kept, manifest, stats, scriptHashes, inlineHandlerRoutes };
}

/** What the site's Content-Security-Policy must know of a page body: its inline scripts and handlers. */
function contentScripts(bodyHtml: string): Pick<ManifestPage, 'scripts' | 'inlineHandlers'> {
  const scripts = inlineScriptsIn(bodyHtml).map(scriptHash);
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

/** A page's body and meta read back from its document in the last good output, if that file is still as written. */
/** A route's payload; `css` only for a route with style sheets of its own, so other payloads stay as they were. */
function routePayload(meta: PageMeta, data: RoutePayload['data'], chunk: ChunkFiles | undefined, sidebar: SidebarView | null): RoutePayload {
  const payload: RoutePayload = { meta, data, chunk: chunk?.js ?? null, sidebar };
  if (chunk && chunk.css.length > 0) payload.css = chunk.css;
  return payload;
}

function bodyFromOutput(dir: string, before: ManifestPage, outputFile: string): RenderCacheEntry | null {
  const stamp = before.files.find(([file]) => file === outputFile);
  if (!stamp) return null;
  const file = path.join(dir, outputFile);
  try {
    const info = statSync(file);
    if (info.size !== stamp[1] || info.mtimeMs !== stamp[2]) return null;
    const body = documentBody(readFileSync(file, 'utf8'));
    return body && { key: before.bodyKey, ...body };
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

/** Below this many pages, rendering in this thread beats starting a worker. */
const IN_PROCESS_LIMIT = 200;

type Renderer = { run(job: RenderJob): Promise<RenderOutcome>; close(): Promise<void> };

/** A one-off renderer: in this thread, or in a worker thread that is ended afterwards (freeing its modules). */
async function openRenderer(inWorker: boolean): Promise<Renderer> {
  if (!inWorker) {
    const { render } = createRenderer();
    return { run: render, close: async () => {} };
  }
  const pool = createWorkerPool<RenderJob, RenderOutcome>(await workerScript('renderWorker', 'src/render/renderWorker.ts'), 1, null);
  return { run: (job) => pool.run(job), close: () => pool.close() };
}

/** Server bundles a render worker may import before it is replaced (each costs memory for good). */
const HOST_FILES_PER_WORKER = 20;

/**
 * A watch session's render worker: kept warm across rebuilds, and replaced after it has imported
 * HOST_FILES_PER_WORKER server bundles, so a long session's memory stays bounded.
 */
export interface RenderHost {
  renderer(): Renderer;
  /** Called before a build renders: replaces a worker that has imported enough bundles. */
  recycleIfFull(): void;
  close(): Promise<void>;
}

export function createRenderHost(): RenderHost {
  let pool: WorkerPool<RenderJob, RenderOutcome> | null = null;
  const files = new Set<string>();
  const start = async () => createWorkerPool<RenderJob, RenderOutcome>(await workerScript('renderWorker', 'src/render/renderWorker.ts'), 1, null);
  let starting: Promise<WorkerPool<RenderJob, RenderOutcome>> | null = null;
  return {
    renderer() {
      return {
        async run(job) {
          files.add(job.file);
          starting ??= start();
          pool ??= await starting;
          return pool.run(job);
        },
        close: async () => {},
      };
    },
    recycleIfFull() {
      if (files.size < HOST_FILES_PER_WORKER) return;
      // Between builds nothing is in flight, so the old worker can go at once.
      const old = starting;
      pool = null;
      starting = null;
      files.clear();
      void old?.then((retired) => retired.close());
    },
    async close() {
      await (pool ?? (await starting))?.close();
      pool = null;
      starting = null;
    },
  };
}

