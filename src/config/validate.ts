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
  | { type: 'nullable'; of: Schema };

export interface ValidationIssue {
  /** Dotted path of the offending key, e.g. "navbar.items.2.label". */
  path: string;
  message: string;
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Returns the first problem found, or null when the value matches the schema. */
export function validate(value: unknown, schema: Schema, path = ''): ValidationIssue | null {
  const at = path || '(config)';
  switch (schema.type) {
    case 'any':
      return null;
    case 'string':
    case 'boolean':
    case 'number':
      return typeof value === schema.type
        ? null
        : { path: at, message: `${at} must be a ${schema.type}, got ${describe(value)}` };
    case 'enum':
      return schema.values.includes(value as string)
        ? null
        : { path: at, message: `${at} must be one of ${schema.values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}` };
    case 'nullable':
      return value === null ? null : validate(value, schema.of, path);
    case 'array': {
      if (!Array.isArray(value)) return { path: at, message: `${at} must be an array, got ${describe(value)}` };
      for (const [i, item] of value.entries()) {
        const issue = validate(item, schema.of, `${path}.${i}`.replace(/^\./, ''));
        if (issue) return issue;
      }
      return null;
    }
    case 'record':
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return { path: at, message: `${at} must be an object, got ${describe(value)}` };
      }
      const record = value as Record<string, unknown>;
      const join = (key: string) => (path ? `${path}.${key}` : key);
      if (schema.type === 'record') {
        for (const [key, item] of Object.entries(record)) {
          const issue = validate(item, schema.of, join(key));
          if (issue) return issue;
        }
        return null;
      }
      for (const key of Object.keys(record)) {
        if (!(key in schema.fields)) {
          const known = Object.keys(schema.fields).join(', ');
          return { path: join(key), message: `unknown key "${join(key)}" (known keys here: ${known})` };
        }
      }
      for (const key of schema.required ?? []) {
        if (record[key] === undefined) return { path: join(key), message: `${join(key)} is required` };
      }
      for (const [key, fieldSchema] of Object.entries(schema.fields)) {
        if (record[key] === undefined) continue;
        const issue = validate(record[key], fieldSchema, join(key));
        if (issue) return issue;
      }
      return null;
    }
  }
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
