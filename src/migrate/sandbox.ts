import { decode } from '@jridgewell/sourcemap-codec';
import { build, transform, type Message } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { SiteError, codeFrame } from '../errors.js';
import { PACKAGE_ROOT } from '../packageRoot.js';

/** A value read out of an evaluated file; see sandboxPrelude.ts for the markers it may hold. */
export type Evaluated = null | boolean | number | string | Evaluated[] | { [key: string]: Evaluated };

export interface SandboxOptions {
  /** Per step (evaluating the file, then settling its promise); default 5 s. */
  timeoutMs?: number;
  env?: Record<string, string>;
}

const PRELUDE_FILE = path.join(PACKAGE_ROOT, 'src', 'migrate', 'sandboxPrelude.ts');

/** The prelude and pathe as one script (a few milliseconds to build; a migration evaluates two files). */
async function prelude(): Promise<string> {
  const result = await build({
    entryPoints: [PRELUDE_FILE],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'node20',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * Evaluates a JavaScript or TypeScript file of another tool (a Docusaurus config or sidebars
 * file; CommonJS or ES module) without giving it anything of this process: it runs in a fresh
 * V8 context with no `eval`, no timers, no file system and no network; `require` returns stubs
 * for every module except a pure `path` and the JSON files of the file's folder, which are
 * read for it as data; `process.env` is a copy. Each step has a time limit.
 *
 * Resolves to a JSON-safe copy of what the file exports (the awaited result when it exports a
 * function or a promise). Throws a SiteError (DOCUSAURUS_LOAD_FAILED) naming the file and line
 * when the file does not parse, throws, or does not finish.
 */
export async function evaluateFile(file: string, options: SandboxOptions = {}): Promise<Evaluated> {
  const timeout = options.timeoutMs ?? 5000;
  const text = readFileSync(file, 'utf8');
  const { code, map } = await transpile(file, text);
  const context = vm.createContext(Object.create(null), {
    name: `sandbox ${path.basename(file)}`,
    codeGeneration: { strings: false, wasm: false },
    // Promise jobs run inside each evaluation, under its time limit.
    microtaskMode: 'afterEvaluate',
  });
  const run = (source: string, filename?: string): unknown => {
    try {
      return new vm.Script(source, { filename }).runInContext(context, { timeout });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        throw loadError(file, `evaluating it took longer than ${timeout} ms (an endless loop?)`);
      }
      throw error;
    }
  };
  run(await prelude());
  // The wrapper shares the first line with the code, so generated line numbers are unchanged.
  const wrapper = 'globalThis.__sipadocsEntry = (function (exports, require, module, __filename, __dirname) {';
  run(`${wrapper}${code}\n});`, file);
  const setup = { file, dir: path.dirname(file), env: { ...(options.env ?? process.env) }, json: readJsonImports(code, file) };
  run(`__sipadocsSandbox.start(${JSON.stringify(setup)}, __sipadocsEntry);`);
  const state = JSON.parse(String(run('__sipadocsSandbox.result()'))) as
    | { status: 'pending' }
    | { status: 'done'; value: Evaluated }
    | { status: 'error'; message: string; stack: string };
  if (state.status === 'done') return state.value;
  if (state.status === 'pending') {
    throw loadError(file, 'its exported promise never settled (it waits for something the sandbox does not provide)');
  }
  const position = originalPosition(state.stack, file, map, wrapper.length);
  throw loadError(file, `evaluating it failed: ${state.message}`, position, text);
}

/**
 * JSON files the file requires or imports from its own folder (`import versions from
 * './versions.json'`): data, so they are read here and handed in; nothing of them runs.
 */
function readJsonImports(code: string, file: string): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  const root = path.dirname(file);
  for (const match of code.matchAll(/\brequire\((["'])(\.{1,2}\/[^"'\n]+\.json)\1\)/g)) {
    const target = path.resolve(root, match[2]!);
    if (path.relative(root, target).startsWith('..')) continue;
    try {
      json[match[2]!] = JSON.parse(readFileSync(target, 'utf8'));
    } catch {
      // A missing or invalid file stays a stub, like any other module.
    }
  }
  return json;
}

async function transpile(file: string, text: string): Promise<{ code: string; map: string }> {
  try {
    const result = await transform(text, {
      loader: /\.[cm]?tsx?$/.test(file) ? 'ts' : 'js',
      format: 'cjs',
      target: 'node20',
      // import() becomes require(), so dynamically imported modules are stubs too.
      supported: { 'dynamic-import': false },
      sourcemap: 'external',
      sourcefile: file,
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
    hint: 'The file is evaluated in a sandbox where every require() gives an inert stub. Fix the error, or simplify the file for the migration (sipadocs reads only plain values from it).',
  });
}
