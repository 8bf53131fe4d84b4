import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { installAvailablePackages } from '../sitePackages.js';

const FIXTURE = path.resolve('test/fixtures/docusaurus3-project');
const CLI = path.resolve('bin/sipadocs.js');

/**
 * The routes Docusaurus 3 builds for the fixture, by its rules: pages at their path in src/pages
 * (index at "/"); docs at "/docs/" + their path without extension, `slug: index` resolved against
 * the doc's folder like a URL ("/docs/tutorials/index", not the folder's route); posts named by
 * date under their date, others at their path; the tag, archive and authors pages; 404.
 */
const DOCUSAURUS_ROUTES = [
  '/',
  '/legacy', // a React page whose hook sipadocs does not provide: a page saying so keeps its route
  '/supporters',
  '/docs/intro',
  '/docs/guides/install',
  '/docs/guides/first-store',
  '/docs/tutorials/index', // docs/tutorials/counter.md, `slug: index`
  '/docs/tutorials/todo-list',
  '/docs/reference/api',
  '/blog',
  '/blog/2024/03/01/lumen-1-0',
  '/blog/design-notes', // no date in its name or front matter: dated by its file
  '/blog/archive',
  '/blog/authors',
  '/blog/tags',
  '/blog/tags/release',
  '/blog/tags/design',
  '/404',
].sort();

const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CI: '1' } });

/** Every file of a folder (but the output and the cache) with a hash of its content. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = await fg(['**/*'], { cwd: dir, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: ['build/**', 'node_modules/**'] });
  const entries = await Promise.all(files.sort().map(async (file) => [file, createHash('sha256').update(await readFile(path.join(dir, file))).digest('hex')]));
  return Object.fromEntries(entries);
}

/** The routes of a build's pages, from its HTML files ("a/index/index.html" is the route "/a/index"). */
async function routesOf(out: string): Promise<string[]> {
  const html = await fg(['**/*.html'], { cwd: out });
  return html.map((file) => (file === 'index.html' ? '/' : `/${file.replace(/(\/index)?\.html$/, '')}`)).sort();
}

/** What a reader reads of a page: the text of its main part, scripts and styles left out, white space collapsed. */
function mainText(html: string): string {
  const document = parseDocument(html);
  const main = DomUtils.findOne((element) => element.name === 'main', document.children) ?? DomUtils.findOne((element) => element.name === 'body', document.children);
  const strip = (nodes: typeof document.children) => nodes.filter((node) => !('name' in node) || !['script', 'style', 'noscript'].includes(node.name));
  const text = (nodes: typeof document.children): string => strip(nodes).map((node) => ('children' in node ? text(node.children as typeof document.children) : 'data' in node && node.type === 'text' ? node.data : '')).join(' ');
  return text(main ? [main] : []).replace(/\s+/g, ' ').trim();
}

describe('sipadocs build in a Docusaurus 3 project where it stands', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let project: string;
  let before: Record<string, string>;
  let build: ReturnType<typeof cli>;
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-in-place-');
    project = path.join(tmp.dir, 'lumen-docs');
    await cp(FIXTURE, project, { recursive: true });
    // What `npm install` gives it (but Docusaurus itself, which a build in place does not need).
    await installAvailablePackages(project, { transitive: ['clsx'] });
    before = await snapshot(project);
    build = cli(project, 'build');
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('builds with `sipadocs build` and nothing else, into build/, listing once what it leaves out', () => {
    expect(build.status).toBe(0);
    // Warnings go to the error stream; this one is the only one.
    expect(build.stderr.match(/^warning: /gm)).toHaveLength(1);
    const report = build.stderr;
    expect(report.match(/things? this build leaves out or reads differently/g)).toHaveLength(1);
    expect(report).toContain('React page src/pages/legacy.js (route /legacy): it uses @theme/hooks/useUserPreferencesContext, which sipadocs does not provide');
    expect(report).toContain('src/pages/supporters.json: not in the project');
  });

  it('gives every page the route Docusaurus gives it', async () => {
    expect(await routesOf(path.join(project, 'build'))).toEqual(DOCUSAURUS_ROUTES);
  });

  it('reads values the config takes from the project\'s modules and package.json, and runs its remark plugin', async () => {
    const home = await readFile(path.join(project, 'build', 'index.html'), 'utf8');
    expect(mainText(home)).toContain('A tiny state library, version 1.4.0');
    expect(mainText(home)).toContain('Latest release: 1.4.0');
    // An SVG the page imports is a component drawing it, as Docusaurus's SVGR loader makes it.
    expect(home).toMatch(/<svg [^>]*class="wordmark"[^>]*>/);
    expect(home).toMatch(/<svg [^>]*style="fill-rule:evenodd;stroke-width:2"[^>]*width="120"[^>]*>|<svg [^>]*width="120"[^>]*style="fill-rule:evenodd;stroke-width:2"/);
    expect(home).toMatch(/<title>Lumen<\/title>\s*<defs><circle id="dot" cx="16" cy="16" r="12"\/><\/defs>/);
    expect(home).toContain('<use xlink:href="#dot" fill="#7a3fd1"/>');
    const intro = await readFile(path.join(project, 'build', 'docs', 'intro.html'), 'utf8');
    expect(intro).toMatch(/href="https:\/\/www\.npmjs\.com\/package\/lumen"[^>]*>npm</);
    expect(intro).toContain('Copyright © Lumen authors. Version 1.4.0.');
    expect(intro).toContain('class="footer__note">Lumen is released under the MIT licence.</p>');
    const install = await readFile(path.join(project, 'build', 'docs', 'guides', 'install.html'), 'utf8');
    expect(install).toMatch(/role="tab"[^>]*>npm</);
    expect(install).toMatch(/role="tab"[^>]*>Yarn</);
    const firstStore = await readFile(path.join(project, 'build', 'docs', 'guides', 'first-store.html'), 'utf8');
    expect(mainText(firstStore)).not.toContain('highlight-next-line');
    expect(await readFile(path.join(project, 'build', 'docs', 'reference', 'api.html'), 'utf8')).toContain('<span class="badge badge--primary">stable</span>');
  });

  it('writes a link that differs from a route only in letter case with the route\'s case, as Docusaurus\'s router reads it', async () => {
    expect(await readFile(path.join(project, 'build', 'docs', 'tutorials', 'todo-list.html'), 'utf8')).toContain('href="/docs/guides/first-store"');
  });

  it('writes links with a trailing slash, as Docusaurus content often has them, without it: the site has no trailing slashes', async () => {
    expect(await readFile(path.join(project, 'build', 'docs', 'intro.html'), 'utf8')).toContain('href="/docs/tutorials/todo-list"');
  });

  it('passes check-links, which serves the build as a static host does', () => {
    const result = cli(project, 'check-links');
    expect(result.stdout + result.stderr).toMatch(/Checked \d+ links in .*: none broken/);
    expect(result.status).toBe(0);
  }, 120_000);

  it('keeps the routes of what it cannot build with a page saying why, and builds a page without the data a script makes', async () => {
    expect(mainText(await readFile(path.join(project, 'build', 'legacy.html'), 'utf8'))).toContain('@theme/hooks/useUserPreferencesContext');
    expect(mainText(await readFile(path.join(project, 'build', 'supporters.html'), 'utf8'))).toContain('No supporters listed yet.');
  });

  it('changes nothing of the project but its build/ and its cache', async () => {
    expect(await snapshot(project)).toEqual(before);
  });

  it('replaces a build/ that Docusaurus wrote, as Docusaurus would', async () => {
    const copy = path.join(tmp.dir, 'docusaurus-built');
    await cp(project, copy, { recursive: true, filter: (file) => !file.includes(`${path.sep}build`) });
    const out = path.join(copy, 'build');
    await mkdir(path.join(out, 'assets', 'js'), { recursive: true });
    await writeFile(path.join(out, 'index.html'), '<!doctype html><html><head><meta name="generator" content="Docusaurus v3.6.0"><title>Lumen</title></head><body></body></html>');
    await writeFile(path.join(out, 'assets', 'js', 'runtime~main.1a2b3c4d.js'), '(()=>{})();');
    await writeFile(path.join(out, 'assets', 'js', 'main.5e6f7a8b.js'), '(()=>{})();');
    await writeFile(path.join(out, 'sitemap.xml'), '<urlset/>');
    const result = cli(copy, 'build');
    expect(result.status).toBe(0);
    expect(result.stderr.match(/^warning: /gm)).toHaveLength(1);
    expect(result.stderr).not.toContain('not written by sipadocs');
    const files = await fg(['**/*'], { cwd: out, dot: true });
    expect(files).not.toContain('assets/js/runtime~main.1a2b3c4d.js');
    expect(files).not.toContain('assets/js/main.5e6f7a8b.js');
    expect(await routesOf(out)).toEqual(DOCUSAURUS_ROUTES);
  }, 180_000);

  it('refuses a build/ that neither sipadocs nor Docusaurus wrote, and leaves it as it was', async () => {
    const copy = path.join(tmp.dir, 'foreign-build');
    await cp(project, copy, { recursive: true, filter: (file) => !file.includes(`${path.sep}build`) });
    await mkdir(path.join(copy, 'build'));
    await writeFile(path.join(copy, 'build', 'notes.txt'), 'mine');
    const beforeCopy = await snapshot(copy);
    const result = cli(copy, 'build');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('OUTPUT_DIR_REFUSED');
    expect(await fg(['**/*'], { cwd: path.join(copy, 'build'), dot: true })).toEqual(['notes.txt']);
    expect(await snapshot(copy)).toEqual(beforeCopy);
  }, 60_000);

  describe('and through migrate', () => {
    let migrated: string;
    let out: string;
    beforeAll(async () => {
      migrated = path.join(tmp.dir, 'migrated');
      out = path.join(tmp.dir, 'migrated-build');
      const migration = cli(tmp.dir, 'migrate', project, '--out', migrated);
      expect(migration.stderr).toBe('');
      expect(migration.status).toBe(0);
      await installAvailablePackages(migrated);
      const result = cli(tmp.dir, 'build', '--site', migrated, '--out-dir', out);
      expect(result.stderr).not.toMatch(/error/);
      expect(result.status).toBe(0);
    }, 240_000);

    it('lists the project\'s packages in the new package.json, but Docusaurus\'s own, and those its content imports', async () => {
      const manifest = JSON.parse(await readFile(path.join(migrated, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
      expect(manifest.dependencies).toEqual({
        '@docusaurus/remark-plugin-npm2yarn': '^3.6.0',
        // Not listed by the project (Docusaurus brings it in), imported by a doc only.
        clsx: '*',
        'prism-react-renderer': '^2.4.1',
        react: '^18.3.1',
        'react-dom': '^18.3.1',
      });
      expect(manifest.devDependencies).toEqual({ typescript: '~5.9.0' });
      // With the project's lockfile, so that npm installs the versions the project had.
      expect(await readFile(path.join(migrated, 'package-lock.json'), 'utf8')).toBe(await readFile(path.join(project, 'package-lock.json'), 'utf8'));
    });

    it('builds the same routes with the same text on every page', async () => {
      const inPlace = path.join(project, 'build');
      const routes = await routesOf(inPlace);
      expect(await routesOf(out)).toEqual(routes);
      for (const file of await fg(['**/*.html'], { cwd: inPlace })) {
        expect(mainText(await readFile(path.join(out, file), 'utf8')), file).toBe(mainText(await readFile(path.join(inPlace, file), 'utf8')));
      }
    });
  });
});
