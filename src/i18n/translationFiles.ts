import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { codeFrame, SiteError } from '../errors.js';

/** One entry of a translation file, as Docusaurus writes them: the text shown, and what it is for. */
export interface TranslationEntry {
  message: string;
  description?: string;
}

/** A translation file's entries by key (`code.json`, `navbar.json`, `current.json`…). */
export type TranslationFileContent = Record<string, TranslationEntry>;

/** The folder of a docs instance's translations in a locale's folder, as Docusaurus names it. */
export const docsPluginFolder = (pluginId: string) => (pluginId === 'default' ? 'docusaurus-plugin-content-docs' : `docusaurus-plugin-content-docs-${pluginId}`);
export const BLOG_PLUGIN_FOLDER = 'docusaurus-plugin-content-blog';
export const PAGES_PLUGIN_FOLDER = 'docusaurus-plugin-content-pages';
export const THEME_FOLDER = 'docusaurus-theme-classic';

/** A docs version's folder (or JSON file, with `.json`) in its instance's folder: `current`, `version-1.0`. */
export const versionTranslationName = (version: string) => (version === 'current' ? 'current' : `version-${version}`);

/** The site-relative folder of a locale's translations: `i18n/fr` (`<i18n.path>/<the locale's path>`). */
export function translationsFolder(config: Pick<SiteConfig, 'i18n'>, locale: string): string {
  const folder = path.posix.join(config.i18n.path.split(path.sep).join('/'), config.i18n.localeConfigs[locale]!.path);
  return folder.replace(/^\.\//, '');
}

/**
 * A translation file's entries, or null when there is no such file (a locale translates what it
 * wants to). A file that is not JSON, or whose entries are not `{ "message": "…" }`, is an error
 * naming the file, line and column (TRANSLATION_INVALID).
 *
 * @param file absolute path
 * @param shown the path messages show
 */
export function readTranslationFile(file: string, shown: string): TranslationFileContent | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { line, column } = syntaxErrorPlace(text, (error as Error).message);
    throw invalid(shown, text, line, column, `not valid JSON: ${(error as Error).message.replace(/\s*\(line \d+ column \d+\)|\s*at position \d+.*$/, '')}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(shown, text, 1, 1, 'a translation file holds one object, of entries { "message": "…", "description": "…" } by key');
  }
  const entries: TranslationFileContent = {};
  for (const [key, entry] of Object.entries(value)) {
    const message = (entry as { message?: unknown } | null)?.message;
    const description = (entry as { description?: unknown } | null)?.description;
    if (typeof entry !== 'object' || entry === null || typeof message !== 'string' || (description !== undefined && typeof description !== 'string')) {
      const { line, column } = keyPlace(text, key);
      throw invalid(shown, text, line, column, `the entry ${JSON.stringify(key)} must be { "message": "…" } (with an optional "description"), got ${JSON.stringify(entry)}`);
    }
    entries[key] = description === undefined ? { message } : { message, description };
  }
  return entries;
}

/** The messages of a translation file's entries, by key. */
export function messagesOf(content: TranslationFileContent | null): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, entry] of Object.entries(content ?? {})) messages[key] = entry.message;
  return messages;
}

function invalid(file: string, text: string, line: number, column: number, message: string): SiteError {
  return new SiteError({
    code: 'TRANSLATION_INVALID',
    message: `this translation file is ${message.startsWith('not ') ? message : `invalid: ${message}`}`,
    location: { file, line, column },
    frame: codeFrame(text, line, column),
    hint: 'A translation file is JSON: { "key": { "message": "the translated text", "description": "what it is for" } }. `sipadocs write-translations` writes them with every key to translate.',
  });
}

/** Where JSON.parse stopped: its message gives the line and column (Node 22) or the position (Node 20). */
function syntaxErrorPlace(text: string, message: string): { line: number; column: number } {
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /at position (\d+)/.exec(message);
  if (position) return placeOf(text, Number(position[1]));
  // "Unexpected end of JSON input": the end of the text.
  return placeOf(text, text.length);
}

/** Where a key is written in a JSON text: its first occurrence as a property name. */
function keyPlace(text: string, key: string): { line: number; column: number } {
  const written = new RegExp(`${escapeRegExp(JSON.stringify(key))}\\s*:`).exec(text);
  return placeOf(text, written?.index ?? 0);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
