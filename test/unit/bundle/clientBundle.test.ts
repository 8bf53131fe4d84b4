import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createClientBundler, type ClientBundle } from '../../../src/bundle/bundleSite.js';
import type { VirtualSources } from '../../../src/bundle/virtualModules.js';
import { tempDir, testArtifacts } from '../../helpers.js';

const siteData = {
  title: 'T', tagline: '', url: 'https://t.example', baseUrl: '/', titleDelimiter: '|', siteVersion: '0.0.0', generator: 'sipadocs',
  locale: { name: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' },
  navbar: { title: 'T', hideOnScroll: false, items: [] }, footer: { columns: [], copyright: '' },
  colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true, disableSwitch: false }, announcementBar: null,
  docs: { routeBasePath: '/docs', sidebarHideable: false, autoCollapseCategories: false, versionPersistence: 'localStorage', pluginId: 'default', version: { name: 'current', label: 'Next' } },
  blog: { routeBasePath: '/blog', title: 'Blog', showReadingTime: true }, routePatterns: ['/'], search: true,
};

describe('the client bundle', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let result: ClientBundle;
  beforeAll(async () => {
    tmp = await tempDir();
    const sources: VirtualSources = {
      modules: new Map([['docs/a.mdx', { code: 'import { jsx } from "react/jsx-runtime";\nexport default function A() { return jsx("p", { children: "a" }); }', excerptCode: null, absPath: path.resolve('site/docs/a.mdx'), key: 'a' }]]),
      routeEntries: new Map([['docs-a', { content: { kind: 'mdx', relPath: 'docs/a.mdx' } }]]),
      siteData,
      customCss: [],
    };
    const bundler = createClientBundler({ workDir: path.join(tmp.dir, 'work'), incremental: false, artifacts: await testArtifacts() });
    result = await bundler.bundle(sources, path.join(tmp.dir, 'out'), '/');
    await bundler.dispose();
  }, 60_000);
  afterAll(() => tmp.cleanup());

  it('contains no Node-side module of the generator', () => {
    const nodeSide = /^(src\/(build|bundle|check|cli|config|content|dev|render|search)\/|node:)/;
    const leaked = result.inputs.filter((input) => nodeSide.test(path.relative(process.cwd(), path.resolve(input.replace(/^sipa[^:]*:/, '')))));
    expect(leaked).toEqual([]);
    expect(result.inputs.some((input) => input.includes('src/client/entry.tsx'))).toBe(true);
  });

  it('gives every route its own content-hashed chunk', () => {
    expect(result.routes.get('docs-a')!.js).toMatch(/^\/_sipa\/r\/docs-a-[A-Z0-9]{8}\.js$/);
    expect(result.entry.js).toMatch(/^\/_sipa\/entry-[A-Z0-9]{8}\.js$/);
  });

  it('builds route chunks that take React from the entry instead of bundling a copy', async () => {
    const chunk = await readFile(path.join(tmp.dir, 'out', result.routes.get('docs-a')!.js), 'utf8');
    expect(chunk).toContain('__sipa_modules');
    expect(chunk.length).toBeLessThan(2_000);
    const entry = await readFile(path.join(tmp.dir, 'out', result.entry.js), 'utf8');
    expect(entry).toContain('__sipa_modules');
  });
});

describe('route chunks', () => {
  it('makes MDX that imports only shared modules into chunks without the bundler, named by content', async () => {
    const tmp = await tempDir();
    try {
      const code = (text: string) => `import {jsx as _jsx} from "react/jsx-runtime";\nexport default function MDXContent() {\n  return _jsx("p", { children: ${JSON.stringify(text)} });\n}`;
      const modules = new Map([
        ['docs/a.mdx', { code: code('a'), excerptCode: null, absPath: path.join(tmp.dir, 'docs/a.mdx'), key: 'a' }],
        ['docs/b.mdx', { code: code('b'), excerptCode: null, absPath: path.join(tmp.dir, 'docs/b.mdx'), key: 'b' }],
      ]);
      const sources = (): VirtualSources => ({
        modules,
        routeEntries: new Map([
          ['docs-a', { content: { kind: 'mdx', relPath: 'docs/a.mdx' } }],
          ['docs-b', { content: { kind: 'mdx', relPath: 'docs/b.mdx' } }],
        ]),
        siteData,
        customCss: [],
      });
      const artifacts = await testArtifacts(path.join(tmp.dir, 'cache'));
      const bundler = createClientBundler({ workDir: path.join(tmp.dir, 'work'), incremental: false, artifacts });
      const first = await bundler.bundle(sources(), path.join(tmp.dir, 'out1'), '/');
      expect(first.routesBundled).toBe(0);
      const chunk = await readFile(path.join(tmp.dir, 'out1', first.routes.get('docs-a')!.js), 'utf8');
      expect(chunk).not.toMatch(/^import /m);
      expect(chunk).toContain('globalThis.__sipa_modules["react/jsx-runtime"]');
      // The chunk runs against the registry the entry sets up.
      const registry = { 'react/jsx-runtime': { jsx: (type: string, props: { children: string }) => `<${type}>${props.children}</${type}>` } };
      const run = new Function('globalThis', chunk.replace('export default function', 'return function'));
      expect(run({ __sipa_modules: registry })()).toBe('<p>a</p>');

      modules.set('docs/b.mdx', { ...modules.get('docs/b.mdx')!, code: code('b2'), key: 'b2' });
      await artifacts.next();
      const edited = await bundler.bundle(sources(), path.join(tmp.dir, 'out2'), '/');
      expect(edited.routes.get('docs-a')).toEqual(first.routes.get('docs-a'));
      expect(edited.routes.get('docs-b')!.js).not.toBe(first.routes.get('docs-b')!.js);
      await bundler.dispose();
    } finally {
      await tmp.cleanup();
    }
  }, 60_000);

  it('bundles a page with imports of its own, caches it, rebuilds it when an imported file changes, and refuses a second React', async () => {
    const tmp = await tempDir();
    try {
      await mkdir(path.join(tmp.dir, 'docs'), { recursive: true });
      const helper = path.join(tmp.dir, 'docs', 'greeting.js');
      await writeFile(helper, 'export const greeting = "hello";\n');
      const page = { code: 'import {greeting} from "./greeting.js";\nexport default function Page() { return greeting; }', excerptCode: null, absPath: path.join(tmp.dir, 'docs/page.mdx'), key: 'page' };
      const modules = new Map([['docs/page.mdx', page]]);
      const sources = (): VirtualSources => ({
        modules,
        routeEntries: new Map([['docs-page', { content: { kind: 'mdx', relPath: 'docs/page.mdx' } }]]),
        siteData,
        customCss: [],
      });
      const artifacts = await testArtifacts(path.join(tmp.dir, 'cache'));
      const bundler = createClientBundler({ workDir: path.join(tmp.dir, 'work'), incremental: false, artifacts });
      const first = await bundler.bundle(sources(), path.join(tmp.dir, 'out1'), '/');
      expect(first.routesBundled).toBe(1);
      expect(await readFile(path.join(tmp.dir, 'out1', first.routes.get('docs-page')!.js), 'utf8')).toContain('hello');

      await artifacts.next();
      const warm = await bundler.bundle(sources(), path.join(tmp.dir, 'out2'), '/');
      expect(warm.routesBundled).toBe(0);
      expect(warm.routes).toEqual(first.routes);
      // A cached chunk is written to the new output too.
      expect(await readFile(path.join(tmp.dir, 'out2', warm.routes.get('docs-page')!.js), 'utf8')).toContain('hello');

      await writeFile(helper, 'export const greeting = "bonjour";\n');
      await artifacts.next();
      const edited = await bundler.bundle(sources(), path.join(tmp.dir, 'out3'), '/');
      expect(edited.routesBundled).toBe(1);
      expect(await readFile(path.join(tmp.dir, 'out3', edited.routes.get('docs-page')!.js), 'utf8')).toContain('bonjour');

      modules.set('docs/page.mdx', { ...page, code: 'import { createRoot } from "react-dom/client";\nexport default function B() { return String(createRoot); }', key: 'page-react' });
      await expect(bundler.bundle(sources(), path.join(tmp.dir, 'out4'), '/')).rejects.toThrow(/cannot import "react-dom\/client"/);
      await bundler.dispose();
    } finally {
      await tmp.cleanup();
    }
  }, 60_000);

  it('gives code that reads Node\'s `global` the browser\'s globalThis, as webpack does', async () => {
    const tmp = await tempDir();
    try {
      await mkdir(path.join(tmp.dir, 'docs'), { recursive: true });
      await writeFile(path.join(tmp.dir, 'docs', 'tick.js'), 'export const tick = typeof global.setImmediate === "function" ? "immediate" : "timeout";\n');
      const page = { code: 'import {tick} from "./tick.js";\nexport default function Page() { return tick; }', excerptCode: null, absPath: path.join(tmp.dir, 'docs/page.mdx'), key: 'page' };
      const sources: VirtualSources = { modules: new Map([['docs/page.mdx', page]]), routeEntries: new Map([['docs-page', { content: { kind: 'mdx', relPath: 'docs/page.mdx' } }]]), siteData, customCss: [] };
      const bundler = createClientBundler({ workDir: path.join(tmp.dir, 'work'), incremental: false, artifacts: await testArtifacts(path.join(tmp.dir, 'cache')) });
      const built = await bundler.bundle(sources, path.join(tmp.dir, 'out'), '/');
      await bundler.dispose();
      const chunk = await readFile(path.join(tmp.dir, 'out', built.routes.get('docs-page')!.js), 'utf8');
      expect(chunk).toContain('globalThis.setImmediate');
      expect(chunk).not.toMatch(/(?<![\w.$])global\./);
    } finally {
      await tmp.cleanup();
    }
  }, 60_000);
});

describe('the entry of an incremental (watch mode) bundler', () => {
  it('is written again without bundling while its files are unchanged, whatever the site data, and bundled when one changes', async () => {
    const tmp = await tempDir();
    const bundler = createClientBundler({ workDir: path.join(tmp.dir, 'work'), incremental: true, artifacts: await testArtifacts(null, { keepInMemory: true }) });
    try {
      const css = path.join(tmp.dir, 'custom.css');
      await writeFile(css, ':root { --watch-test: 1px; }\n');
      const sources = (data: object): VirtualSources => ({ modules: new Map(), routeEntries: new Map(), siteData: data, customCss: [css] });
      const out = (n: number) => path.join(tmp.dir, `out${n}`);
      const cssText = async (n: number, bundle: ClientBundle) => readFile(path.join(out(n), bundle.entry.css[0]!), 'utf8');

      const first = await bundler.bundle(sources(siteData), out(1), '/');
      expect(first.entryBundled).toBe(true);
      // A page edit leaves the entry's inputs as they were: the same entry, in the new output folder.
      const again = await bundler.bundle(sources({ ...siteData }), out(2), '/');
      expect(again.entryBundled).toBe(false);
      expect(again.entry).toEqual(first.entry);
      expect(await readFile(path.join(out(2), again.entry.js), 'utf8')).toBe(await readFile(path.join(out(1), first.entry.js), 'utf8'));

      // A file the entry is made of changed (same size, so only its time tells).
      await writeFile(css, ':root { --watch-test: 2px; }\n');
      const restyled = await bundler.bundle(sources(siteData), out(3), '/');
      expect(restyled.entryBundled).toBe(true);
      expect(await cssText(3, restyled)).toContain('2px');

      // The site data is a script of its own: another config writes another one, beside the same entry.
      const retitled = await bundler.bundle(sources({ ...siteData, title: 'Renamed' }), out(4), '/');
      expect(retitled.entryBundled).toBe(false);
      expect(retitled.entry).toEqual(restyled.entry);
      expect(await readFile(path.join(out(4), retitled.entry.js), 'utf8')).not.toContain('Renamed');
      expect(retitled.siteData).not.toBe(restyled.siteData);
      expect(retitled.files).toContain(retitled.siteData.slice(1));
      const script = await readFile(path.join(out(4), retitled.siteData), 'utf8');
      const window: Record<string, unknown> = {};
      new Function('window', script)(window);
      expect(window.__SIPA_SITE__).toEqual({ ...siteData, title: 'Renamed' });
    } finally {
      await bundler.dispose();
      await tmp.cleanup();
    }
  }, 60_000);
});

describe('the entries of an incremental bundler building a site in several locales', () => {
  it('are each written again without bundling while their files are unchanged, one base URL after another', async () => {
    const tmp = await tempDir();
    const bundler = createClientBundler({ workDir: path.join(tmp.dir, 'work'), incremental: true, artifacts: await testArtifacts(null, { keepInMemory: true }) });
    try {
      const sources: VirtualSources = { modules: new Map(), routeEntries: new Map(), siteData, customCss: [] };
      let n = 0;
      // Every build of a watch session bundles each locale at its base URL, in turn.
      const locales = async () => Promise.all([await bundler.bundle(sources, path.join(tmp.dir, `out${++n}`), '/'), await bundler.bundle(sources, path.join(tmp.dir, `out${++n}`, 'fr'), '/fr/')]);
      const [en, fr] = await locales();
      expect([en.entryBundled, fr.entryBundled]).toEqual([true, true]);
      expect(fr.entry.js).not.toBe(en.entry.js);
      const [enAgain, frAgain] = await locales();
      expect([enAgain.entryBundled, frAgain.entryBundled]).toEqual([false, false]);
      expect([enAgain.entry, frAgain.entry]).toEqual([en.entry, fr.entry]);
    } finally {
      await bundler.dispose();
      await tmp.cleanup();
    }
  }, 60_000);
});

describe('the entry of one-off bundlers', () => {
  it('is taken from an earlier build of any site with the same inputs, and bundled again when a file it was made from changes', async () => {
    const tmp = await tempDir();
    const cache = path.join(tmp.dir, 'cache');
    // A bundler per build, each with the store of its site, as separate `sipadocs build` runs have.
    const bundleOnce = async (siteId: string, sources: VirtualSources, out: string) => {
      const artifacts = await testArtifacts(cache, { siteId });
      const bundler = createClientBundler({ workDir: path.join(tmp.dir, 'work'), incremental: false, artifacts });
      try {
        return await bundler.bundle(sources, path.join(tmp.dir, out), '/');
      } finally {
        artifacts.endBuild(true);
        await bundler.dispose();
      }
    };
    const plain = (data: object): VirtualSources => ({ modules: new Map(), routeEntries: new Map(), siteData: data, customCss: [] });
    try {
      const first = await bundleOnce('a', plain(siteData), 'a');
      expect(first.entryBundled).toBe(true);
      // Another site, with another config: the same entry, written into its output, and its own site data.
      const other = await bundleOnce('b', plain({ ...siteData, title: 'Other' }), 'b');
      expect(other.entryBundled).toBe(false);
      expect(other.entry).toEqual(first.entry);
      for (const file of first.files.filter((f) => !f.includes('/site-'))) expect(await readFile(path.join(tmp.dir, 'b', file))).toEqual(await readFile(path.join(tmp.dir, 'a', file)));
      expect(other.siteData).not.toBe(first.siteData);

      // A site with a style sheet of its own has an entry of its own, made again when the sheet changes.
      const css = path.join(tmp.dir, 'site', 'custom.css');
      await mkdir(path.dirname(css), { recursive: true });
      await writeFile(css, ':root { --kept-test: 1px; }\n');
      const styled = (): VirtualSources => ({ ...plain(siteData), customCss: [css], siteDir: path.dirname(css) });
      const withCss = await bundleOnce('c', styled(), 'c');
      expect(withCss.entryBundled).toBe(true);
      expect((await bundleOnce('c', styled(), 'c2')).entryBundled).toBe(false);
      await writeFile(css, ':root { --kept-test: 2px; }\n');
      const restyled = await bundleOnce('c', styled(), 'c3');
      expect(restyled.entryBundled).toBe(true);
      expect(await readFile(path.join(tmp.dir, 'c3', restyled.entry.css[0]!), 'utf8')).toContain('2px');
    } finally {
      await tmp.cleanup();
    }
  }, 60_000);
});

describe('theme parts the theme does not render', () => {
  it('are left out of the entry and loaded, preloaded, by the pages that use them', async () => {
    const tmp = await tempDir();
    try {
      await mkdir(path.join(tmp.dir, 'docs'), { recursive: true });
      await writeFile(path.join(tmp.dir, 'docs', 'word.js'), 'export default "word";\n');
      const page = (imports: string[], body: string) =>
        [...imports, 'import {jsx as _jsx} from "react/jsx-runtime";', 'export default function MDXContent() {', `  return _jsx("p", { children: ${body} });`, '}'].join('\n');
      const modules = new Map([
        ['docs/plain.mdx', { code: page([], '"plain"'), excerptCode: null, absPath: path.join(tmp.dir, 'docs/plain.mdx'), key: 'plain' }],
        ['docs/head.mdx', { code: page(['import Head from "@docusaurus/Head";'], '_jsx(Head, {})'), excerptCode: null, absPath: path.join(tmp.dir, 'docs/head.mdx'), key: 'head' }],
        // A relative import: this page needs the bundler.
        ['docs/base.mdx', { code: page(['import useBaseUrl from "@docusaurus/useBaseUrl";', 'import word from "./word.js";'], 'useBaseUrl(word)'), excerptCode: null, absPath: path.join(tmp.dir, 'docs/base.mdx'), key: 'base' }],
      ]);
      const sources: VirtualSources = {
        modules,
        routeEntries: new Map(['plain', 'head', 'base'].map((name) => [`docs-${name}`, { content: { kind: 'mdx' as const, relPath: `docs/${name}.mdx` } }])),
        siteData,
        customCss: [],
      };
      const out = path.join(tmp.dir, 'out');
      const bundler = createClientBundler({ workDir: path.join(tmp.dir, 'work'), incremental: false, artifacts: await testArtifacts(path.join(tmp.dir, 'cache')) });
      const result = await bundler.bundle(sources, out, '/');
      await bundler.dispose();
      const read = (url: string) => readFile(path.join(out, url), 'utf8');
      // Head's own code (the attribute it marks its tags with) is in no file every page loads.
      const everyPage = await Promise.all([result.entry.js, ...result.entry.imports].map(read));
      expect(everyPage.some((text) => text.includes('data-sipa-head'))).toBe(false);

      const plain = result.routes.get('docs-plain')!;
      expect(plain.imports).toEqual([]);
      expect(await read(plain.js)).not.toContain('__sipa_load_modules');

      // A chunk without the bundler waits for Head before it reads it; the page preloads Head's chunk.
      const head = result.routes.get('docs-head')!;
      expect((await read(head.js)).split('\n')[0]).toBe('await globalThis.__sipa_load_modules(["@docusaurus/Head"]);');
      expect(head.imports.length).toBeGreaterThan(0);
      expect((await Promise.all(head.imports.map(read))).some((text) => text.includes('data-sipa-head'))).toBe(true);

      // A bundled chunk waits for its lazy modules too, and its page preloads them.
      const base = result.routes.get('docs-base')!;
      expect(await read(base.js)).toContain('__sipa_load_modules(["@docusaurus/useBaseUrl"])');
      expect(base.imports.some((url) => /useBaseUrl/.test(url))).toBe(true);
    } finally {
      await tmp.cleanup();
    }
  }, 60_000);
});
