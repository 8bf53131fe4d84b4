import { decode } from '@jridgewell/sourcemap-codec';
import { build, transform, type Message } from 'esbuild';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SiteError, codeFrame } from '../errors.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { isWithin, realPathOf } from '../util/confinedGlob.js';
import { workerScript } from '../util/workerPool.js';
import { ENTRY_WRAPPER, type SandboxAnswer, type SandboxJob } from './sandboxJob.js';
import type { SandboxState } from './sandboxPrelude.js';

/** A value read out of an evaluated file; see sandboxPrelude.ts for the markers it may hold. */
export type Evaluated = null | boolean | number | string | Evaluated[] | { [key: string]: Evaluated };

export interface SandboxOptions {
  /** Per step (evaluating the file, then settling its promise); default 5 s. */
  timeoutMs?: number;
  /**
   * What `process.env.NAME` gives inside: undefined, as where nothing is set (the default), or a
   * marker standing for the variable (ENV_MARK, name, ENV_MARK) to see where its value goes.
   * The host's environment never enters.
   */
  env?: 'unset' | 'marked';
  /**
   * Whether a JSON file the evaluated file requires may be read (see ProjectBounds); `what` names
   * the require for a warning. Default: only files of the evaluated file's own folder.
   */
  mayRead?: (what: string, file: string) => boolean;
}

/** What evaluating a file gives: a JSON-safe copy of its export, and the environment variables it read ("*": all of them). */
export interface Evaluation {
  value: Evaluated;
  envRead: string[];
}

/** The sandbox worker's heap limit: enough for any config, and a clear error for one that allocates without end. */
export const SANDBOX_HEAP_MB = 128;

const PRELUDE_FILE = path.join(PACKAGE_ROOT, 'src', 'docusaurus', 'sandboxPrelude.ts');

let preludeScript: Promise<string> | undefined;

/** The prelude and pathe as one script whose completion value is the prelude's exports (built once per process). */
function prelude(): Promise<string> {
  preludeScript ??= build({
    entryPoints: [PRELUDE_FILE],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'node20',
    logLevel: 'silent',
  }).then((result) => `(function () { var module = { exports: {} }, exports = module.exports;\n${result.outputFiles[0]!.text}\nreturn module.exports; })()`);
  return preludeScript;
}

/**
 * Evaluates a JavaScript or TypeScript file of another tool (a Docusaurus config or sidebars
 * file; CommonJS or ES module) without giving it anything of this process: it runs in a worker
 * thread with a heap of its own (SANDBOX_HEAP_MB), in a fresh V8 context with no `eval`, no
 * timers, no file system and no network; `require` returns stubs for every module except a pure
 * `path` and the JSON files `mayRead` allows, which are read for it as data; `process.env` is
 * empty. Each step has a time limit, and the copy of the result is made within it.
 *
 * Resolves to a JSON-safe copy of what the file exports (the awaited result when it exports a
 * function or a promise). Throws a SiteError (DOCUSAURUS_LOAD_FAILED) naming the file and line
 * when the file does not parse, throws, does not finish, or uses more memory than allowed.
 */
export async function evaluate(file: string, options: SandboxOptions = {}): Promise<Evaluation> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const text = readFileSync(file, 'utf8');
  const { code, map } = await transpile(file, text);
  const dir = path.dirname(file);
  const mayRead = options.mayRead ?? ownFolderOnly(dir);
  const { modules, resolved } = await projectModules(file, code, mayRead);
  const setup = { file, dir, env: options.env ?? 'unset', resolved };
  const job: SandboxJob = { prelude: await prelude(), code, file, modules, setup: JSON.stringify(setup), timeoutMs };
  const answer = await runWorker(file, job);
  if ('timedOut' in answer) throw loadError(file, `evaluating it took longer than ${timeoutMs} ms (an endless loop?)`);
  if ('failed' in answer) throw loadError(file, `evaluating it failed: ${answer.failed}`);
  const state = JSON.parse(answer.state) as SandboxState;
  if (state.status === 'done') return { value: state.value as Evaluated, envRead: state.envRead };
  if (state.status === 'pending') {
    throw loadError(file, 'its exported promise never settled (it waits for something the sandbox does not provide)');
  }
  const position = originalPosition(state.stack, file, map, ENTRY_WRAPPER.length);
  throw loadError(file, `evaluating it failed: ${state.message}`, position, text);
}

/** evaluate(), for the value alone. */
export async function evaluateFile(file: string, options: SandboxOptions = {}): Promise<Evaluated> {
  return (await evaluate(file, options)).value;
}

/**
 * Runs the job in a worker of its own. The worker's heap is limited, and a worker still running
 * well after its time limit (which the context's own limit should have stopped) is ended.
 */
async function runWorker(file: string, job: SandboxJob): Promise<SandboxAnswer> {
  const script = await workerScript('sandboxWorker');
  const worker = new Worker(script, {
    env: {},
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: SANDBOX_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  const backstopMs = job.timeoutMs * 2 + 5000;
  try {
    return await new Promise<SandboxAnswer>((resolve, reject) => {
      const timer = setTimeout(() => resolve({ timedOut: true }), backstopMs);
      worker.once('message', (answer: SandboxAnswer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      worker.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? loadError(file, `evaluating it used more than ${SANDBOX_HEAP_MB} MB of memory (does it allocate without end?)`)
            : loadError(file, `evaluating it failed: ${error.message}`),
        );
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(loadError(file, 'evaluating it stopped without an answer'));
      });
      worker.postMessage(job);
    });
  } finally {
    await worker.terminate();
  }
}

/** Without a ProjectBounds: JSON files of the evaluated file's own folder, links resolved. */
function ownFolderOnly(dir: string): (what: string, file: string) => boolean {
  const realDir = realPathOf(dir);
  return (_what, file) => {
    const real = realPathOf(file);
    return realDir !== undefined && real !== undefined && isWithin(real, [realDir]);
  };
}

/** Script files a config may require of its project, and how many at most (a config reads a few of its own modules). */
const PROJECT_SCRIPT = /\.(?:[cm]?[jt]sx?)$/;
const MAX_PROJECT_MODULES = 50;

/**
 * The project's own modules a file requires by a relative path (`require('./src/constants')`,
 * and what those require in turn), transpiled, for the sandbox to evaluate too: values a config
 * takes from its project's files are then what Docusaurus would see, not stubs. Only files `mayRead`
 * allows are read; a package, or a file outside the project, stays a stub. Each requiring file's
 * table says what its specifiers name: a module, or a JSON file's data.
 */
async function projectModules(
  entry: string,
  entryCode: string,
  mayRead: (what: string, file: string) => boolean,
): Promise<{ modules: Array<{ file: string; code: string }>; resolved: Record<string, Record<string, { module: string } | { json: unknown }>> }> {
  const modules: Array<{ file: string; code: string }> = [];
  const resolved: Record<string, Record<string, { module: string } | { json: unknown }>> = {};
  const seen = new Set([entry]);
  const queue = [{ file: entry, code: entryCode }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const table: Record<string, { module: string } | { json: unknown }> = {};
    for (const match of next.code.matchAll(/\brequire\((["'])(\.{1,2}\/[^"'\n]+)\1\)/g)) {
      const specifier = match[2]!;
      const target = localFile(path.dirname(next.file), specifier);
      if (!target || Object.prototype.hasOwnProperty.call(table, specifier) || !mayRead(`require('${specifier}') in ${path.basename(next.file)}`, target)) continue;
      if (target.endsWith('.json')) {
        try {
          table[specifier] = { json: JSON.parse(readFileSync(target, 'utf8')) };
        } catch {
          // An invalid file stays a stub, like any other module.
        }
        continue;
      }
      if (!PROJECT_SCRIPT.test(target)) continue;
      if (!seen.has(target)) {
        if (seen.size > MAX_PROJECT_MODULES) continue;
        seen.add(target);
        const { code } = await transpile(target, readFileSync(target, 'utf8'));
        modules.push({ file: target, code });
        queue.push({ file: target, code });
      }
      table[specifier] = { module: target };
    }
    resolved[next.file] = table;
  }
  return { modules, resolved };
}

/** The file a relative require names, as Node finds it: as written, with a script or JSON extension, or a folder's index. */
function localFile(dir: string, specifier: string): string | null {
  const base = path.resolve(dir, specifier);
  const candidates = [base, ...['.js', '.ts', '.mjs', '.cjs', '.jsx', '.tsx', '.json'].map((ext) => `${base}${ext}`), ...['index.js', 'index.ts', 'index.json'].map((name) => path.join(base, name))];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

async function transpile(file: string, text: string): Promise<{ code: string; map: string }> {
  try {
    const result = await transform(text, {
      loader: /\.[cm]?tsx$/.test(file) ? 'tsx' : /\.[cm]?ts$/.test(file) ? 'ts' : /\.jsx$/.test(file) ? 'jsx' : 'js',
      format: 'cjs',
      target: 'node20',
      // import() becomes require(), so dynamically imported modules are stubs too.
      supported: { 'dynamic-import': false },
      sourcemap: 'external',
      // Named without ".mjs": esbuild would give Node's reading of a CommonJS default import to an
      // .mjs file's imports, and every module here is an ES module transpiled, read as jiti reads them.
      sourcefile: file.replace(/\.m([jt]s)$/, '.$1'),
      logLevel: 'silent',
    });
    return { code: result.code, map: result.map };
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    const location = first?.location;
    throw loadError(
      file,
      first ? first.text : String(error),
      location ? { line: location.line, column: location.column + 1 } : undefined,
      text,
    );
  }
}

/** Maps the first stack frame in `file` back through esbuild's source map to the file's own line and column. */
function originalPosition(stack: string, file: string, map: string, firstLineShift: number): { line: number; column: number } | undefined {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(stack);
  if (!frame) return undefined;
  const line = Number(frame[1]);
  const column = Number(frame[2]) - 1 - (line === 1 ? firstLineShift : 0);
  const segments = decode((JSON.parse(map) as { mappings: string }).mappings)[line - 1] ?? [];
  let best: number[] | undefined;
  for (const segment of segments) {
    if (segment.length >= 4 && segment[0]! <= column) best = segment;
  }
  return best ? { line: best[2]! + 1, column: best[3]! + 1 } : undefined;
}

function loadError(file: string, message: string, position?: { line: number; column: number }, text?: string): SiteError {
  return new SiteError({
    code: 'DOCUSAURUS_LOAD_FAILED',
    message: `cannot read ${path.basename(file)}: ${message}`,
    location: { file, line: position?.line, column: position?.column },
    frame: position && text ? codeFrame(text, position.line, position.column) : undefined,
    hint: "The file ran in a sandbox (its packages are not installed, or it imports none), where packages, the file system and Node's globals such as URL are inert stand-ins. If it needs them, install the project's packages (npm install in the project) and migrate again: it then runs as Docusaurus runs it.",
  });
}
