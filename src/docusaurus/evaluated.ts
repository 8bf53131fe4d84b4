import type { Evaluated } from './sandbox.js';
import type { MigrationNotes } from './notes.js';

export type EvaluatedObject = { [key: string]: Evaluated };

export const isObject = (value: Evaluated | undefined): value is EvaluatedObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isMarker(value);

/** A function, module stub, regular expression or cycle stands in for a value the sandbox could not copy. */
export function isMarker(value: Evaluated | undefined): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort().join(',');
  return ['$function', '$from,$module', '$regexp', '$cycle'].includes(keys);
}

/** Whether a value is, or holds, something the sandbox could not copy (see isMarker). */
export function holdsMarker(value: Evaluated | undefined): boolean {
  if (isMarker(value)) return true;
  if (Array.isArray(value)) return value.some(holdsMarker);
  return isObject(value) && Object.values(value).some(holdsMarker);
}

/** The module a stub stands for (`prism-react-renderer` for `prism-react-renderer.themes.github`). */
export function stubModule(value: Evaluated | undefined): string | undefined {
  return moduleName(value) !== undefined ? String((value as EvaluatedObject).$from) : undefined;
}

/** The module name a stub was required by (with the properties read from it), or undefined. */
export function moduleName(value: Evaluated | undefined): string | undefined {
  return isMarker(value) && typeof (value as EvaluatedObject).$module === 'string' ? ((value as EvaluatedObject).$module as string) : undefined;
}

export const isFunction = (value: Evaluated | undefined): boolean =>
  isMarker(value) && typeof (value as EvaluatedObject).$function === 'string';

/** How a value reads in the report: strings as they are, functions and stubs by name. */
export function describeValue(value: Evaluated | undefined): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (isFunction(value)) return `a function${(value as EvaluatedObject).$function ? ` (${(value as EvaluatedObject).$function})` : ''}`;
  const stub = moduleName(value);
  if (stub) return stub;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * One object of the Docusaurus config, read key by key. Keys read are remembered, so whatever
 * was not read can be reported as not carried over (nothing is dropped silently).
 */
export class ConfigObject {
  private readonly read = new Set<string>();
  /** Keys read as one type that hold another (a value computed from a stub, say): reported. */
  private readonly mismatched = new Map<string, string>();

  constructor(
    /** Dotted path of this object in the Docusaurus config, for the report. */
    readonly where: string,
    readonly value: EvaluatedObject,
  ) {}

  static of(where: string, value: Evaluated | undefined): ConfigObject {
    return new ConfigObject(where, isObject(value) ? value : {});
  }

  has(key: string): boolean {
    return this.value[key] !== undefined && this.value[key] !== null;
  }

  get(key: string): Evaluated | undefined {
    this.read.add(key);
    const value = this.value[key];
    return value === null ? undefined : value;
  }

  string(key: string): string | undefined {
    return this.typed(key, 'string') as string | undefined;
  }

  boolean(key: string): boolean | undefined {
    return this.typed(key, 'boolean') as boolean | undefined;
  }

  number(key: string): number | undefined {
    return this.typed(key, 'number') as number | undefined;
  }

  private typed(key: string, type: 'string' | 'boolean' | 'number'): Evaluated | undefined {
    const value = this.get(key);
    if (value === undefined || typeof value === type) return value;
    this.mismatched.set(key, type);
    return undefined;
  }

  object(key: string): ConfigObject {
    return ConfigObject.of(this.path(key), this.get(key));
  }

  path(key: string): string {
    return this.where ? `${this.where}.${key}` : key;
  }

  /** Marks keys as handled without reading them (their meaning is carried some other way). */
  ignore(...keys: string[]): void {
    for (const key of keys) this.read.add(key);
  }

  /**
   * Reports every key not read: with its own reason when `reasons` has one, else `fallback`.
   */
  reportRest(notes: MigrationNotes, reasons: Record<string, string> = {}, fallback = 'sipadocs has no equivalent setting'): void {
    for (const [key, type] of this.mismatched) {
      const value = this.value[key];
      const from = stubModule(value);
      notes.notCarried(
        `${this.path(key)}: ${describeValue(value)}`,
        from ? `a ${type} was expected; it comes from ${from}, which is not run during the migration (set it by hand)` : `a ${type} was expected`,
      );
    }
    for (const [key, value] of Object.entries(this.value)) {
      if (this.read.has(key) || value === null) continue;
      notes.notCarried(`${this.path(key)}: ${describeValue(value)}`, reasons[key] ?? fallback);
    }
  }
}
