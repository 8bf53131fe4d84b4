import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';

import path from 'node:path';
import { createSiteBundler, type SiteBundler } from '../bundle/bundleSite.js';
import { standaloneFunctionBody, standaloneModule } from '../bundle/routeChunks.js';
import { sharedModules } from '../bundle/sharedModules.js';
import { routeEntryName, type VirtualSources } from '../bundle/virtualModules.js';
import { cacheFolders, cacheRootFor } from './cacheDir.js';
import { extractHrefs, findBrokenLinks, type BrokenLink } from '../check/links.js';
import type { SidebarsConfig } from '../config/defineConfig.js';
import { importSiteModule, loadConfig } from '../config/load.js';
import { clientSiteData } from '../config/normalize.js';
import type { SiteConfig } from '../config/types.js';
import type { CompiledPage } from '../content/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../content/mdx/highlighter.js';
import { compilePages, type CompileMemory } from './compilePages.js';
import { createRenderHost, renderPages, type RenderHost, type RenderMemory, type RenderPagesResult } from './renderPages.js';
import type { ContentSource, SiteModel } from '../content/model.js';
import { contentAnchors, planRoutes, type PlannedRoute } from '../content/routes.js';
import { scanStatic } from '../content/scan.js';
import { prepareSidebarViews } from '../content/sidebarView.js';
import { buildSiteModel } from '../content/siteModel.js';
import { formatLocation, SiteError, SiteErrors } from '../errors.js';
import type { ClientSiteData } from '../shared/types.js';
import { stageImages } from './images.js';
import { createStageLogger, formatMs, type StageLogger } from './log.js';
import { createStagingDir, removeLeftovers, restoreInterruptedSwap } from './output.js';
import { checkOutputDir } from './outputDir.js';
import { contentSecurityPolicy, HEADERS_FILE, headersFileText } from './securityHeaders.js';
import { MANIFEST_VERSION, manifestFile, readManifest, recordFile, targetsDigest, writeManifest, type OutputManifest } from './outputManifest.js';
import { buildSearchIndex, createSearchCollector, describeSearch, searchStats, type SearchMemory, type SearchStats } from '../search/buildSearchIndex.js';
import { readGitHistory, type GitHistory } from './gitHistory.js';
import { resolveLastUpdate } from '../content/lastUpdate.js';
import { feedLinksFor, planFeeds } from '../outputs/feeds.js';
import { createSiteOutputs } from '../outputs/siteOutputs.js';
import { siteBase } from '../outputs/siteUrl.js';
import type { LastUpdate } from '../shared/types.js';
import { readSources } from './readSources.js';

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
   * Build draft docs, posts and pages too, each with a "Draft" badge and not indexed (`serve
   * --watch`). A production build leaves them out entirely (default false).
   */
  drafts?: boolean;
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
  /** Search documents of the site's pages by body key (watch mode). */
  searchMemory?: SearchMemory;
  /** Pages in the search index of the last build, and what it indexed (for logs and tests). */
  lastSearch?: SearchStats;
}


export interface BuildResult {
  /** Number of pages written. */
  pages: number;
  /** Absolute path of the output folder. */
  outDir: string;
  /** Warnings printed during the build (broken markdown links, unknown languages, ...). */
  warnings: string[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

/**
 * Builds the site: config → scan → model → compile → routes → bundle → render → link check →
 * write. Output goes to a staging directory that replaces `outDir` only when everything succeeded.
 * An output folder that cannot be sipadocs's own (see checkOutputDir) is refused before anything
 * else, with a SiteError OUTPUT_DIR_REFUSED.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const outDir = checkOutputDir(options.outDir, options.siteDir);
  // Before anything can fail: a build killed in its swap left the last good output aside.
  await restoreInterruptedSwap(outDir);
  const log = options.logger ?? createStageLogger({ quiet: Boolean(options.quiet) });
  const context = options.context ?? {};
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    log.warn(message);
  };
  const started = performance.now();

  const config = await log.stage('config', () => loadConfig(options.siteDir));
  const cache = cacheFolders(cacheRootFor(config.siteDir));
  const rel = (file: string) => path.relative(process.cwd(), path.join(config.siteDir, file)) || file;
  // git runs in a process of its own while the pages are scanned and compiled.
  const gitHistory = readGitHistory(config.siteDir, options.persistentCache === false ? null : cache.git).catch(() => new Map() as GitHistory);

  const sources = await log.stage('scan', () => readSources(config), (s) => `${s.length} files`);
  const sidebars = await loadSidebars(config);
  const model = await log.stage(
    'model',
    async () => relocate(() => buildSiteModel(config, sources, sidebars.config, sidebars.file, { drafts: options.drafts }), rel),
    (m) => (m.draftsLeftOut ? `${m.draftsLeftOut} draft${m.draftsLeftOut === 1 ? '' : 's'} left out` : ''),
  );
  for (const w of model.warnings) warn(`${formatLocation({ file: rel(w.file), line: w.line })}: ${w.message}`);

  const compileCacheDir = options.persistentCache === false ? null : cache.compile;
  const { pages: compiled, keys: compileKeys, images } = await log.stage(
    'compile',
    () => compileAll(model, config, context, compileCacheDir, rel, warn, log.progress, Boolean(options.context)),
    (c) => `${c.pages.size} pages${context.lastCompile?.reused ? ` (${context.lastCompile.reused} cached)` : ''}`,
  );
  const history = await log.stage('last updated', () => gitHistory, (h) => (h.size ? `${h.size} files in git` : 'no git history'));
  const plan = planRoutes(model, compiled, config, lastUpdates(model, history));
  plan.warnings.forEach(warn);
  const feeds = planFeeds(model, plan.routes, config);
  // Checked before anything is rendered: feeds, the sitemap and page markdown need the site's absolute URL.
  const base = siteBase(config);

  const pageRoutes = plan.routes.filter((r) => r.data.kind === 'page').map((r) => r.path);
  const siteData = clientSiteData(config, pageRoutes);
  const { sources: virtual, entryNames } = virtualSources(plan.routes, compiled, compileKeys, model, config, siteData);
  const manifestPath = options.persistentCache === false ? null : manifestFile(cache.output, outDir);
  // The record of what sipadocs wrote keeps a user's files safe: kept even when the other caches are off.
  const staging = await createStagingDir(outDir, { recordFile: recordFile(cache.output, outDir) });
  const storedManifest = context.output?.outDir === outDir ? context.output.manifest : manifestPath ? await readManifest(manifestPath) : null;
  // A manifest describes the output one build committed; after an interrupted commit, none holds.
  const previousManifest = storedManifest && staging.previousBuild !== null && storedManifest.build === staging.previousBuild ? storedManifest : null;
  const ssrDir = path.join(cache.ssr, `${process.pid}-${Date.now().toString(36)}`);
  await removeLeftovers(path.dirname(ssrDir), '');
  try {
    // A watch session keeps incremental esbuild contexts; a one-off build lets esbuild write to disk.
    const chunkCacheDir = options.persistentCache === false ? null : cache.chunks;
    const bundlers = options.context
      ? (context.bundlers ??= {
          client: createSiteBundler('client', cache.bundler, true, chunkCacheDir, siteIdOf(config)),
          server: createSiteBundler('server', cache.bundler),
        })
      : { client: createSiteBundler('client', cache.bundler, false, chunkCacheDir, siteIdOf(config)), server: createSiteBundler('server', cache.bundler, false) };
    const client = await log.stage(
      'bundle',
      // Identical route chunks of the last good output are kept rather than written again.
      () => bundlers.client.bundle(virtual, staging.dir, config.baseUrl, { keep: staging.keep }),
      (c) => `${c.files.length} files${c.routesBundled ? ` (${c.routesBundled} route chunks bundled)` : ''}`,
    );
    const sharedSpecifiers = new Set(sharedModules().map((m) => m.specifier));
    const sidebarViews = new Map(model.sidebars.map((s) => [s.id, prepareSidebarViews(s.id, s.items)]));
    // Pages are read for search as they are rendered, while their body is in memory.
    const searchCollector = siteData.search ? createSearchCollector() : null;
    for (const views of sidebarViews.values()) staging.write(views.file, views.json);
    stageImages(images, staging);
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
          anchorsFor: (route) => contentAnchors(route, compiled),
          onBody: searchCollector ? (route, entry) => searchCollector.addBody(route, entry.key, entry.bodyHtml, entry.meta) : undefined,
          alternatesFor: (route) => feedLinksFor(route, feeds, config.baseUrl),
        });
        context.lastRender = result.stats;
        return result;
      },
      (r) => `${r.pages.length} pages${renderedSummary(r.stats)}`,
    );
    const staticFiles = await scanStatic(config);
    const outputs = createSiteOutputs({
      config, site: siteData, base, model, routes: plan.routes, feeds, compiled, compileKeys, history, rendered,
      staging, outDir, previous: previousManifest?.outputs, staticFiles, warn,
    });
    await log.stage('markdown', async () => outputs.writeMarkdown(), (n) => `${n} pages`);
    await log.stage('llms', async () => outputs.writeLlms());
    await log.stage('feeds', () => outputs.writeFeeds(), (n) => (n ? `${n} feeds` : 'no feeds'));
    await log.stage('sitemap', async () => outputs.writeSitemap(), (n) => (config.noIndex ? 'robots.txt only (noIndex)' : `${n} URLs`));
    const targets = await log.stage('check links', async () => {
      const checkable = () => rendered.pages.filter((p) => p.route !== '/404');
      const digest = targetsDigest(checkable(), staticFiles, config.baseUrl);
      // A kept page is the same document as in the last good build. If every link target is
      // the same too, its links resolve as they did then; otherwise they are read back and checked.
      if (digest !== previousManifest?.targets) readKeptPageLinks(rendered, plan.routes, outDir);
      const files = new Set([
        ...staticFiles.map((f) => `/${f}`),
        ...client.files.map((f) => `/${f}`),
        ...[...images.keys()].map((f) => `/${f}`),
        ...outputs.writer.files().map((f) => `/${f}`),
      ]);
      const broken = findBrokenLinks(checkable(), files, config.baseUrl);
      if (broken.length > 0) throw brokenLinksError(broken, plan.routes, rel, config.baseUrl);
      return digest;
    });
    for (const route of rendered.inlineHandlerRoutes) {
      const source = plan.routes.find((r) => r.path === route)?.sourceFile;
      warn(`${source ? rel(source) : route}: an inline event handler (an on…="…" attribute) in the content will not run: the site's Content-Security-Policy blocks it; attach the handler from a script file instead`);
    }
    // After the link check, so a site that fails it is not indexed for nothing.
    const search = await log.stage(
      'search',
      async () => {
        if (!searchCollector) return null;
        const result = await buildSearchIndex(searchCollector, {
          routes: plan.routes,
          bodyKeyOf: (route) => rendered.manifest[route.path]?.bodyKey,
          outDir,
          staging,
          previous: previousManifest?.search,
          cacheDir: options.persistentCache === false ? null : cache.search,
          siteId: siteIdOf(config),
          language: config.i18n.localeConfigs[config.i18n.defaultLocale]!.htmlLang.split('-')[0]!.toLowerCase(),
          memory: options.context ? (context.searchMemory ??= new Map()) : undefined,
        });
        context.lastSearch = searchStats(result);
        return result;
      },
      (s) => (s ? describeSearch(s) : 'off (noIndex)'),
    );
    await log.stage('write', async () => {
      if (staticFiles.length > 0) await staging.copyDir(path.join(config.siteDir, config.staticDir), '.');
      // A _headers file of the site's own comes first; its rules add to the security headers.
      const ownHeaders = staticFiles.includes(HEADERS_FILE) ? `${await readFile(path.join(staging.dir, HEADERS_FILE), 'utf8')}\n` : '';
      staging.write(HEADERS_FILE, ownHeaders + headersFileText(contentSecurityPolicy(rendered.scriptHashes, { webAssembly: siteData.search })));
      const { build, foreign } = await staging.commit();
      if (foreign.length > 0) warn(foreignFilesWarning(options.outDir, foreign, config));
      const manifest: OutputManifest = { version: MANIFEST_VERSION, build, targets, pages: rendered.manifest, search: search?.manifest, outputs: outputs.writer.manifest };
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

/** Names the files a user put in the output folder, which the build left there. */
function foreignFilesWarning(outDir: string, files: string[], config: SiteConfig): string {
  const shown = files.slice(0, 5).map((file) => path.join(outDir, file));
  const more = files.length > shown.length ? ` and ${files.length - shown.length} more` : '';
  const staticDir = path.relative(process.cwd(), path.join(config.siteDir, config.staticDir)) || '.';
  return `${shown.join(', ')}${more}: not written by sipadocs, so left in the output folder as ${files.length === 1 ? 'it is' : 'they are'}; a file that belongs to the site goes in ${staticDir}/ (copied into every build), anything else out of the output folder`;
}

/** Each doc's last change (git, front matter), by site-relative source path; docs with none are left out. */
function lastUpdates(model: SiteModel, history: GitHistory): Map<string, LastUpdate> {
  const updates = new Map<string, LastUpdate>();
  for (const doc of model.docs) {
    const update = resolveLastUpdate(history.get(doc.source.relPath), doc.frontMatter);
    if (update) updates.set(doc.source.relPath, update);
  }
  return updates;
}

/** Names a site's own indexes in the shared cache: sites built from one checkout keep theirs apart. */
const siteIdOf = (config: SiteConfig) => createHash('sha256').update(config.siteDir).digest('hex').slice(0, 16);

function renderedSummary(stats: { reused: number; kept: number }): string {
  const parts = [stats.kept ? `${stats.kept} unchanged` : '', stats.reused ? `${stats.reused} cached` : ''].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Reads back the links of the pages kept as they are in the output folder (their ids come from the manifest). */
function readKeptPageLinks(rendered: RenderPagesResult, routes: PlannedRoute[], dir: string): void {
  const strings = new Map<string, string>();
  for (const i of rendered.kept) {
    const html = readFileSync(path.join(dir, routes[i]!.outputFile), 'utf8');
    rendered.pages[i]!.hrefs = extractHrefs(html, strings);
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
): Promise<{ pages: Map<string, CompiledPage>; keys: Map<string, string>; images: Map<string, string> }> {
  const themesKey = `${config.codeThemes.light}+${config.codeThemes.dark}`;
  if (context.highlighterThemes !== themesKey) {
    context.highlighter = undefined;
    context.highlighterThemes = themesKey;
  }
  const routesBySource: Record<string, string> = {};
  for (const doc of model.docs) routesBySource[doc.source.relPath] = doc.route;
  for (const post of model.posts) routesBySource[post.source.relPath] = post.route;
  for (const page of model.pages) routesBySource[page.relPath] = page.route;
  const imageBySource = new Map<string, string | null>();
  for (const item of [...model.docs, ...model.posts]) imageBySource.set(item.source.relPath, item.image);
  for (const page of model.pages) if (page.source) imageBySource.set(page.source.relPath, page.image);
  const jobs = contentSources(model).map((source) => ({
    relPath: source.relPath,
    body: source.body,
    text: source.text,
    format: source.format,
    withExcerpt: source.withExcerpt,
    route: source.route ?? null,
    image: imageBySource.get(source.relPath) ?? null,
    // Only a page that reads it depends on it: the others keep their cache entries when it changes.
    frontMatter: /\bfrontMatter\b/.test(source.body) ? source.frontMatter : null,
  }));
  const { outcomes, keys, stats } = await compilePages(
    jobs,
    // Every heading level goes into the compiled table of contents; each page shows its own levels of it.
    { tocLevels: { min: 1, max: 6 }, themes: { ...config.codeThemes }, routesBySource, siteDir: config.siteDir, baseUrl: config.baseUrl },
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
  // Each image once, however many pages use it: output file → source file.
  const images = new Map<string, string>();
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
    for (const [source, file] of Object.entries(outcome.images)) images.set(file, source);
  }
  if (errors.length > 0) throw new SiteErrors(errors);
  return { pages: compiled, keys, images };
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
      siteDir: config.siteDir,
    } satisfies VirtualSources,
  };
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

function brokenLinksError(broken: BrokenLink[], routes: PlannedRoute[], rel: (file: string) => string, baseUrl: string): SiteErrors {
  const sourceOf = new Map(routes.map((r) => [r.path, r.sourceFile]));
  return new SiteErrors(
    broken.map(
      (link) =>
        new SiteError({
          code: 'BROKEN_LINKS',
          message: `broken link on ${link.source} → ${link.href} (${link.reason})`,
          location: sourceOf.get(link.source) ? { file: rel(sourceOf.get(link.source)!) } : undefined,
          hint: brokenLinkHint(link.reason, baseUrl),
        }),
    ),
  );
}

