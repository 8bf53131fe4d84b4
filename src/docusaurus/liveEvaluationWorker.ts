/**
 * The worker thread that runs a Docusaurus config live for `sipadocs migrate` (see
 * evaluator.ts): as Docusaurus runs it, with the project's packages, but with an environment of
 * its own, so that no value of the host's environment can reach the config written for the new
 * site. Each variable read is recorded; it reads as unset, or as a marker naming it (`marked`, see
 * environment.ts), as in the sandbox. It answers one message with one message.
 */
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { SiteError } from '../errors.js';
import { evaluateLive } from './liveEvaluation.js';
import { ENV_MARK } from './sandboxPrelude.js';

export interface LiveJob {
  file: string;
  env: 'unset' | 'marked';
  /** The project's folder: only what its own files read of the environment counts (not its packages' reads). */
  projectDir: string;
}

export type LiveAnswer = { value: unknown; envRead: string[] } | { error: { code?: string; message: string; hint?: string; location?: SiteError['location'] } };

/**
 * Whether the code reading the environment now is the project's own (a file of its folder, not of
 * its packages): the loader and the packages the config imports read variables of their own
 * (NODE_ENV, a transpiler's settings), which are neither the config's nor worth a word.
 */
function readByProject(projectDir: string): boolean {
  const stack = new Error().stack ?? '';
  for (const [, file] of stack.matchAll(/(?:\(|at )((?:file:\/\/|node:)?\/?[^():\s]+):\d+:\d+/g)) {
    if (file!.startsWith('node:')) return false;
    const local = file!.replace(/^file:\/\//, '');
    // The frames of this file (the trap) come first; the next one is the code that read.
    if (local === thisFile) continue;
    return local.startsWith(`${projectDir}/`) && !local.includes('/node_modules/');
  }
  return false;
}

const thisFile = fileURLToPath(import.meta.url);

function environment(mode: LiveJob['env'], read: string[], projectDir: string): NodeJS.ProcessEnv {
  const written: Record<string, string> = {};
  const note = (name: string): boolean => {
    if (!readByProject(projectDir)) return false;
    if (!read.includes(name)) read.push(name);
    return true;
  };
  return new Proxy(written, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (Object.prototype.hasOwnProperty.call(target, key)) return target[key];
      return note(key) && mode === 'marked' ? `${ENV_MARK}${key}${ENV_MARK}` : undefined;
    },
    has(target, key) {
      if (typeof key !== 'string') return false;
      if (Object.prototype.hasOwnProperty.call(target, key)) return true;
      return note(key) && mode === 'marked';
    },
    ownKeys(target) {
      note('*');
      return Reflect.ownKeys(target);
    },
    set(target, key, value) {
      if (typeof key === 'string') target[key] = String(value);
      return true;
    },
  });
}

parentPort?.once('message', async (job: LiveJob) => {
  const envRead: string[] = [];
  process.env = environment(job.env, envRead, job.projectDir);
  let answer: LiveAnswer;
  try {
    const { value } = await evaluateLive(job.file);
    answer = { value, envRead };
  } catch (error) {
    answer = error instanceof SiteError
      ? { error: { code: error.code, message: error.message, hint: error.hint, location: error.location } }
      : { error: { message: error instanceof Error ? error.message : String(error) } };
  }
  parentPort!.postMessage(answer);
});
