import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { loadRegexEngine, withSharedScanners } from '../../../../src/compiler/mdx/regexEngine.js';
import type { RegexEngine } from 'shiki';

describe('withSharedScanners', () => {
  it('compiles each distinct list of expressions once, and keeps a shared scanner when one rule disposes of it', () => {
    const compiled: string[][] = [];
    const disposed: string[][] = [];
    const engine: RegexEngine = {
      createString: (text) => ({ content: text }),
      createScanner(patterns) {
        const sources = patterns.map(String);
        compiled.push(sources);
        return { findNextMatchSync: () => null, dispose: () => disposed.push(sources) };
      },
    };
    const shared = withSharedScanners(engine);
    const first = shared.createScanner(['a+', 'b']);
    expect(shared.createScanner(['a+', 'b'])).toBe(first);
    shared.createScanner(['a+']);
    shared.createScanner(['a+b']);
    expect(compiled).toEqual([['a+', 'b'], ['a+'], ['a+b']]);
    first.dispose?.();
    expect(disposed).toEqual([]);
  });
});

describe('loadRegexEngine', () => {
  // Without a time limit per line: under load, a first line (compiling the grammar's expressions) can pass shiki's 500 ms and stop early.
  it("highlights as shiki's own engine does", async () => {
    const code = "import x from 'y';\nconst re = /^(?<name>a+)\\1$/u; // c\nexport default `t ${x}`;";
    const [own, ours] = await Promise.all([
      createHighlighter({ themes: ['github-dark'], langs: ['javascript', 'scss'] }),
      createHighlighter({ themes: ['github-dark'], langs: ['javascript', 'scss'], engine: loadRegexEngine() }),
    ]);
    for (const [lang, sample] of [['javascript', code], ['scss', '.a { &:hover { color: red; } }']] as const) {
      expect(ours.codeToHtml(sample, { lang, theme: 'github-dark', tokenizeTimeLimit: 60_000 })).toBe(own.codeToHtml(sample, { lang, theme: 'github-dark', tokenizeTimeLimit: 60_000 }));
    }
  }, 60_000);
});
