/**
 * A site that reads `.md` as MDX (as `migrate` writes it for a Docusaurus 3 project) and imports
 * partials from its docs, its blog and its pages: the partials render in place, their headings are
 * in the table of contents, the link check, the search index and the markdown views; files and
 * folders starting with `_` are no pages; and an edited partial shows in the next build, warm
 * from the persistent cache or in a watch session.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, buildSite } from '../../src/pipeline/build.js';
import { createBuildSession, type SessionOptions } from '../../src/pipeline/session.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { openSiteSearch } from './siteSearch.js';

const FIXTURE = 'partials';

describe('partials in a built site', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  const read = (rel: string) => readFile(path.join(out, rel), 'utf8');

  beforeAll(async () => {
    tmp = await tempDir();
    const site = await copyFixture(FIXTURE, tmp.dir);
    out = path.join(tmp.dir, 'out');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('renders each partial where it is used, with its props, and no import line', async () => {
    const guide = await read('docs/guide.html');
    expect(guide).toContain('This note about <!-- -->Widgets<!-- --> is shared by several pages.');
    expect(guide).toContain('<h2 id="install-steps"');
    expect(guide).toMatch(/<img src="\/_sipa\/img\/diagram-[0-9a-f]{8}\.png" alt="Diagram"/);
    expect(await read('about.html')).toContain('This note about <!-- -->Gadgets<!-- -->');
    expect(await read('blog/2024/01/01/post.html')).toContain('A snippet shared by posts.');
    for (const page of ['docs/guide.html', 'about.html', 'blog/2024/01/01/post.html']) expect(await read(page)).not.toMatch(/import \w+ from/);
    // The comment before the table is none.
    expect(guide).not.toContain('prettier-ignore');
    expect(guide).toContain('<table>');
  });

  it("lists the partial's headings in the page's table of contents, where the partial stands", async () => {
    const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(await read('docs/guide.html'))![0];
    const entries = [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(entries).toEqual(['setup', 'install-steps', 'check-install', 'after-the-steps']);
  });

  it('writes the partials into the markdown view and llms-full.txt', async () => {
    const markdown = await read('docs/guide.md');
    expect(markdown).toContain('> This note about Widgets is shared by several pages.');
    expect(markdown).toContain('## Install steps\n\nDownload the archive, then read [the plain page](https://partials.example/docs/plain).');
    expect(markdown).not.toContain('import ');
    expect(await read('llms-full.txt')).toContain('### Check the install');
  });

  it('indexes the partial as part of the page that shows it', async () => {
    const search = await openSiteSearch(out);
    try {
      const found = await search.query('checker');
      expect(found.map((page) => page.url)).toEqual(['/docs/guide']);
      expect(found[0]!.headings.map((heading) => heading.url)).toContain('/docs/guide#check-install');
    } finally {
      await search.close();
    }
  });

  it('makes no page of a file or folder whose name starts with "_", in docs, blog or pages', async () => {
    const files = (await readdir(out, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
    expect(files).toEqual(['404.html', 'about.html', 'blog.html', 'blog/2024/01/01/post.html', 'blog/archive.html', 'docs/guide.html', 'docs/plain.html', 'index.html']);
    expect(await read('sitemap.xml')).not.toMatch(/_note|_shared|_steps|_snippet|_hidden/);
  });

  it('keeps a page without imports, JSX or expressions on the fast path', async () => {
    expect(await read('_sipa/routes/docs/plain.json')).toContain('"staticHtml":true');
    expect(await read('_sipa/routes/docs/guide.json')).not.toContain('"staticHtml":true');
  });
});

describe('an edited partial', () => {
  for (const [name, options] of [
    ['with the persistent cache warm', {}],
    ['in a watch session', { mode: 'watch', persistentCache: false }],
  ] as Array<[string, Partial<SessionOptions>]>) {
    it(`is shown by every page that imports it in the next build, ${name}`, async () => {
      const tmp = await tempDir();
      const site = await copyFixture(FIXTURE, tmp.dir);
      const out = path.join(tmp.dir, 'out');
      const session = createBuildSession({ siteDir: site, outDir: out, logger: silentLogger(), ...options });
      try {
        await buildSite(session);
        const note = path.join(site, 'docs/_note.md');
        await writeFile(note, (await readFile(note, 'utf8')).replace('is shared by several pages', 'was EDITED'));
        const steps = path.join(site, 'docs/_shared/_steps.mdx');
        await writeFile(steps, (await readFile(steps, 'utf8')).replace('### Check the install {#check-install}', '### Verify the install'));
        const second = await buildSite(session);
        expect(second.stats.compile.compiled).toBe(2);
        for (const page of ['docs/guide.html', 'about.html']) expect(await readFile(path.join(out, page), 'utf8')).toContain('was EDITED');
        const guide = await readFile(path.join(out, 'docs/guide.html'), 'utf8');
        expect(guide).toContain('<h3 id="verify-the-install"');
        expect(guide).toContain('href="#verify-the-install">Verify the install</a>');
        expect(await readFile(path.join(out, 'docs/guide.md'), 'utf8')).toContain('### Verify the install');
      } finally {
        await session.close();
        await tmp.cleanup();
      }
    }, 180_000);
  }
});
