/**
 * The proof that the static renderer is exact: every page isStaticPage accepts renders to the same
 * content both ways (the MDX path's module rendered by React with the theme's components, and
 * renderStaticPage's HTML string), compared after a canonicalisation both go through, with the
 * same toc, heading ids, h1, anchors, markdown links, warnings, image, excerpt and markdown view.
 * Inputs: the real site, the fixtures, a generated corpus and fast-check pages.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from '../../../../support/generateSite.js';
import { SiteError } from '../../../../src/errors.js';
import { parseFrontMatter } from '../../../../src/model/frontMatter.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { DEFAULT_MAGIC_COMMENTS } from '../../../../src/compiler/mdx/magicComments.js';
import { isStaticPage } from '../../../../src/compiler/static/isStaticPage.js';
import type { Format } from '../../../../src/compiler/static/parser.js';
import { createStaticSession, renderStaticPage, type StaticRenderOptions, type StaticSession } from '../../../../src/compiler/static/renderStaticPage.js';
import { mutatedPage } from '../../../fuzz/markdownArbitraries.js';
import { tempDir } from '../../../helpers.js';
import { compareBothWays } from './bothWays.js';
import { staticPage } from './staticArbitraries.js';
import { markdownVariants, sizesOf, srcSetOf } from '../../../../src/compiler/compile/imageVariants.js';
import { DEFAULT_IMAGE_SETTINGS } from '../../../../src/config/images.js';
import type { ResolvedImage } from '../../../../src/compiler/mdx/plugins.js';

let highlighter: CodeHighlighter;
let session: StaticSession;

/** Pages per property and its seed; STATIC_FUZZ_RUNS and STATIC_FUZZ_SEED run longer searches by hand (or shorter: the fast lane). */
const RUNS = Number(process.env.STATIC_FUZZ_RUNS ?? 300);
/** Docs of the generated corpus; STATIC_CORPUS_DOCS sets another number (the fast lane takes fewer). */
const CORPUS_DOCS = Number(process.env.STATIC_CORPUS_DOCS ?? 200);
const SEED = Number(process.env.STATIC_FUZZ_SEED ?? 20261);

beforeAll(async () => {
  highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
  session = createStaticSession();
});

/**
 * The options a build gives: a markdown link resolver (files named "missing" resolve to nothing,
 * so broken-link warnings are compared too) and an image resolver (likewise for missing images).
 */
function optionsFor(file: string, sourceText: string, format: Format, baseUrl = '/'): StaticRenderOptions {
  return {
    file,
    sourceText,
    format,
    highlighter,
    tocLevels: { min: 2, max: 3 },
    withExcerpt: true,
    route: '/blog/post',
    baseUrl,
    // A site path that is no markdown file resolves only when it differs from a route in case: here, when it has capitals.
    resolveMarkdownLink: (target: string) =>
      !/\.mdx?(#.*)?$/.test(target) ? (/[A-Z]/.test(target) ? target.toLowerCase() : null) : target.includes('missing') ? null : `/docs/${target.replace(/^(\.\.?\/)+/, '').replace(/\.mdx?(#.*)?$/, '$1')}`,
    resolveImage: (relativePath: string) => (relativePath.includes('missing') ? null : resolvedImage(relativePath, baseUrl)),
    // The site's own magic comment besides the default ones, as the constructs fixture has it; math and diagrams on.
    rendering: { magicComments: [...DEFAULT_MAGIC_COMMENTS, { className: 'code-block-error-line', line: 'This will error' }], math: true, mermaid: true },
    session,
  };
}

/** An image as a build resolves it: a raster image with its resized copies (see imageVariants.ts), others with their size only. */
function resolvedImage(relativePath: string, baseUrl: string): ResolvedImage {
  const image = { file: `_sipa/img/${path.basename(relativePath)}`, width: 640, height: 480 };
  const variants = markdownVariants(image, DEFAULT_IMAGE_SETTINGS);
  const resolved = { url: `/${image.file}`, width: image.width, height: image.height };
  return variants.length > 0 ? { ...resolved, srcSet: srcSetOf(variants, baseUrl), sizes: sizesOf(image.width) } : resolved;
}

interface Tally {
  pages: number;
  accepted: number;
  rendered: number;
  differing: string[];
}

/** Renders every page isStaticPage accepts both ways; the pages that differ, with how. */
async function compareFiles(files: string[], baseUrl = '/'): Promise<Tally> {
  const tally: Tally = { pages: files.length, accepted: 0, rendered: 0, differing: [] };
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const format: Format = file.endsWith('.mdx') ? 'mdx' : 'md';
    const { body } = parseFrontMatter(text, file);
    if (!isStaticPage(body, format)) continue;
    tally.accepted++;
    const result = await compareBothWays(body, optionsFor(file, text, format, baseUrl));
    if (result.rendered) tally.rendered++;
    if (result.differences.length > 0) tally.differing.push(`${file}\n${result.differences.join('\n')}`);
  }
  return tally;
}

const pagesOf = (dir: string) => fg.sync(`${dir}/**/*.{md,mdx}`, { ignore: ['**/node_modules/**'] }).sort();

describe('static pages render as the MDX path renders them', () => {
  it.each([
    ['site', '/'],
    ['test/fixtures/docusaurus2', '/'],
    ['test/fixtures/constructs', '/'],
    ['test/fixtures/basic', '/base/'],
  ])('every static page of %s (base URL %s)', async (dir, baseUrl) => {
    const tally = await compareFiles(pagesOf(dir), baseUrl);
    expect(tally.differing).toEqual([]);
    // The comparison ran on pages of this corpus, and the renderer kept most of what the gate let through.
    expect(tally.accepted).toBeGreaterThan(0);
    expect(tally.rendered).toBeGreaterThan(tally.accepted / 2);
  }, 120_000);

  describe('a generated corpus', () => {
    let dir: string;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ dir, cleanup } = await tempDir('sipadocs-static-'));
      await generateSite(dir, { docs: CORPUS_DOCS, posts: 20, seed: 7 });
    });
    afterAll(() => cleanup());

    it(`every static page of ${CORPUS_DOCS} docs and 20 posts`, async () => {
      const tally = await compareFiles(pagesOf(dir));
      expect(tally.differing).toEqual([]);
      expect(tally.accepted).toBeGreaterThan(0);
    }, 120_000);
  });

  it.each(['md', 'mdx'] as const)('fast-check pages (.%s): each is refused by the gate or renders identically', async (format) => {
    let rendered = 0;
    await fc.assert(
      fc.asyncProperty(staticPage, async (body) => {
        if (!isStaticPage(body, format)) return;
        const result = await compareBothWays(body, optionsFor(`docs/page.${format}`, body, format, format === 'md' ? '/base/' : '/'));
        if (result.rendered) rendered++;
        if (result.differences.length > 0) throw new Error(`${JSON.stringify(body)}\n${result.differences.join('\n')}`);
      }),
      { numRuns: RUNS, seed: format === 'md' ? SEED : SEED + 1 },
    );
    expect(rendered).toBeGreaterThan(0);
  }, 120_000);

  it.each(['md', 'mdx'] as const)('the compiler fuzzer\'s mutated pages (.%s): each is refused by the gate or renders identically', async (format) => {
    await fc.assert(
      fc.asyncProperty(mutatedPage(format), async (text) => {
        let body: string;
        try {
          body = parseFrontMatter(text, `docs/page.${format}`).body;
        } catch (error) {
          if (error instanceof SiteError) return;
          throw error;
        }
        if (!isStaticPage(body, format)) return;
        const result = await compareBothWays(body, optionsFor(`docs/page.${format}`, text, format));
        if (result.differences.length > 0) throw new Error(`${JSON.stringify(text)}\n${result.differences.join('\n')}`);
      }),
      { numRuns: Math.ceil((RUNS * 2) / 3), seed: format === 'md' ? SEED + 2 : SEED + 3 },
    );
  }, 120_000);
});

describe('isStaticPage', () => {
  it.each([
    ['an import', 'mdx', "import X from './x.js';\n\n# Title\n"],
    ['an export', 'mdx', 'export const a = 1;\n\nText\n'],
    ['JSX', 'mdx', 'Text <Tabs>\n'],
    ['a lower-case tag in MDX', 'mdx', 'Text <kbd>K</kbd>\n'],
    ['an expression', 'mdx', 'Two is {1 + 1}\n'],
    ['raw HTML in markdown', 'md', 'Text <span>x</span>\n'],
    ['a capitalised tag in markdown', 'md', '<Tabs>\n'],
    ['strikethrough with one tilde', 'md', 'a ~b~ c\n'],
    ['an autolink literal', 'md', 'See www.example.com\n'],
    ['a URL literal', 'md', 'See https://example.com\n'],
    ['a footnote', 'md', 'Text[^1]\n\n[^1]: note\n'],
    ['a task list item', 'md', '- [ ] todo\n'],
    ['a text directive', 'md', 'At 12:30 or :abbr[x]\n'],
    ['an unknown container', 'md', ':::details\nx\n:::\n'],
    ['an admonition left open', 'md', ':::tip\nx\n'],
    ['carriage returns', 'md', '# A\r\n\r\nText\r\n'],
    ['a tab after a list marker', 'md', '-\tItem\n'],
    ['a lazy line after a quote', 'md', '> [ref]: /docs/x\n[Sipa][ref]\n'],
    ['a GitHub alert', 'md', 'Text\n\n> [!TIP]\n> Advice.\n'],
  ])('refuses %s', (_what, format, body) => {
    expect(isStaticPage(body, format as Format)).toBe(false);
  });

  it.each([
    ['plain markdown', 'md', '# Title\n\nSome *text* with `code` and [a link](./other.md).\n\n- one\n- two\n'],
    ['MDX without JSX', 'mdx', '## Part {#custom}\n\nText with `<Tabs>` and `{x}` in code.\n\n```jsx\n<App value={1} />\nimport x from "y";\n```\n'],
    ['admonitions, an inner one with fewer colons', 'md', '::::tip[Title]\nInside.\n\n:::note\nNested.\n:::\n::::\n'],
    ['an autolink', 'md', 'Mail <a@b.co> or <https://example.com>.\n'],
    ['an escaped brace', 'mdx', 'Braces \\{ and \\} are text.\n'],
  ])('accepts %s', (_what, format, body) => {
    expect(isStaticPage(body, format as Format)).toBe(true);
  });
});

describe('renderStaticPage gives back what the gate let through but markdown-it reads otherwise', () => {
  it.each([
    ['indented code, a paragraph in MDX', 'mdx', 'Text\n\n    not code in MDX\n'],
    ['emphasis the parsers pair differently', 'md', '***x*y x*y***\n'],
    ['a table under a list marker', 'md', '- a | b\n| --- | --- |\n'],
    ['a paragraph line micromark takes for a table', 'md', 'Head\n| --- |\n'],
    ['a fence left open', 'md', '```js\nconst a = 1;\n'],
    ['a block right after a definition', 'md', '[ref]: /docs/x\n3. three\n---\n'],
    // Only the MDX path measures how deeply elements nest: 51 list levels are 102 of them.
    ['list items nested 51 deep', 'md', `${'- '.repeat(51)}deep\n`],
    ['admonitions nested 101 deep', 'md', `${Array.from({ length: 101 }, (_, i) => `${':'.repeat(104 - i)}note`).join('\n\n')}\n\nx\n\n${Array.from({ length: 101 }, (_, i) => ':'.repeat(4 + i)).join('\n\n')}\n`],
  ])('%s', async (_what, format, body) => {
    expect(isStaticPage(body, format as Format)).toBe(true);
    expect(await renderStaticPage(body, optionsFor(`docs/page.${format}`, body, format as Format))).toBeNull();
  });

  it('renders a plain page', async () => {
    const page = await renderStaticPage('## Part\n\nSee [the guide](./guide.md).\n', optionsFor('docs/page.md', '', 'md'));
    expect(page?.html).toContain('<a href="/docs/guide">the guide</a>');
    expect(page?.headingIds).toEqual(['part']);
  });
});
