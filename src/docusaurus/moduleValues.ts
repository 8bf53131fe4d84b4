import { existsSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.js';
import { isMarker, isObject, type EvaluatedObject } from './evaluated.js';
import type { MigrationNotes } from './notes.js';
import { evaluateFile, type Evaluated, type SandboxOptions } from './sandbox.js';

const SCRIPT_FILE = /\.(c|m)?(j|t)s$/;

/**
 * Config keys whose whole value a project keeps in a module of its own (jest's `i18n` comes from
 * `./i18n.mjs`): in the sandbox that import is an inert stub, so the module is evaluated on its
 * own, in the sandbox too (as a sidebars file is), and what it exports takes the stub's place.
 * Only a module of the project (`mayRead`) is evaluated; one that cannot be leaves the stub,
 * which the reading of the config then reports.
 */
export async function resolveModuleValues(config: Evaluated, configFile: string, keys: readonly string[], options: SandboxOptions & { mayRead: (what: string, file: string) => boolean }, notes: MigrationNotes): Promise<Evaluated> {
  if (!isObject(config)) return config;
  const resolved: EvaluatedObject = { ...config };
  for (const key of keys) {
    const value = config[key];
    if (!isMarker(value)) continue;
    // A stub of the module itself, not of something read from it.
    const stub = value as EvaluatedObject;
    if (stub.$module !== stub.$from || typeof stub.$from !== 'string' || !/^\.{1,2}\//.test(stub.$from)) continue;
    const file = path.resolve(path.dirname(configFile), stub.$from);
    if (!SCRIPT_FILE.test(file) || !existsSync(file) || !options.mayRead(`${key} from ${stub.$from}`, file)) continue;
    try {
      resolved[key] = await evaluateFile(file, options);
      notes.carriedOver(`${key}: read from ${stub.$from}, evaluated in the sandbox as the config is`);
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      notes.warn(`${key} (${stub.$from})`, error.message);
    }
  }
  return resolved;
}
