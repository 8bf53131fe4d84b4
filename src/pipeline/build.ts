import path from 'node:path';
import { loadSiteConfig } from './loadSite.js';
import type { ProjectReading } from '../config/projectReading.js';
import { withOsErrorsInWords } from '../errors.js';
import type { ClientBundle } from '../bundle/bundleSite.js';
import type { SiteModel } from '../model/model.js';
import { describeSearch, searchStats, type SearchIndexResult, type SearchStats } from '../search/buildSearchIndex.js';
import { GIT_HISTORIES, readGitHistory, type GitHistory } from './gitHistory.js';
import { createStageLogger, formatMs, type StageLogger } from './log.js';
import { createBuildSession, type BuildReport, type BuildSession, type SessionOptions } from './session.js';
import { checkSiteLinks } from './stages/checkLinks.js';
import { compileSite, type CompiledSite } from './stages/compile.js';
import { modelSite, throwTogether } from './stages/model.js';
import { claimOutputDir, closeOutput, localeOutput, openOutput } from './stages/output.js';
import { addPageAssets } from './stages/pageAssets.js';
import { siteOutputs } from './stages/outputs.js';
import { planSite, type SitePlan } from './stages/plan.js';
import { renderSite, type RenderedSite } from './stages/render.js';
import { scanSite } from './stages/scan.js';
import { indexSite } from './stages/search.js';
import { commitSite, writeStaticFiles, type WrittenLocale } from './stages/write.js';
import { configForLocale, localesToBuild, outputFolderOf } from '../i18n/localeConfig.js';
import { addPluginPages, pluginBundleParts, withPluginTags, withPluginThemes } from '../plugins/pluginParts.js';
import { runPostBuild } from '../plugins/postBuild.js';
import { pluginClientRoots, pluginCodeThatEvaluates } from '../plugins/evaluatingCode.js';
import { NO_PLUGIN_OUTCOME, runPlugins, type PluginsOutcome } from '../plugins/runPlugins.js';
import { cacheFolders, cacheRootFor } from '../cache/cacheDir.js';

export interface BuildResult {
  /** Number of pages written. */
  pages: number;
  /** Absolute path of the output folder. */
  outDir: string;
  /** Warnings printed during the build (broken markdown links, unknown languages, ...). */
  warnings: string[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** URLs of the code, data and styles every page loads (the site data, the runtime, its imports, its CSS); content-hashed. */
  pageAssets: string[];
  /** What the site's plugins ask a watch session to watch (their getPathsToWatch), absolute files and globs. */
  watchPaths: string[];
  /** What the caches saved: pages compiled or reused, pages rendered, reused or kept, and whether search indexed again. */
  stats: {
    compile: CompiledSite['stats'];
    render: RenderedSite['stats'];
    search: SearchStats | null;
  };
}

export interface BuildSiteOptions {
  quiet?: boolean;
  /**
   * When only some pages changed, keep the last search index and leave their indexing to the next
   * build (stats.search.kind `deferred`). Watch mode shows an edit sooner this way, then builds
   * again to index it.
   */
  deferSearch?: boolean;
}

/**
 * Builds the site: config → scan → model → compile → last updated → routes → bundle → render →
 * site outputs → check links → write, with search indexing beside the site outputs and the link check. Everything goes to a staging folder that replaces
 * the output folder only when every stage succeeded. An output folder that cannot be sipadocs's
 * own is refused before anything else (OUTPUT_DIR_REFUSED, see checkOutputDir).
 */
export async function buildSite(session: BuildSession, options: BuildSiteOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  await session.artifacts.beginBuild();
  let succeeded = false;
  try {
    const result = await runStages(session, options, started);
    succeeded = true;
    return result;
  } catch (error) {
    // A file-system fault reads as what it is, for the CLI, watch mode and the API alike.
    throw withOsErrorsInWords(error);
  } finally {
    // What a successful build did not use leaves the caches; a failed build drops nothing.
    session.artifacts.endBuild(succeeded);
  }
}

async function runStages(session: BuildSession, options: BuildSiteOptions, started: number): Promise<BuildResult> {
  const quiet = options.quiet ?? session.quiet;
  const log = session.logger ?? createStageLogger({ quiet });
  const warnings: string[] = [];
  const report: BuildReport = {
    warn(message) {
      warnings.push(message);
      log.warn(message);
    },
    info: (message) => log.info(message),
    progress: log.progress,
  };
  const outDir = await claimOutputDir(session);

  const siteConfig = await log.stage('config', () => loadSiteConfig(session.siteDir, session.projectMemo));
  if (siteConfig.project) reportProjectReading(siteConfig.project, session, report);
  // Each locale is a site of its own at its base URL (see i18n/localeConfig.ts), built from the
  // same sources: what does not depend on the locale (compiled pages, highlighted code, git
  // history) is made once and found again by the other locales.
  const locales = localesToBuild(siteConfig, session.locales);
  const named = (name: string, locale: string) => (locale === siteConfig.i18n.defaultLocale ? name : `${name} (${locale})`);
  // git runs in a process of its own while the pages are scanned and compiled.
  const gitHistory = readGitHistory(siteConfig.siteDir, session.artifacts.kind(GIT_HISTORIES)).catch(() => new Map() as GitHistory);
  const planned: PlannedLocale[] = [];
  for (const locale of locales) {
    const stage = <T>(name: string, run: () => Promise<T>, describe?: (result: T) => string) => log.stage(named(name, locale), run, describe);
    // A site in one locale reads its translations (if any) without a line of its own.
    const localeConfig = siteConfig.i18n.locales.length > 1 ? await stage('locale', () => configForLocale(siteConfig, locale), () => locale) : await configForLocale(siteConfig, locale);
    // The site's plugins make their content, routes and data first, as Docusaurus runs them before it bundles.
    const plugins = localeConfig.plugins.length > 0 ? await stage('plugins', () => runPlugins(localeConfig, path.join(session.outDir, outputFolderOf(siteConfig, locale)), pluginsDirOf(session)), describe.plugins) : NO_PLUGIN_OUTCOME;
    if (planned.length === 0) for (const warning of plugins.warnings) report.warn(warning);
    const config = withPluginTags(localeConfig, plugins);
    const scanned = await stage('scan', () => scanSite(config, report), describe.scan);
    const { sources, staticFiles, docs } = scanned;
    const theme = withPluginThemes(scanned.theme, plugins);
    const { model, errors: contentErrors } = await stage('model', () => modelSite(config, sources, docs, session, report), (modeled) => describe.model(modeled.model));
    addPluginPages(model, plugins, config);
    // The pages without a content error are compiled, and their errors reported with those.
    const compiled = await stage('compile', () => throwTogether(contentErrors, compileSite(session, config, model, report, staticFiles, theme)), describe.compile);
    const history = planned.length === 0 ? await log.stage('last updated', () => gitHistory, describe.history) : await gitHistory;
    const plan = await stage('routes', async () => planSite({ config, model, history, staticFiles, theme }, compiled, report), describe.routes);
    const bundleParts = pluginBundleParts(plugins);
    if (bundleParts) plan.virtual.plugins = bundleParts;
    planned.push({ locale, plan, compiled, plugins });
  }

  const output = await openOutput(session, outDir);
  let failed = true;
  const searching: Array<Promise<unknown>> = [];
  try {
    const written: WrittenLocale[] = [];
    let pageAssets: string[] | undefined;
    for (const { locale, plan, compiled, plugins } of planned) {
      const stage = <T>(name: string, run: () => Promise<T>, describe?: (result: T) => string) => log.stage(named(name, locale), run, describe);
      const { config } = plan;
      // Each locale writes its folder of the output (the site's base URL for the default one), committed together.
      const part = await localeOutput(session, output, outputFolderOf(siteConfig, locale));
      const bundled = await stage('bundle', () => session.bundlers.client.bundle(plan.virtual, part.last.files.dir, config.baseUrl, part.last.files.keep), describe.bundle);
      // Pages with math get KaTeX's style sheet; the diagram runtime is written for pages with diagrams.
      const client = await stage('page assets', () => addPageAssets(bundled, plan, compiled, part, session));
      const rendered = await stage('render', () => renderSite(session, plan, compiled, client, part, report), describe.render);
      // Pagefind indexes in a process of its own, beside the site-wide files and the link check; a
      // site that fails the check waits for it, then is not committed.
      const search = stage('search', () => indexSite(session, plan, rendered, part, options.deferSearch ?? false), describe.search);
      searching.push(search.catch(() => {}));
      const outputs = siteOutputs(session, plan, compiled, rendered, part, report);
      await stage('markdown', async () => outputs.writeMarkdown(), describe.markdown);
      await stage('llms', async () => outputs.writeLlms());
      await stage('feeds', () => outputs.writeFeeds(), describe.feeds);
      await stage('sitemap', async () => outputs.writeSitemap(), (n) => describe.sitemap(n, config.noIndex));
      if (plan.redirects.length > 0) await stage('redirects', async () => outputs.writeRedirects(), (n) => `${n} page${n === 1 ? '' : 's'}`);
      // A link to the same page in another locale (the locale dropdown's) is checked against that locale's routes.
      const otherLocales = siteConfig.i18n.locales
        .filter((other) => other !== locale)
        .map((other) => {
          const built = planned.find((entry) => entry.locale === other)?.plan.routes;
          return { baseUrl: siteConfig.i18n.localeConfigs[other]!.baseUrl, routes: built ? new Set(built.map((route) => route.path)) : null };
        });
      await stage('check links', async () => checkSiteLinks(plan, rendered, { client, compiled, outputs }, part, report, otherLocales));
      await writeStaticFiles(plan, part, output);
      const liveCode = [...compiled.pages.values()].some((page) => page.features.includes('liveCode'));
      const pluginEval = await pluginCodeThatEvaluates(bundled.entryGraph, pluginClientRoots(plugins, config.siteDir));
      written.push({ plan, output: part, rendered, outputs, search: await search, liveCode, pluginEval });
      pageAssets ??= [client.siteData, client.entry.js, ...client.entry.imports, ...client.entry.css];
    }
    const committed = await log.stage('write', () => commitSite(session, written, output, report));
    failed = false;
    // The plugins' postBuild, on the output as it now is (a watch session's builds run none, as Docusaurus's dev server).
    if (!session.afterBuild && planned.some(({ plugins }) => plugins.plugins.some((loaded) => loaded.plugin.postBuild))) {
      await log.stage('post build', async () => {
        for (const { plan, plugins, locale } of planned) await runPostBuild(plugins, plan.config, path.join(path.resolve(session.outDir), outputFolderOf(siteConfig, locale)), plan.routes.map((route) => route.path));
        // What they wrote is the build's: the next one removes it (docusaurus-lunr-search names its index by the build).
        committed.adoptWritten();
      });
    }
    // The first locale's figures, with every locale's compiled pages: a page is compiled once, then found by the other locales.
    const main = written[0]!;
    const compile = { compiled: sum(planned, ({ compiled }) => compiled.stats.compiled), reused: sum(planned, ({ compiled }) => compiled.stats.reused) };
    const stats = { compile, render: main.rendered.stats, search: main.search && searchStats(main.search) };
    const pages = sum(written, ({ plan }) => plan.routes.length);
    const watchPaths = [...new Set(planned.flatMap(({ plugins }) => plugins.watchPaths))];
    return summarize(log, quiet, { pages, outDir: path.resolve(session.outDir), warnings, timings: log.timings, pageAssets: pageAssets ?? [], watchPaths, stats }, performance.now() - started);
  } catch (error) {
    // Said in words while what it names is still there: the staging folder goes next.
    throw withOsErrorsInWords(error);
  } finally {
    // Nothing may still write into the staging folder when it is committed or removed.
    await Promise.all(searching);
    await closeOutput(output, failed);
  }
}

/** Where the site's plugins write their data and route modules: its cache's `plugins` folder. */
const pluginsDirOf = (session: BuildSession) => cacheFolders(cacheRootFor(session.siteDir)).plugins;

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);

/** One locale of the site, planned: its config and routes, and its compiled pages. */
interface PlannedLocale {
  locale: string;
  plan: SitePlan;
  compiled: CompiledSite;
  /** What the site's plugins gave this locale's build. */
  plugins: PluginsOutcome;
}

/**
 * Builds once in a session of its own, closed afterwards: `sipadocs build`, the `build()` API and
 * tests. `serve --watch` keeps one session for all its builds instead (see createBuildSession).
 */
export async function buildOnce(options: SessionOptions): Promise<BuildResult> {
  const session = createBuildSession(options);
  try {
    return await buildSite(session);
  } finally {
    await session.close();
  }
}

/**
 * What a Docusaurus project built in place has that the build does not, as one short list: once
 * per session, and again only when it changes (a watch session reads the project at each edit
 * of its config).
 */
function reportProjectReading(project: ProjectReading, session: BuildSession, report: BuildReport): void {
  const lines = [...project.warnings, ...project.notBuilt].map(({ item, reason }) => `  - ${item}: ${reason}`);
  const text = lines.length === 0 ? '' : `the Docusaurus project has ${lines.length} thing${lines.length === 1 ? '' : 's'} this build leaves out or reads differently:\n${lines.join('\n')}`;
  if (text === session.projectMemo.reported) return;
  session.projectMemo.reported = text;
  if (text) report.warn(text);
}

/** Prints the summary line: the only line of a quiet build. */
function summarize(log: StageLogger, quiet: boolean, result: BuildResult, ms: number): BuildResult {
  const where = path.relative(process.cwd(), result.outDir) || '.';
  const count = result.warnings.length;
  const summary = `Built ${result.pages} pages into ${where} in ${formatMs(ms)}${count ? ` (${count} warning${count === 1 ? '' : 's'})` : ''}`;
  if (quiet) process.stdout.write(`${summary}\n`);
  else log.info(summary);
  return result;
}

/** Each stage's line in the log: what it produced or reused. */
const describe = {
  scan: (scanned: { sources: unknown[] }) => `${scanned.sources.length} files`,
  model: (model: SiteModel) => (model.draftsLeftOut ? `${model.draftsLeftOut} draft${model.draftsLeftOut === 1 ? '' : 's'} left out` : ''),
  compile: (compiled: CompiledSite) => `${compiled.pages.size} pages${compiled.stats.reused ? ` (${compiled.stats.reused} cached)` : ''}`,
  history: (history: GitHistory) => (history.size ? `${history.size} files in git` : 'no git history'),
  routes: (plan: { routes: unknown[] }) => `${plan.routes.length} routes`,
  plugins: (outcome: PluginsOutcome) => `${outcome.plugins.length} plugin${outcome.plugins.length === 1 ? '' : 's'}${outcome.routes.length ? `, ${outcome.routes.length} routes` : ''}`,
  bundle: (client: ClientBundle) => `${client.files.length} files${client.routesBundled ? ` (${client.routesBundled} route chunks bundled)` : ''}`,
  render: ({ pages, stats }: RenderedSite) => {
    const parts = [stats.kept ? `${stats.kept} unchanged` : '', stats.reused ? `${stats.reused} cached` : ''].filter(Boolean);
    return `${pages.length} pages${parts.length ? ` (${parts.join(', ')})` : ''}`;
  },
  markdown: (pages: number) => `${pages} pages`,
  feeds: (feeds: number) => (feeds ? `${feeds} feeds` : 'no feeds'),
  sitemap: (urls: number, noIndex: boolean) => (noIndex ? 'robots.txt only (noIndex)' : `${urls} URLs`),
  search: (search: SearchIndexResult | null) => (search ? describeSearch(searchStats(search)) : 'off (noIndex)'),
};
