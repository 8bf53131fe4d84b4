// The constructs fixture (test/fixtures/constructs): pages written for Docusaurus 3 that use its
// markdown constructs one by one, built and compared with what Docusaurus renders for the same
// source as its documentation shows it: the same text, the same code lines highlighted and no
// magic comment shown, the same admonition types and titles, summaries as one line, and every
// heading level in the table of contents.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertUnchanged, sharedBuild } from '../../support/sharedBuild.js';
import { readerView, type ReaderView } from '../readerView.js';

/** The content of a page's article, without the theme's icons. */
const article = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>')).replace(/<svg.*?<\/svg>/gs, '');
const decode = (text: string) => text.replace(/<[^>]+>/g, '').replace(/&#x3C;|&lt;/g, '<').replace(/&#x26;|&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;|&#x22;/g, '"');

interface ShownBlock {
  preClasses: string[];
  /** Each line's text as shown, and its classes besides `line`. */
  lines: Array<{ text: string; classes: string[] }>;
}

/** The code blocks of an article as a reader sees them. */
function codeBlocks(html: string): ShownBlock[] {
  return [...article(html).matchAll(/<pre class="([^"]*)"[^>]*><code>(.*?)<\/code><\/pre>/gs)].map(([, preClasses, code]) => ({
    preClasses: preClasses!.split(' '),
    lines: code!.split('\n').map((line) => ({ text: decode(line), classes: /^<span class="line ?([^"]*)">/.exec(line)![1]!.split(' ').filter(Boolean) })),
  }));
}

const marked = (block: ShownBlock) => block.lines.flatMap((line, i) => (line.classes.length > 0 ? [[i + 1, line.classes.join(' ')]] : []));

/**
 * A reader's view with what both themes show alike made alike: an admonition's default title is
 * "note" in Docusaurus's markup and "Note" in sipadocs's, both shown in capitals; Docusaurus gives
 * an h1 no id (its Heading drops it), where a markdown page's h1 keeps one in sipadocs.
 */
function comparable(view: ReaderView) {
  return {
    ...view,
    text: view.text.toLowerCase(),
    headings: view.headings.map((heading) => ({ ...heading, id: heading.level === 1 ? null : heading.id })),
    admonitions: view.admonitions.map((box) => ({ ...box, title: box.title.toLowerCase() })),
  };
}

describe('the constructs fixture', () => {
  let out: string;
  const page = (route: string) => readFile(path.join(out, `${route.slice(1)}.html`), 'utf8');
  beforeAll(async () => {
    // The build the browser test of the constructs reads too: read here, never changed.
    out = (await sharedBuild('test/fixtures/constructs')).outDir;
  }, 120_000);
  afterAll(() => assertUnchanged(out));

  it('highlights the lines magic comments mark, with the site\'s class names, and shows no magic comment', async () => {
    const blocks = codeBlocks(await page('/docs/code-blocks'));
    const highlighted = 'theme-code-block-highlighted-line';
    // Docusaurus's documented example: the line after highlight-next-line and the range between start and end.
    expect(marked(blocks[0]!)).toEqual([[3, highlighted], [10, highlighted], [11, highlighted], [12, highlighted]]);
    expect(blocks[0]!.lines).toHaveLength(15);
    expect(marked(blocks[1]!)).toEqual([[2, 'code-block-error-line']]);
    // JSX, HTML, bash, Python, SQL, CSS, YAML: each in its own comment syntax.
    expect(blocks.slice(2, 9).map(marked)).toEqual([[[2, highlighted]], [[2, highlighted]], [[1, highlighted]], [[2, highlighted]], [[1, highlighted]], [[2, highlighted]], [[1, highlighted]]]);
    for (const block of blocks.slice(0, 9)) {
      for (const line of block.lines) expect(line.text).not.toMatch(/highlight-|This will error/);
    }
  });

  it('keeps magic comments as code in a block whose meta names lines, as Docusaurus does', async () => {
    const block = codeBlocks(await page('/docs/code-blocks'))[9]!;
    expect(block.lines.map((line) => line.text)).toEqual(['const a = 1;', '// highlight-next-line', 'const b = 2;']);
    expect(marked(block)).toEqual([[1, 'theme-code-block-highlighted-line'], [3, 'theme-code-block-highlighted-line']]);
  });

  it('reads shiki\'s notations and shows none of them', async () => {
    const block = codeBlocks(await page('/docs/code-notations'))[0]!;
    expect(block.lines.map((line) => line.text)).toEqual(['const before = 1;', 'const after = 2;', 'focus();', 'one();', 'two();']);
    expect(marked(block)).toEqual([[1, 'diff remove'], [2, 'diff add'], [3, 'focused'], [4, 'highlighted'], [5, 'highlighted']]);
    expect(block.preClasses).toEqual(expect.arrayContaining(['has-diff', 'has-focused', 'has-highlighted']));
  });

  it('renders every admonition type with its own class and label, titles in both syntaxes, nesting and GitHub alerts', async () => {
    const html = article(await page('/docs/admonitions'));
    const boxes = [...html.matchAll(/<div class="admonition ([^"]*)" role="note"><div class="admonition__heading"><span class="admonition__icon" aria-hidden="true"><\/span><span>([^<]*)<\/span>/g)].map(([, classes, label]) => [classes, label]);
    expect(boxes).toEqual([
      ['admonition--note', 'Note'],
      ['admonition--tip', 'Tip'],
      ['admonition--info', 'Info'],
      ['admonition--warning', 'Warning'],
      ['admonition--danger', 'Danger'],
      ['admonition--caution', 'Caution'],
      ['admonition--important', 'Important'],
      ['admonition--tip', 'Title after a space'],
      ['admonition--tip', 'Title in brackets'],
      ['admonition--info', 'Outer'],
      ['admonition--danger', 'Inner'],
    ]);
    // Each look has an icon of its own, drawn by the style sheet.
    const css = await readFile(path.join(process.cwd(), 'templates/css/theme.css'), 'utf8');
    const icons = ['note', 'tip', 'info', 'important', 'warning', 'caution', 'danger'].map((type) => new RegExp(`\\.admonition--${type} \\{ --sd-admonition-icon: (url\\([^)]*\\))`).exec(css)?.[1]);
    expect(new Set(icons).size).toBe(7);
    expect(icons.every(Boolean)).toBe(true);
    // The inner admonition sits inside the outer one.
    expect(html).toMatch(/<p>Around another one\.<\/p><div class="admonition admonition--danger"/);
    expect(decode(html)).not.toMatch(/:::/);
  });

  it('renders GitHub alerts as the admonitions of their type, and a quote without a marker as a quote', async () => {
    const html = article(await page('/docs/alerts'));
    const boxes = [...html.matchAll(/<div class="admonition ([^"]*)" role="note">/g)].map(([, classes]) => classes);
    expect(boxes).toEqual(['admonition--note', 'admonition--tip', 'admonition--important', 'admonition--warning', 'admonition--caution']);
    expect(html).not.toContain('[!NOTE]</p>');
    expect(html).toContain('<blockquote>\n<p>A plain quote with [!NOTE] inside stays a quote.</p>\n</blockquote>');
  });

  it('renders details with a one-line summary, their class names and open state, in MDX and in markdown\'s HTML', async () => {
    const mdx = article(await page('/docs/details'));
    expect(mdx).toContain('<details class="details"><summary>Toggle me!</summary><div class="details__body"><p>This is the detailed content</p>');
    expect(mdx).toContain('<summary>Nested toggle! Some surprise inside...</summary>');
    expect(mdx).toContain('<details class="details custom-details" open=""><summary><strong>Open from the start</strong></summary>');
    const md = article(await page('/docs/details-html'));
    expect(md).toContain('<details class="details custom-details"><summary>Summary in <em>HTML</em></summary>');
    // Without a summary, Docusaurus shows "Details".
    expect(md).toContain('<details class="details" open=""><summary>Details</summary>');
  });

  it('lists every heading level the page asks for in its table of contents, each level indented under the one above', async () => {
    const html = await page('/docs/toc');
    const items = [...html.matchAll(/<li class="toc__item toc__item--level-(\d)"><a class="toc__link" href="#([^"]+)"/g)].map(([, level, id]) => [Number(level), id]);
    expect(items.slice(0, 6)).toEqual([[0, 'level-two'], [1, 'level-three'], [2, 'level-four'], [3, 'level-five'], [4, 'level-six'], [0, 'another-level-two']]);
    const css = await readFile(path.join(process.cwd(), 'templates/css/theme.css'), 'utf8');
    const indents = [1, 2, 3, 4].map((level) => Number(new RegExp(`\\.toc__item--level-${level} \\{ padding-inline-start: ([\\d.]+)rem; \\}`).exec(css)?.[1]));
    expect(indents.every((indent, i) => indent > (indents[i - 1] ?? 0))).toBe(true);
  });

  it('renders math with KaTeX at build time, in markdown and MDX, and links KaTeX\'s style sheet from those pages only', async () => {
    for (const route of ['/docs/math', '/docs/math-mdx']) {
      const html = await page(route);
      const content = article(html);
      // KaTeX's HTML and MathML, the TeX kept as its annotation, as rehype-katex renders it for Docusaurus.
      expect(content).toContain('<span class="katex">');
      expect(content).toContain('<span class="katex-display">');
      expect(content).toMatch(/<annotation encoding="application\/x-tex">/);
      expect(decode(content)).not.toMatch(/\$\$/);
      const sheet = /<link rel="stylesheet" href="(\/_sipa\/katex\/katex-[0-9a-f]{8}\.css)">/.exec(html)?.[1];
      expect(sheet, route).toBeDefined();
      expect(JSON.parse(/<script id="__SIPA_ROUTE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!).css).toEqual([sheet]);
      // The sheet names its fonts, which are there, under names of their content.
      const css = await readFile(path.join(out, sheet!), 'utf8');
      const fonts = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!);
      expect(fonts.length).toBeGreaterThan(10);
      for (const font of fonts) {
        expect(font).toMatch(/^KaTeX_[\w-]+-[0-9a-f]{8}\.woff2$/);
        await readFile(path.join(out, '_sipa/katex', font));
      }
    }
    expect(decode(article(await page('/docs/math'))).includes('A price of 5 dollars is no math.')).toBe(true);
    for (const route of ['/docs/plain', '/docs/code-blocks', '/index']) expect(await page(route)).not.toContain('katex');
  });

  it('hands ```mermaid blocks to the diagram component, writes the runtime the site data names, and shows the source without JavaScript', async () => {
    const html = await page('/docs/diagrams');
    const content = article(html);
    expect(content).toContain('<div class="mermaid-diagram"><div class="mermaid" role="img" aria-label="Diagram"></div><noscript><pre class="mermaid-diagram__source">graph TD;\n    A--&gt;B;');
    expect(content).not.toContain('code-block');
    // The runtime's URL is in the site data; its files are in the output.
    const script = /<script data-entry="[^"]+" data-site="([^"]+)"/.exec(html)![1]!;
    const window: { __SIPA_SITE__?: { mermaid?: { runtime: string } } } = {};
    new Function('window', await readFile(path.join(out, script), 'utf8'))(window);
    const runtime = window.__SIPA_SITE__?.mermaid?.runtime;
    expect(runtime).toMatch(/^\/_sipa\/mermaid\/[0-9a-f]{12}\/mermaid\.js$/);
    const code = await readFile(path.join(out, runtime!), 'utf8');
    expect(code).toMatch(/renderDiagram/);
    // A page that imports the component itself has a diagram too.
    expect(article(await page('/docs/diagrams-mdx'))).toContain('<div class="mermaid"');
  });

  // What Docusaurus 3 renders for the same pages (test/fixtures/constructs-docusaurus/README.md).
  const reference = JSON.parse(readFileSync('test/fixtures/constructs-docusaurus/reference.json', 'utf8')) as Record<string, ReaderView>;
  it.each(Object.keys(reference))('reads %s as Docusaurus renders it: text, headings and ids, code lines marked, admonitions, details, math, table of contents', async (route) => {
    const ours = readerView(await page(route === '/' ? '/index' : route), 'sipadocs');
    expect(comparable(ours)).toEqual(comparable(reference[route]!));
  });

  it('keeps the fast path for a page with none of the constructs', async () => {
    const payload = JSON.parse(/<script id="__SIPA_ROUTE__" type="application\/json">(.*?)<\/script>/s.exec(await page('/docs/plain'))![1]!);
    expect(payload.data.staticHtml).toBe(true);
  });
});
