import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/model/frontMatter.js';
import { setFrontMatterField } from '../../../src/migrate/frontMatterEdit.js';

describe('setFrontMatterField', () => {
  it('adds a line to an existing block and leaves the rest as it was', () => {
    const text = '---\ntitle: Welcome\ntags: [a, b]\n---\n\nBody: with a colon.\n';
    const edited = setFrontMatterField(text, 'slug', '2021/08/26/welcome');
    expect(edited).toBe('---\ntitle: Welcome\ntags: [a, b]\nslug: "2021/08/26/welcome"\n---\n\nBody: with a colon.\n');
    expect(parseFrontMatter(edited, 'x.md').data).toEqual({ title: 'Welcome', tags: ['a', 'b'], slug: '2021/08/26/welcome' });
  });

  it('replaces the line of a key that is there', () => {
    expect(setFrontMatterField('---\nslug: old\ntitle: T\n---\nx', 'slug', '/new')).toBe('---\nslug: "/new"\ntitle: T\n---\nx');
  });

  it('adds a block to a file without one, and fills an empty block', () => {
    expect(setFrontMatterField('# Title\n', 'date', '2024-01-02')).toBe('---\ndate: "2024-01-02"\n---\n# Title\n');
    expect(setFrontMatterField('---\n---\nx', 'slug', 'a')).toBe('---\nslug: "a"\n---\nx');
  });

  it('keeps values with YAML-special characters intact', () => {
    const edited = setFrontMatterField('---\ntitle: T\n---\n', 'slug', 'a: "b" #c');
    expect(parseFrontMatter(edited, 'x.md').data.slug).toBe('a: "b" #c');
  });
});
