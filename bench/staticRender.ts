/**
 * CPU cost per page of the MDX path (compileMdx) and of the static renderer (isStaticPage +
 * renderStaticPage) on the pages the static renderer takes, and the share of such pages, on the
 * Sipa site, the docusaurus2 fixture and a generated corpus.
 *
 *   node bin/run-ts.js bench/staticRender.ts [--docs 200] [--runs 3]
 *
 * Times are process.cpuUsage() (user + system) of the main thread, the minimum of several runs
 * over the same pages (the machine is shared: wall times are noisy, the minimum is the cost).
 * Each side renders the same pages with a warm highlighter; the static side's first run also
 * starts with an empty cache of theme shells (its "cold" figure).
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import fg from 'fast-glob';
import { parseFrontMatter } from '../src/model/frontMatter.js';
import { compileMdx, type CompileOptions } from '../src/compiler/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../src/compiler/mdx/highlighter.js';
import { isStaticPage } from '../src/compiler/static/isStaticPage.js';
import type { Format } from '../src/compiler/static/parser.js';
import { createStaticSession, renderStaticPage } from '../src/compiler/static/renderStaticPage.js';
import { generateSite } from '../support/generateSite.js';

interface Page {
  file: string;
  text: string;
  body: string;
  format: Format;
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

function optionsOf(page: Page, highlighter: CodeHighlighter): CompileOptions {
  return {
    file: page.file,
    sourceText: page.text,
    format: page.format,
    highlighter,
    tocLevels: { min: 2, max: 3 },
    withExcerpt: true,
    baseUrl: '/',
    resolveMarkdownLink: (target) => `/docs/${target.replace(/^(\.\.?\/)+/, '').replace(/\.mdx?(#.*)?$/, '$1')}`,
    resolveImage: (relativePath) => ({ url: `/_sipa/img/${path.basename(relativePath)}`, width: 640, height: 480 }),
  };
}

async function readPages(dir: string): Promise<Page[]> {
  const files = fg.sync(`${dir}/**/*.{md,mdx}`, { ignore: ['**/node_modules/**'] }).sort();
  const pages: Page[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    pages.push({ file, text, body: parseFrontMatter(text, file).body, format: file.endsWith('.mdx') ? 'mdx' : 'md' });
  }
  return pages;
}

async function measure(name: string, pages: Page[], highlighter: CodeHighlighter, runs: number): Promise<void> {
  const accepted = pages.filter((page) => isStaticPage(page.body, page.format));
  let gateMs = Infinity;
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    for (const page of pages) isStaticPage(page.body, page.format);
    gateMs = Math.min(gateMs, cpuMs(start));
  }
  // Languages loaded once for both sides, so neither pays for the other's first use.
  for (const page of accepted) await compileMdx(page.body, optionsOf(page, highlighter));
  const rendered: Page[] = [];
  for (const page of accepted) if (await renderStaticPage(page.body, { ...optionsOf(page, highlighter), session: createStaticSession() })) rendered.push(page);

  let mdxBest = Infinity;
  let staticBest = Infinity;
  let staticCold = 0;
  for (let run = 0; run < runs; run++) {
    let start = process.cpuUsage();
    for (const page of rendered) await compileMdx(page.body, optionsOf(page, highlighter));
    mdxBest = Math.min(mdxBest, cpuMs(start));
    const session = createStaticSession();
    start = process.cpuUsage();
    for (const page of rendered) {
      isStaticPage(page.body, page.format);
      await renderStaticPage(page.body, { ...optionsOf(page, highlighter), session });
    }
    const ms = cpuMs(start);
    if (run === 0) staticCold = ms;
    staticBest = Math.min(staticBest, ms);
  }
  const per = (ms: number) => (rendered.length ? (ms / rendered.length).toFixed(2) : '-');
  const share = (n: number) => `${n}/${pages.length} (${pages.length ? Math.round((100 * n) / pages.length) : 0}%)`;
  console.log(`\n${name}`);
  console.log(`  pages ${pages.length}; accepted by isStaticPage ${share(accepted.length)}; rendered statically ${share(rendered.length)}`);
  console.log(`  isStaticPage over all pages (min of ${runs}): ${(gateMs / Math.max(1, pages.length)).toFixed(3)} ms/page`);
  console.log(`  CPU ms/page on the ${rendered.length} static pages (min of ${runs}): compileMdx ${per(mdxBest)}, static ${per(staticBest)} (first run, empty shell cache: ${per(staticCold)}), ${(mdxBest / Math.max(staticBest, 1e-9)).toFixed(1)}x`);
}

export async function main(args: string[]): Promise<number> {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? fallback : Number(args[i + 1]);
  };
  const docs = option('docs', 200);
  const runs = option('runs', 3);
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-static-bench-'));
  try {
    await generateSite(dir, { docs, posts: Math.ceil(docs / 10) });
    await measure('site/ (Sipa)', await readPages('site'), highlighter, runs);
    await measure('test/fixtures/docusaurus2', await readPages('test/fixtures/docusaurus2'), highlighter, runs);
    await measure(`generated corpus (support/generateSite.ts, ${docs} docs)`, await readPages(dir), highlighter, runs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return 0;
}
