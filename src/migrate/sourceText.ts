import type { SidebarsConfig } from '../config/defineConfig.js';
import type { UserConfig } from '../config/types.js';

/**
 * sipadocs.config.ts for a migrated site. `expressions` gives code for some strings (reading
 * environment variables, see environment.ts), written in their place; `imports` are its first lines.
 */
export function configFileText(config: UserConfig, from: string, expressions: ReadonlyMap<string, string> = new Map(), imports: string[] = []): string {
  return [
    ...imports,
    "import { defineConfig } from 'sipadocs';",
    '',
    `// Migrated from the Docusaurus config ${from} by \`sipadocs migrate\`.`,
    `export default defineConfig(${literal(config, '', expressions)});`,
    '',
  ].join('\n');
}

/** sidebars.ts for a migrated site; `from` is null when the project had no sidebars file. */
export function sidebarsFileText(sidebars: SidebarsConfig, from: string | null): string {
  return [
    "import { defineSidebars } from 'sipadocs';",
    '',
    `// ${from ? `Migrated from the Docusaurus sidebars ${from}` : 'Docusaurus generates one sidebar from the docs folder when there is no sidebars file; so does this'} (\`sipadocs migrate\`).`,
    `export default defineSidebars(${literal(sidebars, '')});`,
    '',
  ].join('\n');
}

/** Code written as it is in a config file (a name the file imports, see markdownPlugins.ts). */
export class SourceCode {
  constructor(readonly code: string) {}
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const LINE_WIDTH = 100;

/** A value as TypeScript source: single-quoted strings, bare keys where possible, short objects on one line. */
export function literal(value: unknown, indent: string, expressions: ReadonlyMap<string, string> = new Map()): string {
  if (typeof value === 'string') return expressions.get(value) ?? quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (value instanceof SourceCode) return value.code;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => literal(item, inner, expressions));
    const flat = `[${items.join(', ')}]`;
    if (!flat.includes('\n') && indent.length + flat.length <= LINE_WIDTH) return flat;
    return `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return '{}';
  const fields = entries.map(([key, item]) => `${propertyKey(key)}: ${literal(item, inner, expressions)}`);
  const flat = `{ ${fields.join(', ')} }`;
  if (!flat.includes('\n') && indent.length + flat.length <= LINE_WIDTH) return flat;
  return `{\n${fields.map((field) => `${inner}${field},`).join('\n')}\n${indent}}`;
}

/** A key as written in an object literal. `__proto__`, bare or quoted, would set the prototype instead of a field; computed, it is a field. */
function propertyKey(key: string): string {
  if (key === '__proto__') return `[${quote(key)}]`;
  return IDENTIFIER.test(key) ? key : quote(key);
}

function quote(text: string): string {
  const json = JSON.stringify(text).slice(1, -1);
  return `'${json.replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}
