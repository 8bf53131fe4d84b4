import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { CodeHighlighter } from '../mdx/highlighter.js';
import type { ArtifactKind } from '../../cache/artifacts.js';
import type { CompiledOutcome, CompileJob, CompileOutcome, CompileSettings } from './compileJob.js';
import { resolveMarkdownLink } from '../../model/linkResolver.js';
import { DEFAULT_RENDERING } from '../mdx/rendering.js';
import { createImageFiles, type ImageFiles } from './images.js';
import type { StaticSession } from '../static/renderStaticPage.js';
import { themeRendererScript } from '../static/themeShells.js';
import { createWorkerPool, workerScript, WorkerCrash } from '../../util/workerPool.js';
import { SiteError } from '../../errors.js';

export interface CompileStats {
  compiled: number;
  /** Reused from this build, the session's memory or the persistent cache. */
  reused: number;
  workers: number;
}

export interface CompilePagesOptions {
  /** Where compiled pages are kept and found (the session's COMPILED_PAGES kind). */
  artifacts: ArtifactKind<CompiledOutcome>;
  /** The in-process highlighter, created on first need. */
  highlighter: () => Promise<CodeHighlighter>;
  /** The fast path's parsers and theme shells for compiling in this thread, kept by the session. */
  staticSession: () => Promise<StaticSession>;
  /** Worker threads to use when there is enough to compile; 0 compiles in-process. */
  workers?: number;
  /** Start a worker while pages are looked up, when a large build may need one (a one-off build: watch mode has its pages in memory). */
  startEarly?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** Below this many pages per worker, thread start-up and warm-up cost more than they save (measured on 2 cores). */
const MIN_PAGES_PER_WORKER = 100;

/**
 * Compiles every page that is not cached, in worker threads when there are many, and returns an
 * outcome per source path. Each page is found or kept by a key of its source and the settings;
 * a found page holds while its markdown links resolve the same way and its images (files it was
 * made from) are unchanged.
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
  const imageFiles = createImageFiles(settings.images);
  // Plugins written in the config, or given options a thread cannot copy, run in this thread only.
  const wanted = settings.plugins?.transferable === false ? 0 : (options.workers ?? Math.min(os.availableParallelism(), 4));
  // Loading the compiler takes about 0.3 s, and looking up thousands of pages in the cache about as
  // long. A one-off build of a large site starts a worker on the core the look-ups leave idle, so
  // a page edited since the last build does not wait for the compiler; with nothing to compile,
  // the worker is stopped.
  const early = wanted > 0 && options.startEarly && jobs.length >= MIN_PAGES_PER_WORKER * 2 ? await workerCompiler(settings, 1) : null;
  let compiler: Compiler | null = early;
  try {
    const { outcomes, keys, misses } = lookUpCompiled(jobs, settings, options.artifacts);
    const workers =
      misses.length >= MIN_PAGES_PER_WORKER * 2 ? Math.min(wanted, Math.floor(misses.length / MIN_PAGES_PER_WORKER)) : early && misses.length > 0 ? 1 : 0;
    early?.grow(workers);
    compiler ??= workers > 0 ? await workerCompiler(settings, workers) : await inProcessCompiler(settings, options.highlighter, imageFiles, options.staticSession);
    await compileMisses(misses, compiler, outcomes, options);
    return { outcomes, keys: withImages(keys, outcomes), stats: { compiled: misses.length, reused: jobs.length - misses.length, workers } };
  } finally {
    await compiler?.close();
  }
}

/** Finds each page's compilation among the artifacts; valid while its markdown links resolve the same way. */
function lookUpCompiled(jobs: CompileJob[], settings: CompileSettings, artifacts: ArtifactKind<CompiledOutcome>) {
  const outcomes = new Map<string, CompileOutcome>();
  const keys = new Map<string, string>();
  const misses: Array<{ job: CompileJob; key: string }> = [];
  // Every setting is part of the key but what links may name, which only the links a page has depend on.
  // Relative images are found from the site folder: the same page in another folder may have other images.
  const { linkTargets, ...shaping } = settings;
  const shapingKey = JSON.stringify(shaping);
  for (const job of jobs) {
    // The body is hashed as it is, not inside a JSON string: escaping thousands of bodies costs more than hashing them.
    const { body, text: _text, ...facts } = job;
    const key = artifacts.key(shapingKey, facts, body);
    keys.set(job.relPath, key);
    const found = artifacts.find(key, {
      valid: (outcome) => Object.entries(outcome.links).every(([target, route]) => resolveMarkdownLink(linkTargets, job.relPath, target) === route),
    });
    if (found) outcomes.set(job.relPath, found);
    else misses.push({ job, key });
  }
  return { outcomes, keys, misses };
}

/** Compiles the pages no tier had, keeping each success with the images it uses. */
async function compileMisses(
  misses: Array<{ job: CompileJob; key: string }>,
  compiler: Compiler,
  outcomes: Map<string, CompileOutcome>,
  options: CompilePagesOptions,
): Promise<void> {
  let done = 0;
  await Promise.all(
    misses.map(async ({ job, key }) => {
      const outcome = await compiler.run(job).catch((error: unknown) => {
        throw stoppedOn(job, error);
      });
      outcomes.set(job.relPath, outcome);
      options.onProgress?.(++done, misses.length);
      // Its images and the partials it imports are checked by content whenever it is looked up.
      if (outcome.ok) options.artifacts.put(key, outcome, [...Object.keys(outcome.images), ...(outcome.page.dependencies ?? [])]);
    }),
  );
}

/**
 * A compiler thread that crashed or stopped (a plugin called process.exit()) fails every page it
 * had left; the first to fail, which the build reports, is the page it was compiling.
 */
function stoppedOn(job: CompileJob, error: unknown): unknown {
  if (!(error instanceof WorkerCrash)) return error;
  return new SiteError({
    code: 'PLUGIN_FAILED',
    message: `compiling this page stopped the compiler: ${error.message}`,
    hint: 'A remark or rehype plugin of the site may end the process or crash while it reads this page; the build is stopped rather than published without it.',
    location: { file: job.relPath },
    cause: error,
  });
}

/**
 * A page's code also depends on its images and the partials it imports, which the key (made
 * before compiling) cannot know: the key handed on for the code includes the images'
 * content-hashed names and the partials' content.
 */
function withImages(keys: Map<string, string>, outcomes: Map<string, CompileOutcome>): Map<string, string> {
  for (const [relPath, key] of keys) {
    const outcome = outcomes.get(relPath);
    if (!outcome?.ok) continue;
    const partials = outcome.page.dependencies ?? [];
    if (Object.keys(outcome.images).length === 0 && partials.length === 0) continue;
    const hash = createHash('sha256').update(key).update(JSON.stringify(outcome.images));
    for (const file of partials) hash.update('\0').update(file).update('\0').update(fileContent(file));
    keys.set(relPath, hash.digest('hex'));
  }
  return keys;
}

/** A file's bytes, or none when it has gone (what was made from it is rebuilt next time). */
function fileContent(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
}

/** Compiles pages one job at a time, in this thread or in worker threads. */
interface Compiler {
  run(job: CompileJob): Promise<CompileOutcome>;
  close(): Promise<void>;
}

/** The compiler in this thread, loaded when some page must be compiled: a build of cached pages never loads it. */
async function inProcessCompiler(settings: CompileSettings, highlighter: () => Promise<CodeHighlighter>, imageFiles: ImageFiles, staticSession: () => Promise<StaticSession>): Promise<Compiler> {
  const [{ runCompileJob }, session] = await Promise.all([import('./compileJob.js'), staticSession()]);
  return {
    run: async (job: CompileJob) => {
      const codeHighlighter = await highlighter();
      await codeHighlighter.prefetch?.(job.body, (settings.rendering ?? DEFAULT_RENDERING).magicComments);
      return runCompileJob(job, settings, codeHighlighter, imageFiles, session);
    },
    close: async () => {},
  };
}

async function workerCompiler(settings: CompileSettings, size: number) {
  const [script] = await Promise.all([workerScript('compileWorker'), themeRendererScript()]);
  return createWorkerPool<CompileJob, CompileOutcome>(script, size, settings);
}
