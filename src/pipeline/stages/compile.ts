import type { SiteConfig } from '../../config/types.js';
import type { ImageSettings } from '../../config/images.js';
import { compilePages, type CompileStats } from '../../compiler/compile/compilePages.js';
import type { CompileJob, ContentScope } from '../../compiler/compile/compileJob.js';
import { COMPILED_PAGES } from '../../compiler/compile/compiledPages.js';
import { NO_THEME_FOLDER, replacesContentComponent, type SiteThemeFolder } from '../../bundle/themeOverrides.js';
import type { CompiledPage } from '../../compiler/mdx/compile.js';
import type { CompileWarning } from '../../compiler/mdx/plugins.js';
import type { RenderingSettings } from '../../compiler/mdx/rendering.js';
import type { ContentSource, SiteModel } from '../../model/model.js';
import { routesByLowerCase, type MarkdownLinkTargets } from '../../model/linkResolver.js';
import { codeFrame, formatLocation, SiteError, SiteErrors } from '../../errors.js';
import { relocateError, shownPath } from '../locations.js';
import { inLocale, keyInLocale, NEUTRAL_BASE } from '../../i18n/localeNeutral.js';
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
export async function compileSite(session: BuildSession, config: SiteConfig, model: SiteModel, report: BuildReport, staticFiles: readonly string[] = [], theme: SiteThemeFolder = NO_THEME_FOLDER): Promise<CompiledSite> {
  const jobs = compileJobs(model);
  // A site in several locales compiles its pages once for all of them (see localeNeutral.ts).
  const multilingual = config.i18n.locales.length > 1;
  const shown = shownPath(config);
  const { outcomes, keys, stats } = await compilePages(
    jobs,
    // Every heading level goes into the compiled table of contents; each page shows its own levels of it.
    {
      tocLevels: { min: 1, max: 6 },
      themes: { ...config.codeThemes },
      linkTargets: markdownLinkTargets(config, model, staticFiles),
      siteDir: config.siteDir,
      baseUrl: multilingual ? NEUTRAL_BASE : config.baseUrl,
      rendering: renderingSettings(config),
      markdown: { format: config.markdown.format, mdx1Compat: { ...config.markdown.mdx1Compat } },
      plugins: config.markdownPlugins,
      replacesContent: replacesContentComponent(theme.overrides),
      images: imageSettings(config),
    },
    {
      artifacts: session.artifacts.kind(COMPILED_PAGES),
      highlighter: () => session.highlighter(config.codeThemes),
      staticSession: session.staticSession,
      startEarly: session.startCompilerEarly,
      onProgress: report.progress,
    },
  ).catch((error: unknown) => {
    throw relocateError(error, shown);
  });
  const pages = new Map<string, CompiledPage>();
  const images = new Map<string, string>();
  const errors: SiteError[] = [];
  for (const job of jobs) {
    const outcome = outcomes.get(job.relPath)!;
    if (!outcome.ok) {
      errors.push(relocateError(new SiteError(outcome.error), shown) as SiteError);
      continue;
    }
    const page = multilingual ? inLocale(outcome.page, config.baseUrl) : outcome.page;
    for (const w of page.warnings) {
      const level = w.code === 'BROKEN_MARKDOWN_LINK' ? config.onBrokenMarkdownLinks : 'warn';
      if (level === 'throw') errors.push(brokenMarkdownLinkError(w, shown(job.relPath), job.text));
      else if (level === 'warn') report.warn(`${formatLocation({ file: shown(job.relPath), line: w.line, column: w.column })}: ${w.message}`);
      else if (level === 'log') report.info?.(`${formatLocation({ file: shown(job.relPath), line: w.line, column: w.column })}: ${w.message}`);
    }
    pages.set(job.relPath, page);
    for (const [source, file] of Object.entries(outcome.images)) images.set(file, source);
  }
  if (errors.length > 0) throw new SiteErrors(errors);
  // What a page's code is made from in this locale: its base URL too.
  if (multilingual) for (const [relPath, key] of keys) keys.set(relPath, keyInLocale(key, config.baseUrl));
  return { pages, keys, images, stats: { compiled: stats.compiled, reused: stats.reused } };
}

/** An unresolved markdown link under `onBrokenMarkdownLinks: 'throw'`. */
function brokenMarkdownLinkError(warning: CompileWarning, file: string, text: string): SiteError {
  return new SiteError({
    code: 'BROKEN_MARKDOWN_LINK',
    message: warning.message,
    location: { file, line: warning.line, column: warning.column },
    frame: warning.line ? codeFrame(text, warning.line, warning.column) : undefined,
    hint: 'Name a doc, post or page by its file: relative to this file ("./other.md"), to its docs folder ("guides/setup.md" or "/guides/setup.md"), or from the site folder ("@site/docs/setup.md").',
  });
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
  const scopes = new Map<string, ContentScope>();
  for (const doc of model.docs) scopes.set(doc.source.relPath, `docs:${doc.pluginId}`);
  for (const post of model.posts) scopes.set(post.source.relPath, 'blog');
  return contentSources(model).map((source) => ({
    relPath: source.relPath,
    scope: scopes.get(source.relPath) ?? 'pages',
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

/**
 * What links to .md/.mdx files may name: the route of every doc, post and page by site-relative
 * source path, the content roots they resolve from, and the markdown files of the output (the
 * static folder's and the pages' markdown copies).
 */
function markdownLinkTargets(config: SiteConfig, model: SiteModel, staticFiles: readonly string[]): MarkdownLinkTargets {
  const routesBySource: Record<string, string> = {};
  for (const doc of model.docs) routesBySource[doc.source.relPath] = doc.route;
  for (const post of model.posts) routesBySource[post.source.relPath] = post.route;
  for (const page of model.pages) routesBySource[page.relPath] = page.route;
  // Each doc resolves from the docs root of its own version and instance.
  const docsRoots = new Set(model.docs.map((doc) => doc.docsDir));
  const contentRoots = [...docsRoots, config.blog.path, config.pages.path].map((root) => root.replace(/^\.\/|\/+$/g, ''));
  // A link may also name a page's markdown copy (see outputs/pageMarkdown.ts) on purpose.
  const copies = [...model.docs, ...model.posts].map((item) => `${item.route === '/' ? '/index' : item.route}.md`);
  const staticMarkdown = [...staticFiles.filter((file) => /\.mdx?$/.test(file)).map((file) => `/${file}`), ...copies];
  return { routesBySource, contentRoots, staticMarkdown, routesByLowerCase: routesByLowerCase(Object.values(routesBySource)) };
}

/** The settings of markdown images' copies (the ideal-image plugin's are the bundle's). */
function imageSettings(config: SiteConfig): ImageSettings {
  const { idealImage: _idealImage, ...settings } = config.images;
  return settings;
}
