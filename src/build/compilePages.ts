import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CodeHighlighter } from '../content/mdx/highlighter.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { GENERATOR_VERSION } from '../version.js';
import { resolveMarkdownLink, runCompileJob, type CompileJob, type CompileOutcome, type CompileSettings } from './compileJob.js';
import { mapLimit } from './concurrency.js';
import { readCacheEntry, writeCacheEntry } from './diskCache.js';
import { createWorkerPool, workerScript } from './workerPool.js';

/** A cached compilation: valid while its key matches and its markdown links resolve the same way. */
export interface CacheEntry {
  key: string;
  outcome: Extract<CompileOutcome, { ok: true }>;
}

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
  const files = ['src/content/mdx/compile.ts', 'src/content/mdx/plugins.ts', 'src/content/mdx/preprocess.ts', 'src/content/mdx/codeMeta.ts', 'src/content/mdx/highlighter.ts'];
  for (const file of files) hash.update(readFileSync(path.join(PACKAGE_ROOT, file)));
  for (const pkg of ['@mdx-js/mdx', 'shiki', 'remark-gfm', 'remark-directive']) {
    try {
      hash.update(readFileSync(path.join(PACKAGE_ROOT, 'node_modules', pkg, 'package.json')));
    } catch {
      hash.update(pkg);
    }
  }
  return hash.digest('hex');
})();

function cacheKey(job: CompileJob, settingsKey: string): string {
  // The body is hashed as it is, not inside a JSON string: escaping thousands of bodies costs more than hashing them.
  return createHash('sha256')
    .update(settingsKey)
    .update(JSON.stringify([job.relPath, job.format, job.withExcerpt, job.route]))
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
): Promise<{ outcomes: Map<string, CompileOutcome>; stats: CompileStats }> {
  const outcomes = new Map<string, CompileOutcome>();
  const misses: Array<{ job: CompileJob; key: string }> = [];
  const stillValid = (entry: CacheEntry, job: CompileJob) =>
    Object.entries(entry.outcome.links).every(([target, route]) => resolveMarkdownLink(settings.routesBySource, job.relPath, target) === route);

  const settingsKey = JSON.stringify([FINGERPRINT, settings.tocLevels, settings.themes]);
  await mapLimit(jobs, 64, async (job) => {
    const key = cacheKey(job, settingsKey);
    let entry = options.memory?.get(job.relPath);
    if (!entry || entry.key !== key) entry = (await readCacheEntry<CacheEntry>(options.cacheDir, key)) ?? undefined;
    if (entry && entry.key === key && stillValid(entry, job)) {
      outcomes.set(job.relPath, entry.outcome);
      options.memory?.set(job.relPath, entry);
    } else {
      misses.push({ job, key });
    }
  });


  const wanted = options.workers ?? Math.min(os.availableParallelism(), 4);
  const workers = misses.length >= MIN_PAGES_PER_WORKER * 2 ? Math.min(wanted, Math.floor(misses.length / MIN_PAGES_PER_WORKER)) : 0;
  let done = 0;
  const compileOne = workers > 0 ? await workerCompiler(settings, workers) : await inProcessCompiler(settings, options.highlighter);
  try {
    await Promise.all(
      misses.map(async ({ job, key }) => {
        const outcome = await compileOne.run(job);
        outcomes.set(job.relPath, outcome);
        options.onProgress?.(++done, misses.length);
        if (!outcome.ok) return;
        const entry: CacheEntry = { key, outcome };
        options.memory?.set(job.relPath, entry);
        await writeCacheEntry(options.cacheDir, key, entry);
      }),
    );
  } finally {
    await compileOne.close();
  }
  if (options.memory) {
    const live = new Set(jobs.map((job) => job.relPath));
    for (const relPath of options.memory.keys()) if (!live.has(relPath)) options.memory.delete(relPath);
  }
  return { outcomes, stats: { compiled: misses.length, reused: jobs.length - misses.length, workers } };
}

async function inProcessCompiler(settings: CompileSettings, highlighter: () => Promise<CodeHighlighter>) {
  return {
    run: async (job: CompileJob) => runCompileJob(job, settings, await highlighter()),
    close: async () => {},
  };
}

async function workerCompiler(settings: CompileSettings, size: number) {
  return createWorkerPool<CompileJob, CompileOutcome>(await workerScript('compileWorker', 'src/build/compileWorker.ts'), size, settings);
}
