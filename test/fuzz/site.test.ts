/**
 * Whole builds of sites made of fuzzed pages (see markdownArbitraries.ts), so that what the
 * compiler accepts also goes through bundling, server rendering and the link check. Property: the
 * build succeeds, or fails with SiteErrors that each name a file, and a line too for every error
 * about a page's content. Only broken links are reported by page without a line: the link check
 * reads the rendered HTML. Seeded, four small sites.
 */
import fc from 'fast-check';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { normalizeConfig } from '../../src/config/normalize.js';
import { createPost } from '../../src/content/blog.js';
import { createDoc } from '../../src/content/docs.js';
import { compileMdx } from '../../src/content/mdx/compile.js';
import { createCodeHighlighter } from '../../src/content/mdx/highlighter.js';
import { parseFrontMatter } from '../../src/content/frontMatter.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { mutatedPage, page } from './markdownArbitraries.js';

const SEED = 20261123;
const config = normalizeConfig({ title: 'T', url: 'https://t.example' }, '/site', '/site/sipadocs.config.ts');

/** Errors reported by page rather than by line. */
const WITHOUT_LINE = new Set(['BROKEN_LINKS']);

const highlighter = createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

/**
 * Whether the page gets past front matter and the site model: a site with such an error stops
 * there, and the point is to reach the later stages (the compile-level fuzzing covers the rest).
 */
function passesTheModel(relPath: string, text: string): boolean {
  try {
    const parsed = parseFrontMatter(text, relPath);
    const input = { relPath, absPath: `/site/${relPath}`, text, parsed };
    if (relPath.startsWith('blog/')) createPost(input, new Map(), config, () => '');
    else createDoc(input, config);
    return true;
  } catch {
    return false;
  }
}

/** Whether the page compiles on its own: a site of such pages reaches bundling and rendering. */
async function compiles(relPath: string, text: string): Promise<boolean> {
  try {
    const parsed = parseFrontMatter(text, relPath);
    await compileMdx(parsed.body, {
      file: relPath, sourceText: text, format: relPath.endsWith('.md') ? 'md' : 'mdx', highlighter: await highlighter,
      tocLevels: { min: 2, max: 3 }, resolveMarkdownLink: () => null,
    });
    return true;
  } catch {
    return false;
  }
}

describe('sites made of fuzzed pages', () => {
  // The last site keeps only pages that compile, so its build goes on to bundle and render them.
  it.each([[0, false], [1, false], [2, false], [3, true]])('build, or fail with located SiteErrors (site %i)', async (n, onlyCompiling) => {
    const site = await copyFixture('basic', path.join(tmp.dir, `site-${n}`));
    const pages = new Map<string, string>();
    for (const format of ['md', 'mdx'] as const) {
      const texts = [
        ...fc.sample(page(format), { seed: SEED + n, numRuns: 3 }),
        ...fc.sample(mutatedPage(format), { seed: SEED + n, numRuns: 3 }),
      ];
      texts.forEach((text, i) => {
        const relPath = i % 3 === 2 ? `blog/2024-03-${String(10 + i).padStart(2, '0')}-fuzz-${format}.${format}` : `docs/fuzz-${format}-${i}.${format}`;
        if (passesTheModel(relPath, text)) pages.set(relPath, text);
      });
    }
    if (onlyCompiling) for (const [relPath, text] of pages) if (!(await compiles(relPath, text))) pages.delete(relPath);
    expect(pages.size).toBeGreaterThan(2);
    for (const [relPath, text] of pages) await writeFile(path.join(site, relPath), text);

    const outcome = await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, `out-${n}`), logger: silentLogger() }).then(
      () => null,
      (error: unknown) => error,
    );
    if (outcome === null) return;
    if (!(outcome instanceof SiteErrors) && !(outcome instanceof SiteError)) throw outcome;
    const errors = outcome instanceof SiteErrors ? outcome.errors : [outcome];
    for (const error of errors) {
      const what = `${error.code}: ${error.message}`;
      expect(error.location?.file, what).toBeTruthy();
      if (!WITHOUT_LINE.has(error.code)) expect(error.location?.line, what).toBeGreaterThanOrEqual(1);
    }
  }, 120_000);
});
