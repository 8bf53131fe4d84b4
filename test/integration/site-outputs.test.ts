// The files a build writes for machines rather than browsers: feeds, sitemap, robots.txt,
// llms.txt, llms-full.txt and each doc's and post's markdown. Everything is read back from the
// built output with independent parsers, and what should be there is worked out from the route
// payloads the build wrote for the browser, not from the code that wrote the files.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DomUtils, parseDocument, parseFeed } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import type { RoutePayload } from '../../src/shared/types.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

const exists = (file: string) => stat(file).then(() => true, () => false);
const xml = (text: string) => parseDocument(text, { xmlMode: true });
const elements = (root: ReturnType<typeof xml>, name: string) => DomUtils.getElementsByTagName(name, root, true);
const textOf = (root: Element, name: string) => {
  const found = DomUtils.getElementsByTagName(name, root.children, false)[0];
  return found ? DomUtils.textContent(found) : undefined;
};

/** Every route payload the build wrote, by route. */
async function payloads(out: string): Promise<Map<string, RoutePayload>> {
  const dir = path.join(out, '_sipa/routes');
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.json'));
  const byRoute = new Map<string, RoutePayload>();
  for (const file of files) {
    const payload = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as RoutePayload;
    byRoute.set(payload.meta.path, payload);
  }
  return byRoute;
}

/** The text of the post's article on its page: what a feed's full content must hold. */
function articleText(html: string): string {
  const document = parseDocument(html);
  const article = DomUtils.findOne((e) => e.name === 'article', document.children)!;
  const content = DomUtils.findOne((e) => e.attribs.class === 'markdown', article.children)!;
  return DomUtils.textContent(content);
}

/** The URLs in an HTML fragment's href and src attributes. */
function urlsIn(html: string): string[] {
  return DomUtils.findAll((e) => 'href' in e.attribs || 'src' in e.attribs, parseDocument(html).children).map((e) => e.attribs.href ?? e.attribs.src!);
}

const SITE = 'https://sipa-js.github.io';

describe('machine-readable outputs of the Sipa site', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let routes: Map<string, RoutePayload>;
  const read = (rel: string) => readFile(path.join(out, rel), 'utf8');
  /** Indexable routes, worked out from the payloads: everything but noIndex routes and the 404 page. */
  const indexable = () => [...routes.values()].filter((p) => !p.meta.noIndex && p.data.kind !== 'notFound');
  const posts = () =>
    [...routes.values()]
      .flatMap((p) => (p.data.kind === 'blogPost' ? [p.data.post] : []))
      .sort((a, b) => (a.date < b.date ? 1 : -1));

  beforeAll(async () => {
    tmp = await tempDir();
    out = path.join(tmp.dir, 'build');
    await buildOnce({ siteDir: 'site', outDir: out, logger: silentLogger() });
    routes = await payloads(out);
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('lists every indexable route in sitemap.xml, and nothing else, with its last change', async () => {
    const document = xml(await read('sitemap.xml'));
    const urlset = elements(document, 'urlset')[0]!;
    expect(urlset.attribs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const entries = elements(document, 'url').map((url) => ({ loc: textOf(url, 'loc')!, lastmod: textOf(url, 'lastmod') }));
    const expected = indexable().map((p) => `${SITE}${p.meta.path}`);
    expect(entries.map((e) => e.loc).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(40);
    expect(entries.map((e) => e.loc)).not.toContain(`${SITE}/404`);
    for (const entry of entries) {
      const payload = routes.get(entry.loc.slice(SITE.length))!;
      if (payload.data.kind === 'doc') expect(entry.lastmod, entry.loc).toBe(payload.data.lastUpdate!.date);
      if (payload.data.kind === 'blogPost') expect(entry.lastmod, entry.loc).toBe(payload.data.post.date);
      if (entry.lastmod !== undefined) expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/);
    }
  });

  it('points robots.txt at the sitemap', async () => {
    expect(await read('robots.txt')).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });

  it('writes the blog as RSS 2.0 with every post, newest first, full content and absolute URLs', async () => {
    const text = await read('blog/rss.xml');
    const document = xml(text);
    expect(elements(document, 'rss')[0]!.attribs.version).toBe('2.0');
    const channel = elements(document, 'channel')[0]!;
    expect(textOf(channel, 'title')).toBe('SIPA Blog');
    expect(textOf(channel, 'link')).toBe(`${SITE}/blog`);
    const items = elements(document, 'item');
    expect(items.map((item) => textOf(item, 'link'))).toEqual(posts().map((post) => `${SITE}${post.permalink}`));
    for (const [i, item] of items.entries()) {
      expect(new Date(textOf(item, 'pubDate')!).toString()).not.toBe('Invalid Date');
      // Authors by name in dc:creator: RSS's own <author> holds an e-mail address.
      const creators = DomUtils.getElementsByTagName('dc:creator', item.children, false).map((e) => DomUtils.textContent(e));
      expect(creators).toEqual(posts()[i]!.authors.map((a) => a.name));
      expect(DomUtils.getElementsByTagName('author', item.children, false)).toEqual([]);
      const content = textOf(item, 'content:encoded')!;
      const page = await read(`${textOf(item, 'link')!.slice(SITE.length + 1)}.html`);
      // The whole post, past the excerpt: the text of its page's article, word for word.
      const words = articleText(page).replace(/\s+/g, ' ').trim();
      expect(DomUtils.textContent(parseDocument(content)).replace(/\s+/g, ' ')).toContain(words.slice(-200));
      for (const url of urlsIn(content)) expect(url, `${textOf(item, 'link')}: ${url}`).toMatch(/^(https?:|mailto:)/);
    }
    // A feed reader's own parser reads it too.
    const parsed = parseFeed(text)!;
    expect(parsed.type).toBe('rss');
    expect(parsed.items).toHaveLength(posts().length);
  });

  it('writes the blog as Atom 1.0 with the same entries', async () => {
    const text = await read('blog/atom.xml');
    const document = xml(text);
    const feed = elements(document, 'feed')[0]!;
    expect(feed.attribs.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(textOf(feed, 'id')).toBe(`${SITE}/blog`);
    expect(textOf(feed, 'updated')).toBe(`${posts()[0]!.date}T00:00:00.000Z`);
    const entries = elements(document, 'entry');
    expect(entries.map((entry) => DomUtils.getElementsByTagName('link', entry.children, false)[0]!.attribs.href)).toEqual(posts().map((p) => `${SITE}${p.permalink}`));
    for (const [i, entry] of entries.entries()) {
      const authors = DomUtils.getElementsByTagName('author', entry.children, false).map((a) => textOf(a, 'name'));
      expect(authors).toEqual(posts()[i]!.authors.map((a) => a.name));
      expect(DomUtils.getElementsByTagName('content', entry.children, false)[0]!.attribs.type).toBe('html');
      expect(textOf(entry, 'content')!.length).toBeGreaterThan(500);
      expect(textOf(entry, 'id')).toMatch(/^https:\/\//);
    }
    expect(parseFeed(text)!.type).toBe('atom');
  });

  it('writes the blog as a JSON Feed with the fields the format requires', async () => {
    const feed = JSON.parse(await read('blog/feed.json'));
    expect(feed.version).toBe('https://jsonfeed.org/version/1');
    expect(feed.title).toBe('SIPA Blog');
    expect(feed.home_page_url).toBe(`${SITE}/blog`);
    expect(feed.feed_url).toBe(`${SITE}/blog/feed.json`);
    expect(feed.items.map((item: { url: string }) => item.url)).toEqual(posts().map((p) => `${SITE}${p.permalink}`));
    for (const item of feed.items) {
      expect(typeof item.id).toBe('string');
      expect(item.content_html.length).toBeGreaterThan(500);
      expect(item.date_published).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      for (const url of urlsIn(item.content_html)) expect(url).toMatch(/^(https?:|mailto:)/);
    }
  });

  it('writes a feed per tag with the posts of that tag', async () => {
    const tags = routes.get('/blog/tags')!.data;
    if (tags.kind !== 'blogTags') throw new Error('no tags page');
    expect(tags.tags.length).toBe(3);
    for (const tag of tags.tags) {
      const rss = parseFeed(await read(`${tag.permalink.slice(1)}/rss.xml`))!;
      const tagged = posts().filter((post) => post.tags.some((t) => t.permalink === tag.permalink));
      expect(rss.items.map((item) => item.link)).toEqual(tagged.map((p) => `${SITE}${p.permalink}`));
      expect(JSON.parse(await read(`${tag.permalink.slice(1)}/feed.json`)).items).toHaveLength(tag.count);
      expect(parseFeed(await read(`${tag.permalink.slice(1)}/atom.xml`))!.items).toHaveLength(tag.count);
    }
  });

  it('links the feeds from the head of every page, and a tag page to its own feeds too', async () => {
    const alternates = (html: string) =>
      DomUtils.findAll((e) => e.name === 'link' && e.attribs.rel === 'alternate', parseDocument(html).children).map((e) => [e.attribs.type, e.attribs.href]);
    for (const route of ['/', '/docs/guides/installation', '/blog/welcome', '/404']) {
      expect(alternates(await read(route === '/' ? 'index.html' : `${route.slice(1)}.html`)), route).toEqual([
        ['application/rss+xml', '/blog/rss.xml'],
        ['application/atom+xml', '/blog/atom.xml'],
        ['application/feed+json', '/blog/feed.json'],
      ]);
    }
    expect(alternates(await read('blog/tags/info.html')).map(([, href]) => href)).toContain('/blog/tags/info/rss.xml');
  });

  it('writes the markdown of every doc and post, without front matter or imports, under a title', async () => {
    const pages = [...routes.values()].filter((p) => p.data.kind === 'doc' || p.data.kind === 'blogPost');
    expect(pages.length).toBe(35);
    for (const page of pages) {
      const md = await read(`${page.meta.path.slice(1)}.md`);
      expect(md.startsWith(`# ${page.meta.title}\n`), page.meta.path).toBe(true);
      expect(md).not.toMatch(/^(import|export) /m);
      expect(md).not.toMatch(/^---\n[a-z_]+:/);
      expect(md).not.toContain('sipadocs-site-url:');
    }
    // MDX components become plain markdown: tabs as headed sections, admonitions as quotes.
    const post = await read('blog/mdx-blog-post.md');
    expect(post).toContain('\n\n### npm\n\n```bash\nnpm install -g sipa');
    expect(post).toContain('> **Tip: Keep the indexer in mind**');
    expect(post).toContain(`[CLI hooks guide](${SITE}/docs/guides/guides-extras/cli-hooks#default-hooks)`);
    expect(post).not.toContain('PersistenceLevelPicker');
  });

  it('writes llms.txt: title, summary, the docs by sidebar section and the blog, each linking its markdown', async () => {
    const text = await read('llms.txt');
    const lines = text.split('\n');
    expect(lines[0]).toBe('# SIPA');
    expect(lines[2]).toMatch(/^> \S/);
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Guides', '## Basics', '## Advanced', '## API', '## Blog']);
    const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.+))?$/gm)];
    expect(links.length).toBe(lines.filter((l) => l.startsWith('- ')).length);
    const linked = links.map((m) => m[2]!.slice(SITE.length).replace(/\.md$/, ''));
    const expected = indexable().filter((p) => p.data.kind === 'doc' || p.data.kind === 'blogPost').map((p) => p.meta.path);
    expect([...linked].sort()).toEqual([...expected].sort());
    for (const [, title, url, description] of links) {
      expect(url).toMatch(/^https:\/\/sipa-js\.github\.io\/.+\.md$/);
      expect(await exists(path.join(out, url!.slice(SITE.length)))).toBe(true);
      const payload = routes.get(url!.slice(SITE.length).replace(/\.md$/, ''))!;
      expect(title).toBe(payload.meta.title);
      expect(description).toBe(payload.meta.description);
    }
  });

  it('writes llms-full.txt: every doc\'s markdown in the order of llms.txt', async () => {
    const full = await read('llms-full.txt');
    const docs = [...(await read('llms.txt')).matchAll(/\]\(([^)]+\/docs\/[^)]+\.md)\)/g)].map((m) => m[1]!.slice(SITE.length));
    let at = 0;
    for (const doc of docs) {
      const md = (await read(doc)).trim();
      const found = full.indexOf(md, at);
      expect(found, doc).toBeGreaterThanOrEqual(at);
      at = found + md.length;
    }
    expect(full).not.toContain('](https://sipa-js.github.io/blog/');
  });
});

describe('machine-readable outputs of a site that must not be indexed', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  beforeAll(async () => {
    tmp = await tempDir();
    const site = await copyFixture('basic', tmp.dir);
    const config = path.join(site, 'sipadocs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Fixture',", "title: 'Fixture',\n  noIndex: true,"));
    out = path.join(tmp.dir, 'out');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('disallows every crawler and writes no sitemap, feeds or llms files', async () => {
    expect(await readFile(path.join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n');
    for (const file of ['sitemap.xml', 'llms.txt', 'llms-full.txt', 'blog/rss.xml', 'blog/atom.xml', 'blog/feed.json', 'blog/tags/news/rss.xml']) {
      expect(await exists(path.join(out, file)), file).toBe(false);
    }
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).not.toContain('rel="alternate"');
  });

  it('still writes the markdown of docs and posts, which the "Copy page" button needs', async () => {
    expect(await readFile(path.join(out, 'docs/intro/first.md'), 'utf8')).toMatch(/^# First page\n/);
    expect(await exists(path.join(out, 'blog/hello.md'))).toBe(true);
  });
});

describe('feeds on a build that keeps the post pages', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: string;
  let out: string;
  const build = () => buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  beforeAll(async () => {
    tmp = await tempDir();
    site = await copyFixture('basic', tmp.dir);
    out = path.join(tmp.dir, 'out');
    await build();
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('keeps feeds and markdown as they are when nothing changed', async () => {
    const files = ['blog/rss.xml', 'docs/intro/first.md', 'sitemap.xml', 'llms-full.txt'];
    const before = await Promise.all(files.map(async (f) => (await stat(path.join(out, f))).mtimeMs));
    await build();
    expect(await Promise.all(files.map(async (f) => (await stat(path.join(out, f))).mtimeMs))).toEqual(before);
  }, 120_000);

  it('lets pages link the generated files, and a static file of the same name replace one', async () => {
    await writeFile(path.join(site, 'docs/links.mdx'), '# Links\n\n[Feed](/blog/rss.xml), [sitemap](/sitemap.xml) and [for models](/llms.txt).\n');
    await mkdir(path.join(site, 'static'), { recursive: true });
    await writeFile(path.join(site, 'static/robots.txt'), 'User-agent: *\nDisallow: /private\n');
    // A first build into a new folder: nothing of a last output to keep.
    const fresh = path.join(tmp.dir, 'fresh');
    try {
      await buildOnce({ siteDir: site, outDir: fresh, logger: silentLogger() });
      expect(await readFile(path.join(fresh, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /private\n');
      expect(await readFile(path.join(fresh, 'docs/links.html'), 'utf8')).toContain('href="/blog/rss.xml"');
    } finally {
      await rm(path.join(site, 'static'), { recursive: true });
      await rm(path.join(site, 'docs/links.mdx'));
    }
  }, 120_000);

  it('writes the feeds again with the full posts read back from their kept pages', async () => {
    const post = await stat(path.join(out, 'blog/hello.html'));
    const config = path.join(site, 'sipadocs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace("blog: { postsPerPage: 1 }", "blog: { postsPerPage: 1, description: 'Changed description' }"));
    await build();
    // The post's page was not rendered again...
    expect((await stat(path.join(out, 'blog/hello.html'))).mtimeMs).toBe(post.mtimeMs);
    // ...but the feed was written again, with its content taken from that page.
    const rss = await readFile(path.join(out, 'blog/rss.xml'), 'utf8');
    expect(rss).toContain('<description>Changed description</description>');
    expect(rss).toContain('Rest of the post.');
    expect(JSON.parse(await readFile(path.join(out, 'blog/feed.json'), 'utf8')).items[1].content_html).toContain('Rest of the post.');
  }, 120_000);
});
