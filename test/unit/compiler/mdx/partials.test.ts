/**
 * Partials as Docusaurus renders them (its "Importing Markdown" docs and its TOC partials test
 * page): an imported `.md`/`.mdx` file renders where its element stands, with props; its headings
 * are in the page's table of contents with the ids its own compilation gives them (the same ids
 * each time it is used); an unused import changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartialFile } from '../../../../src/compiler/mdx/partials.js';
import { SiteError } from '../../../../src/errors.js';
import { compileHarness } from './compileHarness.js';

const harness = compileHarness();
beforeAll(() => harness.start(), 60_000);
afterAll(() => harness.stop());

/** Partials of a site, by site-relative path (front matter already blanked). */
const files: Record<string, string> = {
  'docs/_note.mdx': ':::info\n\nThe examples need **{props.runtime}** {props.version}.\n\n:::\n',
  'docs/_setup.md': '## Install\n\nRun the installer.\n\n### Options {#setup-options}\n\nSee [the guide](guide.md#options).\n',
  'docs/shared/_intro.mdx': "import Shared from '../_setup.md';\nimport Badge from './Badge';\n\n## Shared intro\n\n<Badge /> See [the FAQ](../faq.md) and ![logo](./logo.png).\n\n<Shared />\n",
  'docs/_wrap.mdx': '<div className="wrap">\n\n{props.children}\n\n</div>\n',
  'docs/_loop.mdx': "import Loop from './_loop.mdx';\n\n<Loop />\n",
  'docs/_raw.md': 'A <kbd>Ctrl</kbd> key.\n\n<!-- hidden -->\n',
  'docs/_title.md': '# Partial title\n\nText.\n',
};

const resolvePartial = (specifier: string, fromRelPath: string): PartialFile | null => {
  const dir = fromRelPath.split('/').slice(0, -1);
  for (const part of specifier.replace(/^@site\//, '').split('/')) {
    if (part === '..') dir.pop();
    else if (part !== '.') dir.push(part);
  }
  const relPath = specifier.startsWith('@site/') ? specifier.slice(6) : dir.join('/');
  const body = files[relPath];
  return body === undefined ? null : { relPath, absPath: `/site/${relPath}`, body, format: relPath.endsWith('.md') ? 'md' : 'mdx' };
};

const compile = (body: string, file = 'docs/page.mdx') =>
  harness.compile(body, { file, resolvePartial, resolveMarkdownLink: (target) => `/route-of/${target}`, tocLevels: { min: 2, max: 3 } });

describe('partials', () => {
  it('renders a partial where it is used, its props read from the element', async () => {
    const page = await compile("import Note from './_note.mdx';\n\n# Page\n\n<Note runtime=\"Node\" version={20 + 2} />\n\nAfter.\n");
    const html = await harness.render(page);
    expect(html).toBe('<h1 id="page">Page</h1>\n<aside data-type="info"><p>The examples need <strong>Node</strong> 22.</p></aside>\n<p>After.</p>');
    expect(page.dependencies).toEqual(['/site/docs/_note.mdx']);
    // The page's own title stays its title.
    expect(page.h1).toBe('Page');
  });

  it("puts a partial's headings into the page's table of contents, in place, with the ids its own compilation gives", async () => {
    const body = [
      "import Setup from './_setup.md';",
      "import Unused from './_title.md';",
      '',
      '## Before',
      '',
      '<Setup />',
      '',
      '## Install',
      '',
      '<Setup />',
      '',
    ].join('\n');
    const page = await compile(body);
    expect(page.toc).toEqual([
      { id: 'before', text: 'Before', level: 2 },
      { id: 'install', text: 'Install', level: 2 },
      { id: 'setup-options', text: 'Options', level: 3 },
      // The page's own "Install" is slugged by the page, the partial's by the partial (as Docusaurus does).
      { id: 'install', text: 'Install', level: 2 },
      { id: 'install', text: 'Install', level: 2 },
      { id: 'setup-options', text: 'Options', level: 3 },
    ]);
    expect(page.headingIds).toEqual(['before', 'install', 'setup-options', 'install', 'install', 'setup-options']);
    const html = await harness.render(page);
    expect(html).toContain('<h2 id="install">Install</h2>\n<p>Run the installer.</p>\n<h3 id="setup-options">Options</h3>');
    expect(html).not.toContain('data-sipa-partial');
    // An imported partial that is not used adds nothing.
    expect(html).not.toContain('Partial title');
  });

  it('keeps the page title from the page: a partial\'s h1 is none', async () => {
    const page = await compile("import T from './_title.md';\n\n<T />\n\n## Later\n");
    expect(page.h1).toBeNull();
    expect(page.headingIds).toEqual(['partial-title', 'later']);
  });

  it('resolves links, images and imports of a partial from its own folder, and inlines partials it imports', async () => {
    const asked: string[] = [];
    const page = await harness.compile("import Intro from './shared/_intro.mdx';\n\n<Intro />\n", {
      file: 'docs/page.mdx',
      resolvePartial,
      resolveMarkdownLink: (target) => {
        asked.push(target);
        return `/docs/${target.replace(/\.md$/, '')}`;
      },
      resolveImage: (relativePath) => (asked.push(relativePath), { url: '/img/logo.png' }),
    });
    // The partial's `./Badge` is imported by the page as `./shared/Badge`.
    expect(page.code).toContain('from "./shared/Badge"');
    expect(asked).toEqual(expect.arrayContaining(['./faq.md', 'guide.md', './shared/logo.png']));
    expect(page.headingIds).toEqual(['shared-intro', 'install', 'setup-options']);
    expect([...(page.dependencies ?? [])]).toEqual(['/site/docs/_setup.md', '/site/docs/shared/_intro.mdx']);
  });

  it('gives {props.children} the children of the element', async () => {
    const html = await harness.render(await compile("import Wrap from './_wrap.mdx';\n\n<Wrap>\n\n**Inside** the wrap.\n\n</Wrap>\n"));
    expect(html).toBe('<div class="wrap"><p><strong>Inside</strong> the wrap.</p></div>');
  });

  it('reads a partial with its own format: raw HTML of a .md partial in an MDX page', async () => {
    const html = await harness.render(await compile("import Raw from './_raw.md';\n\n<Raw />\n"));
    expect(html.trim()).toBe('<p>A <kbd>Ctrl</kbd> key.</p>');
  });

  it('shows the partial in the markdown view, without imports', async () => {
    const page = await compile("import Setup from '@site/docs/_setup.md';\n\n# Page\n\n<Setup />\n");
    expect(page.markdown).toBe('# Page\n\n## Install\n\nRun the installer.\n\n### Options\n\nSee [the guide](sipadocs-site-url:/route-of/guide.md#options).\n');
  });

  it('fails on a partial that is no file, one that imports itself, and one used inside an expression', async () => {
    const missing = await compile("import X from './_nope.mdx';\n\n<X />\n").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(SiteError);
    expect(missing).toMatchObject({ code: 'PARTIAL_NOT_FOUND', location: { file: 'docs/page.mdx', line: 1 } });
    const loop = await compile("import Loop from './_loop.mdx';\n\n<Loop />\n").catch((e: unknown) => e);
    expect(loop).toMatchObject({ code: 'PARTIAL_UNSUPPORTED', location: { file: 'docs/_loop.mdx', line: 1 } });
    const inExpression = await compile("import Note from './_note.mdx';\n\n{true && <Note />}\n").catch((e: unknown) => e);
    expect(inExpression).toMatchObject({ code: 'PARTIAL_UNSUPPORTED', location: { line: 3 } });
  });
});
