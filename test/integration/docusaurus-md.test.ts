// Docs written for Docusaurus 2 as .md files: API pages in the shape jsdoc2md writes them (an
// <a name> before every member heading, <code> and entities in headings, tables with <br/> and
// escaped pipes) and a guide with <details>. They must build unchanged, without a warning, with
// their raw HTML rendered and every <a name> usable as a link target.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { linkTargetsOfBuild } from './linkTargets.js';

const FIXTURE = 'test/fixtures/docusaurus-md';

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

/** The HTML inside the page's <article>, where the content is. */
const article = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>'));

describe('building Docusaurus 2 markdown', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let logger: ReturnType<typeof silentLogger>;
  /** A built file; headings' "#" links (the theme's, not the content's) are left out. */
  const read = async (file: string) => (await readFile(path.join(out, file), 'utf8')).replace(/<a class="hash-link"[^>]*><\/a>/g, '');

  beforeAll(async () => {
    tmp = await tempDir();
    out = path.join(tmp.dir, 'out');
    logger = silentLogger();
    await buildSite({ siteDir: FIXTURE, outDir: out, logger });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('prints no warning', () => {
    expect(logger.lines.filter((line) => line.startsWith('warning:'))).toEqual([]);
  });

  it('renders every <a name> of the API pages, and every member link of their index points at one', async () => {
    for (const [source, page] of [['docs/api/SipaUrl.md', 'docs/api/SipaUrl.html'], ['docs/api/SipaComponent.md', 'docs/api/SipaComponent.html']]) {
      const markdown = await readFile(path.join(FIXTURE, source), 'utf8');
      const names = [...markdown.matchAll(/<a name="([^"]+)"><\/a>/g)].map((m) => m[1]!);
      const html = article(await read(page));
      expect(names.length).toBeGreaterThan(5);
      for (const name of names) expect(html).toContain(`<a name="${name}"></a>`);
      // The member index: "* [.getUrl()](#SipaUrl.getUrl) ⇒ <code>string</code>".
      const index = [...markdown.matchAll(/^\s*\* \[.*?\]\(#([^)]+)\)/gm)].map((m) => m[1]!);
      expect(index.length).toBeGreaterThan(3);
      for (const target of index) {
        expect(names).toContain(target);
        expect(html).toContain(`href="#${target}"`);
      }
    }
  });

  it('keeps <code>, links and entities in headings, and lists their text in the table of contents', async () => {
    const html = await read('docs/api/SipaUrl.html');
    expect(html).toContain('<h3 id="sipaurlgeturl--string">SipaUrl.getUrl() ⇒ <code>string</code></h3>');
    expect(html).toContain('<h3 id="sipaurlgetparams--objectstring-string">SipaUrl.getParams() ⇒ <code>Object.&lt;string, string&gt;</code></h3>');
    expect(html).toContain('<h3 id="sipaurlseturlurl-options--sipaurl">SipaUrl.setUrl(url, [options]) ⇒ <a href="#SipaUrl"><code>SipaUrl</code></a></h3>');
    const payload = JSON.parse(await read('_sipa/routes/docs/api/SipaUrl.json')) as { data: { toc: Array<{ id: string; text: string }> } };
    expect(payload.data.toc).toContainEqual({ id: 'sipaurlgetparams--objectstring-string', text: 'SipaUrl.getParams() ⇒ Object.<string, string>', level: 3 });
    expect(payload.data.toc.every((item) => !/<\/?code>/.test(item.text))).toBe(true);
  });

  it('renders parameter tables with <code>, escaped pipes and <br/> in cells', async () => {
    const html = await read('docs/api/SipaUrl.html');
    expect(html).toContain('<td>[options.force_load]</td><td><code>boolean</code></td><td><code>false</code></td><td>Always navigate:<br/>the page reloads even for the same origin.</td>');
    expect(html).toContain('<td><code>string</code> | <code>number</code></td>');
    expect(html).toContain('Arrays as <code>id=1&amp;id=2</code> (true)<br/>or <code>id=1,2</code> (false).');
    expect(await read('docs/api/SipaComponent.html')).toContain('<td><code>&quot;&quot;</code></td>');
  });

  it('decodes entities in prose and keeps them as written inside code', async () => {
    const guide = article(await read('docs/guides/url-and-state.html'));
    expect(guide).toContain('Reading → writing → reading again');
    expect(guide).toContain('<code>&amp;rarr;</code>');
    expect(article(await read('docs/api/SipaComponent.html'))).toContain('Map alias → child instance.');
    expect(article(await read('docs/intro.html'))).toContain('<b>Version 0.9.50</b> · LGPL-3.0-only');
  });

  it('renders <details> with its <summary> as the theme\'s details box, markdown inside included', async () => {
    const guide = article(await read('docs/guides/url-and-state.html'));
    expect(guide).toMatch(/<details class="details"><summary>Why not <code>history.pushState<\/code>\?<\/summary><div class="details__body">[\s\S]*?<p><code>SipaUrl<\/code> rewrites the current entry/);
    expect(guide).toMatch(/<details class="details" open="" id="anchor-details"><summary>Anchors written by hand<\/summary>/);
  });

  it('keeps inline HTML and HTML blocks, admonitions and highlighted code, and drops HTML comments', async () => {
    const guide = article(await read('docs/guides/url-and-state.html'));
    expect(guide).toContain('Press <kbd>Ctrl</kbd>+<kbd>R</kbd>');
    expect(guide).toContain('<div class="custom-note" id="closing-note">\nRaw <strong>HTML blocks</strong> stay as they are, <em>inline markup</em> included.\n</div>');
    expect(guide).toContain('<span>Chain the calls</span>');
    expect(guide).toContain('<div class="code-block__title">app/views/pages/products/products.js</div>');
    expect(guide).toContain('<span class="line highlighted">');
    expect(guide).toContain('<h2 id="keep-the-view-in-the-address">Keep the view in the address</h2>');
    for (const page of ['docs/guides/url-and-state.html', 'docs/api/SipaUrl.html', 'blog/new-docs.html']) {
      const html = await read(page);
      expect(html).not.toMatch(/Written for Docusaurus 2|Generated with jsdoc2md|Everything below/);
    }
  });

  it('cuts the excerpt of an .md post at <!-- truncate -->', async () => {
    const list = await read('blog.html');
    expect(list).toContain('<abbr title="Application Programming Interface">API</abbr>');
    expect(list).not.toContain('What changed');
    expect(await read('blog/new-docs.html')).toContain('<h2 id="what-changed">What changed</h2>');
  });

  it('checked links against exactly the ids and <a name> an HTML parser finds on each page', async () => {
    const pages = await linkTargetsOfBuild(out);
    expect(pages.length).toBe((await readdir(out, { recursive: true })).filter((file) => file.endsWith('.html')).length);
    for (const page of pages) expect(page.checked, page.file).toEqual(page.parsed);
    const api = pages.find((page) => page.file === 'docs/api/SipaUrl.html')!.checked;
    for (const id of ['SipaUrl', 'SipaUrl.getUrl', 'SipaUrl.setAnchor', 'sipaurlgeturl--string']) expect(api.has(id), id).toBe(true);
  });
});

describe('link targets in Docusaurus 2 markdown', () => {
  it('are the ids and <a name> of the page, never id="…" inside a code sample, in .md and .mdx alike', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('docusaurus-md', tmp.dir);
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
      const site = await copyFixture('docusaurus-md', tmp.dir);
      const page = path.join(site, 'docs/api/SipaUrl.md');
      await writeFile(page, (await readFile(page, 'utf8')).replace('<a name="SipaUrl.getParams"></a>', ''));
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors.map((e) => e.message).sort()).toEqual([
        'broken link on / → /docs/api/SipaUrl#SipaUrl.getParams (missing anchor)',
        'broken link on /blog/new-docs → /docs/api/SipaUrl#SipaUrl.getParams (missing anchor)',
        'broken link on /docs/api/SipaUrl → #SipaUrl.getParams (missing anchor)',
        'broken link on /docs/guides/url-and-state → /docs/api/SipaUrl#SipaUrl.getParams (missing anchor)',
      ]);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});

describe('markdown.format', () => {
  it("'mdx' compiles .md files as MDX: raw HTML comments and braces of Docusaurus 2 markdown fail, with a hint", async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('docusaurus-md', tmp.dir);
      const config = path.join(site, 'sipadocs.config.ts');
      await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Sipa',", "title: 'Sipa',\n  markdown: { format: 'mdx' },"));
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((e) => e.code === 'MDX_SYNTAX')).toBe(true);
      const guide = errors.find((e) => e.location?.file.endsWith('url-and-state.md'));
      expect(guide?.location).toMatchObject({ line: 8 });
      expect(guide?.hint).toContain("set markdown.format to 'detect'");
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it("'md' compiles .mdx files as markdown, and 'detect' (the default) as MDX", async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('docusaurus-md', tmp.dir);
      await writeFile(path.join(site, 'docs/sum.mdx'), '# Sum\n\nOne and one make {1 + 1}.\n');
      const out = path.join(tmp.dir, 'out');
      await buildSite({ siteDir: site, outDir: out, logger: silentLogger() });
      // React separates adjacent text with an empty comment.
      expect(await readFile(path.join(out, 'docs/sum.html'), 'utf8')).toContain('One and one make <!-- -->2<!-- -->.');
      const config = path.join(site, 'sipadocs.config.ts');
      await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Sipa',", "title: 'Sipa',\n  markdown: { format: 'md' },"));
      await buildSite({ siteDir: site, outDir: out, logger: silentLogger() });
      expect(await readFile(path.join(out, 'docs/sum.html'), 'utf8')).toContain('One and one make {1 + 1}.');
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('rejects an unknown format, naming the key', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('docusaurus-md', tmp.dir);
      const config = path.join(site, 'sipadocs.config.ts');
      await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Sipa',", "title: 'Sipa',\n  markdown: { format: 'commonmark' },"));
      const errors = await buildErrors(site, path.join(tmp.dir, 'out'));
      expect(errors[0]!.code).toBe('CONFIG_INVALID');
      expect(errors[0]!.message).toContain('markdown.format');
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});
