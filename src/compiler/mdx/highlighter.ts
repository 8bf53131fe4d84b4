import type { BundledLanguage } from 'shiki';
import { loadRegexEngine } from './regexEngine.js';
import { createTwoThemeHtml } from './twoThemeHtml.js';
import type { MagicComment } from '../../shared/magicComments.js';

const ALIASES: Record<string, string> = {
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', ts: 'typescript', sh: 'bash', shell: 'bash',
  zsh: 'bash', console: 'bash', yml: 'yaml', md: 'markdown', ejs: 'html', json5: 'jsonc',
};

export const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext', '']);

export interface CodeHighlighter {
  /**
   * A highlighted `<pre>` in both palettes; `grammar` comes from resolveLanguage (null: plain text),
   * `lineClasses` are class names by 1-based line, `blockClasses` go on the `<pre>`.
   */
  toHtml(code: string, grammar: string | null, lineClasses: ReadonlyMap<number, readonly string[]>, blockClasses?: readonly string[]): string;
  /** Loads the grammars of these fence languages (unknown ones are ignored). */
  ensureLanguages(langs: Iterable<string>): Promise<void>;
  /** Maps a fence language to a loaded grammar, or null for plain text. */
  resolveLanguage(lang: string): string | null;
  /**
   * Starts highlighting the fenced blocks of a markdown body ahead of its compile, elsewhere than
   * this thread, so `toHtml` finds them done (see highlightWorker.ts); absent where highlighting
   * runs in this thread.
   */
  prefetch?(body: string, magicComments: readonly MagicComment[]): Promise<void>;
}

export const grammarName = (lang: string): string => ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();

/**
 * Fence languages used in a markdown body (```lang …), for loading their grammars up front: fences
 * at any depth, in nested list items, block quotes and JSX elements too. One missed here would be
 * highlighted only when another page had loaded its grammar first, so the output would depend on
 * the order of the pages; one found in vain only loads a grammar.
 */
export function fenceLanguages(body: string): Set<string> {
  return new Set([...body.matchAll(/^[ \t>]*(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm)].map((m) => m[1]!));
}

/**
 * Creates a shiki highlighter with both palettes and no grammar: grammars are loaded on demand,
 * because compiling them (markdown or mdx pull in dozens of embedded languages) dominates start-up.
 * shiki itself is loaded here, on first need, so builds whose pages are all cached skip it.
 */
export async function createCodeHighlighter(themes: { light: string; dark: string }): Promise<CodeHighlighter> {
  const [{ bundledLanguages, createHighlighter }, engine] = await Promise.all([import('shiki'), loadRegexEngine()]);
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: [], engine });
  const loaded = new Set<string>();
  return {
    toHtml: highlightedOnce(createTwoThemeHtml(highlighter, themes)),
    async ensureLanguages(langs) {
      const missing = [...new Set([...langs].map(grammarName))].filter((name) => !loaded.has(name) && name in bundledLanguages);
      if (missing.length === 0) return;
      await highlighter.loadLanguage(...(missing as BundledLanguage[]));
      for (const name of missing) loaded.add(name);
    },
    resolveLanguage(lang) {
      const name = grammarName(lang);
      return loaded.has(name) ? name : null;
    },
  };
}

/** Characters of code and markup the highlighter keeps at most (about twice as many bytes). */
const KEPT_CHARACTERS = 16 * 1024 * 1024;

/** Highlighted blocks by everything that shapes their markup; the oldest go first past KEPT_CHARACTERS. */
export class KeptHighlights {
  private readonly kept = new Map<string, string>();
  private size = 0;

  static key(code: string, grammar: string | null, lineClasses: ReadonlyMap<number, readonly string[]>, blockClasses: readonly string[] = []): string {
    const lines = lineClasses.size === 0 ? '' : JSON.stringify([...lineClasses]);
    return `${grammar ?? ''}\0${blockClasses.join(' ')}\0${lines}\0${code}`;
  }

  get(key: string): string | undefined {
    return this.kept.get(key);
  }

  set(key: string, html: string): void {
    if (this.kept.has(key)) return;
    this.kept.set(key, html);
    this.size += key.length + html.length;
    for (const [oldKey, oldHtml] of this.kept) {
      if (this.size <= KEPT_CHARACTERS) break;
      this.kept.delete(oldKey);
      this.size -= oldKey.length + oldHtml.length;
    }
  }
}

/**
 * Highlights each distinct block once for as long as the highlighter lives (a compile worker's
 * stage, or a session in this thread): docs repeat the same snippets across pages (the generated
 * corpus has 16,271 blocks for 1,206 distinct ones at 1,000 docs), and a watch session
 * compiling an edited page finds its unchanged blocks.
 */
export function highlightedOnce(toHtml: CodeHighlighter['toHtml'], kept = new KeptHighlights()): CodeHighlighter['toHtml'] {
  return (code, grammar, lineClasses, blockClasses = []) => {
    const key = KeptHighlights.key(code, grammar, lineClasses, blockClasses);
    const found = kept.get(key);
    if (found !== undefined) return found;
    const html = toHtml(code, grammar, lineClasses, blockClasses);
    kept.set(key, html);
    return html;
  };
}
