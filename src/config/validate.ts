/**
 * A small structural validator for the site config: unknown keys and wrong types are reported
 * with the dotted key path, e.g. "docs.editUrl must be a string, got number".
 */
export type Schema =
  | { type: 'any' }
  | { type: 'string' | 'boolean' | 'number' }
  | { type: 'enum'; values: readonly (string | boolean)[] }
  | { type: 'array'; of: Schema }
  | { type: 'record'; of: Schema }
  | { type: 'object'; fields: Record<string, Schema>; required?: readonly string[] }
  | { type: 'nullable'; of: Schema }
  /** A value of `of` that `check` accepts: it returns what is wrong (after the key path), or null. */
  | { type: 'refine'; of: Schema; check(value: never): string | null };

export interface ValidationIssue {
  /** Dotted path of the offending key, e.g. "navbar.items.2.label". */
  path: string;
  message: string;
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Every problem found (unknown keys, wrong types, missing required keys), in the order of the schema; empty when the value matches. */
export function validate(value: unknown, schema: Schema, path = '', issues: ValidationIssue[] = []): ValidationIssue[] {
  const at = path || '(config)';
  const report = (issuePath: string, message: string) => issues.push({ path: issuePath, message });
  switch (schema.type) {
    case 'any':
      break;
    case 'string':
    case 'boolean':
    case 'number':
      if (typeof value !== schema.type) report(at, `${at} must be a ${schema.type}, got ${describe(value)}`);
      break;
    case 'enum':
      if (!schema.values.includes(value as string)) {
        report(at, `${at} must be one of ${schema.values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`);
      }
      break;
    case 'nullable':
      if (value !== null) validate(value, schema.of, path, issues);
      break;
    case 'refine': {
      const before = issues.length;
      validate(value, schema.of, path, issues);
      const problem = issues.length === before ? schema.check(value as never) : null;
      if (problem) report(at, `${at} ${problem}`);
      break;
    }
    case 'array':
      if (!Array.isArray(value)) report(at, `${at} must be an array, got ${describe(value)}`);
      else value.forEach((item, i) => validate(item, schema.of, `${path}.${i}`.replace(/^\./, ''), issues));
      break;
    case 'record':
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        report(at, `${at} must be an object, got ${describe(value)}`);
        break;
      }
      const record = value as Record<string, unknown>;
      const join = (key: string) => (path ? `${path}.${key}` : key);
      if (schema.type === 'record') {
        for (const [key, item] of Object.entries(record)) validate(item, schema.of, join(key), issues);
        break;
      }
      const known = Object.keys(schema.fields).join(', ');
      for (const key of Object.keys(record)) {
        if (!(key in schema.fields)) report(join(key), `unknown key "${join(key)}" (known keys here: ${known})`);
      }
      for (const key of schema.required ?? []) {
        if (record[key] === undefined) report(join(key), `${join(key)} is required`);
      }
      for (const [key, fieldSchema] of Object.entries(schema.fields)) {
        if (record[key] !== undefined) validate(record[key], fieldSchema, join(key), issues);
      }
      break;
    }
  }
  return issues;
}

export const anything = { type: 'any' } as const;
export const str = { type: 'string' } as const;
export const bool = { type: 'boolean' } as const;
export const num = { type: 'number' } as const;
export const oneOf = (...values: (string | boolean)[]): Schema => ({ type: 'enum', values });
export const arrayOf = (of: Schema): Schema => ({ type: 'array', of });
export const recordOf = (of: Schema): Schema => ({ type: 'record', of });
export const nullable = (of: Schema): Schema => ({ type: 'nullable', of });
export const object = (fields: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  fields,
  required,
});
export const refine = <T>(of: Schema, check: (value: T) => string | null): Schema => ({ type: 'refine', of, check: check as (value: never) => string | null });
