/**
 * What the fast path's renderer is given: the options of `compileMdx` (a static page reads no
 * front matter) and the session one build (or watch session) shares between pages.
 */
import type { MarkdownIt } from 'markdown-it';
import type { CompileOptions } from '../mdx/compile.js';
import { createParser, type Format } from './parser.js';
import { ThemeShells } from './themeShells.js';

/** What one build (or watch session) shares between pages: the parsers and the cache of theme shells. */
export interface StaticSession {
  parsers: Record<Format, MarkdownIt>;
  shells: ThemeShells;
}

export function createStaticSession(): StaticSession {
  return { parsers: { md: createParser('md'), mdx: createParser('mdx') }, shells: new ThemeShells() };
}

/** The options of `compileMdx` (a static page reads no front matter), and the session to use. */
export type StaticRenderOptions = Omit<CompileOptions, 'frontMatter'> & { session?: StaticSession };
