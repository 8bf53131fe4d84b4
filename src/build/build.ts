import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';

import path from 'node:path';
import { createSiteBundler, type SiteBundler } from '../bundle/bundleSite.js';
import { standaloneFunctionBody, standaloneModule } from '../bundle/routeChunks.js';
import { sharedModules } from '../bundle/sharedModules.js';
import { REPO_ROOT, routeEntryName, type VirtualSources } from '../bundle/virtualModules.js';
import { extractLinks, findBrokenLinks, type BrokenLink } from '../check/links.js';
import type { SidebarsConfig } from '../config/defineConfig.js';
import { importSiteModule, loadConfig } from '../config/load.js';
import { clientSiteData } from '../config/normalize.js';
import type { SiteConfig } from '../config/types.js';
import type { CompiledPage } from '../content/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../content/mdx/highlighter.js';
import { compilePages, type CompileMemory } from './compilePages.js';
import { createRenderHost, renderPages, type RenderHost, type RenderMemory, type RenderPagesResult } from './renderPages.js';
import type { ContentSource, SiteModel } from '../content/model.js';
import { planRoutes, type PlannedRoute } from '../content/routes.js';
import { scanStatic } from '../content/scan.js';
import { prepareSidebarViews } from '../content/sidebarView.js';
import { buildSiteModel } from '../content/siteModel.js';
import { formatLocation, SiteError, SiteErrors } from '../errors.js';
import type { ClientSiteData } from '../shared/types.js';
import { createStageLogger, formatMs, type StageLogger } from './log.js';
import { createStagingDir, removeLeftovers } from './output.js';
import { readSources } from './readSources.js';
import { MANIFEST_VERSION, manifestFile, readManifest, targetsDigest, writeManifest, type OutputManifest } from './outputManifest.js';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  quiet?: boolean;
  logger?: StageLogger;
  /** Reused between builds in watch mode. */
  context?: BuildContext;
  /** Keep compiled pages on disk between runs, keyed by content (default true). */
  persistentCache?: boolean;
  /**
   * Inline the theme's stylesheet in every page, so the first paint waits for no request (default
   * true). Watch mode turns it off to swap stylesheets without a reload on CSS-only edits.
   */
  inlineCss?: boolean;
}

/** Long-lived state that speeds up repeated builds (watch mode). */
export interface BuildContext {
  highlighter?: Promise<CodeHighlighter>;
  highlighterThemes?: string;
  /**
   * Compiled pages by site-relative path, reused when the inputs' hash is unchanged and every
   * markdown link the page resolved still resolves the same way (watch mode).
   */
  compileCache?: CompileMemory;
  /** Worker threads for compiling; default: one per core (up to 4), 0 compiles in-process. */
  workers?: number;
  /**
   * Server-rendered page bodies by route, reused when the SSR entry, the route's server module
   * (whose content names its content-hashed chunks), the payload and the site data are unchanged.
   */
  renderCache?: RenderMemory;
  /** esbuild contexts kept alive between builds, so rebuilds are incremental. */
  bundlers?: { client: SiteBundler; server: SiteBundler };
  /** A warm render worker kept between builds (replaced now and then to bound memory). */
  renderHost?: RenderHost;
  /** Pages rendered / reused from a cached body / kept as they are in the previous output, by the last build. */
  lastRender?: { rendered: number; reused: number; kept: number };
  /** The manifest of the output the last build of this session wrote. */
  output?: { outDir: string; manifest: OutputManifest };
  /** Pages compiled / reused by the last build (for logs and tests). */
  lastCompile?: { compiled: number; reused: number };
}


export interface BuildResult {
  pages: number;
  outDir: string;
  warnings: string[];
  timings: Record<string, number>;
}

const CACHE_ROOT = path.join(REPO_ROOT, 'node_modules', '.cache', 'sipadocs');

/**
 * Builds the site: config → scan → model → compile → routes → bundle → render → link check →
 * write. Output goes to a staging directory that replaces `outDir` only when everything succeeded.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.logger ?? createStageLogger({ quiet: Boolean(options.quiet) });
  const context = options.context ?? {};
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    log.warn(message);
  };
  const started = performance.now();

  const config = await log.stage('config', () => loadConfig(options.siteDir));
  const rel = (file: string) => path.relative(process.cwd(), path.join(config.siteDir, file)) || file;

  const sources = await log.stage('scan', () => readSources(config), (s) => `${s.length} files`);
  const sidebars = await loadSidebars(config);
  const model = await log.stage('model', async () => relocate(() => buildSiteModel(config, sources, sidebars.config, sidebars.file), rel));

  const compileCacheDir = options.persistentCache === false ? null : path.join(CACHE_ROOT, 'build', 'compile');
  const { pages: compiled, keys: compileKeys } = await log.stage(
    'compile',
    () => compileAll(model, config, context, compileCacheDir, rel, warn, log.progress, Boolean(options.context)),
    (c) => `${c.pages.size} pages${context.lastCompile?.reused ? ` (${context.lastCompile.reused} cached)` : ''}`,
  );
  const plan = planRoutes(model, compiled, config);
  plan.warnings.forEach(warn);

  const pageRoutes = plan.routes.filter((r) => r.data.kind === 'page').map((r) => r.path);
  const siteData = clientSiteData(config, pageRoutes);
  const { sources: virtual, entryNames } = virtualSources(plan.routes, compiled, compileKeys, model, config, siteData);
  const outDir = path.resolve(options.outDir);
  const manifestPath = options.persistentCache === false ? null : manifestFile(path.join(CACHE_ROOT, 'build', 'output'), outDir);
  const previousManifest = context.output?.outDir === outDir ? context.output.manifest : manifestPath ? await readManifest(manifestPath) : null;
  const staging = await createStagingDir(outDir);
  const ssrDir = path.join(CACHE_ROOT, 'ssr', `${process.pid}-${Date.now().toString(36)}`);
  await removeLeftovers(path.dirname(ssrDir), '');
  try {
    // A watch session keeps incremental esbuild contexts; a one-off build lets esbuild write to disk.
    const chunkCacheDir = options.persistentCache === false ? null : path.join(CACHE_ROOT, 'build', 'chunks');
    const bundlers = options.context
      ? (context.bundlers ??= { client: createSiteBundler('client', true, chunkCacheDir, siteIdOf(config)), server: createSiteBundler('server') })
      : { client: createSiteBundler('client', false, chunkCacheDir, siteIdOf(config)), server: createSiteBundler('server', false) };
    const client = await log.stage(
      'bundle',
      // Identical route chunks of the last good output are kept rather than written again.
      () => bundlers.client.bundle(virtual, staging.dir, config.baseUrl, { keep: staging.keep }),
      (c) => `${c.files.length} files${c.routesBundled ? ` (${c.routesBundled} route chunks bundled)` : ''}`,
    );
    const sharedSpecifiers = new Set(sharedModules().map((m) => m.specifier));
    const sidebarViews = new Map(model.sidebars.map((s) => [s.id, prepareSidebarViews(s.id, s.items)]));
    for (const views of sidebarViews.values()) staging.write(views.file, views.json);
    const rendered = await log.stage(
      'render',
      async () => {
        const result = await renderPages({
          routes: plan.routes,
          entryNames,
          client,
          // Only bundled when some page is not cached.
          bundleServer: async (groups) => (await bundlers.server.bundle(virtual, ssrDir, config.baseUrl, { serverGroups: groups })).serverGroups,
          site: siteData,
          config,
          output: staging,
          previous: previousManifest && { dir: outDir, manifest: previousManifest },
          memory: options.context ? (context.renderCache ??= new Map()) : undefined,
          onProgress: log.progress,
          inlineCss: options.inlineCss === false ? undefined : await readEntryCss(client.entry.css, config.baseUrl, staging.dir),
          host: options.context ? (context.renderHost ??= createRenderHost()) : undefined,
          standaloneBody: (name) => {
            const text = standaloneModule(name, virtual, sharedSpecifiers);
            return text === null ? null : standaloneFunctionBody(text);
          },
          sidebarFor: (route) => (route.sidebarId ? (sidebarViews.get(route.sidebarId)?.viewFor(route.path, config.baseUrl) ?? null) : null),
        });
        context.lastRender = result.stats;
        return result;
      },
      (r) => `${r.pages.length} pages${renderedSummary(r.stats)}`,
    );
    const staticFiles = await scanStatic(config);
    const targets = await log.stage('check links', async () => {
      const checkable = () => rendered.pages.filter((p) => p.route !== '/404');
      const digest = targetsDigest(checkable(), staticFiles, config.baseUrl);
      // A kept page is the same document as in the last good build. If every link target is
      // the same too, its links resolve as they did then; otherwise they are read back and checked.
      if (digest !== previousManifest?.targets) readKeptPageLinks(rendered, plan.routes, outDir);
      const files = new Set([...staticFiles.map((f) => `/${f}`), ...client.files.map((f) => `/${f}`)]);
      const broken = findBrokenLinks(checkable(), files, config.baseUrl);
      if (broken.length > 0) throw brokenLinksError(broken, plan.routes, rel);
      return digest;
    });
    await log.stage('write', async () => {
      if (staticFiles.length > 0) await staging.copyDir(path.join(config.siteDir, config.staticDir), '.');
      await staging.commit();
      const manifest: OutputManifest = { version: MANIFEST_VERSION, targets, pages: rendered.manifest };
      if (options.context) context.output = { outDir, manifest };
      // Without a manifest the next build renders everything, so failing to save one is harmless.
      if (manifestPath) await writeManifest(manifestPath, manifest).catch(() => {});
    });
  } catch (error) {
    await staging.discard();
    throw error;
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
  const total = performance.now() - started;
  const summary = `Built ${plan.routes.length} pages into ${path.relative(process.cwd(), path.resolve(options.outDir)) || '.'} in ${formatMs(total)}${warnings.length ? ` (${warnings.length} warning${warnings.length === 1 ? '' : 's'})` : ''}`;
  if (options.quiet) process.stdout.write(`${summary}\n`);
  else log.info(summary);
  return { pages: plan.routes.length, outDir: path.resolve(options.outDir), warnings, timings: log.timings };
}

/** Names a site's own indexes in the shared cache: sites built from one checkout keep theirs apart. */
const siteIdOf = (config: SiteConfig) => createHash('sha256').update(config.siteDir).digest('hex').slice(0, 16);

function renderedSummary(stats: { reused: number; kept: number }): string {
  const parts = [stats.kept ? `${stats.kept} unchanged` : '', stats.reused ? `${stats.reused} cached` : ''].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Reads back the links of the pages kept as they are in the output folder. */
function readKeptPageLinks(rendered: RenderPagesResult, routes: PlannedRoute[], dir: string): void {
  const strings = new Map<string, string>();
  for (const i of rendered.kept) {
    const html = readFileSync(path.join(dir, routes[i]!.outputFile), 'utf8');
    rendered.pages[i] = extractLinks(routes[i]!.path, html, strings);
  }
}

async function readEntryCss(urls: string[], baseUrl: string, outDir: string): Promise<Map<string, string>> {
  const entries = await Promise.all(urls.map(async (url) => [url, await readFile(path.join(outDir, url.slice(baseUrl.length)), 'utf8')] as const));
  return new Map(entries);
}

async function loadSidebars(config: SiteConfig): Promise<{ config: SidebarsConfig | null; file: string }> {
  if (!config.docs.sidebarPath) return { config: null, file: '' };
  const file = path.resolve(config.siteDir, config.docs.sidebarPath);
  const loaded = await importSiteModule(file);
  if (typeof loaded !== 'object' || loaded === null) {
    throw new SiteError({ code: 'SIDEBARS_INVALID', message: 'the sidebars file must export an object of sidebars by default', location: { file } });
  }
  return { config: loaded as SidebarsConfig, file };
}

/** Makes error locations relative to the working directory (they are site-relative inside content/). */
function relocate<T>(run: () => T, rel: (file: string) => string): T {
  try {
    return run();
  } catch (error) {
    throw relocateError(error, rel);
  }
}

function relocateError(error: unknown, rel: (file: string) => string): unknown {
  const fix = (e: SiteError) =>
    e.location && !path.isAbsolute(e.location.file)
      ? new SiteError({ code: e.code, message: e.message, hint: e.hint, frame: e.frame, cause: e.cause, location: { ...e.location, file: rel(e.location.file) } })
      : e;
  if (error instanceof SiteErrors) return new SiteErrors(error.errors.map(fix));
  if (error instanceof SiteError) return fix(error);
  return error;
}

function contentSources(model: SiteModel): ContentSource[] {
  return [
    ...model.docs.map((doc) => doc.source),
    ...model.posts.map((post) => post.source),
    ...model.pages.flatMap((page) => (page.source ? [page.source] : [])),
  ];
}

async function compileAll(
  model: SiteModel,
  config: SiteConfig,
  context: BuildContext,
  cacheDir: string | null,
  rel: (file: string) => string,
  warn: (message: string) => void,
  progress?: (done: number, total: number) => void,
  keepInMemory = true,
): Promise<{ pages: Map<string, CompiledPage>; keys: Map<string, string> }> {
  const themesKey = `${config.codeThemes.light}+${config.codeThemes.dark}`;
  if (context.highlighterThemes !== themesKey) {
    context.highlighter = undefined;
    context.highlighterThemes = themesKey;
  }
  const routesBySource: Record<string, string> = {};
  for (const doc of model.docs) routesBySource[doc.source.relPath] = doc.route;
  for (const post of model.posts) routesBySource[post.source.relPath] = post.route;
  for (const page of model.pages) routesBySource[page.relPath] = page.route;
  const jobs = contentSources(model).map((source) => ({
    relPath: source.relPath,
    body: source.body,
    text: source.text,
    format: source.format,
    withExcerpt: source.withExcerpt,
    route: source.route ?? null,
  }));
  const { outcomes, keys, stats } = await compilePages(
    jobs,
    { tocLevels: { min: config.toc.minHeadingLevel, max: config.toc.maxHeadingLevel }, themes: { ...config.codeThemes }, routesBySource },
    {
      cacheDir,
      siteId: siteIdOf(config),
      // Only a watch session keeps pages in memory; a one-off build streams them through.
      memory: keepInMemory ? (context.compileCache ??= new Map()) : undefined,
      highlighter: () => (context.highlighter ??= createCodeHighlighter(config.codeThemes)),
      workers: context.workers,
      onProgress: progress,
    },
  );
  context.lastCompile = { compiled: stats.compiled, reused: stats.reused };
  const compiled = new Map<string, CompiledPage>();
  const errors: SiteError[] = [];
  for (const job of jobs) {
    const outcome = outcomes.get(job.relPath)!;
    if (!outcome.ok) {
      errors.push(relocateError(new SiteError(outcome.error), rel) as SiteError);
      continue;
    }
    for (const w of outcome.page.warnings) {
      warn(`${formatLocation({ file: rel(job.relPath), line: w.line, column: w.column })}: ${w.message}`);
    }
    compiled.set(job.relPath, outcome.page);
  }
  if (errors.length > 0) throw new SiteErrors(errors);
  return { pages: compiled, keys };
}

function virtualSources(
  routes: PlannedRoute[],
  compiled: Map<string, CompiledPage>,
  compileKeys: Map<string, string>,
  model: SiteModel,
  config: SiteConfig,
  siteData: ClientSiteData,
) {
  const modules: VirtualSources['modules'] = new Map();
  for (const source of contentSources(model)) {
    const page = compiled.get(source.relPath)!;
    // Getters: a cached page's code is read from disk only if something bundles or renders it.
    modules.set(source.relPath, {
      get code() {
        return page.code;
      },
      get excerptCode() {
        return page.excerptCode;
      },
      absPath: source.absPath,
      key: compileKeys.get(source.relPath)!,
    });
  }
  const routeEntries: VirtualSources['routeEntries'] = new Map();
  const entryNames = new Map<string, string>();
  for (const route of routes) {
    if (!route.content) continue;
    let name = routeEntryName(route.path);
    for (let n = 2; routeEntries.has(name); n++) name = `${routeEntryName(route.path)}-${n}`;
    routeEntries.set(name, { content: route.content });
    entryNames.set(route.path, name);
  }
  return {
    entryNames,
    sources: {
      modules,
      routeEntries,
      siteData,
      customCss: config.customCss.map((file) => path.resolve(config.siteDir, file)),
    } satisfies VirtualSources,
  };
}

const BROKEN_LINK_HINTS: Record<BrokenLink['reason'], string> = {
  'missing page': 'Link to an existing route, without .html and without a trailing slash.',
  'missing anchor': 'Link to an existing heading id (see the target page\'s table of contents).',
  'malformed URL': 'Percent-encode the link: "%" is written "%25", "#" in a page name "%23", "?" "%3F" (a space may stay or be "%20").',
};

function brokenLinksError(broken: ReturnType<typeof findBrokenLinks>, routes: PlannedRoute[], rel: (file: string) => string): SiteErrors {
  const sourceOf = new Map(routes.map((r) => [r.path, r.sourceFile]));
  return new SiteErrors(
    broken.map(
      (link) =>
        new SiteError({
          code: 'BROKEN_LINKS',
          message: `broken link on ${link.source} → ${link.href} (${link.reason})`,
          location: sourceOf.get(link.source) ? { file: rel(sourceOf.get(link.source)!) } : undefined,
          hint: BROKEN_LINK_HINTS[link.reason],
        }),
    ),
  );
}

