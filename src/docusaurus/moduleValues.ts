import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.js';
import { isMarker, isObject, type EvaluatedObject } from './evaluated.js';
import type { MigrationNotes } from './notes.js';
import { evaluateFile, type Evaluated, type SandboxOptions } from './sandbox.js';

const SCRIPT_FILE = /\.(c|m)?(j|t)s$/;

/**
 * Config values a project keeps in a module of its own (jest's `i18n` comes from `./i18n.mjs`, its
 * prism themes from `./src/prism/themeLight.js`), each named by its dotted path in the config
 * (`themeConfig.prism.theme`): in the sandbox that import is an inert stub, so the module is
 * evaluated on its own, in the sandbox too (as a sidebars file is), and what it exports takes the
 * stub's place. Only a module of the project (`mayRead`) is evaluated; one that cannot be leaves
 * the stub, which the reading of the config then reports.
 */
export async function resolveModuleValues(config: Evaluated, configFile: string, keys: readonly string[], options: SandboxOptions & { mayRead: (what: string, file: string) => boolean }, notes: MigrationNotes): Promise<Evaluated> {
  if (!isObject(config)) return config;
  let resolved: EvaluatedObject = config;
  for (const key of keys) {
    const value = valueAt(resolved, key);
    if (!isMarker(value)) continue;
    // A stub of the module itself, not of something read from it.
    const stub = value as EvaluatedObject;
    if (stub.$module !== stub.$from || typeof stub.$from !== 'string' || !/^\.{1,2}\//.test(stub.$from)) continue;
    const file = scriptFile(path.resolve(path.dirname(configFile), stub.$from));
    if (!file || !options.mayRead(`${key} from ${stub.$from}`, file)) continue;
    try {
      resolved = withValueAt(resolved, key, await evaluateFile(file, options));
      notes.carriedOver(`${key}: read from ${stub.$from}, evaluated in the sandbox as the config is`);
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      notes.warn(`${key} (${stub.$from})`, error.message);
    }
  }
  return resolved;
}

/** The script a `require` of this path loads, as Node resolves a file without its extension (`./src/prism/theme`), or null. */
function scriptFile(required: string): string | null {
  const candidates = SCRIPT_FILE.test(required) ? [required] : [required, ...['.js', '.cjs', '.mjs', '.ts'].map((extension) => `${required}${extension}`), path.join(required, 'index.js')];
  return candidates.find((file) => SCRIPT_FILE.test(file) && existsSync(file) && statSync(file).isFile()) ?? null;
}

/** The value at a dotted path of plain objects, or undefined. */
function valueAt(object: EvaluatedObject, dotted: string): Evaluated | undefined {
  let value: Evaluated | undefined = object;
  for (const part of dotted.split('.')) value = isObject(value) ? value[part] : undefined;
  return value;
}

/** A copy of `object` with `value` at a dotted path whose objects all exist. */
function withValueAt(object: EvaluatedObject, dotted: string, value: Evaluated): EvaluatedObject {
  const [first, ...rest] = dotted.split('.');
  const inner = object[first!];
  return { ...object, [first!]: rest.length === 0 || !isObject(inner) ? value : withValueAt(inner, rest.join('.'), value) };
}
