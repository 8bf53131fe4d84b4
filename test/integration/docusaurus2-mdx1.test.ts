// A Docusaurus 2 project whose pages are written for MDX 1 (test/fixtures/docusaurus2-mdx1), migrated
// and built: prose with `<` that opens no tag (generics in a table, a list, a heading's paragraph), JSX
// blocks whose children are indented with spaces and tabs (<details> with a <summary> and an <iframe>,
// <Tabs>), an indented code block outside JSX, and @docusaurus/remark-plugin-npm2yarn 2.0.1, which adds
// MDX 1's `import` and `jsx` nodes, over code holding magic comments of the site's own kinds. Docusaurus 2
// renders all of it; so must the migrated site, showing no markup and no magic comment.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateProject } from '../../src/migrate/migrate.js';
import { buildOnce } from '../../src/pipeline/build.js';
import { silentLogger, tempDir } from '../helpers.js';
import { installListedPackages } from '../sitePackages.js';

const FIXTURE = 'test/fixtures/docusaurus2-mdx1';

/** The content of a built doc (its <article>), and its text with tags out and entities decoded. */
const article = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>'));
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;|&#x3C;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

describe('a Docusaurus 2 project written for MDX 1, migrated and built', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let logger: ReturnType<typeof silentLogger>;
  const doc = async (name: string) => article(await readFile(path.join(out, 'docs', `${name}.html`), 'utf8'));

  beforeAll(async () => {
    tmp = await tempDir('sipadocs-mdx1-');
    const site = path.join(tmp.dir, 'site');
    const result = await migrateProject({ projectDir: FIXTURE, outDir: site, verify: false });
    expect(result.problems).toEqual([]);
    // npm would install the version the project pins; the checkout has it under another name.
    await installListedPackages(site, { '@docusaurus/remark-plugin-npm2yarn': 'docusaurus2-remark-plugin-npm2yarn' });
    out = path.join(tmp.dir, 'out');
    logger = silentLogger();
    await buildOnce({ siteDir: site, outDir: out, logger, persistentCache: false });
  }, 180_000);
  afterAll(() => tmp?.cleanup());

  it('builds with no warning about the content', () => {
    expect(logger.lines.filter((line) => line.startsWith('warning:'))).toEqual([]);
  });

  it('shows a < that opens no tag as text, in a paragraph, a table, a list and after a tag', async () => {
    const html = await doc('api');
    const text = textOf(html);
    expect(text).toContain('A widget keeps its children as Object<alias, component> and its rows as Array<String,String>.');
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(text).toContain('Object<alias, component>, keyed by alias');
    expect(text).toContain('sorted so that a<b, x < y and 1 <= 2');
    expect(text).toContain('Map<K, V> stays text in a list item');
    expect(text).toContain('so do <3, <- and <= here');
    expect(text).toContain("the widget's HTML, as Object<alias, component>");
    expect(text).toContain('Generic notes like List<T, U> in a paragraph are text as well.');
    // The tags around it are elements: the anchor, the <code> in the heading and the table.
    expect(html).toContain('<a name="Widget+render"></a>');
    expect(html).toMatch(/<h3[^>]*>widget\.render\(\) ⇒ <code>string<\/code>/);
  });

  it('renders the indented children of JSX blocks as elements, not as code', async () => {
    // React marks where text and a value meet with empty comments: left out.
    const html = (await doc('guide')).replaceAll('<!-- -->', '');
    expect(html).toMatch(/<details[^>]*><summary>Introduction video<\/summary><div class="details__body"><iframe width="560" height="315" src="https:\/\/www.youtube-nocookie.com\/embed\/widgets" title="Widgets in five minutes" allowFullScreen=""><\/iframe><\/div><\/details>/);
    expect(html).toMatch(/<details[^>]*><summary>Indented with tabs<\/summary><div class="details__body"><p>Its body counts 2 lines.<\/p><\/div><\/details>/);
    expect([...html.matchAll(/<button [^>]*role="tab"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(['JavaScript', 'TypeScript']);
    expect(html).toContain('<p>Written for browsers.</p>');
    // No markup shown as text, and one code block: the indented one outside JSX.
    expect(textOf(html)).not.toMatch(/<(summary|iframe|p|TabItem)\b/);
    expect(html.match(/<pre/g)).toHaveLength(1);
    expect(textOf(html)).toContain('widget.render({ cache: false });');
  });

  it("turns npm2yarn 2's code blocks into npm and Yarn tabs, its import made once and shown nowhere, magic comments applied", async () => {
    const html = await doc('install');
    expect([...html.matchAll(/<button [^>]*role="tab"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(['npm', 'Yarn', 'npm', 'Yarn']);
    const text = textOf(html);
    expect(text).toContain('npm install --save widgets');
    expect(text).toContain('yarn add widgets');
    expect(text).toContain('yarn add --dev widgets-plugin');
    expect(text).not.toMatch(/import Tabs|highlight-next-line|this-will-error/);
    // The site's magic comment kinds mark the lines after them, in both tabs of each block.
    expect(html.match(/class="line theme-code-block-highlighted-line"/g)).toHaveLength(2);
    expect(html.match(/class="line code-block-error-line"/g)).toHaveLength(2);
    // The second tabs are in the list item.
    expect(html).toMatch(/<li>[\s\S]*role="tablist"[\s\S]*<\/li>/);
  });
});
