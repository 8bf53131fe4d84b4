import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ENTRY_POINTS, type EntryName } from '../entryPoints.js';
import { FROM_SOURCES, PACKAGE_ROOT } from '../packageRoot.js';

/**
 * Path of a compiled entry run apart from the CLI (a worker's script, or a module loaded when first
 * needed such as the theme's shell renderer): the prebuilt one in an installed package; from the sources,
 * the launcher's compiler bundles the TypeScript entry once and again only when one of its
 * sources changed (the same in tests).
 */
export async function workerScript(name: Exclude<EntryName, 'cli'>): Promise<string> {
  if (!FROM_SOURCES) return path.join(PACKAGE_ROOT, 'dist', `${name}.mjs`);
  const { compileEntries } = (await import(pathToFileURL(path.join(PACKAGE_ROOT, 'bin', 'tsImport.js')).href)) as {
    compileEntries(entries: Record<string, string>): Promise<string>;
  };
  return path.join(await compileEntries({ [name]: ENTRY_POINTS[name] }), `${name}.mjs`);
}

/**
 * A fixed set of worker threads running one script. Tasks are sent to whichever worker is free;
 * each worker answers a task with exactly one message `{ id, result }` or `{ id, error }`.
 */
export interface WorkerPool<Task, Result> {
  run(task: Task): Promise<Result>;
  /** Starts more workers until there are `size`. */
  grow(size: number): void;
  /** Whether a worker crashed: every task is refused from then on. */
  failed(): boolean;
  close(): Promise<void>;
}

/** Why a pool's task failed when its worker crashed or stopped (not an error the task itself answered with). */
export class WorkerCrash extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WorkerCrash';
  }
}

interface Pending<Result> {
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface WorkerPoolOptions {
  /** The workers' environment variables (default: this process's, shared with it). */
  env?: NodeJS.ProcessEnv;
  /** The workers keep the process alive only while a task is in flight: an idle pool kept for later lets the process exit. */
  idleDoesNotHoldProcess?: boolean;
}

export function createWorkerPool<Task, Result>(script: string, size: number, workerData: unknown, options: WorkerPoolOptions = {}): WorkerPool<Task, Result> {
  const { env, idleDoesNotHoldProcess = false } = options;
  const idle: Worker[] = [];
  const queue: Array<{ id: number; task: Task }> = [];
  const pending = new Map<number, Pending<Result>>();
  const busy = new Map<Worker, number>();
  let nextId = 0;
  let failure: unknown = null;
  let closing = false;

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const job = queue.shift()!;
      busy.set(worker, job.id);
      worker.postMessage({ id: job.id, task: job.task });
    }
  };

  const workers: Worker[] = [];
  /** With idleDoesNotHoldProcess: whether the workers hold the process now (they do while a task is pending). */
  let holding = true;
  const holdWhileBusy = () => {
    if (!idleDoesNotHoldProcess || holding === pending.size > 0) return;
    holding = pending.size > 0;
    for (const worker of workers) {
      if (holding) worker.ref();
      else worker.unref();
    }
  };
  const spawn = () => {
    const worker = new Worker(script, { workerData, ...(env ? { env } : {}) });
    if (idleDoesNotHoldProcess && !holding) worker.unref();
    worker.on('message', (message: { id: number; result?: Result; error?: unknown }) => {
      const entry = pending.get(message.id);
      pending.delete(message.id);
      holdWhileBusy();
      busy.delete(worker);
      idle.push(worker);
      if ('error' in message) entry?.reject(message.error);
      else entry?.resolve(message.result as Result);
      dispatch();
    });
    // A crashed worker fails its task and every later one: the build cannot be trusted.
    const crash = (error: WorkerCrash) => {
      failure ??= error;
      const id = busy.get(worker);
      busy.delete(worker);
      for (const failed of [...(id === undefined ? [] : [id]), ...queue.splice(0).map((job) => job.id)]) {
        pending.get(failed)?.reject(failure);
        pending.delete(failed);
      }
      holdWhileBusy();
    };
    const name = path.basename(script);
    worker.on('error', (error) => crash(new WorkerCrash(`a worker thread (${name}) crashed: ${error.message}`, { cause: error })));
    // A worker may also stop without an error: code it runs (a page's plugin) called
    // process.exit(). Its task would never be answered, and with nothing else left to wait for,
    // the process would end as if the build were done.
    worker.on('exit', (code) => {
      if (!closing) crash(new WorkerCrash(`a worker thread (${name}) stopped with exit code ${code} before its work was done; code it ran may have called process.exit()`));
    });
    worker.on('messageerror', (error) => crash(new WorkerCrash(`an answer of a worker thread (${name}) could not be read: ${error.message}`, { cause: error })));
    idle.push(worker);
    workers.push(worker);
  };
  while (workers.length < Math.max(1, size)) spawn();
  holdWhileBusy();

  return {
    run(task) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<Result>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        holdWhileBusy();
        queue.push({ id, task });
        dispatch();
      });
    },
    failed: () => failure !== null,
    grow(size) {
      while (workers.length < size) spawn();
      dispatch();
    },
    async close() {
      closing = true;
      // A task still pending when the pool closes is never answered: it fails, rather than keep
      // whoever awaits it waiting for good.
      const closed = new Error('the worker threads were closed before this task was done');
      for (const entry of pending.values()) entry.reject(closed);
      pending.clear();
      queue.length = 0;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
