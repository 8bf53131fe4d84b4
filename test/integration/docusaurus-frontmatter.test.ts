// A site written the way Docusaurus 2 sites are (test/fixtures/docusaurus-frontmatter): drafts,
// unlisted pages, tagged docs, front matter Docusaurus honours, images beside the pages, and
// imports of @docusaurus/* and @site/*. It must build unchanged, and the built files must show
// every one of those things, or its absence, everywhere.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildContext, type BuildOptions } from '../../src/build/build.js';
import { startServer } from '../../src/dev/serve.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

const FIXTURE = 'docusaurus-frontmatter';

/** Every file of a folder by path relative to it, read as text (binary files as latin1, so any string search works). */
async function readTree(dir: string, prefix = ''): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of await readTree(path.join(dir, entry.name), rel)) files.set(k, v);
    else files.set(rel, await readFile(path.join(dir, entry.name), /\.(png|jpg|gif|webp)$/.test(entry.name) ? 'latin1' : 'utf8'));
  }
  return files;
}

async function buildErrors(siteDir: string, outDir: string): Promise<SiteError[]> {
  try {
    await buildSite({ siteDir, outDir, logger: silentLogger() });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    if (error instanceof SiteError) return [error];
    throw error;
  }
  throw new Error('the build was expected to fail');
}

/** Stops what a watch-like build keeps running between builds (esbuild contexts, the render worker). */
async function closeSession(context: BuildContext | undefined): Promise<void> {
  await context?.bundlers?.client.dispose();
  await context?.bundlers?.server.dispose();
  await context?.renderHost?.close();
}

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
const payloadOf = (html: string) => JSON.parse(/<script id="__SIPA_ROUTE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
/** Files of the output that belong to a route: its page, its payload and its chunk. */
const ownFiles = (files: Map<string, string>, route: string) => {
  const html = files.get(`${route.slice(1)}.html`)!;
  // The page, its data, its chunk and its markdown view (docs and posts have one) are the page's own.
  return new Set([`${route.slice(1)}.html`, `_sipa/routes/${route.slice(1)}.json`, payloadOf(html).chunk?.slice(1), `${route.slice(1)}.md`]);
};

describe('a Docusaurus-style site', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let logger: ReturnType<typeof silentLogger>;
  let files: Map<string, string>;
  const page = (file: string) => {
    const html = files.get(file);
    if (html === undefined) throw new Error(`${file} was not built`);
    return html;
  };

  beforeAll(async () => {
    tmp = await tempDir();
    logger = silentLogger();
    const out = path.join(tmp.dir, 'out');
    await buildSite({ siteDir: `test/fixtures/${FIXTURE}`, outDir: out, logger });
    files = await readTree(out);
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('builds unchanged, with one warning per unknown front-matter key and no other warning', () => {
    const warnings = logger.lines.filter((line) => line.startsWith('warning:'));
    const at = (file: string, line: number) => `${path.join(`test/fixtures/${FIXTURE}`, file)}:${line}`;
    expect(warnings.sort()).toEqual(
      [
        `warning: ${at('blog/2025-01-10-release.mdx', 14)}: unknown front matter key "title_meta" (ignored)`,
        `warning: ${at('docs/intro.mdx', 8)}: unknown front matter key "displayed_sidebar" (ignored)`,
        `warning: ${at('pages/hidden.md', 5)}: unknown front matter key "wrapperClassName" (ignored)`,
      ].sort(),
    );
  });

  it('leaves drafts out of everything: no page, payload, chunk, link, sidebar item, tag or list entry', () => {
    for (const [file, text] of files) {
      expect(file).not.toMatch(/draft/);
      for (const trace of ['DRAFTMARKER', 'draft-page', 'draft-post', 'draft-only-tag', '/draft"']) {
        expect(text.includes(trace), `${file} mentions ${trace}`).toBe(false);
      }
    }
    // A tag only drafts carry has no page, and the tag drafts share with listed docs counts only those.
    const tags = payloadOf(page('docs/tags.html')).data;
    expect(tags.tags).toContainEqual({ label: 'getting-started', permalink: '/docs/tags/getting-started', count: 2 });
  });

  it('builds unlisted pages, reachable and not indexed, but lists them nowhere', () => {
    for (const [route, title] of [['/docs/guides/secret-page', 'Secret guide'], ['/blog/unlisted-post', 'Hidden notes UNLISTEDPOST'], ['/hidden', 'Hidden page']] as const) {
      const html = page(`${route.slice(1)}.html`);
      expect(html).toContain(`<title>${title} | Sipa fixture</title>`);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(payloadOf(html).meta.noIndex).toBe(true);
      const own = ownFiles(files, route);
      for (const [file, text] of files) {
        // The entry's client-side route patterns name every React and markdown page, so a visitor with the link navigates without a reload.
        if (own.has(file) || (route === '/hidden' && /^_sipa\/entry-\w+\.js$/.test(file))) continue;
        expect(text.includes(`"${route}"`) || text.includes(`href="${route}`) || text.includes(title), `${file} lists ${route}`).toBe(false);
      }
    }
    // A tag only unlisted pages carry has no page; the unlisted doc and post show only tags that have one.
    expect([...files.keys()].filter((file) => file.includes('unlisted-only-tag'))).toEqual([]);
    expect(payloadOf(page('docs/guides/secret-page.html')).data.tags).toEqual([{ label: 'getting-started', permalink: '/docs/tags/getting-started' }]);
    expect(payloadOf(page('blog/unlisted-post.html')).data.post.tags).toEqual([{ label: 'release', permalink: '/blog/tags/release' }]);
    // The unlisted doc keeps its sidebar; it is nobody's neighbour and has none.
    const secret = payloadOf(page('docs/guides/secret-page.html'));
    expect(secret.sidebar.items.length).toBeGreaterThan(0);
    expect([secret.data.previous, secret.data.next]).toEqual([null, null]);
    expect(payloadOf(page('docs/guides/install.html')).data.next).toEqual({ title: 'Configuration', permalink: '/docs/guides/configure' });
    const post = payloadOf(page('blog/unlisted-post.html')).data;
    expect([post.newer, post.older]).toEqual([null, null]);
  });

  it('gives the docs tag pages: every tag with its count, and the docs of each tag', () => {
    expect(payloadOf(page('docs/tags.html')).data).toEqual({
      kind: 'docsTags',
      tags: [
        { label: 'cli', permalink: '/docs/tags/cli', count: 2 },
        { label: 'getting-started', permalink: '/docs/tags/getting-started', count: 2 },
      ],
    });
    const cli = page('docs/tags/cli.html');
    expect(cli).toContain('2 docs tagged with &quot;cli&quot;');
    expect(cli).toContain('href="/docs/intro"');
    expect(cli).toContain('href="/docs/reference/cli"');
    expect(cli).toContain('href="/docs/tags"');
    // A doc shows its tags at the bottom, linking to their pages.
    expect(page('docs/intro.html')).toMatch(/<footer class="doc__footer"><ul class="tags" aria-label="Tags"><li><a href="\/docs\/tags\/getting-started" class="tag">getting-started<\/a><\/li><li><a href="\/docs\/tags\/cli"/);
  });

  it('puts keywords and the social-card image in the head, with absolute URLs', () => {
    const intro = page('docs/intro.html');
    expect(metaContent(intro, 'name', 'keywords')).toBe('sipa, single-page app, introduction');
    const card = metaContent(intro, 'property', 'og:image')!;
    expect(card).toMatch(/^https:\/\/fixture\.example\/_sipa\/img\/cover-[0-9a-f]{8}\.png$/);
    expect(metaContent(intro, 'name', 'twitter:image')).toBe(card);
    expect(metaContent(intro, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(files.has(card.slice('https://fixture.example/'.length))).toBe(true);
    expect(metaContent(page('blog/release.html'), 'property', 'og:image')).toMatch(/^https:\/\/fixture\.example\/_sipa\/img\/release-[0-9a-f]{8}\.png$/);
    // Pages without an image of their own get the site's default.
    expect(metaContent(page('docs/guides/install.html'), 'property', 'og:image')).toBe('https://fixture.example/img/social-card.png');
    expect(metaContent(page('docs/guides/install.html'), 'name', 'keywords')).toBeUndefined();
    // A React page's `meta` export gives keywords too.
    expect(metaContent(page('index.html'), 'name', 'keywords')).toBe('sipa, home');
  });

  it('honours custom_edit_url, pagination_*, hide_title, the TOC levels and the sidebar class and props', () => {
    const install = payloadOf(page('docs/guides/install.html'));
    expect(install.data.editUrl).toBe('https://github.com/sipa-js/sipa/edit/master/README.md');
    expect(install.data.toc.map((item: { level: number }) => item.level)).toEqual([2, 3, 4]);
    const configure = payloadOf(page('docs/guides/configure.html'));
    expect(configure.data.editUrl).toBeNull();
    expect(page('docs/guides/configure.html')).not.toContain('class="edit-link"');
    expect(configure.data.toc.map((item: { id: string }) => item.id)).toEqual(['development-server', 'build-options']);
    expect(configure.data.previous).toBeNull();
    expect(configure.data.hideTitle).toBe(true);
    expect(page('docs/guides/configure.html')).not.toMatch(/<h1[ >]/);
    // hide_table_of_contents holds for posts too.
    expect(page('blog/welcome.html')).toContain('<h2 id="next-steps">');
    expect(payloadOf(page('blog/welcome.html')).data.toc).toEqual([]);
    expect(payloadOf(page('blog/release.html')).data.toc).toEqual([{ id: 'what-changed', text: 'What changed', level: 2 }]);
    // pagination_next skips the sidebar's neighbour; pagination_label names a doc in its neighbours' links.
    expect(payloadOf(page('docs/intro.html')).data.next).toEqual({ title: 'Configuration', permalink: '/docs/guides/configure' });
    expect(payloadOf(page('docs/reference/api.html')).data.next).toEqual({ title: 'CLI tasks', permalink: '/docs/reference/cli' });
    expect(page('docs/guides/install.html')).toContain('<li class="sidebar-install"><a href="/docs/guides/install"');
    const tree = JSON.parse([...files].find(([file]) => file.startsWith('_sipa/sidebars/'))![1]);
    expect(tree).toContainEqual({ type: 'link', label: 'Installation', href: '/docs/guides/install', className: 'sidebar-install', customProps: { badge: 'new' } });
    expect(tree.map((item: { label: string }) => item.label)).toEqual(['Introduction', 'Installation', 'Configuration', 'Reference']);
  });

  it('emits each image once under a content-hashed name, with its size, loading lazily', () => {
    const images = [...files.keys()].filter((file) => file.startsWith('_sipa/img/')).sort();
    expect(images.map((file) => file.replace(/-[0-9a-f]{8}\./, '-HASH.'))).toEqual([
      '_sipa/img/cover-HASH.png', '_sipa/img/diagram-HASH.png', '_sipa/img/release-HASH.png', '_sipa/img/terminal-HASH.png',
    ]);
    const diagram = images.find((file) => file.includes('diagram'))!;
    const tag = `<img src="/${diagram}" alt="Architecture diagram" loading="lazy" decoding="async" width="320" height="180"/>`;
    expect(page('docs/intro.html')).toContain(tag);
    // The <img> written in MDX, and another doc in another folder, use the same file.
    expect(page('docs/intro.html')).toContain(`<img src="/${diagram}" alt="Architecture diagram again" loading="lazy" decoding="async" width="320" height="180"/>`);
    expect(page('docs/reference/api.html')).toContain(`src="/${diagram}"`);
    expect(page('docs/guides/install.html')).toMatch(/<img src="\/_sipa\/img\/terminal-[0-9a-f]{8}\.png" alt="A terminal" loading="lazy" decoding="async" width="64" height="32"\/>/);
  });

  it('keeps images imported or required in MDX working, with the same URL on the server and in the chunk', () => {
    const api = page('docs/reference/api.html');
    const required = /<img src="\/(_sipa\/a\/terminal-\w+\.png)" alt="Required terminal"/.exec(api)?.[1];
    const imported = /<img src="\/(_sipa\/a\/cover-\w+\.png)" alt="Imported cover" width="120"/.exec(api)?.[1];
    expect(required && files.has(required)).toBe(true);
    expect(imported && files.has(imported)).toBe(true);
    const chunk = files.get(payloadOf(api).chunk.slice(1))!;
    expect(chunk).toContain(`/${required}`);
    expect(chunk).toContain(`/${imported}`);
  });

  it('copies the images as they are', async () => {
    const diagram = [...files.keys()].find((file) => file.startsWith('_sipa/img/diagram-'))!;
    expect(files.get(diagram)).toBe(await readFile(`test/fixtures/${FIXTURE}/docs/img/diagram.png`, 'latin1'));
  });

  it('lists inline, single and keyed authors and takes the date from the front matter', () => {
    const release = payloadOf(page('blog/release.html')).data.post;
    expect(release.authors.map((a: { name: string; title?: string; url?: string; imageUrl?: string }) => [a.name, a.title, a.url, a.imageUrl])).toEqual([
      ['Ada Sipa', 'Maintainer', 'https://github.com/sipa-js', 'https://github.com/sipa-js.png'],
      ['Grace Page', 'Contributor', undefined, undefined],
    ]);
    const welcome = payloadOf(page('blog/welcome.html')).data.post;
    expect(welcome.date).toBe('2024-12-24');
    expect(welcome.authors).toMatchObject([{ name: 'Sipa maintainers', title: 'The people who build Sipa', url: 'https://github.com/sipa-js' }]);
    expect(payloadOf(page('blog/archive.html')).data.years.map((y: { year: string }) => y.year)).toEqual(['2025', '2024']);
  });

  it('renders @docusaurus/Link, useBaseUrl, useDocusaurusContext, BrowserOnly and @site/ imports on the server', () => {
    const intro = page('docs/intro.html');
    expect(intro).toContain('<a href="/docs/guides/install" class="next-step">installing Sipa</a>');
    expect(intro).toContain('<a href="https://github.com/sipa-js/sipa" target="_blank" rel="noopener noreferrer">source</a>');
    expect(intro).toContain('<code>sipa</code>');
    expect(intro).toContain('<a class="social-card" href="/img/social-card.png">');
    expect(intro).toContain('<p id="browser-only">Rendered on the server</p>');
    expect(intro).toContain('Hello from <!-- -->the fixture');
    const home = page('index.html');
    expect(home).toContain('Particularly simple single-page apps<!-- --> (<!-- -->0.9.50<!-- -->)');
    expect(home).toContain('<a href="/docs/intro" id="to-intro">Read the introduction</a>');
    expect(home).toContain('<p id="home-browser-only">Server</p>');
    // The modules are shared: a page's chunk takes them from the entry rather than bundling them again.
    const chunk = files.get(payloadOf(intro).chunk.slice(1))!;
    expect(chunk).toContain('__sipa_modules');
    expect(chunk).not.toContain('noopener noreferrer');
    expect(chunk).not.toContain('needs a function as its child');
  });
});

describe('drafts in serve --watch', () => {
  it('builds drafts with a visible badge, not indexed, and lists them like other pages', async () => {
    const tmp = await tempDir();
    try {
      const out = path.join(tmp.dir, 'out');
      const logger = silentLogger();
      const context: BuildContext = {};
      await buildSite({ siteDir: `test/fixtures/${FIXTURE}`, outDir: out, logger, drafts: true, context }).finally(() => closeSession(context));
      for (const file of ['docs/guides/draft-page.html', 'blog/draft-post.html', 'draft.html']) {
        const html = await readFile(path.join(out, file), 'utf8');
        expect(html, file).toContain('<p class="draft-badge" role="note"><strong>Draft</strong>');
        expect(html, file).toContain('<meta name="robots" content="noindex, nofollow">');
      }
      expect(await readFile(path.join(out, 'docs/intro.html'), 'utf8')).toContain('href="/docs/guides/draft-page"');
      expect(await readFile(path.join(out, 'blog.html'), 'utf8')).toContain('Upcoming DRAFTMARKER post');
      expect(await readFile(path.join(out, 'docs/tags/draft-only-tag.html'), 'utf8')).toContain('href="/docs/guides/draft-page"');
      expect(await readFile(path.join(out, 'docs/intro.html'), 'utf8')).not.toContain('draft-badge"');
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});

describe('drafts over HTTP', () => {
  it('serve --watch serves drafts; serve without it builds and serves none', async () => {
    const tmp = await tempDir();
    const servers: Array<{ close(): Promise<void> }> = [];
    try {
      const start = async (watch: boolean) => {
        const server = await startServer({ site: `test/fixtures/${FIXTURE}`, outDir: path.join(tmp.dir, watch ? 'watch' : 'static'), port: 0, host: '127.0.0.1', watch });
        if (!server) throw new Error('the server did not start');
        servers.push(server);
        return server.url.replace(/\/$/, '');
      };
      const watching = await start(true);
      const draft = await fetch(`${watching}/docs/guides/draft-page`);
      expect(draft.status).toBe(200);
      expect(await draft.text()).toContain('<strong>Draft</strong>');
      const plain = await start(false);
      expect((await fetch(`${plain}/docs/guides/draft-page`)).status).toBe(404);
      expect((await fetch(`${plain}/docs/intro`)).status).toBe(200);
    } finally {
      for (const server of servers) await server.close();
      await tmp.cleanup();
    }
  }, 180_000);
});

describe('images across builds', () => {
  // A one-off build with the persistent cache warm, and watch mode's rebuilds in one session.
  for (const [name, session] of [
    ['with the persistent cache warm', (): Partial<BuildOptions> => ({})],
    ['in a watch session', (): Partial<BuildOptions> => ({ context: {}, persistentCache: false, drafts: true })],
  ] as const) {
    it(`names an edited image anew and points the page at it, ${name}`, async () => {
      const tmp = await tempDir();
      const options = session();
      try {
        const site = await copyFixture(FIXTURE, tmp.dir);
        const out = path.join(tmp.dir, 'out');
        const build = () => buildSite({ siteDir: site, outDir: out, logger: silentLogger(), ...options });
        await build();
        const terminal = async () => /src="\/(_sipa\/img\/terminal-[0-9a-f]{8}\.png)"/.exec(await readFile(path.join(out, 'docs/guides/install.html'), 'utf8'))![1]!;
        const before = await terminal();
        // Another picture in its place, of another size.
        const image = path.join(site, 'docs/img/terminal.png');
        await writeFile(image, await readFile(path.join(site, 'docs/img/diagram.png')));
        await build();
        const after = await terminal();
        expect(after).not.toBe(before);
        expect(await readFile(path.join(out, after))).toEqual(await readFile(image));
        expect(await readFile(path.join(out, 'docs/guides/install.html'), 'utf8')).toContain('width="320" height="180"');
        // The old image is no longer part of the site.
        expect((await readdir(path.join(out, '_sipa/img'))).filter((f) => f.startsWith('terminal-'))).toEqual([path.basename(after)]);
        // The image the API page imports through the bundler is renamed too.
        expect(await readFile(path.join(out, 'docs/reference/api.html'), 'utf8')).toMatch(/<img src="\/_sipa\/a\/terminal-\w+\.png" alt="Required terminal"/);
        const required = /<img src="\/(_sipa\/a\/terminal-\w+\.png)" alt="Required terminal"/.exec(await readFile(path.join(out, 'docs/reference/api.html'), 'utf8'))![1]!;
        expect(await readFile(path.join(out, required))).toEqual(await readFile(image));
      } finally {
        await closeSession(options.context);
        await tmp.cleanup();
      }
    }, 180_000);
  }
});

describe('Docusaurus content that cannot be built', () => {
  it('reports a wrong front-matter type and a pagination id that names no doc, together', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      await writeFile(path.join(site, 'docs/guides/typo.mdx'), '---\ntitle: Typo\npagination_next: guides/instal\n---\n\nText.\n');
      await writeFile(path.join(site, 'docs/guides/wrong.mdx'), '---\ntitle: Wrong\ndraft: perhaps\n---\n\nText.\n');
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      const byCode = Object.fromEntries(errors.map((e) => [e.code, e]));
      expect(Object.keys(byCode).sort()).toEqual(['FRONT_MATTER_FIELD', 'UNKNOWN_DOC_ID']);
      expect(byCode.UNKNOWN_DOC_ID!.message).toContain('"guides/instal"');
      expect(byCode.UNKNOWN_DOC_ID!.location).toMatchObject({ file: expect.stringMatching(/docs\/guides\/typo\.mdx$/), line: 3 });
      expect(byCode.FRONT_MATTER_FIELD!.message).toContain('"draft"');
      expect(byCode.FRONT_MATTER_FIELD!.location).toMatchObject({ file: expect.stringMatching(/docs\/guides\/wrong\.mdx$/), line: 3 });
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('fails on a missing image with its file, line and column, in the body and in the front matter', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      await writeFile(path.join(site, 'docs/guides/pictures.mdx'), '---\ntitle: Pictures\n---\n\nSome text.\n\nSee ![the chart](./img/chart.png) here.\n');
      await writeFile(path.join(site, 'docs/guides/card.md'), '---\ntitle: Card\nimage: ./img/card.png\n---\n\nText.\n');
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors.map((e) => e.code)).toEqual(['IMAGE_NOT_FOUND', 'IMAGE_NOT_FOUND']);
      const byFile = Object.fromEntries(errors.map((e) => [path.basename(e.location!.file), e]));
      expect(byFile['pictures.mdx']!.location).toMatchObject({ line: 7, column: 5 });
      expect(byFile['pictures.mdx']!.message).toContain('./img/chart.png');
      expect(byFile['card.md']!.location).toMatchObject({ line: 3, column: 8 });
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('fails on a default social card that is not in the static folder, at its line in the config', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      const config = path.join(site, 'sipadocs.config.ts');
      await writeFile(config, (await readFile(config, 'utf8')).replace("image: 'img/social-card.png'", "image: 'img/social.png'"));
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors[0]!.code).toBe('CONFIG_INVALID');
      expect(errors[0]!.message).toContain('img/social.png');
      expect(errors[0]!.location).toMatchObject({ line: 9, column: 3 });
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('fails on an @docusaurus/ or @theme/ import the theme does not provide, naming it and what is supported', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      await writeFile(path.join(site, 'docs/guides/router.mdx'), "---\ntitle: Router\n---\n\nimport { useLocation } from '@docusaurus/router';\n\nText.\n");
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors[0]!.code).toBe('UNSUPPORTED_IMPORT');
      expect(errors[0]!.message).toContain('"@docusaurus/router"');
      expect(errors[0]!.message).toContain('@docusaurus/Link');
      expect(errors[0]!.message).toContain('@docusaurus/BrowserOnly');
      expect(errors[0]!.location).toMatchObject({ file: expect.stringMatching(/docs\/guides\/router\.mdx$/), line: 5 });

      await writeFile(path.join(site, 'docs/guides/router.mdx'), "---\ntitle: Router\n---\n\nimport DocCard from '@theme/DocCard';\n\n<DocCard />\n");
      const theme = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(theme[0]!.code).toBe('UNSUPPORTED_IMPORT');
      expect(theme[0]!.message).toContain('"@theme/DocCard"');
      expect(theme[0]!.message).toContain('@theme/MDXComponents');
      expect(theme[0]!.message).toContain('@theme/Tabs');
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});
