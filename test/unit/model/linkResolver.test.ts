import { describe, expect, it } from 'vitest';
import { contentRootOf, resolveMarkdownLink, resolveRouteCase, routesByLowerCase, type MarkdownLinkTargets } from '../../../src/model/linkResolver.js';

const targets: MarkdownLinkTargets = {
  routesBySource: {
    'docs/intro.md': '/docs/intro',
    'docs/settings/node-modules.md': '/docs/settings/node-modules',
    'docs/cli/cache-delete.md': '/docs/cli/cache-delete',
    'docs/cli/nested/deep.md': '/docs/cli/nested/deep',
    'docs/cli/settings/node-modules.md': '/docs/cli/settings/node-modules-here',
    'blog/2024-01-01-post.md': '/blog/2024/01/01/post',
    'pages/about.md': '/about',
    'README.md': '/readme',
  },
  contentRoots: ['docs', 'blog', 'pages'],
  staticMarkdown: ['/files/notes.md'],
};
const resolve = (from: string, target: string) => resolveMarkdownLink(targets, from, target);

describe('resolveMarkdownLink, as Docusaurus resolves links to markdown files', () => {
  it('reads ./ and ../ links from the linking file only', () => {
    expect(resolve('docs/cli/cache-delete.md', './nested/deep.md')).toBe('/docs/cli/nested/deep');
    expect(resolve('docs/cli/nested/deep.md', '../../intro.md')).toBe('/docs/intro');
    // Not from the docs folder: "./intro.md" beside docs/cli/ is no file.
    expect(resolve('docs/cli/cache-delete.md', './intro.md')).toBeNull();
  });

  it('reads a bare path from the linking file, then from its content root, then from the site folder', () => {
    expect(resolve('docs/cli/nested/deep.md', 'settings/node-modules.md')).toBe('/docs/settings/node-modules');
    // Beside the file wins over the docs root.
    expect(resolve('docs/cli/cache-delete.md', 'settings/node-modules.md')).toBe('/docs/cli/settings/node-modules-here');
    expect(resolve('docs/intro.md', 'README.md')).toBe('/readme');
  });

  it('reads /path from the content root, then from the site folder, never from the linking file', () => {
    expect(resolve('docs/cli/nested/deep.md', '/cli/cache-delete.md')).toBe('/docs/cli/cache-delete');
    expect(resolve('blog/2024-01-01-post.md', '/docs/intro.md')).toBe('/docs/intro');
    expect(resolve('docs/cli/cache-delete.md', '/nested/deep.md')).toBeNull();
  });

  it('reads @site/ from the site folder, and keeps a link to a markdown file of the static folder', () => {
    expect(resolve('pages/about.md', '@site/docs/cli/cache-delete.md')).toBe('/docs/cli/cache-delete');
    expect(resolve('docs/intro.md', '/files/notes.md')).toBe('/files/notes.md');
    expect(resolve('docs/intro.md', 'files/notes.md')).toBeNull();
  });

  it('finds the deepest content root holding a file', () => {
    expect(contentRootOf({ contentRoots: ['docs', 'docs/versioned', 'blog'] }, 'docs/versioned/a.md')).toBe('docs/versioned');
    expect(contentRootOf({ contentRoots: ['docs', 'blog'] }, 'src/pages/a.md')).toBeNull();
    expect(contentRootOf({ contentRoots: ['docs'] }, 'docsy/a.md')).toBeNull();
  });
});

describe('links that differ from a route only in letter case', () => {
  const cased: MarkdownLinkTargets = { ...targets, routesByLowerCase: routesByLowerCase(['/docs/refine/Introduction', '/docs/api/Checkers', '/docs/a', '/docs/A']) };

  it('name the route, as Docusaurus\'s router takes them', () => {
    expect(resolveMarkdownLink(cased, 'docs/x.md', '/docs/refine/introduction')).toBe('/docs/refine/Introduction');
    expect(resolveMarkdownLink(cased, 'docs/x.md', '/DOCS/API/CHECKERS')).toBe('/docs/api/Checkers');
  });

  it('leave a link as it is when it names a route as written, no route, or two routes that differ only in case', () => {
    expect(resolveMarkdownLink(cased, 'docs/x.md', '/docs/refine/Introduction')).toBeNull();
    expect(resolveMarkdownLink(cased, 'docs/x.md', '/docs/nothing')).toBeNull();
    expect(resolveMarkdownLink(cased, 'docs/x.md', '/docs/a')).toBeNull();
    expect(resolveRouteCase(cased, '/DOCS/A')).toBeNull();
  });
});
