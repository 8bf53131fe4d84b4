// A Docusaurus 2 documentation site of Sipa as a real project has it (test/fixtures/docusaurus2):
// jsdoc2md API pages (an <a name> before every member heading, <code> and entities in headings, a
// member index of #Class.member links, parameter tables with <br/> and escaped pipes), a guide with
// <details>, index/README docs and a doc named like its folder, drafts, unlisted pages, docs tags,
// images beside the docs, a blog with authors.yml, dated file names and truncate markers, a React
// page in src/pages written in .js with <Layout> and its own <main>, components imported through
// @site/, and MDX with @docusaurus/* and @theme/* imports. It must build unchanged with no warning
// but the unknown front-matter keys, and the built files must show all of it, or its absence.
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, buildSite } from '../../src/pipeline/build.js';
import { createBuildSession, type SessionOptions } from '../../src/pipeline/session.js';
import { startServer } from '../../src/dev/serve.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { assertUnchanged, sharedBuild } from '../../support/sharedBuild.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { linkTargetsOfBuild } from './linkTargets.js';

const FIXTURE = 'docusaurus2';
const FIXTURE_DIR = `test/fixtures/${FIXTURE}`;

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
    await buildOnce({ siteDir, outDir, logger: silentLogger() });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    if (error instanceof SiteError) return [error];
    throw error;
  }
  throw new Error('the build was expected to fail');
}

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
const payloadOf = (html: string) => JSON.parse(/<script id="__SIPA_ROUTE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
/** The HTML inside the page's <article>, where the content is; headings' "#" links (the theme's, not the content's) left out. */
const article = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>')).replace(/<a class="hash-link"[^>]*><\/a>/g, '');
/** Files of the output that belong to a route: its page, its payload and its chunk. */
const ownFiles = (files: Map<string, string>, route: string) => {
  const html = files.get(`${route.slice(1)}.html`)!;
  // The page, its data, its chunk and its markdown view (docs and posts have one) are the page's own.
  return new Set([`${route.slice(1)}.html`, `_sipa/routes/${route.slice(1)}.json`, payloadOf(html).chunk?.slice(1), `${route.slice(1)}.md`]);
};

describe('a Docusaurus 2 site', () => {
  let out: string | undefined;
  let warnings: string[];
  let files: Map<string, string>;
  const page = (file: string) => {
    const html = files.get(file);
    if (html === undefined) throw new Error(`${file} was not built`);
    return html;
  };

  // The fixture's build, shared with the browser tests of it (e2e/docusaurus2.test.ts): read only.
  beforeAll(async () => {
    ({ outDir: out, warnings } = await sharedBuild(FIXTURE_DIR));
    files = await readTree(out);
  }, 120_000);
  afterAll(() => assertUnchanged(out));

  it('builds unchanged, with one warning per unknown front-matter key and no other warning', () => {
    const at = (file: string, line: number) => `${path.join(FIXTURE_DIR, file)}:${line}`;
    expect([...warnings].sort()).toEqual(
      [
        `${at('blog/2025-11-18-sipa-0-9-50.mdx', 8)}: unknown front matter key "title_meta" (ignored)`,
        `${at('docs/intro.mdx', 8)}: unknown front matter key "displayed_sidebar" (ignored)`,
        `${at('src/pages/hidden.md', 5)}: unknown front matter key "wrapperClassName" (ignored)`,
      ].sort(),
    );
  });

  it('gives every page the route Docusaurus gives it', () => {
    const routes = [...files.keys()].filter((file) => file.endsWith('.html')).map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`)).sort();
    expect(routes).toEqual(
      [
        '/', '/404', '/hidden', '/markdown-page',
        // docs/intro.mdx and the folders' index docs: README.md, a doc named like its folder (tools/tools.md).
        '/docs/intro', '/docs/getting-started', '/docs/getting-started/installation', '/docs/getting-started/configuration',
        '/docs/getting-started/secret-page', '/docs/category/guides', '/docs/guides/components', '/docs/guides/url-and-state',
        '/docs/api', '/docs/api/SipaComponent', '/docs/api/SipaHelper', '/docs/api/SipaUrl', '/docs/tools', '/docs/tools/cli-hooks',
        // An unlisted doc is built; the generated index of its category, which would list nothing, is not.
        '/docs/labs/offline-mode',
        '/docs/tags', '/docs/tags/cli', '/docs/tags/getting-started',
        // Dated file names become folders; a slug and an undated name are taken as they are.
        '/blog', '/blog/archive', '/blog/2025/11/18/sipa-0-9-50', '/blog/2023/05/16/new-docs', '/blog/why-no-bundler', '/blog/welcome',
        '/blog/2025/12/10/unlisted-post',
        '/blog/tags', '/blog/tags/changelog', '/blog/tags/design', '/blog/tags/docs', '/blog/tags/news', '/blog/tags/release',
      ].sort(),
    );
  });

  it('makes the folders\' index docs the pages of their categories, and leaves out a category of unlisted docs', () => {
    const tree = JSON.parse([...files].find(([file]) => file.startsWith('_sipa/sidebars/'))![1]) as Array<{ type: string; label: string; href?: string; items?: Array<{ label: string; href: string }> }>;
    expect(tree.map((item) => [item.type, item.label, item.href])).toEqual([
      ['link', 'Introduction', '/docs/intro'],
      ['category', 'Getting started', '/docs/getting-started'],
      ['category', 'Guides', '/docs/category/guides'],
      ['category', 'API', '/docs/api'],
      ['category', 'tools', '/docs/tools'],
    ]);
    // The index doc is the category's link, not one of its items.
    expect(tree[3]!.items!.map((item) => item.label)).toEqual(['SipaComponent', 'SipaHelper', 'SipaUrl']);
    expect(tree[1]!.items!.map((item) => item.href)).toEqual(['/docs/getting-started/installation', '/docs/getting-started/configuration']);
    for (const [file, text] of files) expect(text.includes('/docs/category/labs'), file).toBe(false);
    // The unlisted doc keeps its breadcrumb, which links nowhere.
    expect(payloadOf(page('docs/labs/offline-mode.html')).data.breadcrumbs).toEqual([{ label: 'Labs' }]);
    // The index doc comes first in its category's previous/next order.
    expect(payloadOf(page('docs/getting-started/installation.html')).data.previous).toEqual({ title: 'Getting started', permalink: '/docs/getting-started' });
    expect(page('docs/category/guides.html')).toContain('Patterns for real apps, one topic per page.');
  });

  it('takes a title written in HTML as its text, for the document, the sidebar and other pages', () => {
    const tools = page('docs/tools.html');
    expect(tools).toContain('<title>The sipa command &amp; its tasks | Sipa</title>');
    expect(article(tools)).toContain('<h1 id="the-sipa-command--its-tasks">The <code>sipa</code> command &amp; its tasks</h1>');
    expect(payloadOf(tools).data).toMatchObject({ title: 'The sipa command & its tasks', contentHasTitle: true });
    expect(page('docs/tags/cli.html')).toContain('<span class="card__title">The sipa command &amp; its tasks</span>');
    expect(payloadOf(page('docs/tools/cli-hooks.html')).data.previous).toEqual({ title: 'tools', permalink: '/docs/tools' });
  });

  it('renders every <a name> of the API pages, and every member link of their index points at one', async () => {
    for (const name of ['SipaUrl', 'SipaComponent', 'SipaHelper']) {
      const markdown = await readFile(path.join(FIXTURE_DIR, `docs/api/${name}.md`), 'utf8');
      const names = [...markdown.matchAll(/<a name="([^"]+)"><\/a>/g)].map((m) => m[1]!);
      const html = article(page(`docs/api/${name}.html`));
      expect(names.length).toBeGreaterThan(2);
      for (const anchor of names) expect(html).toContain(`<a name="${anchor}"></a>`);
      // The member index: "* [.getUrl()](#SipaUrl.getUrl) ⇒ <code>string</code>".
      const index = [...markdown.matchAll(/^\s*\* \[.*?\]\(#([^)]+)\)/gm)].map((m) => m[1]!);
      expect(index.length).toBeGreaterThan(2);
      for (const target of index) {
        expect(names).toContain(target);
        expect(html).toContain(`href="#${target}"`);
      }
    }
  });

  it('keeps <code>, links and entities in headings, and lists their text in the table of contents', () => {
    const html = article(page('docs/api/SipaUrl.html'));
    expect(html).toContain('<h3 id="sipaurlgeturl--string">SipaUrl.getUrl() ⇒ <code>string</code></h3>');
    expect(html).toContain('<h3 id="sipaurlgetparams--objectstring-string">SipaUrl.getParams() ⇒ <code>Object.&lt;string, string&gt;</code></h3>');
    expect(html).toContain('<h3 id="sipaurlseturlurl-options--sipaurl">SipaUrl.setUrl(url, [options]) ⇒ <a href="#SipaUrl"><code>SipaUrl</code></a></h3>');
    const toc = JSON.parse(page('_sipa/routes/docs/api/SipaUrl.json')).data.toc as Array<{ id: string; text: string }>;
    expect(toc).toContainEqual({ id: 'sipaurlgetparams--objectstring-string', text: 'SipaUrl.getParams() ⇒ Object.<string, string>', level: 3 });
    expect(toc.every((item) => !/<\/?code>/.test(item.text))).toBe(true);
    // A jsdoc2md page written with heading depth 1 takes its title from its h1.
    expect(page('docs/api/SipaHelper.html')).toContain('<title>SipaHelper | Sipa</title>');
  });

  it('renders parameter tables with <code>, escaped pipes and <br/> in cells', () => {
    const html = page('docs/api/SipaUrl.html');
    expect(html).toContain('<td>[options.force_load]</td><td><code>boolean</code></td><td><code>false</code></td><td>Always navigate:<br/>the page reloads even for the same origin.</td>');
    expect(html).toContain('<td><code>string</code> | <code>number</code></td>');
    expect(html).toContain('Arrays as <code>id=1&amp;id=2</code> (true)<br/>or <code>id=1,2</code> (false).');
    expect(page('docs/api/SipaComponent.html')).toContain('<td><code>&quot;&quot;</code></td>');
    expect(page('docs/api/SipaHelper.html')).toContain('<td><code>Array.&lt;SipaParamValidation&gt;</code></td>');
  });

  it('decodes entities in prose and keeps them as written inside code', () => {
    const guide = article(page('docs/guides/url-and-state.html'));
    expect(guide).toContain('Reading → writing → reading again');
    expect(guide).toContain('<code>&amp;rarr;</code>');
    expect(article(page('docs/api/SipaComponent.html'))).toContain('Map alias → child instance.');
    const start = article(page('docs/getting-started.html'));
    expect(start).toContain('<p align="center"><b>Version 0.9.50</b> · LGPL-3.0-only</p>');
    expect(start).toContain('(S)CSS.<br/>\nThe code you write is the code the browser runs – no bundler');
    expect(start).toContain('<h2 id="what-you-need">What you need <a name="requirements"></a></h2>');
  });

  it('renders <details> with its <summary> as the theme\'s details box, in markdown and as JSX in MDX', () => {
    const guide = article(page('docs/guides/url-and-state.html'));
    expect(guide).toMatch(/<details class="details"><summary>Why not <code>history.pushState<\/code>\?<\/summary><div class="details__body">[\s\S]*?<p><code>SipaUrl<\/code> rewrites the current entry/);
    expect(guide).toMatch(/<details class="details" open="" id="anchor-details"><summary>Anchors written by hand<\/summary>/);
    const mdx = article(page('docs/guides/components.html'));
    expect(mdx).toContain('<details class="details"><summary>Why EJS and not JSX?</summary><div class="details__body"><p>Templates in EJS are <strong>plain JavaScript</strong>: nothing to compile while you develop.</p></div></details>');
    expect(mdx).toContain('<details class="details" open="" id="jsx-open-details"><summary>Open from the start</summary><div class="details__body">');
  });

  it('gives MDX the page\'s frontMatter and toc, as Docusaurus does, for <TOCInline toc={toc} />', () => {
    const mdx = article(page('docs/guides/components.html'));
    // React marks the seam between two text nodes with an empty comment.
    expect(mdx).toMatch(/renders it through an EJS template\. (<!-- -->)?What an MDX page of these docs can use besides markdown\./);
    expect(mdx).toMatch(/<nav class="toc-inline" aria-label="On this page"><ul class="toc-inline__list"><li><a href="#templates">Templates<\/a><ul class="toc-inline__list"><li><a href="#rendering-again">Rendering again<\/a><\/li><\/ul><\/li><\/ul><\/nav>/);
  });

  it('keeps inline HTML and HTML blocks, admonitions and highlighted code, and drops HTML comments', () => {
    const guide = article(page('docs/guides/url-and-state.html'));
    expect(guide).toContain('Press <kbd>Ctrl</kbd>+<kbd>R</kbd>');
    expect(guide).toContain('<div class="custom-note" id="closing-note">\nRaw <strong>HTML blocks</strong> stay as they are, <em>inline markup</em> included.\n</div>');
    expect(guide).toContain('<span>Chain the calls</span>');
    expect(guide).toContain('<div class="code-block__title">app/views/pages/products/products.js</div>');
    expect(guide).toContain('<span class="line highlighted">');
    expect(guide).toContain('<h2 id="keep-the-view-in-the-address">Keep the view in the address</h2>');
    for (const file of ['docs/guides/url-and-state.html', 'docs/api/SipaUrl.html', 'docs/api/SipaHelper.html', 'blog/2023/05/16/new-docs.html']) {
      expect(page(file)).not.toMatch(/Written for Docusaurus 2|Generated with jsdoc2md|Everything below/);
    }
  });

  it('renders MDX: admonition titles, code titles, highlighted lines, line numbers, {#custom-id} and tabs', () => {
    const intro = article(page('docs/intro.html'));
    expect(intro).toMatch(/<div class="admonition admonition--tip" role="note"><div class="admonition__heading"><span class="admonition__icon" aria-hidden="true"><\/span><span>Keep the source readable<\/span>/);
    expect(intro).toContain('<div class="code-block code-block--numbered" data-language="js" style="--sd-line-start:0;--sd-line-digits:1"><div class="code-block__title">app/config/config.js</div>');
    const lines = [...intro.matchAll(/<span class="line( highlighted)?">/g)].map((m) => Boolean(m[1]));
    // The tabs' two one-line blocks, then the configuration: lines 1, 3 and 4 highlighted.
    expect(lines).toEqual([false, false, true, false, true, true, false]);
    expect(intro).toContain('<h2 id="install">Install with npm or Yarn</h2>');
    expect(intro).toMatch(/<button [^>]*role="tab" [^>]*aria-selected="true"[^>]*>npm<\/button>/);
  });

  it('cuts the excerpt of a post at <!-- truncate --> in .md and {/* truncate */} in .mdx', () => {
    const list = page('blog.html');
    expect(list).toContain('<abbr title="Application Programming Interface">API</abbr>');
    expect(list).not.toContain('What changed');
    expect(list).toContain('Sipa 0.9.50 came out on 18 November 2025.');
    expect(list).not.toContain('build.ignored_files');
    expect(page('blog/2023/05/16/new-docs.html')).toContain('<h2 id="what-changed">What changed');
    expect(page('blog/2025/11/18/sipa-0-9-50.html')).toContain('<code>build.ignored_files</code>');
  });

  it('checked links against exactly the ids and <a name> an HTML parser finds on each page', async () => {
    const pages = await linkTargetsOfBuild(out!);
    expect(pages.length).toBe([...files.keys()].filter((file) => file.endsWith('.html')).length);
    for (const built of pages) expect(built.checked, built.file).toEqual(built.parsed);
    const api = pages.find((built) => built.file === 'docs/api/SipaUrl.html')!.checked;
    for (const id of ['SipaUrl', 'SipaUrl.getUrl', 'SipaUrl.setAnchor', 'sipaurlgeturl--string']) expect(api.has(id), id).toBe(true);
  });

  it('passes sipadocs check-links', () => {
    const result = spawnSync(process.execPath, ['bin/sipadocs.js', 'check-links', out!], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/none broken/);
    expect(result.status).toBe(0);
  }, 60_000);

  it('leaves drafts out of everything: no page, payload, chunk, link, sidebar item, tag or list entry', () => {
    for (const [file, text] of files) {
      expect(file).not.toMatch(/draft/);
      for (const trace of ['DRAFTMARKER', 'draft-page', 'draft-post', 'draft-only-tag', '/draft"']) {
        expect(text.includes(trace), `${file} mentions ${trace}`).toBe(false);
      }
    }
    // A tag only drafts carry has no page, and the tag drafts share with listed docs counts only those.
    expect(payloadOf(page('docs/tags.html')).data.tags).toContainEqual({ label: 'getting-started', permalink: '/docs/tags/getting-started', count: 2 });
  });

  it('builds unlisted pages, reachable and not indexed, but lists them nowhere', () => {
    const unlisted = [
      ['/docs/getting-started/secret-page', 'Secret guide'],
      ['/docs/labs/offline-mode', 'Offline mode'],
      ['/blog/2025/12/10/unlisted-post', 'Hidden notes UNLISTEDPOST'],
      ['/hidden', 'Hidden page'],
    ] as const;
    for (const [route, title] of unlisted) {
      const html = page(`${route.slice(1)}.html`);
      expect(html).toContain(`<title>${title} | Sipa</title>`);
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
    expect(payloadOf(page('docs/getting-started/secret-page.html')).data.tags).toEqual([{ label: 'getting-started', permalink: '/docs/tags/getting-started' }]);
    expect(payloadOf(page('blog/2025/12/10/unlisted-post.html')).data.post.tags).toEqual([{ label: 'release', permalink: '/blog/tags/release' }]);
    // The unlisted doc keeps its sidebar; it is nobody's neighbour and has none.
    const secret = payloadOf(page('docs/getting-started/secret-page.html'));
    // (A page names its sidebar's file, which every page of that sidebar shares.)
    expect(secret.sidebar.url).toMatch(/^\/_sipa\/sidebars\//);
    expect(files.get(secret.sidebar.url.slice(1))!.length).toBeGreaterThan(2);
    expect([secret.data.previous, secret.data.next]).toEqual([null, null]);
    expect(payloadOf(page('docs/getting-started/installation.html')).data.next).toEqual({ title: 'Configuration', permalink: '/docs/getting-started/configuration' });
    const post = payloadOf(page('blog/2025/12/10/unlisted-post.html')).data;
    expect([post.newer, post.older]).toEqual([null, null]);
  });

  it('gives the docs tag pages: every tag with its count, and the docs of each tag', () => {
    expect(payloadOf(page('docs/tags.html')).data).toEqual({
      kind: 'docsTags',
      tags: [
        { label: 'cli', permalink: '/docs/tags/cli', count: 3 },
        { label: 'getting-started', permalink: '/docs/tags/getting-started', count: 2 },
      ],
    });
    const cli = page('docs/tags/cli.html');
    expect(cli).toContain('3 docs tagged with &quot;cli&quot;');
    for (const href of ['/docs/intro', '/docs/tools', '/docs/tools/cli-hooks', '/docs/tags']) expect(cli).toContain(`href="${href}"`);
    // A doc shows its tags at the bottom, linking to their pages.
    expect(page('docs/intro.html')).toMatch(/<footer class="doc__footer"><ul class="tags" aria-label="Tags"><li><a href="\/docs\/tags\/getting-started" class="tag">getting-started<\/a><\/li><li><a href="\/docs\/tags\/cli"/);
  });

  it('puts keywords and the social-card image in the head, with absolute URLs', () => {
    const intro = page('docs/intro.html');
    expect(metaContent(intro, 'name', 'keywords')).toBe('sipa, single-page app, introduction');
    const card = metaContent(intro, 'property', 'og:image')!;
    expect(card).toMatch(/^https:\/\/sipa-js\.github\.io\/_sipa\/img\/cover-[0-9a-f]{8}\.png$/);
    expect(metaContent(intro, 'name', 'twitter:image')).toBe(card);
    expect(metaContent(intro, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(files.has(card.slice('https://sipa-js.github.io/'.length))).toBe(true);
    expect(metaContent(page('blog/2025/11/18/sipa-0-9-50.html'), 'property', 'og:image')).toMatch(/^https:\/\/sipa-js\.github\.io\/_sipa\/img\/release-[0-9a-f]{8}\.png$/);
    // Pages without an image of their own get the site's default.
    const installation = page('docs/getting-started/installation.html');
    expect(metaContent(installation, 'property', 'og:image')).toBe('https://sipa-js.github.io/img/sipa-social-card.png');
    expect(metaContent(installation, 'name', 'keywords')).toBeUndefined();
    // A React page's `meta` export gives keywords too.
    expect(metaContent(page('index.html'), 'name', 'keywords')).toBe('sipa, home');
  });

  it('honours custom_edit_url, pagination_*, hide_title, the TOC levels and the sidebar class and props', () => {
    const installation = payloadOf(page('docs/getting-started/installation.html'));
    expect(installation.data.editUrl).toBe('https://github.com/sipa-js/sipa/edit/master/README.md');
    expect(installation.data.toc.map((item: { level: number }) => item.level)).toEqual([2, 3, 4]);
    expect(payloadOf(page('docs/guides/components.html')).data.editUrl).toBe('https://github.com/sipa-js/sipa-js.github.io/tree/main/docs/guides/components.mdx');
    const configuration = payloadOf(page('docs/getting-started/configuration.html'));
    expect(configuration.data.editUrl).toBeNull();
    expect(page('docs/getting-started/configuration.html')).not.toContain('class="edit-link"');
    expect(configuration.data.toc.map((item: { id: string }) => item.id)).toEqual(['development-server', 'build-options']);
    expect(configuration.data.previous).toBeNull();
    expect(configuration.data.hideTitle).toBe(true);
    expect(page('docs/getting-started/configuration.html')).not.toMatch(/<h1[ >]/);
    // hide_table_of_contents holds for posts too.
    expect(page('blog/welcome.html')).toContain('<h2 id="next-steps">');
    expect(payloadOf(page('blog/welcome.html')).data.toc).toEqual([]);
    expect(payloadOf(page('blog/2025/11/18/sipa-0-9-50.html')).data.toc).toEqual([{ id: 'what-changed', text: 'What changed', level: 2 }]);
    // pagination_next skips the sidebar's neighbour; pagination_label names a doc in its neighbours' links.
    expect(payloadOf(page('docs/intro.html')).data.next).toEqual({ title: 'Configuration', permalink: '/docs/getting-started/configuration' });
    expect(payloadOf(page('docs/tools.html')).data.next).toEqual({ title: 'CLI hooks', permalink: '/docs/tools/cli-hooks' });
    expect(page('docs/getting-started/installation.html')).toContain('<li class="sidebar-install"><a href="/docs/getting-started/installation"');
    const tree = JSON.parse([...files].find(([file]) => file.startsWith('_sipa/sidebars/'))![1]);
    expect(tree[1].items).toContainEqual({ type: 'link', label: 'Installation', href: '/docs/getting-started/installation', className: 'sidebar-install', customProps: { badge: 'new' } });
  });

  it('emits each image once under a content-hashed name, with its size and its WebP copy, loading lazily', () => {
    const images = [...files.keys()].filter((file) => file.startsWith('_sipa/img/')).sort();
    expect(images.map((file) => file.replace(/-[0-9a-f]{8}(?=[.-])/, '-HASH'))).toEqual([
      '_sipa/img/cover-HASH-1200w-q80.webp', '_sipa/img/cover-HASH-640w-q80.webp', '_sipa/img/cover-HASH.png',
      '_sipa/img/diagram-HASH-320w-q80.webp', '_sipa/img/diagram-HASH.png',
      '_sipa/img/release-HASH-640w-q80.webp', '_sipa/img/release-HASH-800w-q80.webp', '_sipa/img/release-HASH.png',
      '_sipa/img/terminal-HASH-64w-q80.webp', '_sipa/img/terminal-HASH.png',
    ]);
    const diagram = images.find((file) => /diagram-[0-9a-f]{8}\.png$/.test(file))!;
    const copy = `srcSet="/${diagram.replace('.png', '-320w-q80.webp')} 320w" sizes="(max-width: 320px) 100vw, 320px"`;
    expect(page('docs/intro.html')).toContain(`<img src="/${diagram}" alt="Architecture diagram" loading="lazy" decoding="async" width="320" height="180" ${copy}/>`);
    // The <img> written in MDX, and another doc in another folder, use the same file.
    expect(page('docs/intro.html')).toContain(`<img src="/${diagram}" alt="Architecture diagram again" loading="lazy" decoding="async" width="320" height="180" ${copy}/>`);
    expect(page('docs/guides/components.html')).toContain(`<img src="/${diagram}" alt="Architecture" loading="lazy" decoding="async" width="320" height="180" ${copy}/>`);
    expect(page('docs/getting-started/installation.html')).toMatch(/<img src="\/_sipa\/img\/terminal-[0-9a-f]{8}\.png" alt="A terminal" loading="lazy" decoding="async" width="64" height="32" srcSet="[^"]+-64w-q80\.webp 64w" sizes="\(max-width: 64px\) 100vw, 64px"\/>/);
  });

  it('copies the images as they are', async () => {
    const diagram = [...files.keys()].find((file) => /^_sipa\/img\/diagram-[0-9a-f]{8}\.png$/.test(file))!;
    expect(files.get(diagram)).toBe(await readFile(path.join(FIXTURE_DIR, 'docs/img/diagram.png'), 'latin1'));
  });

  it('keeps images imported or required in MDX working, with the same URL on the server and in the chunk', () => {
    const components = page('docs/guides/components.html');
    const required = /<img src="\/(_sipa\/a\/terminal-\w+\.png)" alt="Required terminal"/.exec(components)?.[1];
    const imported = /<img src="\/(_sipa\/a\/cover-\w+\.png)" alt="Imported cover" width="120"/.exec(components)?.[1];
    expect(required && files.has(required)).toBe(true);
    expect(imported && files.has(imported)).toBe(true);
    const chunk = files.get(payloadOf(components).chunk.slice(1))!;
    expect(chunk).toContain(`/${required}`);
    expect(chunk).toContain(`/${imported}`);
  });

  it('lists keyed, inline and single authors, and takes the date from the file name or the front matter', () => {
    const release = payloadOf(page('blog/2025/11/18/sipa-0-9-50.html')).data.post;
    expect(release.date).toBe('2025-11-18');
    expect(release.authors).toMatchObject([{ key: 'magynhard', name: 'Matthäus J. N. Beyrle', title: 'Author of Sipa', imageUrl: 'https://github.com/magynhard.png' }]);
    const inline = payloadOf(page('blog/why-no-bundler.html')).data.post;
    expect(inline.authors.map((a: { name: string; title?: string; url?: string; imageUrl?: string }) => [a.name, a.title, a.url, a.imageUrl])).toEqual([
      ['Ada Sipa', 'Maintainer', 'https://github.com/sipa-js', 'https://github.com/sipa-js.png'],
      ['Grace Page', 'Contributor', undefined, undefined],
    ]);
    const welcome = payloadOf(page('blog/welcome.html')).data.post;
    expect(welcome.date).toBe('2024-12-24');
    expect(welcome.authors).toMatchObject([{ name: 'Sipa maintainers', title: 'The people who build Sipa', url: 'https://github.com/sipa-js' }]);
    expect(payloadOf(page('blog/archive.html')).data.years.map((y: { year: string }) => y.year)).toEqual(['2025', '2024', '2023']);
    // Each year is an anchor, as on Docusaurus's archive, so a link to /blog/archive#2024 resolves.
    expect([...page('blog/archive.html').matchAll(/<h2 id="(\d{4})">/g)].map((m) => m[1])).toEqual(['2025', '2024', '2023']);
    // As Docusaurus lists them: the newest year first, its posts from the oldest, each line "Month D - Title" and a link.
    const year2024 = /<h2 id="2024">[\s\S]*?<\/ul>/.exec(page('blog/archive.html'))![0];
    expect([...year2024.matchAll(/<li><a href="([^"]+)"[^>]*>([\s\S]*?)<\/a><\/li>/g)].map((m) => [m[1], m[2]!.replace(/<[^>]+>/g, '')])).toEqual([
      ['/blog/why-no-bundler', 'June 2 - Why Sipa has no bundler'],
      ['/blog/welcome', 'December 24 - Welcome to the Sipa blog'],
    ]);
  });

  it('renders @docusaurus/Link, useBaseUrl, useDocusaurusContext, BrowserOnly and @site/ imports on the server', () => {
    const intro = page('docs/intro.html');
    expect(intro).toContain('<a href="/docs/getting-started/installation" class="next-step">installing Sipa</a>');
    expect(intro).toContain('<a href="https://github.com/sipa-js/sipa" target="_blank" rel="noopener noreferrer">source</a>');
    expect(intro).toContain('<code>sipa</code>');
    expect(intro).toContain('<a class="social-card" href="/img/sipa-social-card.png">');
    expect(intro).toContain('<p id="browser-only">Rendered on the server</p>');
    expect(intro).toContain('<span class="badge">version <!-- -->0.9.50</span>');
    const home = page('index.html');
    expect(home).toContain('Particularly simple single-page apps in plain JavaScript<!-- --> (<span class="sipa-version">0.9.50</span>)');
    expect(home).toContain('<a href="/docs/intro" class="button button--primary" id="to-intro">');
    expect(home).toContain('<p id="home-browser-only">Server</p>');
    // A component of src/components in .js, with a CSS module.
    expect(home).toMatch(/<section class="styles_features_\w+"><div class="styles_feature_\w+"><h2 class="styles_featureTitle_\w+">No build while you develop<\/h2>/);
    // The modules are shared: a page's chunk takes them from the entry rather than bundling them again.
    const chunk = files.get(payloadOf(intro).chunk.slice(1))!;
    expect(chunk).toContain('__sipa_modules');
    expect(chunk).not.toContain('noopener noreferrer');
    expect(chunk).not.toContain('needs a function as its child');
  });

  it('takes a React page\'s title and description from its <Layout>, and frames its own <main> in a <div>', () => {
    const home = page('index.html');
    expect(home).toContain('<title>Hello from Sipa</title>');
    expect(metaContent(home, 'name', 'description')).toBe('Particularly simple single-page apps in plain JavaScript.');
    expect(payloadOf(home).meta).toMatchObject({ title: 'Hello from Sipa', ownMain: true });
    expect(home.match(/<main[\s>]/g)).toHaveLength(1);
    expect(home).toContain('<div class="page"><div id="main-content" class="page-frame" tabindex="-1" data-search-body=""><header class="hero hero--sipa">');
    // Other pages keep the theme's <main>.
    for (const file of ['markdown-page.html', 'docs/intro.html', 'blog.html']) {
      expect(page(file).match(/<main[\s>]/g), file).toHaveLength(1);
      expect(page(file)).toMatch(/<main id="main-content"/);
      expect(payloadOf(page(file)).meta.ownMain).toBeUndefined();
    }
  });
});

describe('a Docusaurus 2 site whose posts have no tags', () => {
  it('has no tags page, and no page links to one', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      for (const file of await readdir(path.join(site, 'blog'))) {
        if (!/\.mdx?$/.test(file)) continue;
        const post = path.join(site, 'blog', file);
        await writeFile(post, (await readFile(post, 'utf8')).replace(/^tags: .*\n/m, ''));
      }
      const out = path.join(tmp.dir, 'out');
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
      const files = await readTree(out);
      expect([...files.keys()].filter((file) => file.startsWith('blog/tags') || file.startsWith('_sipa/routes/blog/tags'))).toEqual([]);
      for (const [file, text] of files) expect(text.includes('/blog/tags'), file).toBe(false);
      expect(files.has('blog/archive.html')).toBe(true);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});

describe('a Docusaurus 2 site with its sidebar written item by item', () => {
  it('leaves out the drafts and unlisted docs it names, and a generated index that would list only them', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      await writeFile(
        path.join(site, 'sidebars.ts'),
        `export default {
  tutorialSidebar: [
    'intro',
    'getting-started/installation',
    // A draft and an unlisted doc named by the sidebar: left out of it.
    'getting-started/draft-page',
    'getting-started/secret-page',
    'getting-started/configuration',
    { type: 'category', label: 'Later', link: { type: 'generated-index' }, items: ['getting-started/draft-page', 'labs/offline-mode'] },
    { type: 'category', label: 'Tools', items: [{ type: 'autogenerated', dirName: 'tools' }] },
  ],
};
`,
      );
      const out = path.join(tmp.dir, 'out');
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
      const files = await readTree(out);
      const tree = JSON.parse([...files].find(([file]) => file.startsWith('_sipa/sidebars/'))![1]) as Array<{ label: string; items?: Array<{ label: string }> }>;
      expect(tree.map((item) => item.label)).toEqual(['Introduction', 'Installation', 'Configuration', 'Tools']);
      expect([...files.keys()].filter((file) => file.includes('category/later'))).toEqual([]);
      // The autogenerated slice of a folder lists its index doc like any other doc: it is the slice's root.
      expect(tree[3]!.items!.map((item) => item.label)).toEqual(['Hooks of the command line tool', 'The sipa command & its tasks']);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});

describe('link targets in Docusaurus 2 markdown', () => {
  it('are the ids and <a name> of the page, never id="…" inside a code sample, in .md and .mdx alike', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      const samples = [
        'Inline: `<span id="inline-code">` and `<a name="inline-name">`.',
        '',
        // Plain text, a string of a highlighted language, markup of a highlighted language.
        '```',
        '<div id="fenced-code"><a name="fenced-name" href="/docs/nowhere"></a></div>',
        '```',
        '',
        '```js',
        'const badge = \'<b id="string-in-code">\';',
        '```',
        '',
        '```html',
        '<div id="html-code"></div>',
        '```',
        '',
      ];
      const links = '[a](#inline-code) [b](#inline-name) [c](#fenced-code) [d](#fenced-name) [e](#string-in-code) [f](#html-code) [g](#real-name) [h](#real-id)';
      await writeFile(path.join(site, 'docs/samples.md'), [...samples, '<a name="real-name"></a> <span id="real-id">x</span>', '', links, ''].join('\n'));
      // In MDX the same, once with content the compiler sees through, once with a component (read from the HTML).
      await writeFile(path.join(site, 'docs/samples-mdx.mdx'), [...samples, '<span id="real-id">x</span> <a name="real-name" />', '', links, ''].join('\n'));
      await writeFile(
        path.join(site, 'docs/samples-tabs.mdx'),
        [...samples, '<Tabs><TabItem value="a"><span id="real-id">x</span> <a name="real-name" /></TabItem></Tabs>', '', links, ''].join('\n'),
      );
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors.every((e) => e.code === 'BROKEN_LINKS')).toBe(true);
      const broken = errors.map((e) => e.message).sort();
      const expected = (route: string) => ['inline-code', 'inline-name', 'fenced-code', 'fenced-name', 'string-in-code', 'html-code'].map((id) => `broken link on ${route} → #${id} (missing anchor)`);
      expect(broken).toEqual([...expected('/docs/samples'), ...expected('/docs/samples-mdx'), ...expected('/docs/samples-tabs')].sort());
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('fail the build when a jsdoc2md member link points at a member that has no <a name>', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      const api = path.join(site, 'docs/api/SipaUrl.md');
      await writeFile(api, (await readFile(api, 'utf8')).replace('<a name="SipaUrl.getParams"></a>', ''));
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors.map((e) => e.message).sort()).toEqual([
        'broken link on / → /docs/api/SipaUrl#SipaUrl.getParams (missing anchor)',
        'broken link on /blog/2023/05/16/new-docs → /docs/api/SipaUrl#SipaUrl.getParams (missing anchor)',
        'broken link on /docs/api/SipaUrl → #SipaUrl.getParams (missing anchor)',
        'broken link on /docs/guides/url-and-state → /docs/api/SipaUrl#SipaUrl.getParams (missing anchor)',
      ]);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});

describe('markdown.format', () => {
  const setFormat = async (site: string, format: string) => {
    const config = path.join(site, 'sipadocs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Sipa',", `title: 'Sipa',\n  markdown: { format: '${format}' },`));
  };

  it("'mdx' compiles .md files as MDX 3: braces and unclosed <br> of Docusaurus 2 markdown fail, with a hint; HTML comments do not", async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      await setFormat(site, 'mdx');
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((e) => e.code === 'MDX_SYNTAX')).toBe(true);
      // Its comment spanning lines 8 to 11 is read as Docusaurus 3 reads it.
      expect(errors.some((e) => e.location?.file.endsWith('url-and-state.md'))).toBe(false);
      const component = errors.find((e) => e.location?.file.endsWith('SipaComponent.md'));
      expect(component?.location).toMatchObject({ line: 91 });
      expect(component?.hint).toContain("set markdown.format to 'detect'");
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it("'md' compiles .mdx files as markdown, and 'detect' (the default) as MDX", async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      // The MDX of the fixture is MDX only; as markdown its JSX would be HTML of unknown elements.
      for (const file of ['docs/intro.mdx', 'docs/guides/components.mdx']) await writeFile(path.join(site, file), '# Plain\n\nText.\n');
      await writeFile(path.join(site, 'docs/sum.mdx'), '# Sum\n\nOne and one make {1 + 1}.\n');
      const out = path.join(tmp.dir, 'out');
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
      // React separates adjacent text with an empty comment.
      expect(await readFile(path.join(out, 'docs/sum.html'), 'utf8')).toContain('One and one make <!-- -->2<!-- -->.');
      await setFormat(site, 'md');
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
      expect(await readFile(path.join(out, 'docs/sum.html'), 'utf8')).toContain('One and one make {1 + 1}.');
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('rejects an unknown format, naming the key', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      await setFormat(site, 'commonmark');
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors[0]!.code).toBe('CONFIG_INVALID');
      expect(errors[0]!.message).toContain('markdown.format');
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});

describe('drafts in serve --watch', () => {
  // One watch build of the fixture, by the server that serves it: its output is read from disk, then over HTTP.
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let watching: { url: string; root: string; close(): Promise<void>; idle(): Promise<void> };
  beforeAll(async () => {
    tmp = await tempDir();
    watching = await startServer({ site: FIXTURE_DIR, outDir: path.join(tmp.dir, 'watch'), port: 0, host: '127.0.0.1', watch: true });
    await watching.idle();
  }, 180_000);
  afterAll(async () => {
    await watching?.close();
    await tmp?.cleanup();
  });

  it('builds drafts with a visible badge, not indexed, and lists them like other pages', async () => {
    const out = watching.root;
    for (const file of ['docs/getting-started/draft-page.html', 'blog/2025/12/01/draft-post.html', 'draft.html']) {
      const html = await readFile(path.join(out, file), 'utf8');
      expect(html, file).toContain('<p class="draft-badge" role="note"><strong>Draft</strong>');
      expect(html, file).toContain('<meta name="robots" content="noindex, nofollow">');
    }
    expect(await readFile(path.join(out, 'docs/intro.html'), 'utf8')).toContain('href="/docs/getting-started/draft-page"');
    expect(await readFile(path.join(out, 'blog.html'), 'utf8')).toContain('Upcoming DRAFTMARKER post');
    expect(await readFile(path.join(out, 'docs/tags/draft-only-tag.html'), 'utf8')).toContain('href="/docs/getting-started/draft-page"');
    expect(await readFile(path.join(out, 'docs/intro.html'), 'utf8')).not.toContain('draft-badge"');
  });

  it('serves drafts over HTTP; serve without --watch builds and serves none', async () => {
    const draft = await fetch(`${watching.url.replace(/\/$/, '')}/docs/getting-started/draft-page`);
    expect(draft.status).toBe(200);
    expect(await draft.text()).toContain('<strong>Draft</strong>');
    const plain = await startServer({ site: FIXTURE_DIR, outDir: path.join(tmp.dir, 'static'), port: 0, host: '127.0.0.1', watch: false });
    try {
      const url = plain.url.replace(/\/$/, '');
      expect((await fetch(`${url}/docs/getting-started/draft-page`)).status).toBe(404);
      expect((await fetch(`${url}/docs/intro`)).status).toBe(200);
    } finally {
      await plain.close();
    }
  }, 180_000);
});

describe('images across builds', () => {
  // A one-off build with the persistent cache warm, and watch mode's rebuilds in one session.
  for (const [name, options] of [
    ['with the persistent cache warm', {}],
    ['in a watch session', { mode: 'watch', persistentCache: false }],
  ] as Array<[string, Partial<SessionOptions>]>) {
    it(`names an edited image anew and points the page at it, ${name}`, async () => {
      const tmp = await tempDir();
      const site = await copyFixture(FIXTURE, tmp.dir);
      const out = path.join(tmp.dir, 'out');
      const session = createBuildSession({ siteDir: site, outDir: out, logger: silentLogger(), ...options });
      try {
        const build = () => buildSite(session);
        await build();
        const installation = path.join(out, 'docs/getting-started/installation.html');
        const terminal = async () => /src="\/(_sipa\/img\/terminal-[0-9a-f]{8}\.png)"/.exec(await readFile(installation, 'utf8'))![1]!;
        const before = await terminal();
        // Another picture in its place, of another size.
        const image = path.join(site, 'docs/getting-started/img/terminal.png');
        await writeFile(image, await readFile(path.join(site, 'docs/img/diagram.png')));
        await build();
        const after = await terminal();
        expect(after).not.toBe(before);
        expect(await readFile(path.join(out, after))).toEqual(await readFile(image));
        expect(await readFile(installation, 'utf8')).toContain('width="320" height="180"');
        // The old image is no longer part of the site.
        expect((await readdir(path.join(out, '_sipa/img'))).filter((f) => f.startsWith('terminal-')).sort()).toEqual([path.basename(after).replace('.png', '-320w-q80.webp'), path.basename(after)]);
        // The image another page requires through the bundler is renamed too.
        const required = /<img src="\/(_sipa\/a\/terminal-\w+\.png)" alt="Required terminal"/.exec(await readFile(path.join(out, 'docs/guides/components.html'), 'utf8'))![1]!;
        expect(await readFile(path.join(out, required))).toEqual(await readFile(image));
      } finally {
        await session.close();
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
      await writeFile(path.join(site, 'docs/guides/typo.mdx'), '---\ntitle: Typo\npagination_next: getting-started/instal\n---\n\nText.\n');
      await writeFile(path.join(site, 'docs/guides/wrong.mdx'), '---\ntitle: Wrong\ndraft: perhaps\n---\n\nText.\n');
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      const byCode = Object.fromEntries(errors.map((e) => [e.code, e]));
      expect(Object.keys(byCode).sort()).toEqual(['FRONT_MATTER_FIELD', 'UNKNOWN_DOC_ID']);
      expect(byCode.UNKNOWN_DOC_ID!.message).toContain('"getting-started/instal"');
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
      await writeFile(config, (await readFile(config, 'utf8')).replace("image: 'img/sipa-social-card.png'", "image: 'img/social.png'"));
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors[0]!.code).toBe('CONFIG_INVALID');
      expect(errors[0]!.message).toContain('img/social.png');
      expect(errors[0]!.location).toMatchObject({ line: 10, column: 3 });
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('fails on an @docusaurus/ or @theme/ import the theme does not provide, naming it and what is supported', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture(FIXTURE, tmp.dir);
      await writeFile(path.join(site, 'docs/guides/router.mdx'), "---\ntitle: Router\n---\n\nimport useRouteContext from '@docusaurus/useRouteContext';\n\nText.\n");
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors[0]!.code).toBe('UNSUPPORTED_IMPORT');
      expect(errors[0]!.message).toContain('"@docusaurus/useRouteContext"');
      expect(errors[0]!.message).toContain('@docusaurus/Link');
      expect(errors[0]!.message).toContain('@docusaurus/BrowserOnly');
      expect(errors[0]!.location).toMatchObject({ file: expect.stringMatching(/docs\/guides\/router\.mdx$/), line: 5 });

      await writeFile(path.join(site, 'docs/guides/router.mdx'), "---\ntitle: Router\n---\n\nimport DocPaginator from '@theme/DocPaginator';\n\n<DocPaginator />\n");
      const theme = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(theme[0]!.code).toBe('UNSUPPORTED_IMPORT');
      expect(theme[0]!.message).toContain('"@theme/DocPaginator"');
      expect(theme[0]!.message).toContain('@theme/MDXComponents');
      expect(theme[0]!.message).toContain('@theme/Tabs');
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});
