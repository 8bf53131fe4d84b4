import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSite, type BundleResult } from '../bundle/bundleSite.js';
import { REPO_ROOT, routeEntryName, type VirtualSources } from '../bundle/virtualModules.js';
import { extractLinks, findBrokenLinks, type PageLinks } from '../check/links.js';
import type { SidebarsConfig } from '../config/defineConfig.js';
import { importSiteModule, loadConfig } from '../config/load.js';
import { clientSiteData } from '../config/normalize.js';
import type { SiteConfig } from '../config/types.js';
import { compileMdx, type CompiledPage } from '../content/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../content/mdx/highlighter.js';
import type { ContentSource, SiteModel } from '../content/model.js';
import { planRoutes, type PlannedRoute } from '../content/routes.js';
import { scanSources, scanStatic } from '../content/scan.js';
import { buildSiteModel, markdownLinkResolver, type LoadedSource } from '../content/siteModel.js';
import { formatLocation, SiteError, SiteErrors } from '../errors.js';
import { renderDocument } from '../render/document.js';
import type { ClientSiteData, RouteModule, RoutePayload } from '../shared/types.js';
import { routePayloadUrl, withBase } from '../shared/paths.js';
import { createStageLogger, formatMs, type StageLogger } from './log.js';
import { createStagingDir } from './output.js';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  quiet?: boolean;
  logger?: StageLogger;
  /** Reused between builds in watch mode. */
  context?: BuildContext;
}

/** Long-lived state that speeds up repeated builds (watch mode). */
export interface BuildContext {
  highlighter?: Promise<CodeHighlighter>;
  highlighterThemes?: string;
  /**
   * Compiled pages by site-relative path, reused when the inputs' hash is unchanged and every
   * markdown link the page resolved still resolves the same way (watch mode).
   */
  compileCache?: Map<string, CompileCacheEntry>;
  /**
   * Server-rendered page bodies by route, reused when the SSR entry, the route's server module
   * (whose content names its content-hashed chunks), the payload and the site data are unchanged.
   */
  renderCache?: Map<string, { key: string; bodyHtml: string; meta: RoutePayload['meta'] }>;
  /** Pages rendered / reused by the last build. */
  lastRender?: { rendered: number; reused: number };
  /** Pages compiled / reused by the last build (for logs and tests). */
  lastCompile?: { compiled: number; reused: number };
}

interface CompileCacheEntry {
  hash: string;
  page: CompiledPage;
  links: Map<string, string | null>;
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

  const compiled = await log.stage('compile', () => compileAll(model, config, context, rel, warn), (c) => `${c.size} pages`);
  const plan = planRoutes(model, compiled, config);
  plan.warnings.forEach(warn);

  const pageRoutes = plan.routes.filter((r) => r.data.kind === 'page').map((r) => r.path);
  const siteData = clientSiteData(config, pageRoutes);
  const { sources: virtual, entryNames } = virtualSources(plan.routes, compiled, model, config, siteData);
  const staging = await createStagingDir(options.outDir);
  try {
    const ssrDir = path.join(CACHE_ROOT, 'ssr', `${process.pid}-${Date.now().toString(36)}`);
    const [client, server] = await log.stage(
      'bundle',
      () => Promise.all([bundleSite('client', virtual, staging.dir, config.baseUrl), bundleSite('server', virtual, ssrDir, config.baseUrl)]),
      ([c]) => `${c.files.length} files`,
    );
    const rendered = await log.stage(
      'render',
      () => renderAll(plan.routes, entryNames, client, server, siteData, config, staging.write, context),
      (pages) => `${pages.length} pages`,
    );
    await rm(ssrDir, { recursive: true, force: true });

    const staticFiles = await scanStatic(config);
    await log.stage('check links', async () => {
      const files = new Set([...staticFiles.map((f) => `/${f}`), ...client.files.map((f) => `/${f}`)]);
      const broken = findBrokenLinks(rendered.filter((p) => p.route !== '/404'), files, config.baseUrl);
      if (broken.length > 0) throw brokenLinksError(broken, plan.routes);
    });
    await log.stage('write', async () => {
      if (staticFiles.length > 0) await staging.copyDir(path.join(config.siteDir, config.staticDir), '.');
      await staging.commit();
    });
  } catch (error) {
    await staging.discard();
    throw error;
  }
  const total = performance.now() - started;
  const summary = `Built ${plan.routes.length} pages into ${path.relative(process.cwd(), path.resolve(options.outDir)) || '.'} in ${formatMs(total)}${warnings.length ? ` (${warnings.length} warning${warnings.length === 1 ? '' : 's'})` : ''}`;
  if (options.quiet) process.stdout.write(`${summary}\n`);
  else log.info(summary);
  return { pages: plan.routes.length, outDir: path.resolve(options.outDir), warnings, timings: log.timings };
}

async function readSources(config: SiteConfig): Promise<LoadedSource[]> {
  const files = await scanSources(config);
  return Promise.all(files.map(async (file) => ({ ...file, text: await readFile(file.absPath, 'utf8') })));
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
  rel: (file: string) => string,
  warn: (message: string) => void,
): Promise<Map<string, CompiledPage>> {
  const themesKey = `${config.codeThemes.light}+${config.codeThemes.dark}`;
  if (!context.highlighter || context.highlighterThemes !== themesKey) {
    context.highlighter = createCodeHighlighter(config.codeThemes);
    context.highlighterThemes = themesKey;
  }
  const highlighter = await context.highlighter;
  const resolve = markdownLinkResolver(model);
  const compiled = new Map<string, CompiledPage>();
  const errors: SiteError[] = [];
  const cache = context.compileCache;
  const seen = new Set<string>();
  const stats = { compiled: 0, reused: 0 };
  for (const source of contentSources(model)) {
    seen.add(source.relPath);
    const tocLevels = { min: config.toc.minHeadingLevel, max: config.toc.maxHeadingLevel };
    const hash = cache
      ? createHash('sha256')
          .update(JSON.stringify([source.body, source.text, source.format, Boolean(source.withExcerpt), source.route ?? null, tocLevels, themesKey]))
          .digest('hex')
      : '';
    const cached = cache?.get(source.relPath);
    if (cached && cached.hash === hash && [...cached.links].every(([target, result]) => resolve(source.relPath, target) === result)) {
      for (const w of cached.page.warnings) {
        warn(`${formatLocation({ file: rel(source.relPath), line: w.line, column: w.column })}: ${w.message}`);
      }
      compiled.set(source.relPath, cached.page);
      stats.reused++;
      continue;
    }
    try {
      const links = new Map<string, string | null>();
      const page = await compileMdx(source.body, {
        file: source.relPath,
        sourceText: source.text,
        format: source.format,
        highlighter,
        tocLevels,
        resolveMarkdownLink: (target) => {
          const result = resolve(source.relPath, target);
          links.set(target, result);
          return result;
        },
        withExcerpt: source.withExcerpt,
        route: source.route,
      });
      stats.compiled++;
      cache?.set(source.relPath, { hash, page, links });
      for (const w of page.warnings) {
        warn(`${formatLocation({ file: rel(source.relPath), line: w.line, column: w.column })}: ${w.message}`);
      }
      compiled.set(source.relPath, page);
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      errors.push(relocateError(error, rel) as SiteError);
    }
  }
  if (cache) for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key);
  context.lastCompile = stats;
  if (errors.length > 0) throw new SiteErrors(errors);
  return compiled;
}

function virtualSources(routes: PlannedRoute[], compiled: Map<string, CompiledPage>, model: SiteModel, config: SiteConfig, siteData: ClientSiteData) {
  const modules: VirtualSources['modules'] = new Map();
  for (const source of contentSources(model)) {
    const page = compiled.get(source.relPath)!;
    modules.set(source.relPath, { code: page.code, excerptCode: page.excerptCode, absPath: source.absPath });
  }
  const routeEntries: VirtualSources['routeEntries'] = new Map();
  const entryNames = new Map<string, string>();
  for (const route of routes) {
    if (!route.content && !route.sidebarId) continue;
    let name = routeEntryName(route.path);
    for (let n = 2; routeEntries.has(name); n++) name = `${routeEntryName(route.path)}-${n}`;
    routeEntries.set(name, { content: route.content, sidebarId: route.sidebarId });
    entryNames.set(route.path, name);
  }
  return {
    entryNames,
    sources: {
      modules,
      routeEntries,
      sidebars: new Map(model.sidebars.map((s) => [s.id, s.items])),
      siteData,
      customCss: config.customCss.map((file) => path.resolve(config.siteDir, file)),
    } satisfies VirtualSources,
  };
}

interface SsrEntry {
  renderBody(site: ClientSiteData, route: { payload: RoutePayload; module: RouteModule }): string;
  headScripts(site: ClientSiteData): string[];
}

async function renderAll(
  routes: PlannedRoute[],
  entryNames: Map<string, string>,
  client: BundleResult,
  server: BundleResult,
  site: ClientSiteData,
  config: SiteConfig,
  write: (relPath: string, contents: string) => Promise<void>,
  context: BuildContext = {},
): Promise<PageLinks[]> {
  const cache = context.renderCache;
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const baseKey = cache ? sha(JSON.stringify([await readFile(server.entry.js, 'utf8'), site])) : '';
  let ssrModule: SsrEntry | undefined;
  const loadSsr = async () => (ssrModule ??= (await import(pathToFileURL(server.entry.js).href)) as SsrEntry);
  const headKey = `${baseKey}:head`;
  const cachedHead = cache?.get('\0head');
  const headScripts: string[] = cachedHead && cachedHead.key === headKey ? JSON.parse(cachedHead.bodyHtml) : (await loadSsr()).headScripts(site);
  cache?.set('\0head', { key: headKey, bodyHtml: JSON.stringify(headScripts), meta: {} as RoutePayload['meta'] });
  const stats = { rendered: 0, reused: 0 };
  const favicon = config.favicon ? withBase(config.baseUrl, `/${config.favicon.replace(/^\/+/, '')}`) : '';
  const pages: PageLinks[] = [];
  for (const route of routes) {
    const name = entryNames.get(route.path);
    const clientChunk = name ? client.routes.get(name) : undefined;
    const serverFile = name ? server.routes.get(name)!.js : null;
    const key = cache
      ? sha(JSON.stringify([baseKey, serverFile ? await readFile(serverFile, 'utf8') : null, route.meta, route.data, clientChunk?.js ?? null, route.content?.kind ?? null]))
      : '';
    const hit = cache?.get(route.path);
    let payload: RoutePayload;
    let bodyHtml: string;
    if (hit && hit.key === key) {
      payload = { meta: hit.meta, data: route.data, chunk: clientChunk?.js ?? null };
      bodyHtml = hit.bodyHtml;
      stats.reused++;
    } else {
      const module: RouteModule & { meta?: { title?: string; description?: string } } = serverFile
        ? await import(pathToFileURL(serverFile).href)
        : {};
      const meta = { ...route.meta };
      if (route.content?.kind === 'page' && module.meta) {
        meta.title = module.meta.title ?? meta.title;
        meta.description = module.meta.description ?? meta.description;
      }
      payload = { meta, data: route.data, chunk: clientChunk?.js ?? null };
      try {
        bodyHtml = (await loadSsr()).renderBody(site, { payload, module });
        stats.rendered++;
        cache?.set(route.path, { key, bodyHtml, meta });
      } catch (error) {
        throw new SiteError({
          code: 'RENDER_FAILED',
          message: `rendering ${route.path} failed: ${(error as Error).message}`,
          location: route.sourceFile ? { file: path.relative(process.cwd(), path.join(config.siteDir, route.sourceFile)) } : undefined,
          cause: error,
        });
      }
    }
    const html = renderDocument({
      site,
      payload,
      bodyHtml,
      headScripts,
      css: [...new Set([...client.entry.css, ...(clientChunk?.css ?? [])])],
      entry: client.entry.js,
      preload: [...new Set([...client.entry.imports, ...(clientChunk ? [clientChunk.js, ...clientChunk.imports] : [])])],
      favicon,
      noIndex: config.noIndex,
    });
    await write(route.outputFile, html);
    if (route.path !== '/404') await write(routePayloadUrl(route.path, '/').slice(1), JSON.stringify(payload));
    pages.push(extractLinks(route.path, html));
  }
  if (cache) {
    const live = new Set(['\0head', ...routes.map((r) => r.path)]);
    for (const k of cache.keys()) if (!live.has(k)) cache.delete(k);
  }
  context.lastRender = stats;
  return pages;
}

function brokenLinksError(broken: ReturnType<typeof findBrokenLinks>, routes: PlannedRoute[]): SiteErrors {
  const sourceOf = new Map(routes.map((r) => [r.path, r.sourceFile]));
  return new SiteErrors(
    broken.map(
      (link) =>
        new SiteError({
          code: 'BROKEN_LINKS',
          message: `broken link on ${link.source} → ${link.href} (${link.reason})`,
          location: sourceOf.get(link.source) ? { file: sourceOf.get(link.source)! } : undefined,
          hint: link.reason === 'missing anchor' ? 'Link to an existing heading id (see the target page\'s table of contents).' : 'Link to an existing route, without .html and without a trailing slash.',
        }),
    ),
  );
}

