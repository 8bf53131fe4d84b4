import { describe, expect, it } from 'vitest';
import { fenceLanguages, highlightedOnce } from '../../../../src/compiler/mdx/highlighter.js';

describe('highlightedOnce', () => {
  it('highlights each distinct block once, telling blocks apart by code, grammar and line and block classes', () => {
    const calls: string[] = [];
    const toHtml = highlightedOnce((code, grammar, lines, classes = []) => {
      calls.push(code);
      return `<pre data-grammar="${grammar}" data-lines="${JSON.stringify([...lines])}" class="${classes.join(' ')}">${code}</pre>`;
    });
    const first = toHtml('let a = 1;', 'javascript', new Map());
    expect(toHtml('let a = 1;', 'javascript', new Map())).toBe(first);
    expect(calls).toHaveLength(1);
    expect(toHtml('let a = 1;', 'typescript', new Map())).not.toBe(first);
    expect(toHtml('let a = 1;', 'javascript', new Map([[1, ['highlighted']]]))).toContain('highlighted');
    expect(toHtml('let a = 1;', 'javascript', new Map(), ['numbered'])).toContain('numbered');
    expect(toHtml('let a = 2;', 'javascript', new Map())).toContain('let a = 2;');
    expect(calls).toHaveLength(5);
    expect(toHtml('let a = 1;', 'javascript', new Map([[1, ['highlighted']]]))).toContain('highlighted');
    expect(calls).toHaveLength(5);
  });
});

describe('fenceLanguages', () => {
  it('finds the language of every fence, however deep it is indented, in a block quote or a JSX element', () => {
    const body = [
      '```js', 'a', '```',
      '- item', '', '    - nested', '', '      ```ts', '      b', '      ```',
      '> ~~~bash', '> c', '> ~~~',
      '<TabItem value="x">', '', '    ```python', '    d', '    ```', '', '</TabItem>',
      '```', 'plain', '```',
    ].join('\n');
    expect([...fenceLanguages(body)].sort()).toEqual(['bash', 'js', 'python', 'ts']);
  });
});
