import path from 'node:path';
import type { MigrationNotes } from './notes.js';
import { evaluate, type Evaluated, type Evaluation, type SandboxOptions } from './sandbox.js';
import { ENV_MARK } from './sandboxPrelude.js';

/**
 * The environment variables a Docusaurus config reads, and where their values go. The config is
 * evaluated with an empty environment (the values the migration uses), and, when it read any
 * variable, once more with each read giving a marker: a string of the second result holding
 * markers shows which variables make it, and the first result has the same string as it reads
 * without them. Where that string is found in the migrated config, the config reads the same
 * variables itself. No value of the environment is ever read.
 */
export interface EnvironmentUse {
  /** Every variable read, by name ("*": the whole environment was listed). */
  names: string[];
  /**
   * TypeScript expressions for strings of the migrated config: the string the Docusaurus config
   * gives without the variables → the code that reads them (`` `Site ${process.env.NAME}` ``).
   */
  expressions: Map<string, string>;
}

const MARKED = new RegExp(`${ENV_MARK}([^${ENV_MARK}]*)${ENV_MARK}`, 'g');

/**
 * Evaluates a config file as evaluate() does and traces its environment variables: a second
 * evaluation, with markers, runs only when it read any (`quietOptions` are that evaluation's,
 * which should warn about nothing the first did not).
 */
export async function evaluateTracingEnvironment(file: string, options: SandboxOptions, quietOptions: SandboxOptions): Promise<{ evaluation: Evaluation; environment: EnvironmentUse }> {
  const evaluation = await evaluate(file, options);
  if (evaluation.envRead.length === 0) return { evaluation, environment: { names: [], expressions: new Map() } };
  // A config that fails on a marker (parsing it as a URL, say) only loses the expressions.
  const marked = await evaluate(file, { ...quietOptions, env: 'marked' }).then(
    (result) => result.value,
    () => null,
  );
  return { evaluation, environment: traceEnvironment(evaluation, marked) };
}

/**
 * Works out the expressions from the evaluation without variables (`unset`) and one with
 * markers (`marked`, or null when that evaluation failed).
 */
export function traceEnvironment(unset: Evaluation, marked: Evaluated | null): EnvironmentUse {
  const expressions = new Map<string, string>();
  if (marked === null) return { names: unset.envRead, expressions };
  const plain = new Map<string, number>();
  for (const [, value] of leaves(unset.value, [])) if (typeof value === 'string') plain.set(value, (plain.get(value) ?? 0) + 1);
  const ambiguous = new Set<string>();
  for (const [where, value] of leaves(marked, [])) {
    if (typeof value !== 'string' || !value.includes(ENV_MARK)) continue;
    const without = valueAt(unset.value, where);
    if (typeof without !== 'string') continue;
    const code = expressionFor(value, without);
    // A string that other values share, or that two expressions would claim, is left as it is.
    if (code === undefined || (plain.get(without) ?? 0) > 1 || (expressions.has(without) && expressions.get(without) !== code)) ambiguous.add(without);
    else expressions.set(without, code);
  }
  for (const text of ambiguous) expressions.delete(text);
  return { names: unset.envRead, expressions };
}

/**
 * Code for a string that reads variables: a template literal when the string without them is
 * the template with `undefined` in their places (as `'Site ' + process.env.NAME` gives); a
 * variable with its fallback when the whole string is one variable (`process.env.URL ||
 * 'https://…'`); otherwise none (the report asks for it by hand).
 */
function expressionFor(marked: string, without: string): string | undefined {
  const whole = new RegExp(`^${ENV_MARK}([A-Za-z_][A-Za-z0-9_]*)${ENV_MARK}$`).exec(marked);
  if (whole) return `process.env.${whole[1]} ?? ${quote(without)}`;
  if (marked.replace(MARKED, 'undefined') !== without) return undefined;
  let code = '';
  let last = 0;
  for (const match of marked.matchAll(MARKED)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(match[1]!)) return undefined;
    code += templateText(marked.slice(last, match.index)) + `\${process.env.${match[1]}}`;
    last = match.index + match[0].length;
  }
  return `\`${code}${templateText(marked.slice(last))}\``;
}

/**
 * Notes for the report: which variables the migrated file (`writtenText`) reads, and which it
 * does not. `source` names the Docusaurus file that read them.
 */
export function noteEnvironment(use: EnvironmentUse, source: string, writtenText: string, notes: MigrationNotes): void {
  const name = path.basename(source);
  for (const variable of use.names) {
    if (variable === '*') {
      notes.notCarried(`process.env (all of it), in ${name}`, 'it lists the whole environment; the migration gives it an empty one, so none of it was carried over');
    } else if (writtenText.includes(`process.env.${variable}`)) {
      notes.carriedOver(`the environment variable ${variable} (read by ${name}): the migrated config reads it where ${name} used it`);
    } else {
      notes.notCarried(
        `the environment variable ${variable}, read by ${name}`,
        'the migration ran the file as if it were not set and wrote the values it gives then; set them by hand if they should depend on it',
      );
    }
  }
}

/** Every string, number and boolean of a value, with its path. */
function leaves(value: Evaluated, where: Array<string | number>): Array<[Array<string | number>, Evaluated]> {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...where, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, [...where, key]));
  return [[where, value]];
}

function valueAt(value: Evaluated, where: Array<string | number>): Evaluated | undefined {
  let current: Evaluated | undefined = value;
  for (const key of where) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Array.isArray(current) ? current[key as number] : Object.prototype.hasOwnProperty.call(current, key) ? current[key as string] : undefined;
  }
  return current;
}

function templateText(text: string): string {
  return text.replace(/[\\`]|\$\{/g, (match) => `\\${match}`);
}

function quote(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}
