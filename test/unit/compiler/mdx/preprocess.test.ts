import { describe, expect, it } from 'vitest';
import { preprocess } from '../../../../src/compiler/mdx/preprocess.js';
import { parseCodeMeta } from '../../../../src/compiler/mdx/codeMeta.js';

describe('preprocess', () => {
  it('extracts {#id} from headings outside code and keeps line count', () => {
    const body = '## Install {#install}\n```md\n## Not {#this}\n```\n:::tip Keep calm\nx\n:::\n{/* truncate */}\n';
    const out = preprocess(body);
    expect(out.customIds).toEqual(new Map([[1, 'install']]));
    expect(out.text.split('\n')).toHaveLength(body.split('\n').length);
    expect(out.text).toContain('## Not {#this}');
    expect(out.text).toContain(':::tip[Keep calm]');
    expect(out.truncateLine).toBe(8);
  });

  it('unwraps mdx-code-block fences', () => {
    const out = preprocess('```mdx-code-block\n<Tabs />\n```\n');
    expect(out.text).toBe('\n<Tabs />\n\n');
  });

  it('parses code meta: title, line ranges, line numbers', () => {
    const meta = parseCodeMeta('title="app/init.js" {1,3-5} showLineNumbers');
    expect(meta.title).toBe('app/init.js');
    expect([...meta.highlightLines]).toEqual([1, 3, 4, 5]);
    expect(meta.showLineNumbers).toBe(true);
    expect(meta.firstLineNumber).toBe(1);
    expect(parseCodeMeta(undefined)).toEqual({ title: null, highlightLines: new Set(), showLineNumbers: false, firstLineNumber: 1 });
  });

  it('parses the number of the first line', () => {
    for (const meta of ['showLineNumbers=5', 'showLineNumbers="5"', "{2} showLineNumbers='5' title=x", 'showLineNumbers startLineNumber=5']) {
      expect(parseCodeMeta(meta), meta).toMatchObject({ showLineNumbers: true, firstLineNumber: 5 });
    }
    expect(parseCodeMeta('title="showLineNumbers.js"')).toMatchObject({ showLineNumbers: false });
    expect(parseCodeMeta('showLineNumbersX')).toMatchObject({ showLineNumbers: false });
  });
});
