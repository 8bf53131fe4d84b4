// migrate of a Docusaurus 3 project that extends Docusaurus as real ones do (test/fixtures/
// docusaurus3-extensions, modelled on jest's website): remark and rehype plugins from npm in the
// docs, blog and pages options; React pages with packages of their own, a class component reading
// the `config` prop, <Head>, <Translate>, a CSS module and a JSON file the project generates before
// building; swizzled components sipadocs can and cannot take. The new site lists its packages in a
// package.json and builds once they are installed.
import { readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateProject, type MigrateResult } from '../../src/migrate/migrate.js';
import { formatReport } from '../../src/migrate/report.js';
import { buildOnce } from '../../src/pipeline/build.js';
import { silentLogger, tempDir } from '../helpers.js';

const FIXTURE = 'test/fixtures/docusaurus3-extensions';
const payloadOf = (html: string) => JSON.parse(/<script id="__SIPA_ROUTE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);

describe('migrate of a Docusaurus 3 project with plugins, React pages and swizzled components', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: string;
  let result: MigrateResult;
  let report: string;
  const read = (file: string) => readFile(path.join(site, file), 'utf8');

  beforeAll(async () => {
    tmp = await tempDir('sipadocs-migrate-extensions-');
    site = path.join(tmp.dir, 'site');
    result = await migrateProject({ projectDir: FIXTURE, outDir: site });
    report = formatReport(result, tmp.dir);
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('reports as not carried only what cannot come across', () => {
    expect(result.problems).toEqual([]);
    expect(result.notes.notCarriedItems.map(({ item }) => item).sort()).toEqual(['swizzled component Navbar (src/theme/Navbar)']);
    expect(report).toContain('swizzled component Navbar (src/theme/Navbar): it uses @docusaurus/theme-common/internal, which sipadocs does not provide');
    // The theme has DocItem/Layout: the project's wrapper of it is carried.
    expect(report).toContain("swizzled component DocItem/Layout (src/theme/DocItem/Layout) replaces the theme's DocItem/Layout");
  });

  it('writes the plugins into sipadocs.config.ts as imports of their packages, where Docusaurus had them', async () => {
    const config = await read('sipadocs.config.ts');
    expect(config).toMatch(/^import remarkPluginNpm2yarn from '@docusaurus\/remark-plugin-npm2yarn';\nimport rehypeExternalLinks from 'rehype-external-links';\n/);
    expect(config).toContain("remarkPlugins: [[remarkPluginNpm2yarn, { sync: true }]]");
    expect(config).toContain("rehypePlugins: [[rehypeExternalLinks, { rel: ['external'] }]]");
    expect(config).toMatch(/pages: \{ path: 'src\/pages', remarkPlugins: \[\[remarkPluginNpm2yarn, \{ sync: true \}\]\] \}/);
  });

  it('lists the project\'s packages in a package.json with their versions, but Docusaurus\'s own, and says to install them', async () => {
    expect(JSON.parse(await read('package.json')).dependencies).toEqual({
      '@docusaurus/remark-plugin-npm2yarn': '^3.0.0',
      clsx: '^2.1.1',
      react: '^19.0.0',
      'react-dom': '^19.0.0',
      'rehype-external-links': '^3.0.0',
    });
    expect(report).toContain('left out: @docusaurus/core, @docusaurus/preset-classic');
    expect(report).toContain(`Install the packages its package.json lists (@docusaurus/remark-plugin-npm2yarn, clsx, react, react-dom, rehype-external-links), then build it:\n  npm install --prefix site\n  npx sipadocs build --site site`);
  });

  it('writes an empty list for the JSON file the project generates before building, naming its script', async () => {
    expect(await read('backers.json')).toBe('[]\n');
    expect(report).toContain('backers.json: not in the project, written by fetchBackers.js before Docusaurus builds; an empty list takes its place');
    // The component imports it by its path in the new site.
    expect(await read('src/components/Backers.jsx')).toContain("import backers from '../../backers.json';");
  });

  it('carries the swizzled Footer with the part it imports through @theme/', async () => {
    expect(await read('src/theme/Footer/index.jsx')).toContain("import Note from '@theme/Footer/Note';");
    expect(await read('src/theme/Footer/Note.jsx')).toContain('Widgets are made by volunteers.');
  });

  describe('the new site, its packages installed', () => {
    let out: string;
    const page = (file: string) => readFile(path.join(out, file), 'utf8');
    beforeAll(async () => {
      // What `npm install` gives it: the packages it lists are this checkout's too.
      await symlink(path.resolve('node_modules'), path.join(site, 'node_modules'), 'dir');
      out = path.join(tmp.dir, 'out');
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger(), persistentCache: false });
    }, 180_000);

    it('renders the home page: the config prop, <Head>\'s title, Translate, clsx and the CSS module', async () => {
      const html = await page('index.html');
      expect(html).toContain('<title>Widgets · Widgets for everyone</title>');
      expect(html).toMatch(/<header class="hero hero--primary \w+_banner_[0-9a-f]{6}"><div class="container"><h1 class="hero__title">Widgets<\/h1>/);
      expect(html).toContain('<a href="/docs/intro" class="button button--secondary button--lg">Get started</a>');
      expect(html).toContain('<p>Backed by many people</p><ul class="backers"></ul>');
    });

    it('renders the help page with the site\'s name as its title', async () => {
      const html = await page('help.html');
      expect(html).toContain('<title>Widgets</title>');
      expect(html).toContain('<div class="container margin-vert--lg"><h1>Need help?</h1></div>');
    });

    it('runs npm2yarn on the docs and the pages, and the blog\'s rehype plugin on the blog', async () => {
      for (const file of ['docs/install.html', 'install.html']) {
        const tabs = [...(await page(file)).matchAll(/<button [^>]*role="tab"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
        expect(tabs, file).toEqual(['npm', 'Yarn', 'pnpm', 'Bun']);
      }
      expect(await page('blog/2024/05/01/hello.html')).toContain('<a href="https://github.com/widgets/widgets" rel="external">on GitHub</a>');
      // A doc no plugin changes stays on the fast path.
      expect(payloadOf(await page('docs/intro.html')).data.staticHtml).toBe(true);
    });

    it('renders the swizzled Footer on every page', async () => {
      for (const file of ['index.html', 'help.html', 'docs/intro.html', 'blog/2024/05/01/hello.html']) {
        expect(await page(file), file).toContain('<p class="footer-note">Widgets are made by volunteers.</p><footer class="footer">');
      }
    });
  });
});
