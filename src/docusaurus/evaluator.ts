import { evaluateTracingEnvironment, noteEnvironment, type EnvironmentUse } from './environment.js';
import { evaluateLive, type LiveValues } from './liveEvaluation.js';
import type { MigrationNotes } from './notes.js';
import type { ProjectBounds } from './projectBounds.js';
import { evaluate, type Evaluated } from './sandbox.js';

/**
 * How a project's config and sidebars files are run:
 * - `live`: as Docusaurus runs them, in this process, with the project's installed packages and
 *   the environment (see liveEvaluation.ts). Building a project in place takes this.
 * - `sandbox`: without anything of this process, packages standing in as inert stubs and an
 *   empty environment (see sandbox.ts), for a project whose packages are not installed.
 */
export type EvaluationMode = 'live' | 'sandbox';

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
    const evaluation = await evaluate(file, { timeoutMs: this.timeoutMs, mayRead: this.bounds.mayRead });
    noteEnvironment({ names: evaluation.envRead, expressions: new Map() }, file, '', this.notes);
    return evaluation.value;
  }
}
