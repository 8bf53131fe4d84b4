/**
 * One hostile string (markup, the end of a CDATA section, quotes, control characters, a line break,
 * "#", markdown syntax and entities) in every plain-text field a site has: titles, descriptions,
 * labels, tags, an author, the site's title and tagline, a slug, a redirect. Every file of the build
 * that is not HTML is read with a real parser for its format: each must stay a well-formed document
 * and show the text as text, never as an element.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { readHtml, readMarkdown, readXml } from '../readOutputs.js';
import { openSiteSearch } from './siteSearch.js';

const HOSTILE = 'Zyxhostile <script>alert(1)</script><img src=x onerror=alert(2)> & "q" \'a\' ]]> \u0001\u0008\u001b\u007f # hash\nline2 [l](javascript:alert(3)) *em* `c` | p &amp; &#x3C;';
/** What XML can hold of it: the control characters go (XML 1.0 allows them nowhere). */
const IN_XML = HOSTILE.replace(/[\u0001\u0008\u001b]/g, '');
/** What one line of markdown shows of it. */
const ONE_LINE = HOSTILE.replace(/\s*\n\s*/, ' ').replace(/[\u0001\u0008\u001b\u007f]/g, '');
/** A path made of it: a slug or a redirect's address has no "/" of its own and no control character. */
const AS_PATH = HOSTILE.replaceAll('/', '').replace(/[\u0000-\u001f\u007f]/g, ' ');

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
/** Every file of the build, output-relative with "/". */
let files: string[];
const read = (file: string) => readFile(path.join(out, file), 'utf8');

beforeAll(async () => {
  tmp = await tempDir();
  const site = await copyFixture('basic', tmp.dir);
  const text = JSON.stringify(HOSTILE);
  await writeFile(
    path.join(site, 'sipadocs.config.ts'),
    `import { defineConfig } from 'sipadocs';

const text = ${text};
export default defineConfig({
  title: text,
  tagline: text,
  url: 'https://fixture.example',
  docs: { sidebarPath: './sidebars.ts' },
  blog: { postsPerPage: 1, title: text, description: text },
  headTags: [{ tagName: 'script', attributes: { src: 'https://cdn.example/' + text } }],
  redirects: {
    pages: [
      { from: ${JSON.stringify(`/old ${AS_PATH}`)}, to: 'https://elsewhere.example/' + text },
      { from: '/older', to: '/docs/reference#' + text },
    ],
  },
});
`,
  );
  const frontMatter = (fields: Record<string, unknown>) => `---\n${Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join('\n')}\n---\n\n`;
  await writeFile(path.join(site, 'docs/reference.md'), `${frontMatter({ title: HOSTILE, description: HOSTILE, sidebar_label: HOSTILE, tags: [HOSTILE] })}Body text.\n`);
  await writeFile(path.join(site, 'docs/weird.md'), `${frontMatter({ title: 'Weird', slug: `/weird ${AS_PATH}` })}A page at an odd address.\n`);
  await writeFile(
    path.join(site, 'blog/2024-02-03-second.md'),
    `${frontMatter({ title: HOSTILE, description: HOSTILE, slug: 'second', tags: [HOSTILE, 'news'], authors: [{ name: HOSTILE, url: 'https://a.example/x' }] })}Another post.\n`,
  );
  await writeFile(path.join(site, 'docs/010_intro/_category_.json'), JSON.stringify({ label: HOSTILE, position: 1, link: { type: 'generated-index', description: HOSTILE } }));
  out = path.join(tmp.dir, 'build');
  await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}, 180_000);
afterAll(() => tmp.cleanup());

describe('a hostile string in every plain-text field', () => {
  it('leaves every RSS and Atom feed well-formed, its text as written, and no element in a title or summary', async () => {
    const feeds = files.filter((file) => /(^|\/)(rss|atom)\.xml$/.test(file));
    // The blog's feeds, the hostile tag's and the news tag's.
    expect(feeds).toHaveLength(6);
    for (const file of feeds) {
      const xml = await read(file);
      const { texts, attributes } = readXml(xml);
      for (const { element, html } of texts) {
        if (html && element !== 'content' && element !== 'content:encoded') expect(html.elements, `${file}: <${element}>`).toEqual([]);
      }
      const shown = texts.map((text) => text.html?.text ?? text.text);
      // The feed's title (the site's and the blog's, or the tag's) and the post's.
      expect(shown.filter((text) => text.includes(IN_XML)).length, file).toBeGreaterThanOrEqual(2);
      expect(shown, file).toContain(IN_XML);
      if (file.endsWith('atom.xml')) expect(attributes, file).toContain(IN_XML.replace('\n', ' '));
      // Posts' content is HTML the site rendered; it holds no element the text made.
      for (const text of texts) expect(text.html?.elements ?? [], file).not.toContain('script');
    }
  });

  it('writes the JSON feeds with the text exactly as written', async () => {
    const feeds = files.filter((file) => file.endsWith('feed.json'));
    expect(feeds).toHaveLength(3);
    for (const file of feeds) {
      const feed = JSON.parse(await read(file)) as { items: Array<{ title: string; summary?: string; tags?: string[]; author?: { name: string } }> };
      const post = feed.items.find((item) => item.title === HOSTILE);
      expect(post, file).toBeDefined();
      expect(post).toMatchObject({ summary: HOSTILE, author: { name: HOSTILE } });
      expect(post!.tags).toContain(HOSTILE);
    }
  });

  it('writes sitemap.xml well-formed, every location a URL of a page of the site', async () => {
    const { texts, elements } = readXml(await read('sitemap.xml'));
    expect(new Set(elements)).toEqual(new Set(['urlset', 'url', 'loc', 'lastmod']));
    const locations = texts.filter((text) => text.element === 'loc').map((text) => new URL(text.text));
    const pages = new Set(files.filter((file) => file.endsWith('.html')).map((file) => `/${file.replace(/(index)?\.html$/, '')}`));
    for (const url of locations) expect(pages, url.href).toContain(decodeURIComponent(url.pathname).replace(/\/$/, '') || '/');
    expect(locations.map((url) => decodeURIComponent(url.pathname))).toContain(`/docs/weird ${AS_PATH}`);
  });

  it('writes llms.txt, llms-full.txt and the page markdown so that markdown shows the text, with no element of its own', async () => {
    const llms = readMarkdown(await read('llms.txt'));
    expect(new Set(llms.elements)).toEqual(new Set(['h1', 'blockquote', 'p', 'h2', 'ul', 'li', 'a']));
    const lines = llms.text.split('\n').filter(Boolean);
    expect(lines[0]).toBe(ONE_LINE);
    expect(lines).toContain(ONE_LINE);
    expect(lines).toContain(`${ONE_LINE}: ${ONE_LINE}`);
    for (const link of llms.html.matchAll(/href="([^"]*)"/g)) expect(link[1]).toMatch(/^https:\/\/fixture\.example\/\S+\.md$/);

    for (const file of ['llms-full.txt', 'docs/reference.md', 'blog/second.md']) {
      const markdown = readMarkdown(await read(file));
      expect(markdown.elements, file).not.toContain('script');
      expect(markdown.elements, file).not.toContain('img');
      expect(markdown.text.split('\n'), file).toContain(ONE_LINE);
    }
  });

  it('writes _redirects with three fields on every line, and _headers and robots.txt with one header or rule a line', async () => {
    const redirects = (await read('_redirects')).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(redirects).toHaveLength(2);
    for (const line of redirects) expect(line.split(/\s+/), line).toHaveLength(3);
    expect(decodeURIComponent(redirects[0]!.split(' ')[0]!)).toBe(`/old ${AS_PATH}`);

    const headers = (await read('_headers')).split('\n').filter(Boolean);
    expect(headers.filter((line) => !line.startsWith('#'))).toEqual(['/*', expect.stringMatching(/^ {2}Content-Security-Policy: [^\n]*https:\/\/cdn\.example/), '  X-Content-Type-Options: nosniff', '  Referrer-Policy: strict-origin-when-cross-origin']);
    expect(headers.join('\n')).not.toContain('Zyxhostile');
    for (const line of (await read('robots.txt')).split('\n').filter(Boolean)) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
  });

  it('indexes the text for search as text: results show it as the title, and excerpts hold no element but the marks', async () => {
    const search = await openSiteSearch(out);
    try {
      const found = await search.query('Zyxhostile');
      const reference = found.find((page) => page.url === '/docs/reference');
      expect(reference?.title).toBe(HOSTILE.replace(/\s+/g, ' '));
      for (const page of found) {
        for (const excerpt of [page.excerpt, ...page.headings.map((heading) => heading.excerpt)]) {
          expect(readHtml(excerpt).elements.filter((name) => name !== 'mark'), excerpt).toEqual([]);
        }
      }
    } finally {
      await search.close();
    }
  });
});
