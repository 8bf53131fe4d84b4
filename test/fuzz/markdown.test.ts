/**
 * Property: whatever a markdown or MDX page holds, compiling it either works or fails with a
 * SiteError that names the file and a line, never with an uncaught exception. Pages are made of
 * realistic fragments and then mutated (see markdownArbitraries.ts); runs are seeded and bounded
 * so the test takes seconds. Inputs that once broke the compiler are kept as regression cases.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileMdx } from '../../src/compiler/mdx/compile.js';
import { readAsMdx1 } from '../../src/compiler/mdx/mdx1Syntax.js';
import type { Mdx1Compat } from '../../src/config/mdx1Compat.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../src/compiler/mdx/highlighter.js';
import { createDoc } from '../../src/model/docs.js';
import { parseFrontMatter } from '../../src/model/frontMatter.js';
import { normalizeConfig } from '../../src/config/normalize.js';
import { SiteError } from '../../src/errors.js';
import { deepEmphasis, mutatedPage, page } from './markdownArbitraries.js';

const SEED = 20261123;
const config = normalizeConfig({ title: 'T', url: 'https://t.example' }, '/site', '/site/sipadocs.config.ts');

let highlighter: CodeHighlighter;
beforeAll(async () => {
  highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
}, 60_000);

/**
 * What a build does with one page's text before bundling: front matter, the doc model, then the
 * MDX compiler (with the excerpt, as for blog posts). Returns the SiteError it failed with, or null.
 */
async function compilePage(text: string, format: 'md' | 'mdx', mdx1Compat?: Mdx1Compat): Promise<SiteError | null> {
  const relPath = `docs/fuzzed.${format}`;
  try {
    const parsed = parseFrontMatter(text, relPath);
    const doc = createDoc({ relPath, absPath: `/site/${relPath}`, text, parsed }, config);
    await compileMdx(parsed.body, {
      file: relPath,
      sourceText: text,
      format,
      highlighter,
      tocLevels: { min: 2, max: 3 },
      resolveMarkdownLink: (target) => (target.endsWith('other.md') ? '/docs/other' : null),
      withExcerpt: true,
      route: doc.route,
      mdx1Compat,
    });
    return null;
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
}

/** The property: compiled, or a SiteError located at a line of the file. */
async function compilesOrPointsAtALine(text: string, format: 'md' | 'mdx', mdx1Compat?: Mdx1Compat): Promise<void> {
  const error = await compilePage(text, format, mdx1Compat);
  if (error === null) return;
  const lines = text.split('\n').length;
  expect(error.location?.file, `${error.code}: ${error.message}`).toBe(`docs/fuzzed.${format}`);
  expect(error.location?.line, `${error.code}: ${error.message}`).toBeGreaterThanOrEqual(1);
  expect(error.location!.line!, `${error.code}: ${error.message}`).toBeLessThanOrEqual(lines + 1);
}

describe.each(['md', 'mdx'] as const)('fuzzed .%s pages', (format) => {
  it('compile, or fail with a SiteError at a file and line', async () => {
    await fc.assert(
      fc.asyncProperty(page(format), (text) => compilesOrPointsAtALine(text, format)),
      { seed: SEED, numRuns: 60 },
    );
  }, 120_000);

  it('still do so once mutated', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedPage(format), (text) => compilesOrPointsAtALine(text, format)),
      { seed: SEED, numRuns: 120 },
    );
  }, 120_000);
});

describe('fuzzed pages read as MDX 1 (markdown.mdx1Compat.syntax)', () => {
  const asMdx1: Mdx1Compat = { comments: true, admonitions: true, headingIds: true, syntax: true };
  it('compile, or fail with a SiteError at a file and line, once mutated too; the reading keeps every line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(page('mdx'), mutatedPage('mdx')), async (text) => {
        expect(readAsMdx1(text).text.split('\n')).toHaveLength(text.split('\n').length);
        await compilesOrPointsAtALine(text, 'mdx', asMdx1);
      }),
      { seed: SEED, numRuns: 120 },
    );
  }, 120_000);
});

describe.each(['md', 'mdx'] as const)('deep or unpaired emphasis in .%s pages', (format) => {
  it('compiles, or is refused before parsing at the line that holds it', async () => {
    await fc.assert(
      fc.asyncProperty(deepEmphasis, async (emphasis) => {
        const intro = `---\ntitle: Deep\n---\n\nIntro.\n\n`;
        const text = `${intro}${emphasis}\n`;
        const error = await compilePage(text, format);
        if (error === null) return;
        expect(error.code, error.message).toBe('CONTENT_TOO_DEEP');
        expect(error.location).toMatchObject({ file: `docs/fuzzed.${format}`, line: intro.split('\n').length });
      }),
      { seed: SEED, numRuns: 25 },
    );
  }, 120_000);
});

describe('inputs the fuzzing found', () => {
  it('a relative link with a stray "%" compiles, with a warning (decodeURI used to throw: MDX_SYNTAX without a line)', async () => {
    expect(await compilePage('# [Sipa](./100%.md)\n\nSipa\n', 'md')).toBeNull();
    expect(await compilePage('# [Sipa](./100%.md)\n\nSipa\n', 'mdx')).toBeNull();
  });

  it('an expression reading an undefined name fails to compile at its line (it used to fail later, rendering, without one)', async () => {
    const error = await compilePage("---\ntitle: a\nimport { missing } from './nowhere.js';\n", 'mdx');
    expect(error).toMatchObject({ code: 'UNDEFINED_NAME', location: { file: 'docs/fuzzed.mdx', line: 3 } });
  });
});
