import type { BundledLanguage } from 'shiki';
import { createTwoThemeHtml } from './twoThemeHtml.js';

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
}

const grammarName = (lang: string): string => ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();

/** Fence languages used in a markdown body (```lang …), for loading their grammars up front. */
export function fenceLanguages(body: string): Set<string> {
  return new Set([...body.matchAll(/^\s{0,3}(?:`{3,}|~{3,})\s*([\w+#.-]+)/gm)].map((m) => m[1]!));
}

/**
 * Creates a shiki highlighter with both palettes and no grammar: grammars are loaded on demand,
 * because compiling them (markdown or mdx pull in dozens of embedded languages) dominates start-up.
 * shiki itself is loaded here, on first need, so builds whose pages are all cached skip it.
 */
export async function createCodeHighlighter(themes: { light: string; dark: string }): Promise<CodeHighlighter> {
  const { bundledLanguages, createHighlighter } = await import('shiki');
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: [] });
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

/**
 * Highlights each distinct block once for as long as the highlighter lives (a compile worker's
 * stage, or a session in this thread): docs repeat the same snippets across pages (the generated
 * corpus has 16,271 blocks for 1,206 distinct ones at 1,000 docs), and a watch session
 * compiling an edited page finds its unchanged blocks. The oldest blocks go first past
 * KEPT_CHARACTERS.
 */
export function highlightedOnce(toHtml: CodeHighlighter['toHtml']): CodeHighlighter['toHtml'] {
  const kept = new Map<string, string>();
  let size = 0;
  return (code, grammar, lineClasses, blockClasses = []) => {
    const lines = lineClasses.size === 0 ? '' : JSON.stringify([...lineClasses]);
    const key = `${grammar ?? ''}\0${blockClasses.join(' ')}\0${lines}\0${code}`;
    const found = kept.get(key);
    if (found !== undefined) return found;
    const html = toHtml(code, grammar, lineClasses, blockClasses);
    kept.set(key, html);
    size += key.length + html.length;
    for (const [oldKey, oldHtml] of kept) {
      if (size <= KEPT_CHARACTERS) break;
      kept.delete(oldKey);
      size -= oldKey.length + oldHtml.length;
    }
    return html;
  };
}
