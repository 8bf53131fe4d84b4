import { build } from 'esbuild';
// jiti is loaded when first needed: a build of a site that is no Docusaurus project never does.
import type { Jiti } from 'jiti';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { SiteError } from '../errors.js';
import type { Evaluated, Evaluation } from './sandbox.js';

/** Live values behind the markers of an evaluation: a function or a package's export, by its marker object. */
export type LiveValues = WeakMap<object, unknown>;

/** What a live evaluation gives: the value as the sandbox would give it, and the live values behind its markers. */
export interface LiveEvaluation extends Evaluation {
  live: LiveValues;
}

const BUILTINS = new Set(builtinModules);

/** The values of the packages a file imports, each by the dotted path that reaches it (`pkg.themes.dracula`) and the package's specifier. */
type KnownExports = Map<unknown, { name: string; from: string }>;
/** How deep a package's exports are searched for values the config took from them (`themes.dracula` is two). */
const EXPORT_DEPTH = 3;

/**
 * Evaluates a Docusaurus config or sidebars file as Docusaurus does, in this process: with jiti
 * (TypeScript, ES modules and CommonJS mixed), the project's own packages and the environment.
 * For a project whose packages are installed, where sipadocs builds it in place.
 *
 * The result has the shape the sandbox gives (see sandbox.ts), so one reading serves both: data
 * as it is; a value taken from a package the file imports, found by identity among that
 * package's exports, as a module marker naming it (`prism-react-renderer.themes.dracula`); any
 * other function as a function marker. `live` holds the real value behind each marker, for what
 * runs it (a remark plugin written in the config).
 *
 * Throws DOCUSAURUS_LOAD_FAILED naming the file when it does not load or its export throws.
 */
export async function evaluateLive(file: string): Promise<LiveEvaluation> {
  forgetProjectModules(path.dirname(file));
  const { createJiti } = await import('jiti');
  const jiti = createJiti(file, { moduleCache: true, fsCache: false, interopDefault: true });
  let exported: unknown;
  // Docusaurus runs in the project's folder: a config's path.resolve('src/css/x.css') starts there.
  const cwd = process.cwd;
  process.cwd = () => path.dirname(file);
  try {
    // Required, not imported: a module imported natively stays in Node's cache of ES modules for
    // good, so a watch session would never see the file changed (one with top-level await is
    // imported).
    exported = interopDefault(await requireOrImport(jiti, file));
    exported = await exported;
    if (typeof exported === 'function') exported = await (exported as () => unknown)();
    exported = await exported;
  } catch (error) {
    throw loadFailed(file, error);
  } finally {
    process.cwd = cwd;
  }
  const known: KnownExports = new Map();
  const nativeRequire = createRequire(file);
  for (const specifier of await packagesImportedBy(file)) {
    // A package can come to the config in more than one instance (jiti's require, Node's require,
    // an ES import): each is searched. One that does not load was optional to the config.
    const loaders: Array<() => unknown> = [() => jiti.import(specifier), () => (jiti as unknown as (id: string) => unknown)(specifier), () => nativeRequire(specifier)];
    for (const load of loaders) {
      try {
        indexExports(await load(), specifier, known);
      } catch {
        // another way may load it
      }
    }
  }
  const live: LiveValues = new WeakMap();
  return { value: toEvaluated(exported, known, live, [], 0), envRead: [], live };
}

/**
 * The packages a file and the project files it imports import (bare specifiers, not Node's own
 * modules): what its values may come from. Read by esbuild, which follows the file's own imports
 * and leaves packages alone.
 */
export async function packagesImportedBy(file: string): Promise<string[]> {
  return (await importsOf(file)).packages;
}

/**
 * What a config imports: the packages (see packagesImportedBy) and the project's own files it
 * reads through imports (itself included), absolute; a change to any of these changes the config.
 */
export async function importsOf(file: string): Promise<{ packages: string[]; builtins: string[]; files: string[] }> {
  const found = new Set<string>();
  const builtins = new Set<string>();
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    absWorkingDir: path.dirname(file),
    plugins: [
      {
        name: 'packages-imported',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (path.isAbsolute(args.path)) return undefined;
            const name = args.path.replace(/^node:/, '');
            if (!BUILTINS.has(name) && !BUILTINS.has(name.split('/')[0]!)) found.add(args.path);
            else builtins.add(name);
            return { path: args.path, external: true };
          });
          // Anything that is not code (styles, images) has nothing to give.
          b.onResolve({ filter: /\.(css|scss|sass|less|svg|png|jpe?g|gif|webp)$/ }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  }).catch(() => null); // the file loads with jiti; what esbuild cannot follow only names fewer imports
  const files = result?.metafile ? Object.keys(result.metafile.inputs).map((input) => path.resolve(path.dirname(file), input)) : [file];
  return { packages: [...found].sort(), builtins: [...builtins].sort(), files: [...new Set([file, ...files])].sort() };
}

/** A module's value: jiti's require, or its import for a module that needs one (top-level await). */
async function requireOrImport(jiti: Jiti, file: string): Promise<unknown> {
  try {
    return (jiti as unknown as (id: string) => unknown)(file);
  } catch (error) {
    if (!/top-level await|ERR_REQUIRE_ASYNC_MODULE/i.test(String((error as Error).message ?? error))) throw error;
    return jiti.import(file);
  }
}

/** The default export of a module required through jiti (its ES modules come with `default`). */
function interopDefault(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || !('default' in value)) return value;
  const esModule = (value as { __esModule?: boolean }).__esModule || Object.keys(value).every((key) => key === 'default');
  return esModule ? (value as { default: unknown }).default : value;
}

/**
 * Drops the project's own modules (not its packages) from Node's module cache, which jiti shares:
 * a file evaluated again (a watch session's config or sidebars, edited) is read as it is now.
 * Packages stay loaded, so their exports keep their identity.
 */
function forgetProjectModules(projectDir: string): void {
  const cache = createRequire(path.join(projectDir, 'noop.js')).cache;
  for (const key of Object.keys(cache)) {
    if (key.startsWith(`${projectDir}${path.sep}`) && !key.includes(`${path.sep}node_modules${path.sep}`)) delete cache[key];
  }
}

/** Records every object and function among a module's exports, up to EXPORT_DEPTH, by the dotted path that reaches it. */
function indexExports(mod: unknown, specifier: string, known: KnownExports): void {
  const seen = new Set<unknown>();
  const visit = (value: unknown, name: string, depth: number) => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
    seen.add(value);
    // The shortest path wins: `pkg` rather than `pkg.default` for a CommonJS module.
    if (!known.has(value)) known.set(value, { name, from: specifier });
    // The items of a list at the last depth are recorded too (a prism theme's `styles`, which a
    // project's own theme spreads into its list), without going further.
    if (depth === EXPORT_DEPTH && Array.isArray(value)) value.forEach((item, i) => item !== null && typeof item === 'object' && !known.has(item) && known.set(item, { name: `${name}.${i}`, from: specifier }));
    if (depth >= EXPORT_DEPTH) return;
    let keys: string[];
    try {
      keys = Object.keys(value);
      // jiti's interop gives a CommonJS module's exports as a `default` that no key lists.
      if (!keys.includes('default') && (value as { default?: unknown }).default !== undefined) keys.unshift('default');
    } catch {
      return;
    }
    for (const key of keys) {
      let child: unknown;
      try {
        child = (value as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      visit(child, `${name}.${key}`, depth + 1);
    }
  };
  visit(mod, specifier, 0);
}

/** The value as the sandbox gives it (see sandboxPrelude.ts serialize), with the live value behind each marker. */
function toEvaluated(value: unknown, known: KnownExports, live: LiveValues, seen: unknown[], depth: number): Evaluated {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
  // jiti's require of a CommonJS package gives a stand-in whose `default` is the package's exports.
  const exported = known.get(value) ?? (typeof value === 'function' || typeof value === 'object' ? known.get(defaultOf(value)) : undefined);
  if (exported !== undefined) {
    const marker = { $module: exported.name, $from: exported.from };
    live.set(marker, value);
    return marker;
  }
  if (typeof value === 'function') {
    const marker = { $function: (value as { name?: string }).name ?? '' };
    live.set(marker, value);
    return marker;
  }
  if (value instanceof RegExp) return { $regexp: String(value) };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof URL) return value.href;
  if (depth > 40 || seen.includes(value)) return { $cycle: true };
  seen.push(value);
  try {
    if (Array.isArray(value)) return value.map((item) => toEvaluated(item, known, live, seen, depth + 1));
    const copy: Record<string, Evaluated> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item !== undefined) copy[key] = toEvaluated(item, known, live, seen, depth + 1);
    }
    return copy;
  } finally {
    seen.pop();
  }
}

function defaultOf(value: unknown): unknown {
  try {
    return (value as { default?: unknown }).default;
  } catch {
    return undefined;
  }
}

function loadFailed(file: string, error: unknown): SiteError {
  const message = error instanceof Error ? error.message : String(error);
  const missing = /Cannot find (?:module|package) '([^']+)'/.exec(message)?.[1];
  return new SiteError({
    code: 'DOCUSAURUS_LOAD_FAILED',
    message: `cannot load ${path.basename(file)}: ${message.split('\n')[0]}`,
    location: { file, ...positionIn(file, error) },
    hint: missing
      ? `Install the project's packages first (npm install in ${path.dirname(file)}): ${missing} is not installed.`
      : 'sipadocs loads the config as Docusaurus does, with the packages of the project; fix the error it throws.',
    cause: error,
  });
}

/** Where in `file` a thrown error comes from, by its stack. */
function positionIn(file: string, error: unknown): { line?: number; column?: number } {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(stack);
  return frame ? { line: Number(frame[1]), column: Number(frame[2]) } : {};
}

/**
 * The packages a config (and the project files it imports) imports that do not resolve from its
 * folder: what must be installed before it can run live. Empty when all are there.
 */
export async function missingPackagesOf(file: string, packages?: string[]): Promise<string[]> {
  const require = createRequire(file);
  const { createJiti } = await import('jiti');
  const jiti = createJiti(file, { moduleCache: false, fsCache: false });
  const missing: string[] = [];
  // `packages`: the packages it imports, when the caller has them already (see importsOf).
  for (const specifier of packages ?? (await packagesImportedBy(file))) {
    // CommonJS resolution, then ES modules' (a package may export its entry to `import` alone).
    const found = [() => require.resolve(specifier), () => jiti.esmResolve(specifier)].some((resolve) => {
      try {
        return Boolean(resolve());
      } catch {
        return false;
      }
    });
    if (!found && !missing.includes(specifier)) missing.push(specifier);
  }
  return missing;
}
