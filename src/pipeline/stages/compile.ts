import type { SiteConfig } from '../../config/types.js';
import { compilePages, type CompileStats } from '../../content/compile/compilePages.js';
import { COMPILED_PAGES, type CompileJob } from '../../content/compile/compileJob.js';
import type { CompiledPage } from '../../content/mdx/compile.js';
import type { RenderingSettings } from '../../content/mdx/rendering.js';
import type { ContentSource, SiteModel } from '../../content/model.js';
import { formatLocation, SiteError, SiteErrors } from '../../errors.js';
import { relocateError, shownPath } from '../locations.js';
import type { BuildReport, BuildSession } from '../session.js';

export interface CompiledSite {
  /** Compiled pages by site-relative source path. */
  pages: Map<string, CompiledPage>;
  /** What each page's code is made from, by source path (see compilePages). */
  keys: Map<string, string>;
  /** Each image once, however many pages use it: absolute source file by output file. */
  images: Map<string, string>;
  stats: Pick<CompileStats, 'compiled' | 'reused'>;
}

/**
 * The `compile` stage: every doc, post and markdown page through MDX, from the session's caches
 * when unchanged. Compile warnings are reported; every page that fails is thrown together.
 */
export async function compileSite(session: BuildSession, config: SiteConfig, model: SiteModel, report: BuildReport): Promise<CompiledSite> {
  const jobs = compileJobs(model);
  const { outcomes, keys, stats } = await compilePages(
    jobs,
    // Every heading level goes into the compiled table of contents; each page shows its own levels of it.
    { tocLevels: { min: 1, max: 6 }, themes: { ...config.codeThemes }, routesBySource: routesBySource(model), siteDir: config.siteDir, baseUrl: config.baseUrl, rendering: renderingSettings(config) },
    {
      artifacts: session.artifacts.kind(COMPILED_PAGES),
      highlighter: () => session.highlighter(config.codeThemes),
      staticSession: session.staticSession,
      startEarly: session.startCompilerEarly,
      onProgress: report.progress,
    },
  );
  const shown = shownPath(config);
  const pages = new Map<string, CompiledPage>();
  const images = new Map<string, string>();
  const errors: SiteError[] = [];
  for (const job of jobs) {
    const outcome = outcomes.get(job.relPath)!;
    if (!outcome.ok) {
      errors.push(relocateError(new SiteError(outcome.error), shown) as SiteError);
      continue;
    }
    for (const w of outcome.page.warnings) report.warn(`${formatLocation({ file: shown(job.relPath), line: w.line, column: w.column })}: ${w.message}`);
    pages.set(job.relPath, outcome.page);
    for (const [source, file] of Object.entries(outcome.images)) images.set(file, source);
  }
  if (errors.length > 0) throw new SiteErrors(errors);
  return { pages, keys, images, stats: { compiled: stats.compiled, reused: stats.reused } };
}

/** What the config says of magic comments, math and diagrams. */
function renderingSettings(config: SiteConfig): RenderingSettings {
  const { magicComments, math, mermaid } = config.markdown;
  return { magicComments, math, mermaid };
}

/** The sources of every doc, post and markdown page. */
export function contentSources(model: SiteModel): ContentSource[] {
  return [
    ...model.docs.map((doc) => doc.source),
    ...model.posts.map((post) => post.source),
    ...model.pages.flatMap((page) => (page.source ? [page.source] : [])),
  ];
}

function compileJobs(model: SiteModel): CompileJob[] {
  const imageBySource = new Map<string, string | null>();
  for (const item of [...model.docs, ...model.posts]) imageBySource.set(item.source.relPath, item.image);
  for (const page of model.pages) if (page.source) imageBySource.set(page.source.relPath, page.image);
  return contentSources(model).map((source) => ({
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
}

/** Route of every doc, post and page by site-relative source path, for relative markdown links. */
function routesBySource(model: SiteModel): Record<string, string> {
  const routes: Record<string, string> = {};
  for (const doc of model.docs) routes[doc.source.relPath] = doc.route;
  for (const post of model.posts) routes[post.source.relPath] = post.route;
  for (const page of model.pages) routes[page.relPath] = page.route;
  return routes;
}
