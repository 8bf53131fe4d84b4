import { createWorkerPool, workerScript, type WorkerPool } from '../util/workerPool.js';
import { createRenderer, type RenderJob, type RenderOutcome } from './renderJob.js';

/** Renders jobs, in this thread or a worker thread. */
export interface Renderer {
  run(job: RenderJob): Promise<RenderOutcome>;
  close(): Promise<void>;
}

/**
 * Render workers load React's production build, as the CLI does (bin/sipadocs.js), whatever the
 * process that builds says: a test runner or a tool using the API with NODE_ENV=development or
 * test would otherwise render with React's development build, which checks every element and is
 * several times slower, for the same HTML.
 */
const startWorker = async (): Promise<WorkerPool<RenderJob, RenderOutcome>> =>
  createWorkerPool<RenderJob, RenderOutcome>(await workerScript('renderWorker'), 1, null, { ...process.env, NODE_ENV: 'production' });

/** A one-off renderer: in this thread, or in a worker thread that is ended afterwards (freeing its modules). */
export async function openRenderer(inWorker: boolean): Promise<Renderer> {
  if (!inWorker) {
    const { render } = createRenderer();
    return { run: render, close: async () => {} };
  }
  const pool = await startWorker();
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
  let starting: Promise<WorkerPool<RenderJob, RenderOutcome>> | null = null;
  return {
    renderer() {
      return {
        async run(job) {
          files.add(job.file);
          starting ??= startWorker();
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
