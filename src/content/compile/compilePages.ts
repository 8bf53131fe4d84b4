import { createHash } from 'node:crypto';
import os from 'node:os';
import type { CompiledPage } from '../mdx/compile.js';
import type { CodeHighlighter } from '../mdx/highlighter.js';
import { SiteError } from '../../errors.js';
import { codeFingerprint, dependencyVersion } from '../../packageRoot.js';
import { GENERATOR_VERSION } from '../../version.js';
import { resolveMarkdownLink, runCompileJob, type CompileJob, type CompileOutcome, type CompileSettings } from './compileJob.js';
import { createImageFiles, type ImageFiles } from './images.js';
import { createStaticSession } from '../static/renderStaticPage.js';
import { themeRendererScript } from '../static/themeShells.js';
import { hasCacheEntry, openCacheIndex, readCacheEntry, writeCacheEntry, type CacheIndex } from '../../util/diskCache.js';
import { createWorkerPool, workerScript } from '../../util/workerPool.js';

/**
 * A cached compilation: valid while its key matches, its markdown links resolve the same way and
 * its images are the same files (an edited image has another name, so the page's code changes).
 */
export interface CacheEntry {
  key: string;
  outcome: Extract<CompileOutcome, { ok: true }>;
}

/**
 * On disk, each page's compiled code (and its markdown view) is an entry of its own (`<key>-code`),
 * read only if the page is bundled, rendered or written as markdown again. What the site model needs of every page (headings, links,
 * warnings) is one index per site, by key: one read a build instead of one per page, and a cold
 * build writes one file per page instead of two. The index holds the site's current pages only.
 */
type StoredPage = Omit<CompiledPage, 'code' | 'excerptCode' | 'markdown'>;
interface StoredOutcome {
  page: StoredPage;
  links: Record<string, string | null>;
  images: Record<string, string>;
}
interface StoredCode {
  code: string;
  excerptCode: string | null;
  markdown: string;
}
const codeKey = (key: string) => `${key}-code`;

/** Compilations kept in memory by a watch session, by source path. */
export type CompileMemory = Map<string, CacheEntry>;

export interface CompileStats {
  compiled: number;
  /** Reused from memory (watch mode) or from the persistent cache on disk. */
  reused: number;
  workers: number;
}

export interface CompilePagesOptions {
  /** Folder of the persistent cache, or null for none. */
  cacheDir: string | null;
  /** Names the site's index in the cache (see StoredOutcome), so sites built from one checkout keep theirs apart. */
  siteId: string;
  /** In-memory cache kept by a watch session, by source path. */
  memory?: Map<string, CacheEntry>;
  /** The in-process highlighter, created on first need. */
  highlighter: () => Promise<CodeHighlighter>;
  /** Worker threads to use when there is enough to compile; 0 compiles in-process. */
  workers?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Below this many pages per worker, thread start-up and warm-up cost more than they save (measured on 2 cores). */
const MIN_PAGES_PER_WORKER = 100;

/** Changes whenever the compiler or its main libraries change, so stale cache entries are never read. */
const FINGERPRINT = (() => {
  const hash = createHash('sha256').update(GENERATOR_VERSION);
  const files = [
    'src/content/mdx/compile.ts', 'src/content/mdx/plugins.ts', 'src/content/mdx/preprocess.ts', 'src/content/mdx/codeMeta.ts',
    'src/content/mdx/highlighter.ts', 'src/content/mdx/twoThemeHtml.ts', 'src/content/mdx/anchors.ts', 'src/content/mdx/jsxUsage.ts',
    'src/content/mdx/walk.ts', 'src/content/mdx/markdownView.ts', 'src/content/mdx/nesting.ts', 'src/content/mdx/freeNames.ts', 'src/content/mdx/editMapFix.ts', 'src/content/mdx/magicComments.ts', 'src/content/mdx/rendering.ts', 'src/content/mdx/alerts.ts', 'src/content/compile/compileJob.ts', 'src/content/compile/images.ts', 'src/shared/paths.ts', 'src/shared/themeComponents.ts',
    // The fast path, and the theme markup it writes into its pages' HTML (see themeShells.ts).
    'src/content/static/isStaticPage.ts', 'src/content/static/parser.ts', 'src/content/static/renderStaticPage.ts', 'src/content/static/sourceLines.ts',
    'src/content/static/themeShells.ts', 'src/render/shellEntry.tsx', 'src/shared/shellRenderer.ts', 'src/content/static/staticModule.ts', 'templates/mdxComponents.tsx', 'templates/components/Admonition.tsx',
    'templates/components/CodeBlock.tsx', 'templates/components/Details.tsx', 'templates/components/Heading.tsx', 'src/client/navigation.tsx',
  ];
  hash.update(codeFingerprint(files));
  for (const pkg of ['@mdx-js/mdx', 'shiki', 'remark-gfm', 'remark-directive', 'rehype-raw', 'hast-util-raw', 'mdast-util-to-markdown', 'mdast-util-gfm', 'micromark-util-edit-map', 'estree-util-visit', 'markdown-it', 'markdown-it-container', 'react-dom', '@slorber/remark-comment']) hash.update(`\0${pkg}@${dependencyVersion(pkg)}`);
  return hash.digest('hex');
})();

function cacheKey(job: CompileJob, settingsKey: string): string {
  // The body is hashed as it is, not inside a JSON string: escaping thousands of bodies costs more than hashing them.
  return createHash('sha256')
    .update(settingsKey)
    .update(JSON.stringify([job.relPath, job.format, job.withExcerpt, job.route, job.image, job.frontMatter]))
    .update('\0')
    .update(job.body)
    .digest('hex');
}

/**
 * Compiles every page that is not cached, in worker threads when there are many, and returns an
 * outcome per source path. Successful results are kept in memory and on disk, keyed by content.
 */
export async function compilePages(
  jobs: CompileJob[],
  settings: CompileSettings,
  options: CompilePagesOptions,
): Promise<{
  outcomes: Map<string, CompileOutcome>;
  /** What each page's code is made from, by source path: the cache key, and the page's images. */
  keys: Map<string, string>;
  stats: CompileStats;
}> {
  const imageFiles = createImageFiles();
  const wanted = options.workers ?? Math.min(os.availableParallelism(), 4);
  // Loading the compiler takes about 0.3 s, and looking up thousands of pages in the cache about as
  // long. A one-off build of a large site starts a worker on the core the look-ups leave idle, so
  // a page edited since the last build does not wait for the compiler; with nothing to compile,
  // the worker is stopped.
  const early = wanted > 0 && !options.memory && options.cacheDir && jobs.length >= MIN_PAGES_PER_WORKER * 2 ? await workerCompiler(settings, 1) : null;
  const index = openCacheIndex<StoredOutcome>(options.cacheDir, `site-${options.siteId}`);
  let compiler: Compiler | null = early;
  try {
    const { outcomes, keys, misses } = lookUpCompiled(jobs, settings, options, index, imageFiles);
    const workers =
      misses.length >= MIN_PAGES_PER_WORKER * 2 ? Math.min(wanted, Math.floor(misses.length / MIN_PAGES_PER_WORKER)) : early && misses.length > 0 ? 1 : 0;
    early?.grow(workers);
    compiler ??= workers > 0 ? await workerCompiler(settings, workers) : inProcessCompiler(settings, options.highlighter, imageFiles);
    await compileMisses(misses, compiler, outcomes, options, index);
    index.save();
    if (options.memory) {
      const live = new Set(jobs.map((job) => job.relPath));
      for (const relPath of options.memory.keys()) if (!live.has(relPath)) options.memory.delete(relPath);
    }
    return { outcomes, keys: withImages(keys, outcomes), stats: { compiled: misses.length, reused: jobs.length - misses.length, workers } };
  } finally {
    await compiler?.close();
  }
}

/**
 * Finds each page's compilation in memory or in the persistent cache; valid while its key
 * matches, its markdown links resolve the same way and its images are the same files.
 */
function lookUpCompiled(jobs: CompileJob[], settings: CompileSettings, options: CompilePagesOptions, index: CacheIndex<StoredOutcome>, imageFiles: ImageFiles) {
  const outcomes = new Map<string, CompileOutcome>();
  const keys = new Map<string, string>();
  const misses: Array<{ job: CompileJob; key: string }> = [];
  const stillValid = (entry: CacheEntry, job: CompileJob) =>
    Object.entries(entry.outcome.links).every(([target, route]) => resolveMarkdownLink(settings.routesBySource, job.relPath, target) === route) &&
    Object.entries(entry.outcome.images).every(([absPath, file]) => imageFiles.info(absPath)?.file === file);
  // Relative images are found from the site folder: the same page in another folder may have other images.
  const settingsKey = JSON.stringify([FINGERPRINT, STORAGE_VERSION, settings.tocLevels, settings.themes, settings.baseUrl, settings.siteDir, settings.rendering, settings.markdown ?? null]);
  for (const job of jobs) {
    const key = cacheKey(job, settingsKey);
    keys.set(job.relPath, key);
    let entry = options.memory?.get(job.relPath);
    if (!entry || entry.key !== key) entry = storedEntry(options.cacheDir, key, index.known(key), job.relPath) ?? undefined;
    if (entry && entry.key === key && stillValid(entry, job)) {
      outcomes.set(job.relPath, entry.outcome);
      options.memory?.set(job.relPath, entry);
      index.set(key, index.known(key) ?? storedOutcome(entry.outcome));
    } else {
      misses.push({ job, key });
    }
  }
  return { outcomes, keys, misses };
}

/** Compiles the pages no cache had, keeping each success in memory and on disk. */
async function compileMisses(
  misses: Array<{ job: CompileJob; key: string }>,
  compiler: Compiler,
  outcomes: Map<string, CompileOutcome>,
  options: CompilePagesOptions,
  index: CacheIndex<StoredOutcome>,
): Promise<void> {
  let done = 0;
  await Promise.all(
    misses.map(async ({ job, key }) => {
      const outcome = await compiler.run(job);
      outcomes.set(job.relPath, outcome);
      options.onProgress?.(++done, misses.length);
      if (!outcome.ok) return;
      options.memory?.set(job.relPath, { key, outcome });
      // The code is written before the index that promises it is there.
      writeCacheEntry(options.cacheDir, codeKey(key), { code: outcome.page.code, excerptCode: outcome.page.excerptCode, markdown: outcome.page.markdown } satisfies StoredCode);
      index.set(key, storedOutcome(outcome));
    }),
  );
}

/**
 * A page's code also depends on its images, which the key (made before compiling) cannot know:
 * the key handed on for the code includes the images' content-hashed names.
 */
function withImages(keys: Map<string, string>, outcomes: Map<string, CompileOutcome>): Map<string, string> {
  for (const [relPath, key] of keys) {
    const outcome = outcomes.get(relPath);
    if (outcome?.ok && Object.keys(outcome.images).length > 0) {
      keys.set(relPath, createHash('sha256').update(key).update(JSON.stringify(outcome.images)).digest('hex'));
    }
  }
  return keys;
}

/** Changes when the layout of cache entries changes. */
const STORAGE_VERSION = 5;

/**
 * What the index keeps of a compilation: everything but the code. Fields are picked one by one
 * because a page read from the cache reads its code on first touch.
 */
function storedOutcome({ page, links, images }: CacheEntry['outcome']): StoredOutcome {
  const model: StoredPage = {
    isStatic: page.isStatic,
    hasTruncateMarker: page.hasTruncateMarker,
    toc: page.toc,
    headingIds: page.headingIds,
    anchors: page.anchors,
    excerptAnchors: page.excerptAnchors,
    h1: page.h1,
    warnings: page.warnings,
    markdownLinks: page.markdownLinks,
    image: page.image,
  };
  return { page: model, links, images };
}

/** A compilation from the index whose code is read from disk on first use, or null when not cached. */
function storedEntry(dir: string | null, key: string, stored: StoredOutcome | undefined, relPath: string): CacheEntry | null {
  if (!stored || !hasCacheEntry(dir, codeKey(key))) return null;
  let loaded: StoredCode | null = null;
  const load = (): StoredCode => {
    loaded ??= readCacheEntry<StoredCode>(dir, codeKey(key));
    if (!loaded) {
      throw new SiteError({
        code: 'CACHE_CHANGED',
        message: 'the compiled code of this page disappeared from the cache during the build',
        location: { file: relPath },
        hint: 'Something removed files from node_modules/.cache/sipadocs while building; run the build again.',
      });
    }
    return loaded;
  };
  const page = Object.defineProperties({ ...stored.page } as CompiledPage, {
    code: { get: () => load().code, enumerable: true },
    excerptCode: { get: () => load().excerptCode, enumerable: true },
    markdown: { get: () => load().markdown, enumerable: true },
  });
  return { key, outcome: { ok: true, page, links: stored.links, images: stored.images } };
}

/** Compiles pages one job at a time, in this thread or in worker threads. */
interface Compiler {
  run(job: CompileJob): Promise<CompileOutcome>;
  close(): Promise<void>;
}

function inProcessCompiler(settings: CompileSettings, highlighter: () => Promise<CodeHighlighter>, imageFiles: ImageFiles): Compiler {
  const staticSession = createStaticSession();
  return {
    run: async (job: CompileJob) => runCompileJob(job, settings, await highlighter(), imageFiles, staticSession),
    close: async () => {},
  };
}

async function workerCompiler(settings: CompileSettings, size: number) {
  const [script] = await Promise.all([workerScript('compileWorker', 'src/content/compile/compileWorker.ts'), themeRendererScript()]);
  return createWorkerPool<CompileJob, CompileOutcome>(script, size, settings);
}
