import { describe, expect, it } from 'vitest';
import { postPathInfo } from '../../../src/model/blog.js';
import { normalizeConfig } from '../../../src/config/normalize.js';
import { createDoc, docRoute, parseCategoryFile } from '../../../src/model/docs.js';
import { parseFrontMatter } from '../../../src/model/frontMatter.js';
import type { SiteError } from '../../../src/errors.js';

describe('docRoute (Docusaurus rules)', () => {
  const route = (rel: string, frontMatter: { id?: string; slug?: string } = {}, base = 'docs') => docRoute(rel, frontMatter, base);

  it('uses the folder and file name, without number prefixes', () => {
    expect(route('intro.md')).toBe('/docs/intro');
    expect(route('01-basics/02-create-a-new-page.mdx')).toBe('/docs/basics/create-a-new-page');
    expect(route('advanced/cli-hooks.md', { id: 'hooks' })).toBe('/docs/advanced/hooks');
    expect(route('intro.md', {}, 'handbook')).toBe('/handbook/intro');
  });

  it('resolves a relative slug against the folder and takes an absolute one as it is', () => {
    expect(route('basics/03-build.md', { slug: 'build-your-project' })).toBe('/docs/basics/build-your-project');
    expect(route('basics/03-build.md', { slug: '../build' })).toBe('/docs/build');
    expect(route('basics/03-build.md', { slug: '/build' })).toBe('/docs/build');
    expect(route('intro.md', { slug: '/' })).toBe('/docs');
  });

  it('serves index, README and a doc named like its folder at the folder route, unless it has a slug', () => {
    expect(route('api/index.md')).toBe('/docs/api');
    expect(route('api/README.md')).toBe('/docs/api');
    expect(route('guides/Guides.mdx')).toBe('/docs/guides');
    expect(route('010_guides/index.md')).toBe('/docs/guides');
    expect(route('index.md')).toBe('/docs');
    expect(route('api/index.md', { slug: 'overview' })).toBe('/docs/api/overview');
    expect(route('guides.md')).toBe('/docs/guides');
  });

  it('keeps the number prefixes of a doc with parse_number_prefixes: false, in its route, id and sidebar position', () => {
    expect(docRoute('01-basics/02-page.md', { parse_number_prefixes: false }, 'docs')).toBe('/docs/01-basics/02-page');
    expect(docRoute('01-basics/02-page.md', { parse_number_prefixes: true }, 'docs')).toBe('/docs/basics/page');
    const config = normalizeConfig({ title: 'T', url: 'https://t.example' }, '/site', '/site/sipadocs.config.ts');
    const text = '---\nparse_number_prefixes: false\n---\n# Page\n';
    const warnings: unknown[] = [];
    const doc = createDoc({ relPath: 'docs/01-basics/02-page.md', absPath: '/site/docs/01-basics/02-page.md', text, parsed: parseFrontMatter(text, 'docs/01-basics/02-page.md') }, config, (w) => warnings.push(w));
    expect([doc.id, doc.route, doc.position]).toEqual(['01-basics/02-page', '/docs/01-basics/02-page', undefined]);
    expect(warnings).toEqual([]);
  });

  it("keeps every doc's number prefixes when the docs instance says numberPrefixParser: false, whatever a doc says", () => {
    expect(docRoute('01-basics/02-page.md', {}, 'docs', false)).toBe('/docs/01-basics/02-page');
    expect(docRoute('01-basics/02-page.md', { parse_number_prefixes: true }, 'docs', false)).toBe('/docs/01-basics/02-page');
    const config = normalizeConfig({ title: 'T', url: 'https://t.example', docs: { numberPrefixParser: false } }, '/site', '/site/sipadocs.config.ts');
    const text = '# Page\n';
    const doc = createDoc({ relPath: 'docs/01-basics/02-page.md', absPath: '/site/docs/01-basics/02-page.md', text, parsed: parseFrontMatter(text, 'docs/01-basics/02-page.md') }, config);
    expect([doc.id, doc.route, doc.position]).toEqual(['01-basics/02-page', '/docs/01-basics/02-page', undefined]);
  });
});

describe('postPathInfo (Docusaurus rules)', () => {
  it('turns the date of a file or folder name into the post\'s date and the folders of its slug', () => {
    expect(postPathInfo('2021-08-26-welcome.md')).toEqual({ date: '2021-08-26', slug: '2021/08/26/welcome' });
    expect(postPathInfo('2021-08-26-welcome/index.mdx')).toEqual({ date: '2021-08-26', slug: '2021/08/26/welcome' });
    expect(postPathInfo('2021/8/6/launch.md')).toEqual({ date: '2021-08-06', slug: '2021/8/6/launch' });
    expect(postPathInfo('releases/2025-11-18-sipa-0.9.50.md')).toEqual({ date: '2025-11-18', slug: '2025/11/18/releases/sipa-0.9.50' });
  });

  it('takes the path of an undated post as its slug', () => {
    expect(postPathInfo('news/launch.md')).toEqual({ date: null, slug: 'news/launch' });
    expect(postPathInfo('launch/index.mdx')).toEqual({ date: null, slug: 'launch' });
    expect(postPathInfo('welcome.md')).toEqual({ date: null, slug: 'welcome' });
  });
});

describe('parseCategoryFile', () => {
  it('reads _category_.yml as Docusaurus does, and reports a YAML error at its line', () => {
    expect(parseCategoryFile('docs/guides/_category_.yml', 'label: Guides\nposition: 3\nlink:\n  type: generated-index\n')).toEqual({
      label: 'Guides',
      position: 3,
      link: { type: 'generated-index' },
    });
    expect(parseCategoryFile('docs/empty/_category_.yaml', '')).toEqual({});
    let error: SiteError | undefined;
    try {
      parseCategoryFile('docs/guides/_category_.yml', 'label: Guides\nposition: [3\n');
    } catch (caught) {
      error = caught as SiteError;
    }
    expect(error).toMatchObject({ code: 'CATEGORY_INVALID', location: { file: 'docs/guides/_category_.yml', line: 3 } });
    expect(() => parseCategoryFile('docs/guides/_category_.yml', 'position: third\n')).toThrowError(/"position" must be a number/);
  });
});

describe('blog authors (Docusaurus 3.5 rules)', () => {
  it('names an author page after the key in kebab case, or after its permalink', async () => {
    const { kebabCase, parseAuthors } = await import('../../../src/model/blog.js');
    expect(['jane', 'MillerSvt', 'john_doe', 'user123', 'XMLHttpRequest', 'ÉricDupont', "O'Neil"].map(kebabCase)).toEqual(['jane', 'miller-svt', 'john-doe', 'user-123', 'xml-http-request', 'eric-dupont', 'o-neil']);
    const authors = parseAuthors('blog/authors.yml', 'JaneDoe:\n  name: Jane\n  page: true\njo:\n  name: Jo\n  page:\n    permalink: /jo-page/\nanon:\n  name: Anon\n', '/news/authors');
    expect([...authors.values()].map((a) => [a.key, a.page])).toEqual([['JaneDoe', '/news/authors/jane-doe'], ['jo', '/news/authors/jo-page'], ['anon', undefined]]);
  });
});
