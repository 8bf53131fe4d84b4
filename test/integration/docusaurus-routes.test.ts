/**
 * A Docusaurus 3 project of every shape this suite knows (links to markdown files in each form,
 * reference definitions, a broken anchor, the client-redirects plugin, dated, slugged, undated and
 * paginated blog routes, authors pages, navbar items of every type) migrates and builds, and the
 * built site has the routes Docusaurus gives it (test/fixtures/docusaurus-routes/expected-routes.json).
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { migrateProject } from '../../src/migrate/migrate.js';
import { buildOnce } from '../../src/pipeline/build.js';
import { silentLogger, tempDir } from '../helpers.js';

const FIXTURE = 'test/fixtures/docusaurus-routes';

/** Every HTML file of a built site, by route. */
async function htmlFiles(dir: string, prefix = ''): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relPath = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory() && entry.name !== '_sipa') for (const [route, file] of await htmlFiles(dir, relPath)) found.set(route, file);
    else if (entry.isFile() && entry.name.endsWith('.html')) found.set(relPath === 'index.html' ? '/' : `/${relPath.slice(0, -'.html'.length)}`, path.join(dir, relPath));
  }
  return found;
}

/** The site's pages and redirects as Docusaurus would list them: pages by route, redirects by address. */
async function builtRoutes(out: string): Promise<{ pages: string[]; redirects: Record<string, string> }> {
  const pages: string[] = [];
  const redirects: Record<string, string> = {};
  for (const [route, file] of await htmlFiles(out)) {
    const html = await readFile(file, 'utf8');
    const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(html);
    if (refresh) redirects[route] = refresh[1]!;
    else pages.push(route);
  }
  // An address that is a page's own file (/x.html) is a redirect of _redirects only.
  for (const line of (await readFile(path.join(out, '_redirects'), 'utf8')).split('\n')) {
    const [from, to, status] = line.split(/\s+/);
    if (status === '301' && from && to && !from.includes('*')) redirects[from] ??= to;
  }
  return { pages: pages.sort(), redirects };
}

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: string;
let out: string;
let carried: string[];
let checked: { pages: number; warnings: string[] } | undefined;
let notCarried: string[];
let logger: ReturnType<typeof silentLogger>;

beforeAll(async () => {
  tmp = await tempDir('sipadocs-docusaurus-routes-');
  const result = await migrateProject({ projectDir: FIXTURE, outDir: path.join(tmp.dir, 'site') });
  site = result.outDir;
  carried = result.notes.carried;
  checked = result.build;
  notCarried = result.notes.notCarriedItems.map((n) => `${n.item}: ${n.reason}`);
  expect(result.problems).toEqual([]);
  out = path.join(tmp.dir, 'out');
  logger = silentLogger();
  await buildOnce({ siteDir: site, outDir: out, logger });
}, 180_000);
afterAll(() => tmp.cleanup());

describe('a Docusaurus 3 project of every shape, migrated and built', () => {
  it('has the routes and redirects Docusaurus gives it', async () => {
    const expected = JSON.parse(await readFile(path.join(FIXTURE, 'expected-routes.json'), 'utf8')) as { pages: string[]; redirects: Record<string, string> };
    const built = await builtRoutes(out);
    expect(built.pages).toEqual(expected.pages);
    expect(built.redirects).toEqual(expected.redirects);
  });

  it('resolves links to markdown files in every form, reference definitions included', async () => {
    const html = await readFile(path.join(out, 'docs/intro.html'), 'utf8');
    const content = /<article[\s\S]*?<\/article>/.exec(html)![0];
    for (const link of [
      '<a href="/docs/guides/setup#install">the setup</a>',
      '<a href="/docs/guides/nested/deep">the deep page</a>',
      '<a href="/docs/cli/cache-delete#usage">cache delete</a>',
      '<a href="/docs/podman">podman</a>',
      '<a href="/docs/settings/node-modules">its settings</a>',
    ]) {
      expect(content).toContain(link);
    }
    expect(content).not.toMatch(/href="[^"]*\.md/);
    // From a nested doc, a path from the docs folder.
    expect(await readFile(path.join(out, 'docs/guides/nested/deep.html'), 'utf8')).toContain('<a href="/docs/settings/node-modules">settings</a>');
  });

  it('warns about the broken anchor, as Docusaurus 3 does by default, at its line and column', () => {
    expect(logger.lines).toContain(`warning: ${path.relative(process.cwd(), path.join(site, 'docs/intro.md'))}:9:3: broken link on /docs/intro → /docs/guides/setup#nope (missing anchor)`);
    expect(logger.lines.filter((line) => line.startsWith('warning:'))).toHaveLength(1);
  });

  it("shows an author's socials as links to their profiles, on the authors pages and on posts", async () => {
    const links = [
      '<a class="author__social" href="https://github.com/jane-example" target="_blank" rel="noopener noreferrer">GitHub</a>',
      '<a class="author__social" href="https://x.com/janex" target="_blank" rel="noopener noreferrer">X</a>',
    ];
    for (const file of ['blog/authors.html', 'blog/authors/jane.html', 'blog/2024/01/15/first-post.html']) {
      const html = await readFile(path.join(out, file), 'utf8');
      for (const link of links) expect(html, file).toContain(link);
    }
  });

  it("makes an author's picture a link to where their name leads, for the pointer only", async () => {
    const toPage = '<a href="/blog/authors/jane" class="author__image-link" aria-hidden="true" tabindex="-1"><img class="author__image" src="/img/logo.svg"';
    for (const file of ['blog/authors.html', 'blog/2024/01/15/first-post.html']) expect(await readFile(path.join(out, file), 'utf8'), file).toContain(toPage);
    // On the author's own page, the card at its head links neither their name nor their picture.
    expect(await readFile(path.join(out, 'blog/authors/jane.html'), 'utf8')).toContain('<div class="author author--card"><img class="author__image" src="/img/logo.svg"');
  });

  it('writes redirect pages and keeps the site\'s own _redirects lines first', async () => {
    const page = await readFile(path.join(out, 'old-intro.html'), 'utf8');
    expect(page).toContain('<link rel="canonical" href="https://routes.example/docs/intro">');
    expect(page).toContain('<meta name="robots" content="noindex">');
    const lines = (await readFile(path.join(out, '_redirects'), 'utf8')).split('\n');
    expect(lines.slice(0, 2)).toEqual(["# The site's own redirects, which sipadocs keeps.", '/en/*  /:splat  301']);
    expect(lines).toContain('/docs/intro.html /docs/intro 301');
  });

  it('built the result to check it, and says it builds, with its warning', () => {
    expect(checked).toEqual({ pages: 27, warnings: [expect.stringContaining('broken link on /docs/intro → /docs/guides/setup#nope (missing anchor)')] });
  });

  it('reports the plugin as carried, and nothing as not carried', () => {
    expect(carried).toContain('@docusaurus/plugin-client-redirects: 2 redirects, fromExtensions html, as redirect pages and _redirects');
    expect(notCarried).toEqual([]);
  });
});

describe('the broken anchor under each setting', () => {
  /** Migrates the fixture with its config's onBrokenAnchors set (or its package.json's Docusaurus version changed). */
  async function migrateWith(name: string, change: (config: string, manifest: string) => [string, string]): Promise<string> {
    const project = path.join(tmp.dir, `${name}-project`);
    await import('node:fs/promises').then(({ cp }) => cp(FIXTURE, project, { recursive: true }));
    const [config, manifest] = change(await readFile(path.join(project, 'docusaurus.config.js'), 'utf8'), await readFile(path.join(project, 'package.json'), 'utf8'));
    await writeFile(path.join(project, 'docusaurus.config.js'), config);
    await writeFile(path.join(project, 'package.json'), manifest);
    return (await migrateProject({ projectDir: project, outDir: path.join(tmp.dir, `${name}-site`), verify: false })).outDir;
  }
  const setting = (value: string) => (config: string, manifest: string): [string, string] => [config.replace("onBrokenLinks: 'throw',", `onBrokenLinks: 'throw',\n  onBrokenAnchors: '${value}',`), manifest];
  const build = async (dir: string) => {
    const log = silentLogger();
    await buildOnce({ siteDir: dir, outDir: `${dir}-out`, logger: log });
    return log.lines;
  };
  const intro = (dir: string) => path.relative(process.cwd(), path.join(dir, 'docs/intro.md'));

  it("'throw' fails the build at the link, and migrate says so: it exits 1 listing the problem", async () => {
    const dir = await migrateWith('throw', setting('throw'));
    const cli = spawnSync(process.execPath, ['bin/sipadocs.js', 'migrate', path.join(tmp.dir, 'throw-project'), '--out', path.join(tmp.dir, 'throw-cli')], { encoding: 'utf8' });
    expect(cli.status).toBe(1);
    expect(cli.stdout).toContain('The migrated site does not build yet (1 problem):');
    // The report names files from the working folder, or in full outside it.
    const file = path.join(tmp.dir, 'throw-cli/docs/intro.md');
    const shown = path.relative(process.cwd(), file).startsWith('..') ? file : path.relative(process.cwd(), file);
    expect(cli.stdout).toContain(`${shown}:9:3: error BROKEN_LINKS: broken link on /docs/intro → /docs/guides/setup#nope (missing anchor)`);
    const error = await buildOnce({ siteDir: dir, outDir: `${dir}-out`, logger: silentLogger() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteErrors);
    const errors = (error as SiteErrors).errors as SiteError[];
    expect(errors.map((e) => [e.code, e.location])).toEqual([['BROKEN_LINKS', { file: intro(dir), line: 9, column: 3 }]]);
  }, 120_000);

  it("'log' prints it, 'ignore' says nothing, and a Docusaurus 2 project, which did not check anchors, ignores it", async () => {
    const logged = await build(await migrateWith('log', setting('log')));
    expect(logged.some((line) => !line.startsWith('warning:') && line.includes('(missing anchor)'))).toBe(true);
    expect(logged.some((line) => line.startsWith('warning:'))).toBe(false);
    for (const dir of [await migrateWith('ignore', setting('ignore')), await migrateWith('v2', (config, manifest) => [config, manifest.replaceAll('^3.5.2', '^2.4.3')])]) {
      expect((await build(dir)).some((line) => line.includes('missing anchor'))).toBe(false);
    }
    const v2Config = await readFile(path.join(tmp.dir, 'v2-site/sipadocs.config.ts'), 'utf8');
    expect(v2Config).toContain("onBrokenAnchors: 'ignore'");
    // Docusaurus 2 makes no authors pages either.
    expect(v2Config).toContain('authorsPages: false');
    await expect(readFile(path.join(tmp.dir, 'v2-site-out/blog/authors.html'))).rejects.toThrow();
  }, 180_000);
});

describe('a blog at the site root', () => {
  it('has its lists, tags, archive and authors at the root, as Docusaurus puts them', async () => {
    const project = path.join(tmp.dir, 'root-blog-project');
    const { cp, rm } = await import('node:fs/promises');
    await cp(FIXTURE, project, { recursive: true });
    await rm(path.join(project, 'src/pages/index.md'));
    const config = path.join(project, 'docusaurus.config.js');
    await writeFile(config, (await readFile(config, 'utf8')).replace('postsPerPage: 2,', "postsPerPage: 2,\n          routeBasePath: '/',").replace("{ label: 'Blog', to: '/blog' }", "{ label: 'Blog', to: '/' }"));
    const dir = (await migrateProject({ projectDir: project, outDir: path.join(tmp.dir, 'root-blog-site'), verify: false })).outDir;
    await buildOnce({ siteDir: dir, outDir: `${dir}-out`, logger: silentLogger() });
    const { pages } = await builtRoutes(`${dir}-out`);
    const blogPages = pages.filter((route) => !route.startsWith('/docs') && route !== '/about' && route !== '/404');
    expect(blogPages).toEqual([
      '/', '/2024/01/15/first-post', '/2024/02/20/second', '/2024/3/5/short-date', '/archive', '/authors', '/authors/jane', '/authors/jane/authors/2', '/authors/john',
      '/custom-slug', '/nested/absolute', '/news/launch', '/page/2', '/page/3', '/tags', '/tags/news', '/tags/release', '/tags/release/page/2',
    ]);
  }, 120_000);
});

describe('a project with a baseUrl', () => {
  it('shows authors\' images under the base URL on the authors pages and posts, and passes check-links', async () => {
    const project = path.join(tmp.dir, 'base-url-project');
    const { cp } = await import('node:fs/promises');
    await cp(FIXTURE, project, { recursive: true });
    const config = path.join(project, 'docusaurus.config.js');
    await writeFile(config, (await readFile(config, 'utf8')).replace("baseUrl: '/',", "baseUrl: '/routes/',"));
    // check-links knows no setting for the broken anchor: this copy links to an anchor that is there.
    const intro = path.join(project, 'docs/intro.md');
    await writeFile(intro, (await readFile(intro, 'utf8')).replace('#nope', '#install'));
    const dir = (await migrateProject({ projectDir: project, outDir: path.join(tmp.dir, 'base-url-site'), verify: false })).outDir;
    await buildOnce({ siteDir: dir, outDir: `${dir}-out`, logger: silentLogger() });
    const imagesOf = async (file: string) => [...(await readFile(path.join(`${dir}-out`, file), 'utf8')).matchAll(/<img class="author__image" src="([^"]+)"/g)].map((m) => m[1]);
    for (const file of ['blog/authors.html', 'blog/authors/jane.html', 'blog/2024/01/15/first-post.html']) {
      expect(await imagesOf(file), file).toEqual(expect.arrayContaining(['/routes/img/logo.svg']));
      expect((await imagesOf(file)).filter((src) => !src.startsWith('/routes/')), file).toEqual([]);
    }
    const check = spawnSync(process.execPath, ['bin/sipadocs.js', 'check-links', `${dir}-out`], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 180_000);
});
