// The site's remark and rehype plugins run in the compile workers (which import them again from
// their packages) and in this thread, in Docusaurus's order, and only on the pages of their part.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePages } from '../../../../src/compiler/compile/compilePages.js';
import type { CompileJob, CompileSettings } from '../../../../src/compiler/compile/compileJob.js';
import { COMPILED_PAGES } from '../../../../src/compiler/compile/compiledPages.js';
import type { ConfiguredPlugin, PluginLists, SitePlugins } from '../../../../src/config/sitePlugins.js';
import { createCodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { createStaticSession } from '../../../../src/compiler/static/renderStaticPage.js';
import { createArtifactStore } from '../../../../src/cache/artifacts.js';
import { tempDir } from '../../../helpers.js';

const require = createRequire(import.meta.url);
const fromPackage = (name: string, options?: unknown): ConfiguredPlugin => ({
  source: { kind: 'package', name, version: '0', module: pathToFileURL(require.resolve(name)).href, exportPath: ['default'] },
  options,
});
const lists = (given: Partial<PluginLists>): PluginLists => ({ beforeDefaultRemarkPlugins: [], remarkPlugins: [], beforeDefaultRehypePlugins: [], rehypePlugins: [], ...given });
const plugins = (scopes: Record<string, PluginLists>, transferable = true): SitePlugins =>
  Object.defineProperty({ scopes, fingerprint: JSON.stringify(Object.keys(scopes)), transferable } as SitePlugins, 'toJSON', { value: () => ({}) });

/** A page the compile stage sends through MDX, a plugin applying to it (see fastPathRule.ts). */
const job = (relPath: string, body: string, scope: CompileJob['scope']): CompileJob => ({ relPath, scope, body, text: body, format: 'md', withExcerpt: false, route: null, image: null, frontMatter: null });

describe('compiling with the site\'s plugins', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const highlighter = createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
  const staticSession = createStaticSession();
  const compile = async (jobs: CompileJob[], settings: CompileSettings, workers: number) => {
    const store = createArtifactStore({ dir: null, siteId: 'test', keepInMemory: false });
    await store.beginBuild();
    try {
      return await compilePages(jobs, settings, { artifacts: store.kind(COMPILED_PAGES), highlighter: () => highlighter, staticSession: async () => staticSession, workers });
    } finally {
      store.endBuild(true);
    }
  };
  const settings = (sitePlugins: SitePlugins): CompileSettings => ({
    tocLevels: { min: 2, max: 3 },
    themes: { light: 'github-light', dark: 'github-dark' },
    linkTargets: { routesBySource: {}, contentRoots: ['docs'], staticMarkdown: [] },
    siteDir: tmp.dir,
    baseUrl: '/',
    plugins: sitePlugins,
  });
  const codeOf = (result: Awaited<ReturnType<typeof compile>>, relPath: string) => {
    const outcome = result.outcomes.get(relPath)!;
    if (!outcome.ok) throw new Error(`${relPath}: ${outcome.error.message}`);
    return outcome.page.code;
  };

  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('imports them again in worker threads and applies them to the pages of their part only', async () => {
    const body = 'Install it:\n\n```bash npm2yarn\nnpm install sipa\n```\n\nSee [the source](https://github.com/sipa-js/sipa).\n';
    const docs = Array.from({ length: 200 }, (_, i) => job(`docs/page-${i}.md`, body, 'docs:default'));
    const sitePlugins = plugins({
      'docs:default': lists({ remarkPlugins: [fromPackage('@docusaurus/remark-plugin-npm2yarn', { sync: true })] }),
      blog: lists({ rehypePlugins: [fromPackage('rehype-external-links', { rel: ['external'] })] }),
    });
    const result = await compile([...docs, job('blog/post.md', body, 'blog')], settings(sitePlugins), 2);
    expect(result.stats.workers).toBeGreaterThan(0);
    for (const page of docs) {
      const code = codeOf(result, page.relPath);
      expect(code, page.relPath).toContain('groupId: "npm2yarn"');
      expect(code, page.relPath).toContain('label: "Yarn"');
      expect(code, page.relPath).not.toContain('"external"');
    }
    const post = codeOf(result, 'blog/post.md');
    expect(post).not.toContain('npm2yarn"');
    expect(post).toContain('rel: "external"');
  }, 180_000);

  it('runs a plugin written in the config in this thread, even when there is enough to compile for workers', async () => {
    const seen: string[] = [];
    const mark = () => (_tree: unknown, file: { path: string }) => {
      seen.push(file.path);
    };
    const sitePlugins = plugins({ markdown: lists({ beforeDefaultRehypePlugins: [{ source: { kind: 'config', name: 'mark', fn: mark }, options: undefined }] }) }, false);
    const pages = Array.from({ length: 200 }, (_, i) => job(`pages/p-${i}.md`, '```js\nconst a = 1;\n```\n', 'pages'));
    const result = await compile(pages, settings(sitePlugins), 2);
    expect(result.stats.workers).toBe(0);
    expect(seen.sort()).toEqual(pages.map((page) => page.relPath).sort());
  }, 180_000);

  it('runs the plugins before the generator\'s own first, and the others after them', async () => {
    const order: string[] = [];
    const step = (name: string) => ({ source: { kind: 'config' as const, name, fn: () => () => void order.push(name) }, options: undefined });
    const sitePlugins = plugins(
      { pages: lists({ beforeDefaultRemarkPlugins: [step('before-remark')], remarkPlugins: [step('remark')], beforeDefaultRehypePlugins: [step('before-rehype')], rehypePlugins: [step('rehype')] }) },
      false,
    );
    await compile([job('pages/a.md', 'Text.\n', 'pages')], settings(sitePlugins), 0);
    expect(order).toEqual(['before-remark', 'remark', 'before-rehype', 'rehype']);
  });
});
