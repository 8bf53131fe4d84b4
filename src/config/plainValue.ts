import type { ValidationIssue } from './validate.js';

/**
 * A config module's value, copied once into plain data before anything else reads it: every
 * property is read here, once, so a getter that throws, a value that refers back to itself or one
 * nested too deep is reported with its key path, instead of failing later somewhere that cannot
 * name it ("Maximum call stack size exceeded" while hashing the site data). Arrays and plain
 * objects are copied; anything else (functions, dates, class instances) is kept as it is.
 */
export function plainConfigValue(value: unknown): { value: unknown; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  /** The objects on the way from the top to the one being copied, with their paths. */
  const ancestors = new Map<object, string>();
  const copy = (current: unknown, path: string, depth: number): unknown => {
    if (typeof current !== 'object' || current === null || !isPlain(current)) return current;
    const shown = path || '(config)';
    const earlier = ancestors.get(current);
    if (earlier !== undefined) {
      issues.push({ path, message: `${shown} refers back to ${earlier || '(config)'}, which holds it: a config value must be plain data, without cycles` });
      return undefined;
    }
    if (depth > MAX_DEPTH) {
      issues.push({ path, message: `${shown} is nested more than ${MAX_DEPTH} levels deep` });
      return undefined;
    }
    ancestors.set(current, path);
    try {
      let keys: string[];
      try {
        keys = Object.keys(current);
      } catch (error) {
        issues.push({ path, message: `listing the keys of ${shown} failed: ${messageOf(error)}` });
        return undefined;
      }
      const result: Record<string, unknown> | unknown[] = isArray(current) ? [] : {};
      for (const key of keys) {
        const keyPath = path ? `${path}.${key}` : key;
        let item: unknown;
        try {
          item = (current as Record<string, unknown>)[key];
        } catch (error) {
          issues.push({ path: keyPath, message: `reading ${keyPath} failed: ${messageOf(error)}` });
          continue;
        }
        (result as Record<string, unknown>)[key] = copy(item, keyPath, depth + 1);
      }
      return result;
    } finally {
      ancestors.delete(current);
    }
  };
  return { value: copy(value, '', 0), issues };
}

/** Deeper than any real config; far from the call stack's limit. */
const MAX_DEPTH = 100;

function isPlain(value: object): boolean {
  try {
    if (Array.isArray(value)) return true;
    const proto = Object.getPrototypeOf(value) as unknown;
    return proto === Object.prototype || proto === null;
  } catch {
    // A proxy that cannot be looked at: copied as an object, each read guarded.
    return true;
  }
}

function isArray(value: object): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an error that cannot be shown';
  }
}
