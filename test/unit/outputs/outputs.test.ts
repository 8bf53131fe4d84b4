import { describe, expect, it } from 'vitest';
import type { UserConfig } from '../../../src/config/types.js';
import { normalizeConfig } from '../../../src/config/normalize.js';
import type { CompiledPage } from '../../../src/compiler/mdx/compile.js';
import { planRoutes, type PlannedRoute } from '../../../src/model/routes.js';
import { buildSiteModel, type LoadedSource } from '../../../src/model/siteModel.js';
import { SiteError } from '../../../src/errors.js';
import { feedLinksFor, planFeeds } from '../../../src/outputs/feeds.js';
import { llmsSections, llmsTxt, markdownFile } from '../../../src/outputs/llms.js';
import { pageMarkdownText } from '../../../src/outputs/pageMarkdown.js';
import { lastModified, newest, robotsTxt, sitemapXml } from '../../../src/outputs/sitemap.js';
import { indexableRoutes, siteBase } from '../../../src/outputs/siteUrl.js';

const source = (relPath: string, text: string): LoadedSource => ({
  relPath,
  absPath: `/site/${relPath}`,
  section: relPath.startsWith('docs/') ? 'docs' : relPath.startsWith('blog/') ? 'blog' : 'pages',
  text,
});

/** A small site planned as the build plans it; `hidden` routes get noIndex, as unlisted and draft pages do. */
function site(user: Partial<UserConfig> = {}, hidden: string[] = []) {
  const config = normalizeConfig({ title: 'T', url: 'https://t.example', navbar: { items: [{ label: 'Guides', to: '/docs/a', position: 'left' }] }, ...user }, '/site', '/site/sipadocs.config.ts');
  const model = buildSiteModel(config, [
    source('docs/a.mdx', '---\ntitle: A\ndescription: About A.\nsidebar_position: 1\n---\n'),
    source('docs/b.mdx', '---\ntitle: B\nsidebar_position: 2\n---\n'),
    source('docs/more/c.mdx', '---\ntitle: C\n---\n'),
    source('docs/loose.mdx', '---\ntitle: Loose\n---\n'),
    source('blog/2025-01-01-old.mdx', '---\ntitle: Old\nslug: old\ntags: [x]\n---\nOld post.\n'),
    source('blog/2025-02-01-new.mdx', '---\ntitle: New\nslug: new\ntags: [x, y]\n---\nNew post.\n'),
    source('pages/index.tsx', ''),
  ], { main: ['a', 'b', { type: 'category', label: 'More', items: ['more/c'] }] }, 'sidebars.ts');
  const compiled = new Map<string, CompiledPage>(
    [...model.docs.map((d) => d.source.relPath), ...model.posts.map((p) => p.source.relPath)].map((relPath) => [relPath, { h1: null, toc: [] } as unknown as CompiledPage]),
  );
  const plan = planRoutes(model, compiled, config);
  for (const route of plan.routes) if (hidden.includes(route.path)) route.meta = { ...route.meta, noIndex: true };
  return { config, model, routes: plan.routes };
}

describe('indexableRoutes', () => {
  it('leaves out the 404 page and noIndex routes, and everything on a noIndex site', () => {
    const { config, routes } = site({}, ['/docs/b', '/blog/old']);
    const paths = indexableRoutes(routes, config).map((r) => r.path);
    expect(paths).toContain('/docs/a');
    expect(paths).toContain('/blog/new');
    expect(paths).not.toContain('/docs/b');
    expect(paths).not.toContain('/blog/old');
    expect(paths).not.toContain('/404');
    const noIndex = site({ noIndex: true });
    expect(indexableRoutes(noIndex.routes, noIndex.config)).toEqual([]);
  });
});

describe('llms.txt', () => {
  it('lists docs by sidebar section, then docs outside sidebars, then the blog; noIndex pages are left out', () => {
    const { config, model, routes } = site({}, ['/docs/b', '/blog/old']);
    const sections = llmsSections(model, routes, config, 'https://t.example');
    expect(sections.map((s) => [s.title, s.links.map((l) => l.url)])).toEqual([
      ['Guides', ['https://t.example/docs/a.md']],
      ['More', ['https://t.example/docs/more/c.md']],
      ['More docs', ['https://t.example/docs/loose.md']],
      ['Blog', ['https://t.example/blog/new.md']],
    ]);
    expect(llmsTxt('T', 'A site.', sections)).toBe(
      '# T\n\n> A site.\n\n## Guides\n\n- [A](https://t.example/docs/a.md): About A.\n\n## More\n\n- [C](https://t.example/docs/more/c.md)\n\n' +
        '## More docs\n\n- [Loose](https://t.example/docs/loose.md)\n\n## Blog\n\n- [New](https://t.example/blog/new.md): New post.\n',
    );
  });

  it('has no sections on a noIndex site', () => {
    const { config, model, routes } = site({ noIndex: true });
    expect(llmsSections(model, routes, config, 'https://t.example')).toEqual([]);
  });

  it('names markdown files after their routes', () => {
    expect(markdownFile('/docs/guides/installation')).toBe('docs/guides/installation.md');
    expect(markdownFile('/blog/welcome')).toBe('blog/welcome.md');
    expect(pageMarkdownText('Title', false, '\nBody.\n\n')).toBe('# Title\n\nBody.\n');
    expect(pageMarkdownText('Title', true, '# Own title\n')).toBe('# Own title\n');
  });
});

describe('feeds', () => {
  it('plans the blog feed and one per tag with the listed posts, newest first', () => {
    const { config, model, routes } = site({}, ['/blog/old']);
    const feeds = planFeeds(model, routes, config);
    expect(feeds.map((f) => [f.listPath, f.posts.map((p) => p.route)])).toEqual([
      ['/blog', ['/blog/new']],
      ['/blog/tags/x', ['/blog/new']],
      ['/blog/tags/y', ['/blog/new']],
    ]);
    const all = planFeeds(model, site().routes, config);
    expect(all[0]!.posts.map((p) => p.route)).toEqual(['/blog/new', '/blog/old']);
  });

  it('plans none on a noIndex site or without listed posts, so pages link none', () => {
    const noIndex = site({ noIndex: true });
    expect(planFeeds(noIndex.model, noIndex.routes, noIndex.config)).toEqual([]);
    const hidden = site({}, ['/blog/old', '/blog/new']);
    const feeds = planFeeds(hidden.model, hidden.routes, hidden.config);
    expect(feeds).toEqual([]);
    expect(feedLinksFor(hidden.routes[0]!, feeds, '/')).toEqual([]);
  });

  it('links the blog feeds from every page and a tag\'s feeds from its pages, under the base URL', () => {
    const { config, model, routes } = site({ baseUrl: '/sub/' });
    const feeds = planFeeds(model, routes, config);
    const tagPage = routes.find((r) => r.path === '/blog/tags/y')!;
    expect(feedLinksFor(routes[0]!, feeds, config.baseUrl).map((l) => l.href)).toEqual(['/sub/blog/rss.xml', '/sub/blog/atom.xml', '/sub/blog/feed.json']);
    expect(feedLinksFor(tagPage, feeds, config.baseUrl).map((l) => l.href).slice(3)).toEqual(['/sub/blog/tags/y/rss.xml', '/sub/blog/tags/y/atom.xml', '/sub/blog/tags/y/feed.json']);
  });
});

describe('sitemap', () => {
  it('writes one url per entry with escaped locations', () => {
    expect(sitemapXml([{ url: 'https://t.example/a?x=1&y=2', lastmod: '2025-01-01' }, { url: 'https://t.example/', lastmod: null }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://t.example/a?x=1&amp;y=2</loc><lastmod>2025-01-01</lastmod></url>\n<url><loc>https://t.example/</loc></url>\n</urlset>\n',
    );
    expect(robotsTxt(null)).toBe('User-agent: *\nDisallow: /\n');
  });

  it('dates lists by their newest post, pages by their last commit, category indexes by their newest doc', () => {
    const { routes } = site();
    const route = (path: string) => routes.find((r) => r.path === path)! as PlannedRoute;
    const sources = { fileDate: (f: string) => (f === 'pages/index.tsx' ? '2024-05-05T10:00:00Z' : null), docDate: () => null, newestPost: '2025-02-01' };
    expect(lastModified(route('/blog'), sources)).toBe('2025-02-01');
    expect(lastModified(route('/blog/old'), sources)).toBe('2025-01-01');
    expect(lastModified(route('/blog/tags/x'), sources)).toBe('2025-02-01');
    expect(lastModified(route('/'), sources)).toBe('2024-05-05T10:00:00Z');
    expect(lastModified(route('/docs/a'), sources)).toBeNull();
    expect(newest(['2025-01-01', null, '2025-01-01T10:00:00Z', '2024-12-31'])).toBe('2025-01-01T10:00:00Z');
  });
});

describe('siteBase', () => {
  it('joins the site URL and base path without a trailing slash', () => {
    expect(siteBase(site().config)).toBe('https://t.example');
    expect(siteBase(site({ baseUrl: '/sub/' }).config)).toBe('https://t.example/sub');
  });

  it('refuses a URL that is not absolute, naming the config file', () => {
    try {
      siteBase(site({ url: 'sipa-js.github.io' }).config);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SiteError);
      expect((error as SiteError).code).toBe('CONFIG_INVALID');
      expect((error as SiteError).location?.file).toBe('/site/sipadocs.config.ts');
    }
  });
});
