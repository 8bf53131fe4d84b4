import { createHighlighter, type Highlighter } from 'shiki';

/** Languages loaded up front; anything else is shown as plain text with a warning. */
export const CODE_LANGUAGES = [
  'javascript', 'typescript', 'jsx', 'tsx', 'json', 'jsonc', 'html', 'css', 'scss', 'bash', 'shellscript',
  'yaml', 'markdown', 'mdx', 'diff', 'ini', 'xml',
] as const;

const ALIASES: Record<string, string> = {
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', ts: 'typescript', sh: 'bash', shell: 'bash',
  zsh: 'bash', console: 'bash', yml: 'yaml', md: 'markdown', ejs: 'html', json5: 'jsonc',
};

export const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext', '']);

export interface CodeHighlighter {
  highlighter: Highlighter;
  themes: { light: string; dark: string };
  /** Maps a fence language to a loaded grammar, or null for plain text. */
  resolveLanguage(lang: string): string | null;
}

/** Loads shiki once per process (grammars and themes are the expensive part). */
export async function createCodeHighlighter(themes: { light: string; dark: string }): Promise<CodeHighlighter> {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: [...CODE_LANGUAGES] });
  const loaded = new Set(highlighter.getLoadedLanguages());
  return {
    highlighter,
    themes,
    resolveLanguage(lang) {
      const name = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
      return loaded.has(name) ? name : null;
    },
  };
}
