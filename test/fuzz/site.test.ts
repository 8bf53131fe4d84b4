/**
 * Whole builds of sites made of fuzzed pages (see markdownArbitraries.ts), so that what the
 * compiler accepts also goes through bundling, server rendering and the link check. Property: the
 * build succeeds, or fails with SiteErrors that each name a file, and a line too for every error
 * about a page's content. Only broken links are reported by page without a line: the link check
 * reads the rendered HTML. Seeded, four small sites.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { SaxesParser } from 'saxes';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { normalizeConfig } from '../../src/config/normalize.js';
import { createPost } from '../../src/model/blog.js';
import { createDoc } from '../../src/model/docs.js';
import { compileMdx } from '../../src/compiler/mdx/compile.js';
import { createCodeHighlighter } from '../../src/compiler/mdx/highlighter.js';
import { parseFrontMatter } from '../../src/model/frontMatter.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';
import { mutatedPage, page } from './markdownArbitraries.js';

const SEED = 20261123;
const config = normalizeConfig({ title: 'T', url: 'https://t.example' }, '/site', '/site/sipadocs.config.ts');

/** Errors reported by page rather than by line: broken links, and a file name no route can be made of. */
const WITHOUT_LINE = new Set(['BROKEN_LINKS', 'ROUTE_INVALID']);

/**
 * The variable part of a page's file name: short, or long enough that its route's name passes
 * what the output's file names may hold, in letters of one or two bytes. At most 235 bytes: with
 * the rest of its name ("mdx-5-", ".mdx", a post's date) a file name stays within the 255 bytes
 * the test can write.
 */
const fileName = fc
  .tuple(fc.constantFrom(5, 120, 215, 225, 235), fc.constantFrom('n', 'é'))
  .map(([bytes, letter]) => letter.repeat(Math.floor(bytes / Buffer.byteLength(letter))));

/** Reads a feed as a conforming XML parser does; throws on the first well-formedness error. */
function readXml(text: string): void {
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(text).close();
}

const highlighter = createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

/**
 * Whether the page gets past front matter and the site model: a site with such an error stops
 * before bundling, and the point is to reach the later stages (the compile-level fuzzing covers
 * the rest). A file name too long for a route is let through when `longNames` is set, so that the
 * build itself meets it.
 */
function passesTheModel(relPath: string, text: string, longNames: boolean): boolean {
  try {
    const parsed = parseFrontMatter(text, relPath);
    const input = { relPath, absPath: `/site/${relPath}`, text, parsed };
    if (relPath.startsWith('blog/')) createPost(input, new Map(), config, () => '');
    else createDoc(input, config);
    return true;
  } catch (error) {
    return longNames && error instanceof SiteError && error.code === 'ROUTE_INVALID' && /bytes/.test(error.message);
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
      const names = fc.sample(fileName, { seed: SEED + n, numRuns: texts.length });
      texts.forEach((text, i) => {
        const relPath = i % 3 === 2 ? `blog/2024-03-${String(10 + i).padStart(2, '0')}-${names[i]}.${format}` : `docs/${format}-${i}-${names[i]}.${format}`;
        if (passesTheModel(relPath, text, !onlyCompiling)) pages.set(relPath, text);
      });
    }
    if (onlyCompiling) for (const [relPath, text] of pages) if (!(await compiles(relPath, text))) pages.delete(relPath);
    expect(pages.size).toBeGreaterThan(2);
    for (const [relPath, text] of pages) await writeFile(path.join(site, relPath), text);

    const outcome = await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, `out-${n}`), logger: silentLogger() }).then(
      () => null,
      (error: unknown) => error,
    );
    if (outcome === null) {
      // Tags with markup reach the feeds: each stays well-formed XML.
      const out = path.join(tmp.dir, `out-${n}`);
      const feeds = (await readdir(out, { recursive: true })).filter((file) => file.endsWith('.xml'));
      for (const feed of feeds) expect(() => readXml(readFileSync(path.join(out, feed), 'utf8')), feed).not.toThrow();
      return;
    }
    if (!(outcome instanceof SiteErrors) && !(outcome instanceof SiteError)) throw outcome;
    const errors = outcome instanceof SiteErrors ? outcome.errors : [outcome];
    for (const error of errors) {
      const what = `${error.code}: ${error.message}`;
      expect(error.location?.file, what).toBeTruthy();
      if (!WITHOUT_LINE.has(error.code)) expect(error.location?.line, what).toBeGreaterThanOrEqual(1);
    }
  }, 120_000);
});
