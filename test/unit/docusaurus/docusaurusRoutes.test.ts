import { describe, expect, it } from 'vitest';
import { docusaurusDocRoute, docusaurusPostRoute } from '../../../src/docusaurus/docusaurusRoutes.js';

describe('docusaurusDocRoute', () => {
  const route = (rel: string, frontMatter: { id?: string; slug?: string } = {}, base = 'docs') => docusaurusDocRoute(rel, frontMatter, base);

  it('uses the folder and file name, without number prefixes', () => {
    expect(route('intro.md')).toBe('/docs/intro');
    expect(route('01-basics/02-create-a-new-page.mdx')).toBe('/docs/basics/create-a-new-page');
    expect(route('010_guides/020_setup.md')).toBe('/docs/guides/setup');
    expect(docusaurusDocRoute('010_guides/020_setup.md', { parse_number_prefixes: false }, 'docs')).toBe('/docs/010_guides/020_setup');
  });

  it('takes the front-matter id in place of the file name', () => {
    expect(route('advanced/cli-hooks.md', { id: 'hooks' })).toBe('/docs/advanced/hooks');
  });

  it('resolves a relative slug against the folder and takes an absolute one as it is', () => {
    expect(route('basics/03-build.md', { slug: 'build-your-project' })).toBe('/docs/basics/build-your-project');
    expect(route('basics/03-build.md', { slug: '../build' })).toBe('/docs/build');
    expect(route('basics/03-build.md', { slug: '/build' })).toBe('/docs/build');
    expect(route('intro.md', { slug: '/' })).toBe('/docs');
  });

  it('serves index, README and a file named like its folder at the folder route', () => {
    expect(route('api/index.md')).toBe('/docs/api');
    expect(route('api/README.md')).toBe('/docs/api');
    expect(route('guides/Guides.mdx')).toBe('/docs/guides');
    expect(route('index.md')).toBe('/docs');
    expect(route('api/index.md', { slug: 'overview' })).toBe('/docs/api/overview');
  });

  it('honours the route base path', () => {
    expect(route('intro.md', {}, 'handbook')).toBe('/handbook/intro');
  });
});

describe('docusaurusPostRoute', () => {
  it('turns the date of a file name into folders', () => {
    expect(docusaurusPostRoute('2021-08-26-welcome.md', {}, 'blog')).toBe('/blog/2021/08/26/welcome');
    expect(docusaurusPostRoute('2021-08-26-welcome/index.mdx', {}, 'blog')).toBe('/blog/2021/08/26/welcome');
  });

  it('uses the path of an undated file and the front-matter slug before both', () => {
    expect(docusaurusPostRoute('news/launch.md', {}, 'blog')).toBe('/blog/news/launch');
    expect(docusaurusPostRoute('2021-08-26-welcome.md', { slug: 'welcome' }, 'blog')).toBe('/blog/welcome');
    expect(docusaurusPostRoute('2021-08-26-welcome.md', { slug: '/hello/' }, 'news')).toBe('/news/hello');
  });
});
