import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors.js';
import { checkFields, parseFrontMatter } from '../../../src/content/frontMatter.js';

describe('parseFrontMatter', () => {
  it('blanks the front matter so body line numbers match the file', () => {
    const text = '---\ntitle: Hi\nsidebar_position: 2\n---\n\nLine six\n';
    const parsed = parseFrontMatter(text, 'a.mdx');
    expect(parsed.data).toEqual({ title: 'Hi', sidebar_position: 2 });
    expect(parsed.body.split('\n')[5]).toBe('Line six');
    expect(parsed.body.split('\n').length).toBe(text.split('\n').length);
  });

  it('converts YAML positions (zero-based, inside the block) to file positions', () => {
    const text = '---\ntitle: ok\nfoo: bar: baz\nx: 1\n---\nbody';
    try {
      parseFrontMatter(text, 'docs/x.mdx');
      expect.unreachable();
    } catch (error) {
      const e = error as SiteError;
      expect(e.code).toBe('FRONT_MATTER_SYNTAX');
      expect(e.location?.file).toBe('docs/x.mdx');
      // "foo: bar: baz" is line 3 of the file, column 9 is the second colon's value.
      expect(e.location?.line).toBe(3);
      expect(e.location?.column).toBe(9);
    }
  });

  it('reports a field of the wrong type on the line of the key', () => {
    const text = '---\ntitle: ok\nsidebar_position: first\n---\n';
    const parsed = parseFrontMatter(text, 'a.mdx');
    expect(() => checkFields(parsed, { sidebar_position: 'number' }, 'a.mdx', text)).toThrowError(/sidebar_position/);
    try {
      checkFields(parsed, { sidebar_position: 'number' }, 'a.mdx', text);
    } catch (error) {
      expect((error as SiteError).location).toEqual({ file: 'a.mdx', line: 3, column: 1 });
    }
  });

  it('leaves a file without front matter as it is', () => {
    expect(parseFrontMatter('# Title\n', 'a.md')).toMatchObject({ data: {}, body: '# Title\n' });
  });
});
