import { describe, expect, it } from 'vitest';
import { normalizeConfig } from '../../../src/config/normalize.js';
import { createPost } from '../../../src/model/blog.js';
import { createDoc } from '../../../src/model/docs.js';
import { parseFrontMatter } from '../../../src/model/frontMatter.js';
import { createMarkdownPage, createReactPage } from '../../../src/model/pages.js';
import { SiteError } from '../../../src/errors.js';

const config = normalizeConfig({ title: 'T', url: 'https://t.example' }, '/site', '/site/sipadocs.config.ts');
const doc = (relPath: string, text = '# Title\n') =>
  createDoc({ relPath, absPath: `/site/${relPath}`, text, parsed: parseFrontMatter(text, relPath) }, config);
const post = (relPath: string, text = '# Title\n') =>
  createPost({ relPath, absPath: `/site/${relPath}`, text, parsed: parseFrontMatter(text, relPath) }, new Map(), config, () => '');
const mdPage = (relPath: string, text = '# Title\n') => createMarkdownPage(relPath, `/site/${relPath}`, text, parseFrontMatter(text, relPath), config);

function routeError(make: () => unknown): SiteError {
  try {
    make();
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
  throw new Error('expected a SiteError');
}

describe('routes from file names', () => {
  it('keep spaces, non-ASCII letters, "#", "?" and "%" as they are', () => {
    expect(doc('docs/with space.md').route).toBe('/docs/with space');
    expect(doc('docs/guides/café.mdx').route).toBe('/docs/guides/café');
    expect(doc('docs/a#b.md').route).toBe('/docs/a#b');
    expect(doc('docs/what?.md').route).toBe('/docs/what?');
    expect(doc('docs/100%.md').route).toBe('/docs/100%');
    expect(post('blog/2024-01-02-50% off.md').route).toBe('/blog/2024/01/02/50% off');
    expect(mdPage('pages/notes (draft).md').route).toBe('/notes (draft)');
  });

  it.each([
    ['docs/back\\slash.md', /backslash/],
    ['docs/line\nbreak.md', /control character \(U\+000A\)/],
    ['docs/old.html.md', /\.html/],
  ])('refuse %j with ROUTE_INVALID naming the file', (relPath, problem) => {
    const error = routeError(() => doc(relPath));
    expect(error.code).toBe('ROUTE_INVALID');
    expect(error.location?.file).toBe(relPath);
    expect(error.message).toMatch(problem);
    expect(error.message).not.toContain('\n');
    expect(error.hint).toMatch(/Rename the file, or set "slug"/);
  });

  it('refuse such routes from a slug, at the slug line', () => {
    const error = routeError(() => doc('docs/fine.md', '---\ntitle: Fine\nslug: /a/../b\n---\n'));
    expect(error.code).toBe('ROUTE_INVALID');
    expect(error.location).toEqual({ file: 'docs/fine.md', line: 3 });
    expect(error.hint).toMatch(/Change "slug"/);
    expect(routeError(() => post('blog/2024-01-02-x.md', '---\nslug: "a\\\\b"\n---\n')).code).toBe('ROUTE_INVALID');
    expect(routeError(() => doc('docs/fine.md', '---\nslug: "x\\ud800"\n---\n')).message).toMatch(/surrogate/);
  });

  it('refuse them for pages, with a hint that fits pages', () => {
    const error = routeError(() => createReactPage('pages/a\\b.tsx', '/site/pages/a\\b.tsx', config));
    expect(error.code).toBe('ROUTE_INVALID');
    expect(error.hint).toMatch(/Rename the file/);
    expect(error.hint).not.toMatch(/slug/);
  });
});
