import { describe, expect, it } from 'vitest';
import { configSchema, navbarItemIssues } from '../../../src/config/schema.js';
import { validate } from '../../../src/config/validate.js';

describe('validate', () => {
  it('reports every unknown key, wrong type and missing required key at once, by dotted path', () => {
    const issues = validate(
      {
        title: 42,
        colour: 'red',
        docs: { editUrl: 7, sidebarCollapsed: 'yes', extra: true },
        blog: { postsPerPage: '10' },
        navbar: { items: [{ label: 'Docs', position: 'left' }, { label: 'Blog', position: 'middle' }, { position: 'right', type: 'menu' }] },
        announcementBar: { id: 'a' },
      },
      configSchema,
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      'colour',
      'url',
      'title',
      'docs.extra',
      'docs.editUrl',
      'docs.sidebarCollapsed',
      'blog.postsPerPage',
      'announcementBar.content',
      'navbar.items.1.position',
      'navbar.items.2.type',
    ]);
    expect(issues.find((issue) => issue.path === 'docs.editUrl')!.message).toBe('docs.editUrl must be a string, got number');
    expect(issues.find((issue) => issue.path === 'colour')!.message).toMatch(/^unknown key "colour" \(known keys here: title, /);
  });

  it('requires a label of navbar links, not of version items', () => {
    const items = [{ label: 'Docs', to: '/docs' }, { to: '/blog' }, { type: 'docsVersionDropdown' }, { type: 'docsVersion', position: 'right' }];
    expect(validate({ title: 'T', url: 'https://t.example', navbar: { items } }, configSchema)).toEqual([]);
    expect(navbarItemIssues({ navbar: { items } }).map((issue) => issue.path)).toEqual(['navbar.items.1.label']);
  });

  it("refuses a position on a dropdown's item, which its place in the dropdown decides", () => {
    const items = [{ type: 'dropdown', label: 'More', position: 'right', items: [{ label: 'Blog', to: '/blog', position: 'right' }] }];
    const issues = validate({ title: 'T', url: 'https://t.example', navbar: { items } }, configSchema);
    expect(issues.map((issue) => issue.message)).toEqual([expect.stringMatching(/^unknown key "navbar\.items\.0\.items\.0\.position"/)]);
  });

  it('finds nothing wrong in a valid config', () => {
    expect(validate({ title: 'T', url: 'https://t.example', announcementBar: null }, configSchema)).toEqual([]);
  });
});
