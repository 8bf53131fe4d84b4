import { Parser, type Node } from 'acorn';
import { transform } from 'esbuild';
import { visit } from 'estree-util-visit';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors.js';
import type { TranslationFileContent } from './translationFiles.js';

/** A message a site's code translates, as `code.json` has it: by its id (or its text, without one). */
export interface CodeMessage {
  id: string;
  message: string;
  description?: string;
}

interface Literal {
  type: 'Literal';
  value: unknown;
}
interface Property {
  type: 'Property';
  key: { type: string; name?: string; value?: unknown };
  value: Node;
}

/**
 * The messages the site's React code translates, read as Docusaurus's `write-translations` reads
 * them: each `translate({ id, message, description })` call and each `<Translate id description>text</Translate>`
 * of `@docusaurus/Translate` whose id, message and description are written as plain strings. A
 * call whose values are computed is skipped: it cannot be listed before the page runs.
 *
 * @param files absolute paths of JavaScript and TypeScript files (JSX included)
 */
export async function codeMessagesOf(files: string[]): Promise<CodeMessage[]> {
  const found = new Map<string, CodeMessage>();
  for (const file of [...files].sort()) {
    const source = await readFile(file, 'utf8');
    if (!source.includes('@docusaurus/Translate')) continue;
    for (const message of await messagesIn(file, source)) if (!found.has(message.id)) found.set(message.id, message);
  }
  return [...found.values()];
}

/** The messages as a translation file's entries, by id. */
export function codeTranslationContent(messages: CodeMessage[]): TranslationFileContent {
  return Object.fromEntries(messages.map(({ id, message, description }) => [id, description === undefined ? { message } : { message, description }]));
}

async function messagesIn(file: string, source: string): Promise<CodeMessage[]> {
  let code: string;
  try {
    // JSX and TypeScript become plain JavaScript: <Translate> is then a createElement call.
    code = (await transform(source, { loader: loaderOf(file), jsx: 'transform', jsxFactory: '__jsx', format: 'esm', target: 'es2022' })).code;
  } catch (error) {
    const first = (error as { errors?: Array<{ text: string; location?: { line: number; column: number } | null }> }).errors?.[0];
    throw new SiteError({
      code: 'TRANSLATION_INVALID',
      message: `this file cannot be read for the messages it translates: ${first?.text ?? (error as Error).message}`,
      location: { file: path.relative(process.cwd(), file) || file, line: first?.location?.line, column: first?.location ? first.location.column + 1 : undefined },
    });
  }
  const program = Parser.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const names = { component: new Set<string>(), function: new Set<string>() };
  for (const statement of (program as unknown as { body: Array<Node & { source?: Literal; specifiers?: Array<{ type: string; local: { name: string }; imported?: { name?: string } }> }> }).body) {
    if (statement.type !== 'ImportDeclaration' || statement.source?.value !== '@docusaurus/Translate') continue;
    for (const specifier of statement.specifiers ?? []) {
      if (specifier.type === 'ImportDefaultSpecifier') names.component.add(specifier.local.name);
      else if (specifier.type === 'ImportSpecifier' && specifier.imported?.name === 'translate') names.function.add(specifier.local.name);
    }
  }
  const messages: CodeMessage[] = [];
  visit(program as never, (node) => {
    const call = node as unknown as { type: string; callee?: { type: string; name?: string }; arguments?: Node[] };
    if (call.type !== 'CallExpression' || call.callee?.type !== 'Identifier') return;
    const args = call.arguments ?? [];
    if (names.function.has(call.callee.name!)) {
      const fields = stringFields(args[0]);
      if (fields?.message !== undefined) messages.push(message(fields.id ?? fields.message, fields.message, fields.description));
    } else if (call.callee.name === '__jsx' && args[0]?.type === 'Identifier' && names.component.has((args[0] as unknown as { name: string }).name)) {
      const fields = stringFields(args[1]) ?? {};
      const children = args.slice(2);
      const text = children.length === 1 && children[0]!.type === 'Literal' && typeof (children[0] as unknown as Literal).value === 'string' ? ((children[0] as unknown as Literal).value as string) : undefined;
      if (text !== undefined) messages.push(message(fields.id ?? text, text, fields.description));
    }
  });
  return messages;
}

function message(id: string, text: string, description: string | undefined): CodeMessage {
  return description === undefined ? { id, message: text } : { id, message: text, description };
}

/** The string-valued properties of an object literal (`{ id: 'x', message: 'y' }`); null for anything else. */
function stringFields(node: Node | undefined): Record<string, string> | null {
  if (!node || node.type !== 'ObjectExpression') return null;
  const fields: Record<string, string> = {};
  for (const property of (node as unknown as { properties: Property[] }).properties) {
    if (property.type !== 'Property') continue;
    const key = property.key.name ?? (typeof property.key.value === 'string' ? property.key.value : undefined);
    const value = property.value as unknown as { type: string; value?: unknown; quasis?: Array<{ value: { cooked: string } }>; expressions?: unknown[] };
    if (key === undefined) continue;
    if (value.type === 'Literal' && typeof value.value === 'string') fields[key] = value.value;
    else if (value.type === 'TemplateLiteral' && value.expressions?.length === 0) fields[key] = value.quasis![0]!.value.cooked;
  }
  return fields;
}

function loaderOf(file: string): 'js' | 'jsx' | 'ts' | 'tsx' {
  if (file.endsWith('.tsx')) return 'tsx';
  if (/\.[cm]?ts$/.test(file)) return 'ts';
  return 'jsx';
}
