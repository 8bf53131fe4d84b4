import { describe, expect, it } from 'vitest';
import { fencedBlocks } from '../../../../src/compiler/mdx/fencedBlocks.js';

describe('fencedBlocks', () => {
  it('finds each fence with its language, the rest of its info string and its code', () => {
    const body = ['# Title', '', '```js title="a.js" {2}', 'const a = 1;', '', 'a++;', '```', '', '~~~~', 'plain ``` text', '~~~~', ''].join('\n');
    expect(fencedBlocks(body)).toEqual([
      { lang: 'js', meta: 'title="a.js" {2}', code: 'const a = 1;\n\na++;' },
      { lang: '', meta: '', code: 'plain ``` text' },
    ]);
  });

  it('closes a fence only with at least as many of its own characters, and takes the fence indentation off its lines', () => {
    const body = ['- item', '', '   ````bash', '   echo "```"', '     two deeper', '   ~~~', '   ````', 'after'].join('\n');
    expect(fencedBlocks(body)).toEqual([{ lang: 'bash', meta: '', code: 'echo "```"\n  two deeper\n~~~' }]);
  });

  it('skips what is not a fence: a backtick in a backtick info string, a fence never closed', () => {
    expect(fencedBlocks('```a`b\ncode\n```\n')).toEqual([]);
    expect(fencedBlocks('```a`b\n```sh\nls\n```\n')).toEqual([{ lang: 'sh', meta: '', code: 'ls' }]);
    expect(fencedBlocks('```js\nnever closed\n')).toEqual([]);
  });
});
