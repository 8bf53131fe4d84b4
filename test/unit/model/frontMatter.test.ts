import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors.js';
import { checkFields, parseFrontMatter } from '../../../src/model/frontMatter.js';

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

describe('checkFields', () => {
  const check = (text: string, fields: Parameters<typeof checkFields>[1]) => checkFields(parseFrontMatter(text, 'a.mdx'), fields, 'a.mdx', text);
  const fieldError = (text: string, fields: Parameters<typeof checkFields>[1]) => {
    try {
      check(text, fields);
    } catch (error) {
      return error as SiteError;
    }
    throw new Error('expected an error');
  };

  it('returns one warning per unknown key, at its line, and none for known keys', () => {
    const text = '---\ntitle: ok\ndisplayed_sidebar: api\nsidebar_label: x\n"quoted_key": 1\n---\n';
    expect(check(text, { title: 'string', sidebar_label: 'string' })).toEqual([
      { file: 'a.mdx', line: 3, message: 'unknown front matter key "displayed_sidebar" (ignored)' },
      { file: 'a.mdx', line: 5, message: 'unknown front matter key "quoted_key" (ignored)' },
    ]);
    expect(check('---\ntitle: ok\n---\n', { title: 'string' })).toEqual([]);
  });

  it('accepts null to switch off, and a string, for nullable keys only', () => {
    expect(check('---\ncustom_edit_url: null\npagination_next: guides/a\n---\n', { custom_edit_url: 'string|null', pagination_next: 'string|null' })).toEqual([]);
    expect(fieldError('---\ncustom_edit_url: 3\n---\n', { custom_edit_url: 'string|null' }).message).toContain('a string, or null');
  });

  it('checks tags, last_update, heading levels and mappings', () => {
    const fields = { tags: 'tags', last_update: 'lastUpdate', toc_min_heading_level: 'headingLevel', sidebar_custom_props: 'object' } as const;
    expect(check('---\ntags: [a, {label: B, permalink: /b}]\nlast_update:\n  date: 2025-01-02\n  author: Ada\ntoc_min_heading_level: 3\nsidebar_custom_props: {x: 1}\n---\n', fields)).toEqual([]);
    expect(fieldError('---\ntags: a, b\n---\n', fields).location).toEqual({ file: 'a.mdx', line: 2, column: 1 });
    expect(fieldError('---\ntags: [{permalink: /b}]\n---\n', fields).message).toContain('"tags"');
    expect(fieldError('---\nlast_update:\n  date: someday\n---\n', fields).message).toContain('"last_update"');
    expect(fieldError('---\ntoc_min_heading_level: 1\n---\n', fields).message).toContain('from 2 to 6');
    expect(fieldError('---\nsidebar_custom_props: [1]\n---\n', fields).message).toContain('"sidebar_custom_props"');
  });

  it('requires a name of every inline author', () => {
    expect(check('---\nauthors: [ada, {name: Grace, title: Maintainer}]\n---\n', { authors: 'authors' })).toEqual([]);
    expect(fieldError('---\nauthors:\n  - title: Nameless\n---\n', { authors: 'authors' }).message).toContain('"authors"');
  });
});

