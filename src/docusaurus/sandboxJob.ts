/** What the host and the sandbox worker (sandboxWorker.ts) exchange: one job, one answer. */

export interface SandboxJob {
  /** The prelude, bundled (sandboxPrelude.ts): a script whose completion value is its exports. */
  prelude: string;
  /** The evaluated file, transpiled to CommonJS. */
  code: string;
  /** The project's own modules it requires (see sandbox.ts projectModules), each transpiled to CommonJS, by absolute path. */
  modules: Array<{ file: string; code: string }>;
  /** The file's path, for stack traces. */
  file: string;
  /** The setup handed to the prelude's start, as JSON text. */
  setup: string;
  /** Time limit of each step, in milliseconds. */
  timeoutMs: number;
}

/** The file's module function: the wrapper shares the first line with the code, so line numbers are unchanged. */
export const ENTRY_WRAPPER = '(function (exports, require, module, __filename, __dirname) {';

export type SandboxAnswer = { state: string } | { timedOut: true } | { failed: string };
