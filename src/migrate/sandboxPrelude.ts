/**
 * Runs inside the sandbox's own V8 context (see sandbox.ts), bundled with pathe into one script.
 * Everything the evaluated file can reach is created here, in that context: the host passes in
 * only JSON and reads back only a JSON string, so no host object (and so no host `Function`,
 * `process` or `require`) is ever within its reach.
 */
import path from 'pathe';

/** What the host passes in (as JSON). */
interface SandboxSetup {
  file: string;
  dir: string;
  env: Record<string, string>;
  /** Parsed JSON files the evaluated file imports, by the specifier it uses. */
  json: Record<string, unknown>;
}

/** What the host reads back (as JSON) once the file and its promise, if any, are done. */
type SandboxState =
  | { status: 'pending' }
  | { status: 'done'; value: unknown; required: string[] }
  | { status: 'error'; message: string; stack: string };

type Entry = (exports: unknown, require: unknown, module: unknown, filename: string, dirname: string) => void;

/** Module stubs by identity: the module required, and its name with the properties read from it. */
const stubNames = new WeakMap<object, { name: string; from: string }>();

/**
 * A stand-in for any required module: every property is another stub named after the access
 * path (`prism-react-renderer.themes.github`), calling or constructing one gives a stub, and it
 * turns into its name in a string. It is not a promise (no `then`), so awaiting one is harmless.
 */
function stub(name: string, from = name): unknown {
  const children = new Map<string, unknown>();
  const child = (key: string) => {
    let found = children.get(key);
    if (!found) children.set(key, (found = stub(`${name}.${key}`, from)));
    return found;
  };
  // Transpiled ES imports copy a module onto an object whose prototype is the module's: this
  // prototype answers the names they then read (`import { themes } from …`) with the stub's children.
  const names: object = new Proxy(Object.create(null) as object, {
    get: (_target, key) => (typeof key === 'string' && key !== 'then' ? child(key) : undefined),
  });
  const proxy: object = new Proxy(function () {}, {
    get(_target, key) {
      if (key === Symbol.toPrimitive) return () => name;
      if (key === 'then' || key === '__esModule' || typeof key === 'symbol') return undefined;
      if (key === 'default') return proxy;
      return child(key);
    },
    getPrototypeOf: () => names,
    apply: () => stub(`${name}()`, from),
    construct: () => stub(`new ${name}`, from) as object,
  });
  stubNames.set(proxy, { name, from });
  return proxy;
}

/**
 * A JSON-safe copy of an evaluated value: functions become `{ $function: name }`, module stubs
 * `{ $module: name with the properties read, $from: module required }`, regular expressions `{ $regexp: source }`, undefined object keys are left out.
 */
function serialize(value: unknown, seen: Set<object>, depth: number): unknown {
  if (value !== null && (typeof value === 'object' || typeof value === 'function') && stubNames.has(value)) {
    const { name, from } = stubNames.get(value)!;
    return { $module: name, $from: from };
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'undefined':
      return null;
    case 'bigint':
    case 'symbol':
      return String(value);
    case 'function':
      return { $function: (value as { name?: string }).name || '' };
  }
  if (value === null) return null;
  const object = value as object;
  if (object instanceof RegExp) return { $regexp: String(object) };
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  if (seen.has(object) || depth > 40) return { $cycle: true };
  seen.add(object);
  try {
    if (Array.isArray(object)) return object.map((item) => serialize(item, seen, depth + 1));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(object)) {
      const item = (object as Record<string, unknown>)[key];
      if (item !== undefined) out[key] = serialize(item, seen, depth + 1);
    }
    return out;
  } finally {
    seen.delete(object);
  }
}

let state: SandboxState = { status: 'pending' };

function describeError(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: String(error.stack ?? '') };
  return { message: `a value was thrown: ${String(error)}`, stack: '' };
}

/** Evaluates the module function, then awaits what it exports (calling it first if it is a function). */
function start(setup: SandboxSetup, entry: Entry): void {
  const required: string[] = [];
  const pathModule = { ...path, posix: path, default: path };
  const require = (name: string): unknown => {
    required.push(String(name));
    // Path helpers are pure string functions; configs use them to name their own files.
    if (name === 'path' || name === 'node:path') return pathModule;
    if (Object.prototype.hasOwnProperty.call(setup.json, name)) return setup.json[name];
    return stub(String(name));
  };
  // A file's own path stands for itself: `require.resolve('./src/css/custom.css')` is a path to copy.
  require.resolve = (name: string) => String(name);
  const module = { exports: {} as unknown };
  (globalThis as Record<string, unknown>).process = {
    env: setup.env,
    cwd: () => setup.dir,
    platform: 'linux',
    argv: [],
    versions: {},
  };
  const quiet = () => undefined;
  (globalThis as Record<string, unknown>).console = { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet };
  void (async () => {
    try {
      entry(module.exports, require, module, setup.file, setup.dir);
      let exported = module.exports as Record<string, unknown> | null;
      if (exported && exported.__esModule && 'default' in exported) exported = exported.default as Record<string, unknown>;
      const value: unknown = typeof exported === 'function' && !stubNames.has(exported) ? await (exported as () => unknown)() : await exported;
      state = { status: 'done', value: serialize(value, new Set(), 0), required };
    } catch (error) {
      state = { status: 'error', ...describeError(error) };
    }
  })();
}

(globalThis as Record<string, unknown>).__sipadocsSandbox = {
  start,
  result: () => JSON.stringify(state),
};
