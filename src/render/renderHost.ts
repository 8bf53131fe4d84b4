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
const startWorker = async (idleDoesNotHoldProcess = false): Promise<WorkerPool<RenderJob, RenderOutcome>> =>
  createWorkerPool<RenderJob, RenderOutcome>(await workerScript('renderWorker'), 1, null, { env: { ...process.env, NODE_ENV: 'production' }, idleDoesNotHoldProcess });

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
 * A render worker kept warm across builds, and replaced after it has imported
 * HOST_FILES_PER_WORKER server bundles, so that its memory stays bounded. Builds may overlap (two
 * sites built at once through the API): a replaced worker ends once the renders it has begun are
 * done, and one that failed is not used again.
 */
export interface RenderHost {
  renderer(): Renderer;
  /** Called before a build renders: replaces a worker that has imported enough bundles. */
  recycleIfFull(): void;
  close(): Promise<void>;
}

interface HostedWorker {
  pool: Promise<WorkerPool<RenderJob, RenderOutcome>>;
  /** Renders sent and not answered yet. */
  inFlight: number;
  retired: boolean;
}

/**
 * @param idleDoesNotHoldProcess the worker keeps the process alive only while it renders (the
 *   process-wide host below, which nothing closes).
 */
export function createRenderHost(idleDoesNotHoldProcess = false): RenderHost {
  let current: HostedWorker | null = null;
  const files = new Set<string>();
  const endIfDone = (worker: HostedWorker) => {
    if (worker.retired && worker.inFlight === 0) void worker.pool.then((pool) => pool.close(), () => {});
  };
  const retire = (worker: HostedWorker) => {
    if (worker.retired) return;
    worker.retired = true;
    if (current === worker) {
      current = null;
      files.clear();
    }
    endIfDone(worker);
  };
  return {
    renderer() {
      return {
        async run(job) {
          files.add(job.file);
          // A worker that crashed after its last render is left for a new one.
          const last = current;
          if (last && (await last.pool.then((pool) => pool.failed(), () => true))) retire(last);
          const worker = (current ??= { pool: startWorker(idleDoesNotHoldProcess), inFlight: 0, retired: false });
          worker.inFlight++;
          try {
            return await (await worker.pool).run(job);
          } catch (error) {
            // A render's own failure is an outcome: this is the worker failing.
            retire(worker);
            throw error;
          } finally {
            worker.inFlight--;
            endIfDone(worker);
          }
        },
        close: async () => {},
      };
    },
    recycleIfFull() {
      if (current && files.size >= HOST_FILES_PER_WORKER) retire(current);
    },
    async close() {
      const worker = current;
      current = null;
      files.clear();
      await worker?.pool.then((pool) => pool.close(), () => {});
    },
  };
}

let processHost: RenderHost | null = null;

/**
 * The render worker of a process that does not load React's production build (a test runner, a
 * tool building through the API with NODE_ENV=development or test): kept from build to build as a
 * watch session's is, where a worker started and ended for each build cost about 0.1 s of CPU.
 * It holds the process only while it renders.
 */
export function processRenderHost(): RenderHost {
  return (processHost ??= createRenderHost(true));
}
