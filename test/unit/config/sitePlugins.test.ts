// remark and rehype plugins given in the config: found in the packages the config imports (so a
// worker thread can import them again), with their versions and options in one fingerprint.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import { pluginsFor, type PluginSource } from '../../../src/config/sitePlugins.js';
import { takesFastPath } from '../../../src/compiler/compile/fastPathRule.js';
import { SiteError, SiteErrors } from '../../../src/errors.js';
import { tempDir } from '../../helpers.js';

describe('plugins in the config', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let n = 0;
  /** A site folder with this config, its packages this checkout's. */
  const site = async (config: string) => {
    const dir = path.join(tmp.dir, `site${++n}`);
    await mkdir(dir, { recursive: true });
    await symlink(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    await writeFile(path.join(dir, 'sipadocs.config.ts'), config);
    return dir;
  };
  const config = (body: string, imports = '') => `import npm2yarn from '@docusaurus/remark-plugin-npm2yarn';
import rehypeExternalLinks from 'rehype-external-links';
import { defineConfig } from 'sipadocs';
${imports}
export default defineConfig({
  title: 'Plugins',
  url: 'https://plugins.example',
${body}
});
`;
  const packageSource = (source: PluginSource) => (source.kind === 'package' ? { name: source.name, version: source.version, exportPath: source.exportPath } : source);

  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('names each plugin by its package, version and export, with its options, per part of the site', async () => {
    const loaded = await loadConfig(
      await site(config("  markdown: { rehypePlugins: [rehypeExternalLinks] },\n  docs: { remarkPlugins: [[npm2yarn, { sync: true }]] },\n  pages: { beforeDefaultRemarkPlugins: [npm2yarn] },")),
    );
    const plugins = loaded.markdownPlugins;
    expect(Object.keys(plugins.scopes).sort()).toEqual(['docs:default', 'markdown', 'pages']);
    const docs = pluginsFor(plugins, 'docs:default');
    // The site-wide plugins apply to the docs too.
    expect(docs.rehypePlugins.map((p) => packageSource(p.source))).toEqual([{ name: 'rehype-external-links', version: '3.0.0', exportPath: ['default'] }]);
    // npm2yarn is CommonJS: its module's default export is the function.
    expect(docs.remarkPlugins.map((p) => [packageSource(p.source), p.options])).toEqual([[{ name: '@docusaurus/remark-plugin-npm2yarn', version: '3.10.2', exportPath: ['default'] }, { sync: true }]]);
    expect(pluginsFor(plugins, 'pages').beforeDefaultRemarkPlugins).toHaveLength(1);
    expect(pluginsFor(plugins, 'blog').remarkPlugins).toEqual([]);
    expect(plugins.transferable).toBe(true);
    // What a compiled page's cache key reads of them is their fingerprint alone.
    expect(JSON.parse(JSON.stringify(plugins))).toEqual({ fingerprint: plugins.fingerprint });
    // A copy for a worker thread keeps everything but that.
    expect(structuredClone(plugins).scopes).toEqual(JSON.parse(JSON.stringify(plugins.scopes)));
  });

  it('changes the fingerprint with the options, and not without a change', async () => {
    const a = await loadConfig(await site(config('  docs: { remarkPlugins: [[npm2yarn, { sync: true }]] },')));
    const b = await loadConfig(await site(config('  docs: { remarkPlugins: [[npm2yarn, { sync: true }]] },')));
    const c = await loadConfig(await site(config('  docs: { remarkPlugins: [[npm2yarn, { sync: false }]] },')));
    const d = await loadConfig(await site(config('  blog: { remarkPlugins: [[npm2yarn, { sync: true }]] },')));
    expect(a.markdownPlugins.fingerprint).toBe(b.markdownPlugins.fingerprint);
    expect(c.markdownPlugins.fingerprint).not.toBe(a.markdownPlugins.fingerprint);
    expect(d.markdownPlugins.fingerprint).not.toBe(a.markdownPlugins.fingerprint);
  });

  it('runs a plugin written in the config in this thread, its code in the fingerprint', async () => {
    const plugin = (word: string) => `const mark = () => (tree: { children: unknown[] }) => { tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: '${word}' }] }); };`;
    const a = await loadConfig(await site(config('  markdown: { remarkPlugins: [mark] },', plugin('one'))));
    const b = await loadConfig(await site(config('  markdown: { remarkPlugins: [mark] },', plugin('two'))));
    const source = a.markdownPlugins.scopes.markdown!.remarkPlugins[0]!.source;
    expect(source.kind).toBe('config');
    expect(a.markdownPlugins.transferable).toBe(false);
    expect(a.markdownPlugins.fingerprint).not.toBe(b.markdownPlugins.fingerprint);
  });

  it('refuses an entry that is no plugin, at its key', async () => {
    const dir = await site(config("  docs: {\n    remarkPlugins: ['@docusaurus/remark-plugin-npm2yarn'],\n  },"));
    const error = await loadConfig(dir).catch((e: unknown) => (e instanceof SiteErrors ? e.errors[0] : e));
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('CONFIG_INVALID');
    expect((error as SiteError).message).toBe("docs.remarkPlugins.0 is not a remark or rehype plugin: give the plugin's function, or [plugin, options]");
    expect((error as SiteError).location).toMatchObject({ line: 9, column: 5 });
  });
});

describe('the fast path and plugins', () => {
  const source = (name: string): PluginSource => ({ kind: 'package', name, version: '1.0.0', module: 'file:///x.js', exportPath: ['default'] });
  const plugins = (scope: string, name: string) => ({
    scopes: { [scope]: { beforeDefaultRemarkPlugins: [], remarkPlugins: [{ source: source(name), options: undefined }], beforeDefaultRehypePlugins: [], rehypePlugins: [] } },
    fingerprint: 'x',
    transferable: true,
    toJSON: () => ({}),
  });

  /** The choice for a markdown page of this part of the site and body, as the compile stage makes it. */
  const fastPathFor = (site: ReturnType<typeof plugins>) => (scope: string, body: string) => takesFastPath({ scope, body, format: 'md', frontMatter: null }, { plugins: site });

  it('leaves a page when a plugin of its part may change it, and only then', () => {
    const unknown = fastPathFor(plugins('docs:default', 'remark-anything'));
    expect(unknown('docs:default', 'Plain text.')).toBe(false);
    expect(unknown('blog', 'Plain text.')).toBe(true);
    expect(unknown('docs:community', 'Plain text.')).toBe(true);
    const everywhere = fastPathFor(plugins('markdown', 'remark-anything'));
    expect(everywhere('pages', 'Plain text.')).toBe(false);
  });

  it('keeps a page a known plugin leaves alone: npm2yarn and tab blocks change marked code blocks only', () => {
    const npm2yarn = fastPathFor(plugins('docs:default', '@docusaurus/remark-plugin-npm2yarn'));
    expect(npm2yarn('docs:default', '```bash\nnpm install\n```\n')).toBe(true);
    expect(npm2yarn('docs:default', '```bash npm2yarn\nnpm install\n```\n')).toBe(false);
    const tabs = fastPathFor(plugins('docs:default', 'docusaurus-remark-plugin-tab-blocks'));
    expect(tabs('docs:default', 'A table.\n\n```js\nconst a = 1;\n```\n')).toBe(true);
    expect(tabs('docs:default', '```js tab title="a.js"\nconst a = 1;\n```\n')).toBe(false);
    expect(tabs('docs:default', '~~~ts tab\nconst a = 1;\n~~~\n')).toBe(false);
  });
});
