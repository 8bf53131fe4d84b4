// The persistent compile cache keeps a page's code apart from what the site model needs (one index
// per site), so warm builds read the code only of pages they bundle or render again. Each call to
// compilePages here is one build of its own (see build()).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePages, type CompilePagesOptions } from '../../../../src/compiler/compile/compilePages.js';
import type { CompileJob, CompileSettings } from '../../../../src/compiler/compile/compileJob.js';
import { COMPILED_PAGES } from '../../../../src/compiler/compile/compiledPages.js';
import type { CompiledPage } from '../../../../src/compiler/mdx/compile.js';
import { createCodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { createStaticSession } from '../../../../src/compiler/static/renderStaticPage.js';
import { createArtifactStore } from '../../../../src/cache/artifacts.js';
import { tempDir } from '../../../helpers.js';

const settings: CompileSettings = {
  tocLevels: { min: 2, max: 3 },
  themes: { light: 'github-light', dark: 'github-dark' },
  linkTargets: { routesBySource: { 'docs/a.md': '/docs/a', 'docs/b.md': '/docs/b' }, contentRoots: ['docs'], staticMarkdown: [] },
  // Set to the test's folder once it exists.
  siteDir: '',
  baseUrl: '/base/',
};

const job = (relPath: string, body: string, image: string | null = null): CompileJob => ({ relPath, body, text: body, format: 'md', withExcerpt: false, route: null, image, frontMatter: null });
const jobs = [
  job('docs/a.md', '# A\n\n## First part\n\nSee [b](./b.md).\n\n```js\nconst a = 1;\n```\n'),
  job('docs/b.md', '# B\n\n## Other part\n\nPlain text.\n'),
];

describe('compilePages with a persistent cache', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let options: Omit<CompilePagesOptions, 'artifacts'> & { cacheDir: string; siteId: string; startEarly?: boolean };
  const entryFile = (key: string) => path.join(options.cacheDir, 'compile', key.slice(0, 2), `${key}.json`);
  const indexFile = (siteId: string) => path.join(options.cacheDir, 'compile', 'in', `index-${siteId}.json`);
  /** compilePages as one build of a one-off session: its own store over the cache folder. */
  const compile = async (pages: CompileJob[], opts: typeof options) => {
    const store = createArtifactStore({ dir: opts.cacheDir, siteId: opts.siteId, keepInMemory: false });
    await store.beginBuild();
    try {
      return await compilePages(pages, settings, { ...opts, artifacts: store.kind(COMPILED_PAGES) });
    } finally {
      store.endBuild(true);
    }
  };
  const page = (result: Awaited<ReturnType<typeof compilePages>>, relPath: string) => {
    const outcome = result.outcomes.get(relPath)!;
    if (!outcome.ok) throw new Error(`${relPath} did not compile`);
    return outcome.page as CompiledPage;
  };

  beforeAll(async () => {
    tmp = await tempDir();
    settings.siteDir = tmp.dir;
    await mkdir(path.join(tmp.dir, 'docs/img'), { recursive: true });
    const highlighter = createCodeHighlighter(settings.themes);
    const staticSession = createStaticSession();
    options = { cacheDir: path.join(tmp.dir, 'cache'), siteId: 'test', workers: 0, highlighter: () => highlighter, staticSession: async () => staticSession };
  });
  afterAll(() => tmp.cleanup());

  it('reuses cached pages, reading their code from its own entry', async () => {
    const first = await compile(jobs, options);
    expect(first.stats).toMatchObject({ compiled: 2, reused: 0 });
    const keyA = first.keys.get('docs/a.md')!;
    // The site's index holds headings and links but not the code.
    const index = await readFile(indexFile('test'), 'utf8');
    expect(index).toContain(keyA);
    expect(index).toContain('first-part');
    expect(index).not.toContain('MDXContent');
    expect(await readFile(entryFile(keyA), 'utf8')).toContain('MDXContent');

    const second = await compile(jobs, options);
    expect(second.stats).toMatchObject({ compiled: 0, reused: 2 });
    expect(second.keys).toEqual(first.keys);
    const cached = page(second, 'docs/a.md');
    expect(cached.toc).toEqual(page(first, 'docs/a.md').toc);
    expect(cached.code).toBe(page(first, 'docs/a.md').code);
    expect(cached.excerptCode).toBeNull();
    // Another site built from the same checkout keeps an index of its own, and leaves this one's alone.
    const other = await compile(jobs.slice(0, 1), { ...options, siteId: 'other' });
    expect(other.stats).toMatchObject({ compiled: 1, reused: 0 });
    expect((await compile(jobs, options)).stats).toMatchObject({ compiled: 0, reused: 2 });
  });

  it('compiles a page again when its code entry is gone', async () => {
    const before = await compile(jobs, options);
    await rm(entryFile(before.keys.get('docs/b.md')!));
    const after = await compile(jobs, options);
    expect(after.stats).toMatchObject({ compiled: 1, reused: 1 });
    expect(page(after, 'docs/b.md').code).toContain('MDXContent');
  });

  it('compiles a page again when an image it uses changes, and not otherwise', async () => {
    const image = path.join(tmp.dir, 'docs/img/chart.svg');
    await writeFile(image, '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"></svg>');
    const pages = [job('docs/chart.md', '# Chart\n\n![A chart](./img/chart.svg)\n', './img/chart.svg')];
    const first = await compile(pages, options);
    const outcome = first.outcomes.get('docs/chart.md')!;
    if (!outcome.ok) throw new Error('docs/chart.md did not compile');
    const [file] = Object.values(outcome.images);
    expect(outcome.images).toEqual({ [image]: expect.stringMatching(/^_sipa\/img\/chart-[0-9a-f]{8}\.svg$/) });
    expect(outcome.page.code).toContain(`/base/${file}`);
    expect(outcome.page.image).toBe(`/base/${file}`);
    expect((await compile(pages, options)).stats).toMatchObject({ compiled: 0, reused: 1 });

    await writeFile(image, '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"></svg>');
    const edited = await compile(pages, options);
    expect(edited.stats).toMatchObject({ compiled: 1, reused: 0 });
    // The key handed on for the code changes with it, though the page's source did not.
    expect(edited.keys.get('docs/chart.md')).not.toBe(first.keys.get('docs/chart.md'));
    const code = page(edited, 'docs/chart.md').code;
    expect(code).not.toContain(file);
    expect(attributesOf(code)).toMatch(/width[:=] ?"80"/);
  });

  it('compiles what a large one-off build misses in the worker it started while looking pages up', async () => {
    const many = Array.from({ length: 200 }, (_, i) => job(`docs/p${i}.md`, `# Page ${i}\n\nText of page ${i}.\n`));
    // One page uses an image, which the worker reads.
    await writeFile(path.join(tmp.dir, 'docs/img/p0.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="10"></svg>');
    many[0] = job('docs/p0.md', '# Page 0\n\n![Zero](./img/p0.svg)\n');
    const byWorkers = { ...options, workers: undefined, startEarly: true };
    const cold = await compile(many, byWorkers);
    expect(cold.stats).toMatchObject({ compiled: 200, reused: 0, workers: 2 });
    expect(attributesOf(page(cold, 'docs/p0.md').code)).toMatch(/src[:=] ?"\/base\/_sipa\/img\/p0-[0-9a-f]{8}\.svg"[\s\S]*width[:=] ?"30"/);
    const edited = [...many];
    edited[7] = job('docs/p7.md', '# Page 7\n\nEdited text.\n');
    const warm = await compile(edited, byWorkers);
    expect(warm.stats).toEqual({ compiled: 1, reused: 199, workers: 1 });
    expect(page(warm, 'docs/p7.md').code).toContain('Edited text.');
    const unchanged = await compile(edited, byWorkers);
    expect(unchanged.stats).toEqual({ compiled: 0, reused: 200, workers: 0 });
  }, 120_000);
});

/**
 * A page's code with the quotes of its HTML string unescaped: an image's attributes read
 * `width: "30"` in a compiled MDX module and `width="30"` in the HTML of the fast path.
 */
function attributesOf(code: string): string {
  return code.replace(/\\"/g, '"');
}
