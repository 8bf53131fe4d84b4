/**
 * Runs inside the sandbox's own V8 context (see sandbox.ts and sandboxWorker.ts), bundled with
 * pathe into one script whose completion value is this module's exports: the host holds them,
 * and nothing of them is put where the evaluated file could reach or replace it. Everything the
 * evaluated file can reach is created here, in that context: the host passes in only JSON and
 * reads back only a string, so no host object (and so no host `Function`, `process` or `require`)
 * is ever within its reach.
 *
 * The built-ins the copy of the result uses are taken when this script runs, before the
 * evaluated file can replace them.
 */
import path from 'pathe';

/** What the host passes in (as JSON). */
interface SandboxSetup {
  file: string;
  dir: string;
  /**
   * What `process.env.NAME` gives: undefined as on a machine where no variable is set, or a
   * marker string (ENV_MARK, name, ENV_MARK) that shows where the value of each one ends up.
   */
  env: 'unset' | 'marked';
  /**
   * What the project's own files require of each other, by requiring file and specifier: a module
   * of the project (evaluated here too, from the module functions the worker compiled) or a JSON
   * file's data. Anything else is a stub.
   */
  resolved: Record<string, Record<string, { module: string } | { json: unknown }>>;
}

/** Starts and ends the marker that stands for an environment variable's value (a private-use character). */
export const ENV_MARK = '\uE000';

/** What the host reads back (as JSON) once the file and its promise, if any, are done. */
export type SandboxState =
  | { status: 'pending'; envRead: string[] }
  | { status: 'done'; value: unknown; envRead: string[] }
  | { status: 'error'; message: string; stack: string; envRead: string[] };

type Entry = (exports: unknown, require: unknown, module: unknown, filename: string, dirname: string) => void;

const { keys: ownKeys, create, prototype: objectPrototype } = Object;
/** The members every object has (toString, hasOwnProperty…), which process.env has too: no variables. */
const prototypeNames = Object.getOwnPropertyNames(objectPrototype);
const hasOwn = Function.prototype.call.bind(objectPrototype.hasOwnProperty) as (object: object, key: string) => boolean;
const isArray = Array.isArray;
const stringify = JSON.stringify;
const toText = String;
const isFiniteNumber = Number.isFinite;
const RegExpClass = RegExp;
const DateClass = Date;
const ErrorClass = Error;
const getterOf = (owner: object, key: string) => Function.prototype.call.bind(Object.getOwnPropertyDescriptor(owner, key)!.get!) as (value: unknown) => string;
// RegExp.prototype.toString reads `source` and `flags` through the prototype, which the file may change.
const regExpSource = getterOf(RegExp.prototype, 'source');
const regExpFlags = getterOf(RegExp.prototype, 'flags');
const regExpText = (value: RegExp): string => `/${regExpSource(value)}/${regExpFlags(value)}`;
const dateTime = Function.prototype.call.bind(Date.prototype.getTime) as (value: Date) => number;
const dateText = Function.prototype.call.bind(Date.prototype.toISOString) as (value: Date) => string;
const ProxyClass = Proxy;
const WeakMapClass = WeakMap;
const arrayIndexOf = Function.prototype.call.bind(Array.prototype.indexOf) as (array: unknown[], item: unknown) => number;
const weakMapGet = Function.prototype.call.bind(WeakMap.prototype.get) as <V>(map: WeakMap<object, V>, key: object) => V | undefined;
const weakMapSet = Function.prototype.call.bind(WeakMap.prototype.set) as <V>(map: WeakMap<object, V>, key: object, value: V) => void;

/** Module stubs by identity: the module required, and its name with the properties read from it. */
const stubNames: WeakMap<object, { name: string; from: string }> = new WeakMapClass();

/**
 * A stand-in for any required module: every property is another stub named after the access
 * path (`prism-react-renderer.themes.github`), calling or constructing one gives a stub, spreading
 * one gives a stub (`….0`), and it turns into its name in a string. It is not a promise (no `then`), so awaiting one is harmless.
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
  const names: object = new ProxyClass(create(null) as object, {
    get: (_target, key) => (typeof key === 'string' && key !== 'then' ? child(key) : undefined),
  });
  const proxy: object = new ProxyClass(function () {}, {
    get(_target, key) {
      if (key === Symbol.toPrimitive) return () => name;
      // Spread as a list (`[...theme.styles, …]`), it gives one stub: what the module's list holds is unknown.
      if (key === Symbol.iterator) return () => {
        let given = false;
        return { next: () => (given ? { done: true, value: undefined } : ((given = true), { done: false, value: child('0') })) };
      };
      if (key === 'then' || key === '__esModule' || typeof key === 'symbol') return undefined;
      if (key === 'default') return proxy;
      return child(key);
    },
    getPrototypeOf: () => names,
    apply: () => stub(`${name}()`, from),
    construct: () => stub(`new ${name}`, from) as object,
  });
  weakMapSet(stubNames, proxy, { name, from });
  return proxy;
}

/** A string as JSON text (JSON.stringify of a primitive string consults no `toJSON`). */
const jsonString = (text: string): string => stringify(text);

/**
 * A JSON text copy of an evaluated value: functions become `{ $function: name }`, module stubs
 * `{ $module: name with the properties read, $from: module required }`, regular expressions
 * `{ $regexp: source }`, undefined object keys are left out. The text is written here, not by
 * JSON.stringify of objects, which would run any `toJSON` the file put on a prototype.
 */
function serialize(value: unknown, seen: unknown[], depth: number): string {
  const stubbed = value !== null && (typeof value === 'object' || typeof value === 'function') ? weakMapGet(stubNames, value as object) : undefined;
  if (stubbed) return `{"$module":${jsonString(stubbed.name)},"$from":${jsonString(stubbed.from)}}`;
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return isFiniteNumber(value) ? toText(value) : jsonString(toText(value));
    case 'undefined':
      return 'null';
    case 'bigint':
    case 'symbol':
      return jsonString(toText(value));
    case 'function':
      return `{"$function":${jsonString(toText((value as { name?: unknown }).name || ''))}}`;
  }
  if (value === null) return 'null';
  const object = value as object;
  if (object instanceof RegExpClass) return `{"$regexp":${jsonString(regExpText(object))}}`;
  if (object instanceof DateClass) return dateTime(object) !== dateTime(object) ? 'null' : jsonString(dateText(object));
  if (depth > 40 || arrayIndexOf(seen, object) !== -1) return '{"$cycle":true}';
  seen[seen.length] = object;
  let text = '';
  if (isArray(object)) {
    for (let i = 0; i < object.length; i++) text += `${i === 0 ? '' : ','}${serialize(object[i], seen, depth + 1)}`;
    text = `[${text}]`;
  } else {
    const names = ownKeys(object);
    for (let i = 0; i < names.length; i++) {
      const key = toText(names[i]);
      const item = (object as Record<string, unknown>)[key];
      if (item !== undefined) text += `${text ? ',' : ''}${jsonString(key)}:${serialize(item, seen, depth + 1)}`;
    }
    text = `{${text}}`;
  }
  seen.length--;
  return text;
}

/** The state as the host reads it: JSON text (see SandboxState), made while the file's time limit runs. */
let state = '{"status":"pending","envRead":[]}';
/** Names of the environment variables the file read ("*" when it listed them all). */
const envRead: string[] = [];

const envReadText = (): string => serialize(envRead, [], 0);

function describeError(error: unknown): { message: string; stack: string } {
  try {
    if (error instanceof ErrorClass) return { message: `${toText(error.name)}: ${toText(error.message)}`, stack: toText(error.stack ?? '') };
    return { message: `a value was thrown: ${toText(error)}`, stack: '' };
  } catch {
    return { message: 'a value was thrown that cannot be shown', stack: '' };
  }
}

/**
 * `process.env` of the sandbox: empty, whatever the host's is. Each variable read is recorded;
 * what a read gives depends on the setup's `env` (see SandboxSetup). What the file sets, it
 * reads back.
 */
function environment(mode: SandboxSetup['env']): Record<string, string | undefined> {
  const written = create(null) as Record<string, string>;
  const read = (name: string) => {
    if (arrayIndexOf(envRead, name) === -1) envRead[envRead.length] = name;
  };
  const valueOf = (name: string) => (mode === 'marked' ? `${ENV_MARK}${name}${ENV_MARK}` : undefined);
  return new ProxyClass(written, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (hasOwn(target, key)) return target[key];
      // What the language itself looks up (JSON.stringify's toJSON, await's then, String's
      // toString) reads no variable: it finds what it finds on Node's process.env.
      if (key === 'toJSON' || key === 'then') return undefined;
      if (arrayIndexOf(prototypeNames, key) !== -1) return (objectPrototype as Record<string, unknown>)[key];
      read(key);
      return valueOf(key);
    },
    has(target, key) {
      if (typeof key !== 'string') return false;
      if (hasOwn(target, key)) return true;
      if (key === 'toJSON' || key === 'then') return false;
      if (arrayIndexOf(prototypeNames, key) !== -1) return true;
      read(key);
      return mode === 'marked';
    },
    ownKeys(target) {
      read('*');
      return ownKeys(target);
    },
    set(target, key, value) {
      if (typeof key === 'string') target[key] = toText(value);
      return true;
    },
  });
}

/** Evaluates the module function, then awaits what it exports (calling it first if it is a function). */
export function start(setup: SandboxSetup, entry: Entry, modules: Record<string, Entry> = create(null) as Record<string, Entry>): void {
  const pathModule = { ...path, posix: path, default: path };
  const loaded = create(null) as Record<string, { exports: unknown }>;
  const requireFrom = (from: string) => {
    const require = (name: string): unknown => {
      const text = toText(name);
      // Path helpers are pure string functions; configs use them to name their own files.
      if (text === 'path' || text === 'node:path') return pathModule;
      const resolved = hasOwn(setup.resolved, from) ? setup.resolved[from]! : null;
      const found = resolved && hasOwn(resolved, text) ? resolved[text]! : null;
      if (found && 'json' in found) return found.json;
      if (found && hasOwn(modules, found.module)) {
        const file = found.module;
        if (hasOwn(loaded, file)) return loaded[file]!.exports;
        const own = { exports: {} as unknown };
        loaded[file] = own;
        modules[file]!(own.exports, requireFrom(file), own, file, path.dirname(file));
        return own.exports;
      }
      return stub(text);
    };
    // A file's own path stands for itself: `require.resolve('./src/css/custom.css')` is a path to copy.
    require.resolve = (name: string) => toText(name);
    return require;
  };
  const require = requireFrom(setup.file);
  const module = { exports: {} as unknown };
  (globalThis as Record<string, unknown>).process = {
    env: environment(setup.env),
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
      const value: unknown = typeof exported === 'function' && !weakMapGet(stubNames, exported) ? await (exported as () => unknown)() : await exported;
      state = `{"status":"done","value":${serialize(value, [], 0)},"envRead":${envReadText()}}`;
    } catch (error) {
      const { message, stack } = describeError(error);
      state = `{"status":"error","message":${jsonString(message)},"stack":${jsonString(stack)},"envRead":${envReadText()}}`;
    }
  })();
}

/** The state, as a JSON string: a value of this module's own, which the evaluated file cannot change. */
export function result(): string {
  return state;
}
