import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { DEFAULT_MAGIC_COMMENTS, markCode } from '../../../../src/compiler/mdx/magicComments.js';
import { parseCodeMeta } from '../../../../src/compiler/mdx/codeMeta.js';
import { createRemoteHighlighter, sharedRemoteHighlighter, type RemoteHighlighter } from '../../../../src/compiler/mdx/remoteHighlighter.js';

const THEMES = { light: 'github-light', dark: 'github-dark' };

const PAGE = [
  '# Page',
  '',
  '```js title="a.js" {1}',
  'const a = 1; // & <b>',
  '// highlight-next-line',
  'export default a;',
  '```',
  '',
  '1. A step:',
  '',
  '   ```bash',
  '   npm install sipa',
  '   ```',
  '',
  '```text',
  'plain <text>',
  '```',
].join('\n');

/** The arguments rehypeCodeBlocks gives toHtml for a fence (see plugins.ts). */
function asked(highlighter: CodeHighlighter, lang: string, meta: string, code: string) {
  const marked = markCode(code, lang || 'text', parseCodeMeta(meta).highlightLines, DEFAULT_MAGIC_COMMENTS);
  return [marked.code, lang === 'text' ? null : highlighter.resolveLanguage(lang), marked.lineClasses, marked.blockClasses] as const;
}

const BLOCKS: Array<[string, string, string]> = [
  ['js', 'title="a.js" {1}', 'const a = 1; // & <b>\n// highlight-next-line\nexport default a;'],
  ['bash', '', 'npm install sipa'],
  ['text', '', 'plain <text>'],
];

describe('createRemoteHighlighter', () => {
  let local: CodeHighlighter;
  let remote: RemoteHighlighter;
  beforeAll(async () => {
    [local, remote] = await Promise.all([createCodeHighlighter(THEMES), createRemoteHighlighter(THEMES)]);
    await local.ensureLanguages(['js', 'bash', 'tsx']);
  }, 60_000);
  afterAll(() => remote.close());

  it('gives the markup of the highlighter in this thread, for blocks prepared ahead and blocks asked for at once', async () => {
    await remote.prefetch!(PAGE, DEFAULT_MAGIC_COMMENTS);
    await remote.ensureLanguages(['tsx']);
    for (const [lang, meta, code] of [...BLOCKS, ['tsx', '', 'const el = <App title={"x"} />;'] as [string, string, string]]) {
      const args = asked(remote, lang, meta, code);
      expect(args[1], lang).toBe(asked(local, lang, meta, code)[1]);
      expect(remote.toHtml(...args)).toBe(local.toHtml(...asked(local, lang, meta, code)));
    }
    expect(remote.resolveLanguage('js')).toBe('javascript');
    expect(remote.resolveLanguage('no-such-language')).toBeNull();
  }, 60_000);

  it('has the blocks of a prefetched page ready without its thread', async () => {
    const other = await createRemoteHighlighter(THEMES);
    await other.prefetch!(PAGE, DEFAULT_MAGIC_COMMENTS);
    const notPrefetched = asked(other, 'js', '', 'let b = 2;');
    await other.close();
    for (const [lang, meta, code] of BLOCKS) expect(other.toHtml(...asked(other, lang, meta, code))).toBe(local.toHtml(...asked(local, lang, meta, code)));
    expect(() => other.toHtml(...notPrefetched)).toThrow(/stopped/);
  }, 60_000);
});

describe('sharedRemoteHighlighter', () => {
  it("gives every build of the process the same thread, which a build's close leaves running; a stopped thread says so", async () => {
    const first = await sharedRemoteHighlighter(THEMES);
    await first.ensureLanguages(['rust']);
    await first.close();
    const second = await sharedRemoteHighlighter(THEMES);
    // The grammar the first build loaded is there for the second: one thread, still answering.
    expect(second.resolveLanguage('rust')).toBe('rust');
    expect(second.toHtml('fn main() {}', 'rust', new Map())).toContain('fn');
    expect(second.failed()).toBe(false);
    // Other themes have a thread of their own.
    const other = await sharedRemoteHighlighter({ light: 'min-light', dark: 'min-dark' });
    expect(other.resolveLanguage('rust')).toBeNull();
    // A thread that stopped is replaced.
    const made = await createRemoteHighlighter(THEMES);
    await made.close();
    expect(made.failed()).toBe(true);
  }, 60_000);

  it.each(['unasked', 'asked', 'pending'])('lets the process exit once the last build closed it (%s)', (mode) => {
    // A process the thread held open would be killed at the timeout (status null), its exit code lost.
    const run = spawnSync(process.execPath, ['bin/run-ts.js', 'test/unit/compiler/mdx/highlighterExit.script.ts', mode], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('closed');
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
  }, 70_000);
});
