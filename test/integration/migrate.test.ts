import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { silentLogger, tempDir } from '../helpers.js';

const FIXTURE = 'test/fixtures/docusaurus2-project';

/**
 * The routes Docusaurus 2 builds for the fixture, worked out from its documented rules:
 * - pages: a file of src/pages is served at its path without extension, index at its folder;
 * - docs: "/docs/" + the doc's folder and file name with number prefixes stripped (01-, 02-), the
 *   front-matter id replacing the file name, a relative slug resolved against the folder, and a
 *   file named index (or README, or like its folder) served at the folder's route;
 * - generated category indexes: "/docs/category/" + the slug of the category label;
 * - blog: a post named YYYY-MM-DD-name gets "/blog/YYYY/MM/DD/name" unless its front matter has a
 *   slug; the list is paginated by postsPerPage (2 in the fixture), as is each tag's list; tags
 *   are at "/blog/tags/<tag>", all tags at "/blog/tags", the archive at "/blog/archive";
 * - 404.html is written for every site.
 */
const DOCUSAURUS_ROUTES = [
  '/', // src/pages/index.js
  '/about', // src/pages/about.js
  '/markdown-page', // src/pages/markdown-page.md
  '/search', // themeConfig.algolia: the search page of Algolia's theme
  '/docs/intro', // docs/intro.md
  '/docs/installation', // docs/installation.md
  '/docs/category/basics', // sidebars.js: category "Basics" with link generated-index
  '/docs/basics/create-a-new-project', // docs/basics/01-create-a-new-project.md: prefix stripped
  '/docs/basics/create-a-new-page', // docs/basics/02-create-a-new-page.mdx
  '/docs/basics/build-your-project', // docs/basics/03-build.md: slug "build-your-project", relative to basics/
  '/docs/advanced/project-configuration', // docs/advanced/project-configuration.md
  '/docs/advanced/hooks', // docs/advanced/cli-hooks.md: id "hooks"
  '/docs/api', // docs/api/index.md: an index serves its folder's route
  '/docs/api/sipa-page', // docs/api/sipa-page.md
  '/docs/api/sipa-state', // docs/api/sipa-state.md
  '/docs/category/helpers', // docs/api/02-helpers/_category_.json: label "Helpers", link generated-index
  '/docs/api/helpers/sipa-url', // docs/api/02-helpers/sipa-url.md: folder prefix stripped
  '/docs/api/helpers/sipa-helper', // docs/api/02-helpers/sipa-helper.md
  '/blog', // the first page of the list: the two newest posts
  '/blog/page/2', // the third post
  '/blog/2023/05/16/new-docs-site', // blog/2023-05-16-new-docs-site.md: date in the name, no slug
  '/blog/why-no-bundler', // blog/2024-06-02-why-no-bundler.mdx: slug "why-no-bundler"
  '/blog/2025/11/20/sipa-0-9-50', // blog/2025-11-20-sipa-0-9-50.md: date in the name, no slug
  '/blog/tags', // every tag
  '/blog/tags/docs', // new-docs-site
  '/blog/tags/sipa', // all three posts: two on the first page...
  '/blog/tags/sipa/page/2', // ...and the third on the second
  '/blog/tags/design', // why-no-bundler
  '/blog/tags/release', // sipa-0-9-50
  '/blog/archive',
  '/404',
].sort();

/** Every file of a folder with a hash of its content, to prove that nothing in it changed. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = await fg(['**/*'], { cwd: dir, dot: true, onlyFiles: true });
  const entries = await Promise.all(files.sort().map(async (file) => [file, createHash('sha256').update(await readFile(path.join(dir, file))).digest('hex')]));
  return Object.fromEntries(entries);
}

const cli = (...args: string[]) => spawnSync(process.execPath, ['bin/sipadocs.js', ...args], { encoding: 'utf8' });

describe('sipadocs migrate on a Docusaurus 2 project', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: string;
  let before: Record<string, string>;
  let migration: ReturnType<typeof cli>;
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-migrate-');
    site = path.join(tmp.dir, 'site');
    before = await snapshot(FIXTURE);
    migration = cli('migrate', FIXTURE, '--out', site);
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('writes the site and exits 0, reporting what it could not carry over and why', () => {
    expect(migration.stderr).toBe('');
    expect(migration.status).toBe(0);
    const report = migration.stdout;
    expect(report).toContain('  - plugin @docusaurus/plugin-ideal-image as images.idealImage (PNG and JPEG imports resized with sharp, for @theme/IdealImage)');
    expect(report).toContain('swizzled component Footer (src/theme/Footer) replaces the theme\'s Footer');
    // @docusaurus/Link and useDocusaurusContext are provided; clsx, an npm package of the project, goes into the site's package.json.
    expect(report).toContain('React page src/pages/index.js → src/pages/index.jsx (route /)');
    expect(report).toContain('package.json lists the project\'s packages but Docusaurus\'s own, with their versions (left out: @docusaurus/core, @docusaurus/module-type-aliases, @docusaurus/plugin-ideal-image, @docusaurus/preset-classic)');
    expect(report).toContain(`npm install --prefix ${site}`);
    // Its title, computed, reaches the page when it renders.
    expect(report).not.toContain('<Layout title={…}>');
    // The locale dropdown is carried (with one locale, it shows nothing, as in Docusaurus).
    expect(report).not.toContain('themeConfig.navbar.items.4: type "localeDropdown"');
    expect(report).toContain('src/css/custom.css: --ifm-color-primary, --ifm-color-primary-dark, --ifm-code-font-size style the theme (colours, fonts, sizes) and the Infima classes of the site\'s React pages');
    expect(report).toContain('src/css/custom.css: its Infima variables --ifm-breadcrumb-spacing: the sipadocs theme does not read them');
    expect(report).toContain('React page src/pages/about.js → src/pages/about.jsx (route /about)');
    expect(report).toContain(`npx sipadocs build --site ${site}`);
  });

  it('copies index docs and dated posts as they are: sipadocs gives them the Docusaurus routes itself', async () => {
    for (const file of ['docs/api/index.md', 'blog/2023-05-16-new-docs-site.md', 'blog/2025-11-20-sipa-0-9-50.md']) {
      expect(await readFile(path.join(site, file), 'utf8'), file).toBe(await readFile(path.join(FIXTURE, file), 'utf8'));
    }
    expect(migration.stdout).not.toMatch(/slug ".*" keeps its Docusaurus route/);
  });

  it('leaves the Docusaurus project exactly as it was', async () => {
    expect(await snapshot(FIXTURE)).toEqual(before);
  });

  it('writes a config and sidebars that type-check against the sipadocs API', async () => {
    const tsconfig = path.join(tmp.dir, 'tsconfig.json');
    await writeFile(tsconfig, JSON.stringify({
      extends: path.resolve('tsconfig.json'),
      compilerOptions: { baseUrl: path.resolve('.'), paths: { sipadocs: ['./src/index.ts'] }, types: [] },
      include: [],
      files: [path.join(site, 'sipadocs.config.ts'), path.join(site, 'sidebars.ts')],
    }));
    const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', tsconfig], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  describe('the migrated site', () => {
    let out: string;
    let routes: string[];
    beforeAll(async () => {
      out = path.join(tmp.dir, 'build');
      // What `npm install` gives it: the packages it lists (clsx) are this checkout's too.
      await symlink(path.resolve('node_modules'), path.join(site, 'node_modules'), 'dir');
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger(), persistentCache: false });
      const html = await fg(['**/*.html'], { cwd: out });
      routes = html.map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`)).sort();
    }, 180_000);

    it('builds, with exactly the routes Docusaurus 2 gives the project', () => {
      expect(routes).toEqual(DOCUSAURUS_ROUTES);
    });

    it('carries the React page that uses only what sipadocs provides, with its title, component and styles', async () => {
      const html = await readFile(path.join(out, 'about.html'), 'utf8');
      expect(html).toContain('<title>About Sipa | Sipa</title>');
      expect(html).toContain('<meta name="description" content="Who makes Sipa, and what it stands for.">');
      expect(html).toContain('<h2 class="sipa-card__title">No build while you develop</h2>');
      expect(html).toMatch(/class="about_cards[^"]*"/);
    });

    it('carries the home page with the package it imports, its styles and its computed title, and the swizzled Footer', async () => {
      const html = await readFile(path.join(out, 'index.html'), 'utf8');
      expect(html).toContain('<title>Hello from Sipa</title>');
      expect(html).toMatch(/<header class="hero hero--primary \w+_heroBanner_[0-9a-f]{6}">/);
      expect(html).toContain('<a href="/docs/intro" class="button button--secondary button--lg">Get started in five minutes</a>');
      for (const file of ['index.html', 'about.html', 'docs/intro.html']) {
        expect(await readFile(path.join(out, file), 'utf8'), file).toMatch(/<footer class="footer">.*<\/footer><p class="footer__licence">Sipa is free software under the LGPLv3\.<\/p>/s);
      }
    });

    it('translates the navbar, footer, announcement bar and edit links', async () => {
      const html = await readFile(path.join(out, 'docs/api/sipa-page.html'), 'utf8');
      const nav = html.slice(html.indexOf('<nav class="navbar'), html.indexOf('</nav>'));
      for (const [label, href] of [['Guides', '/docs/intro'], ['API', '/docs/api'], ['Blog', '/blog'], ['About', '/about']]) {
        expect(nav).toMatch(new RegExp(`href="${href}"[^>]*>${label}<`));
      }
      // The API item is marked active on the pages of its sidebar.
      expect(nav).toMatch(/href="\/docs\/api" class="navbar__link navbar__link--active"/);
      expect(nav).toMatch(/href="\/docs\/intro" class="navbar__link"/);
      expect(html).toContain('href="https://github.com/sipa-js/sipa-js.github.io/tree/main/docs/api/sipa-page.md"');
      expect(html).toContain('Stack Overflow');
      expect(html).toMatch(/Sipa 0\.9\.50 is out: read the(<!-- -->)? <a href="\/blog\/2025\/11\/20\/sipa-0-9-50">release notes!<\/a>/);
    });

    it('passes check-links', () => {
      const result = cli('check-links', out);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    }, 120_000);
  });
});

describe('sipadocs migrate refuses what it cannot do', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-migrate-errors-');
  });
  afterAll(() => tmp.cleanup());

  it('refuses a non-empty output folder with exit code 2 and writes nothing into it', async () => {
    const out = path.join(tmp.dir, 'taken');
    await mkdir(out);
    await writeFile(path.join(out, 'notes.txt'), 'mine');
    const result = cli('migrate', FIXTURE, '--out', out);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('error MIGRATE_OUT_NOT_EMPTY');
    expect(await fg(['**/*'], { cwd: out, dot: true })).toEqual(['notes.txt']);
  });

  it('refuses an output folder inside the project with exit code 2', () => {
    const result = cli('migrate', FIXTURE, '--out', path.join(FIXTURE, 'site'));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/inside the Docusaurus project/);
  });

  it('exits 1 naming the file and line when the config throws, and writes nothing', async () => {
    const project = path.join(tmp.dir, 'broken');
    await cp(FIXTURE, project, { recursive: true });
    const configFile = path.join(project, 'docusaurus.config.js');
    const text = await readFile(configFile, 'utf8');
    await writeFile(configFile, text.replace("  baseUrl: '/',", "  baseUrl: process.env.SIPADOCS_NO_SUCH_VARIABLE.trim(),"));
    const line = text.split('\n').findIndex((l) => l.startsWith('  baseUrl:')) + 1;
    const out = path.join(tmp.dir, 'broken-out');
    const result = cli('migrate', project, '--out', out);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${configFile}:${line}:`);
    expect(result.stderr).toContain('error DOCUSAURUS_LOAD_FAILED');
    expect(await fg(['*'], { cwd: tmp.dir, onlyDirectories: true })).not.toContain('broken-out');
  });

  it('exits 1 for a folder that is not a Docusaurus project, and 2 without one', () => {
    const notDocusaurus = cli('migrate', 'test/fixtures/basic', '--out', path.join(tmp.dir, 'x'));
    expect(notDocusaurus.status).toBe(1);
    expect(notDocusaurus.stderr).toContain('error DOCUSAURUS_NOT_FOUND');
    expect(cli('migrate').status).toBe(2);
  });
});
