import { createHash } from 'node:crypto';
import type { CompiledPage } from '../compiler/mdx/compile.js';

/**
 * The base URL pages of a site in several locales are compiled with: every URL the compiler
 * writes (links, images) starts with it, and each locale puts its own base URL in its place (see
 * inLocale). A page is compiled once, whichever locales show it; ASCII a URL path may hold, so
 * it reads the same in JavaScript strings, HTML and markdown.
 */
export const NEUTRAL_BASE = '/__sipadocs-locale-base__/';

/**
 * A page compiled with NEUTRAL_BASE as one locale shows it: its base URL in every URL of its
 * code, markdown, social card and link places. The code and markdown are made on first touch, as
 * a page read from the cache reads them (see COMPILED_PAGES).
 */
export function inLocale(page: CompiledPage, baseUrl: string): CompiledPage {
  const swap = (text: string) => (text.includes(NEUTRAL_BASE) ? text.replaceAll(NEUTRAL_BASE, baseUrl) : text);
  const lazy = new Set(['code', 'excerptCode', 'markdown']);
  const result = {} as CompiledPage;
  for (const key of Object.keys(page) as Array<keyof CompiledPage>) {
    if (lazy.has(key)) continue;
    Object.defineProperty(result, key, { value: page[key], enumerable: true, writable: true });
  }
  result.image = page.image === null ? null : swap(page.image);
  result.linkPlaces = page.linkPlaces.map(([href, line, column]) => [swap(href), line, column]);
  result.warnings = page.warnings.map((warning) => ({ ...warning, message: swap(warning.message) }));
  let code: string | undefined;
  let excerptCode: string | null | undefined;
  let markdown: string | undefined;
  return Object.defineProperties(result, {
    code: { get: () => (code ??= swap(page.code)), enumerable: true },
    excerptCode: { get: () => (excerptCode === undefined ? (excerptCode = page.excerptCode === null ? null : swap(page.excerptCode)) : excerptCode), enumerable: true },
    markdown: { get: () => (markdown ??= swap(page.markdown)), enumerable: true },
  });
}

/** The key of what a page's code is made from in a locale: the page's compile key and the locale's base URL. */
export function keyInLocale(key: string, baseUrl: string): string {
  return createHash('sha256').update(key).update('\0').update(baseUrl).digest('hex');
}
