/**
 * The worker thread that evaluates one file in the sandbox (see sandbox.ts). It has a heap of its
 * own, limited by the host (`resourceLimits`), and an empty `process.env`; the host ends it when
 * it runs over its time. It answers one message with one message and then exits.
 */
import { randomUUID } from 'node:crypto';
import { types } from 'node:util';
import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { ENTRY_WRAPPER, type SandboxAnswer, type SandboxJob } from './sandboxJob.js';

interface PreludeExports {
  start: unknown;
  result(): string;
}

function evaluate(job: SandboxJob): SandboxAnswer {
  const context = vm.createContext(Object.create(null), {
    name: 'sandbox',
    codeGeneration: { strings: false, wasm: false },
    // Promise jobs run inside each evaluation, under its time limit.
    microtaskMode: 'afterEvaluate',
  });
  let stepStarted = 0;
  const run = (source: string, filename?: string): unknown => {
    stepStarted = performance.now();
    return new vm.Script(source, { filename }).runInContext(context, { timeout: job.timeoutMs });
  };
  try {
    const prelude = run(job.prelude) as PreludeExports;
    const entry = run(`${ENTRY_WRAPPER}${job.code}\n})`, job.file);
    // The project's modules it requires, compiled in the same context as module functions.
    const modules = run('({})') as Record<string, unknown>;
    for (const module of job.modules) modules[module.file] = run(`${ENTRY_WRAPPER}${module.code}\n})`, module.file);
    // The prelude and the entry meet under a name nobody can guess, removed before the file runs.
    const handOff = `__sipadocs_${randomUUID().replace(/-/g, '')}`;
    const box = run('({})') as Record<string, unknown>;
    box.start = prelude.start;
    box.entry = entry;
    box.modules = modules;
    (context as Record<string, unknown>)[handOff] = box;
    run(`(() => { const box = globalThis[${JSON.stringify(handOff)}]; delete globalThis[${JSON.stringify(handOff)}]; box.start(${job.setup}, box.entry, box.modules); })()`);
    return { state: prelude.result() };
  } catch (error) {
    // What the file throws is caught by the prelude: what arrives here is a timeout or a script
    // that does not compile. The timeout's error belongs to the context, whose Error.prototype
    // the file may have changed (so that even its code is not set): only its own data is read,
    // and a step that ran its whole time counts as timed out.
    const timedOut = ownValue(error, 'code') === 'ERR_SCRIPT_EXECUTION_TIMEOUT' || performance.now() - stepStarted >= job.timeoutMs;
    if (timedOut) return { timedOut: true };
    return { failed: error instanceof Error ? error.message : 'the evaluation failed' };
  }
}

/** An own data property of an object, read without running a getter or a proxy trap of the evaluated file. */
function ownValue(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || types.isProxy(value)) return undefined;
  return Object.getOwnPropertyDescriptor(value, key)?.value;
}

parentPort?.once('message', (job: SandboxJob) => {
  parentPort!.postMessage(evaluate(job));
});
