import { Worker } from 'node:worker_threads';
import { SiteError } from '../errors.js';
import { workerScript } from '../util/workerPool.js';
import { evaluateTracingEnvironment, noteEnvironment, traceEnvironment, type EnvironmentUse } from './environment.js';
import type { LiveAnswer, LiveJob } from './liveEvaluationWorker.js';
import { evaluateLive, type LiveValues } from './liveEvaluation.js';
import type { MigrationNotes } from './notes.js';
import type { ProjectBounds } from './projectBounds.js';
import { evaluate, type Evaluated } from './sandbox.js';

/**
 * How a project's config and sidebars files are run:
 * - `live`: as Docusaurus runs them, in this process, with the project's installed packages and
 *   the environment (see liveEvaluation.ts). Building a project in place takes this.
 * - `isolated`: live too, but in a worker thread with an environment of its own whose variables
 *   read as unset (and are traced, see environment.ts): what a migration writes into the new
 *   site's config never holds a value of the environment it ran in.
 * - `sandbox`: without anything of this process, packages standing in as inert stubs and an
 *   empty environment (see sandbox.ts), for a project whose packages are not installed.
 */
export type EvaluationMode = 'live' | 'isolated' | 'sandbox';

export interface EvaluatedFile {
  value: Evaluated;
  /** The live values behind the value's markers (live evaluation only). */
  live: LiveValues | null;
  /** Environment variables the file read and where their values went (sandbox only). */
  environment: EnvironmentUse;
}

/** Runs the files of one project in one way (see EvaluationMode), within its bounds. */
export class ProjectEvaluator {
  constructor(
    readonly mode: EvaluationMode,
    private readonly projectDir: string,
    private readonly bounds: ProjectBounds,
    private readonly notes: MigrationNotes,
    private readonly timeoutMs?: number,
  ) {}

  /** The config file: in the sandbox, its environment variables traced (see environment.ts). */
  async config(file: string): Promise<EvaluatedFile> {
    if (this.mode === 'live') {
      const { value, live } = await evaluateLive(file);
      return { value, live, environment: { names: [], expressions: new Map() } };
    }
    if (this.mode === 'isolated') {
      const unset = await evaluateIsolated(file, 'unset', this.projectDir);
      const marked = unset.envRead.length === 0 ? null : await evaluateIsolated(file, 'marked', this.projectDir).then((result) => result.value, () => null);
      return { value: unset.value, live: null, environment: unset.envRead.length === 0 ? { names: [], expressions: new Map() } : traceEnvironment(unset, marked) };
    }
    const { evaluation, environment } = await evaluateTracingEnvironment(
      file,
      { timeoutMs: this.timeoutMs, mayRead: this.bounds.mayRead },
      { timeoutMs: this.timeoutMs, mayRead: (_what, f) => this.bounds.contains(f) },
    );
    return { value: evaluation.value, live: null, environment };
  }

  /** Another file of the project (a sidebars file, a module of values the config imports). */
  async file(file: string): Promise<Evaluated> {
    if (this.mode === 'live') return (await evaluateLive(file)).value;
    if (this.mode === 'isolated') {
      const evaluation = await evaluateIsolated(file, 'unset', this.projectDir);
      noteEnvironment({ names: evaluation.envRead, expressions: new Map() }, file, '', this.notes);
      return evaluation.value;
    }
    const evaluation = await evaluate(file, { timeoutMs: this.timeoutMs, mayRead: this.bounds.mayRead });
    noteEnvironment({ names: evaluation.envRead, expressions: new Map() }, file, '', this.notes);
    return evaluation.value;
  }
}

/** Runs a file live in a worker of its own with an environment of its own (see EvaluationMode). */
async function evaluateIsolated(file: string, env: LiveJob['env'], projectDir: string): Promise<{ value: Evaluated; envRead: string[] }> {
  const worker = new Worker(await workerScript('liveEvaluationWorker'), { env: {}, stdout: true, stderr: true });
  try {
    const answer = await new Promise<LiveAnswer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', () => reject(new Error('the evaluation stopped without an answer')));
      worker.postMessage({ file, env, projectDir } satisfies LiveJob);
    });
    if ('error' in answer) {
      throw new SiteError({ code: 'DOCUSAURUS_LOAD_FAILED', message: answer.error.message, hint: answer.error.hint, location: answer.error.location ?? { file } });
    }
    return { value: answer.value as Evaluated, envRead: answer.envRead };
  } catch (error) {
    if (error instanceof SiteError) throw error;
    throw new SiteError({ code: 'DOCUSAURUS_LOAD_FAILED', message: `cannot load ${file}: ${(error as Error).message}`, location: { file } });
  } finally {
    await worker.terminate();
  }
}
