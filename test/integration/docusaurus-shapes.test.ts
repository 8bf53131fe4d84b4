import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import fg from 'fast-glob';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

/**
 * Each Docusaurus project of test/fixtures/docusaurus-shapes is migrated and built with the CLI,
 * as a user would, and its pages are compared with the routes Docusaurus serves for it (the
 * fixture's expected-routes.json, see the README there).
 */
const SHAPES = ['docs-at-root', 'docs-plugin', 'two-instances', 'versions'];
const cli = (...args: string[]) => spawnSync(process.execPath, ['bin/sipadocs.js', ...args], { encoding: 'utf8', env: { ...process.env, CI: '1' } });

/** The routes of a built site, from its HTML files: "docs/x.html" is "/docs/x", "guides/index.html" "/guides/index", "index.html" "/". */
async function builtRoutes(out: string): Promise<string[]> {
  const files = await fg(['**/*.html'], { cwd: out });
  return files
    // "a/index/index.html" is the route "/a/index" (a doc with the slug "index"), as Docusaurus writes it.
    .map((file) => (file === 'index.html' ? '/' : `/${file.replace(/(\/index)?\.html$/, '')}`))
    .filter((route) => route !== '/404')
    .sort();
}

describe('Docusaurus projects of every shape migrate and build at Docusaurus\'s routes', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const built = new Map<string, { site: string; out: string; migrate: ReturnType<typeof cli>; build: ReturnType<typeof cli> }>();
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-shapes-');
    for (const shape of SHAPES) {
      const site = path.join(tmp.dir, shape);
      const out = path.join(tmp.dir, `${shape}-out`);
      const migrate = cli('migrate', path.join('test/fixtures/docusaurus-shapes', shape), '--out', site);
      const build = cli('build', '--site', site, '--out-dir', out);
      built.set(shape, { site, out, migrate, build });
    }
  }, 600_000);
  afterAll(() => tmp.cleanup());

  it.each(SHAPES)('%s: migrate and build exit 0, with Docusaurus\'s routes', async (shape) => {
    const { out, migrate, build } = built.get(shape)!;
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const expected = JSON.parse(await readFile(path.join('test/fixtures/docusaurus-shapes', shape, 'expected-routes.json'), 'utf8')) as string[];
    expect(await builtRoutes(out)).toEqual([...expected].sort());
  });

  it('docs-plugin: the plugin\'s path, sidebars and edit URL are those of the docs', async () => {
    const { out, migrate } = built.get('docs-plugin')!;
    expect(migrate.stdout).toContain('plugins.0: the docs plugin became a docs instance (handbook, at /manual)');
    const page = await readFile(path.join(out, 'manual/start.html'), 'utf8');
    expect(page).toContain('href="https://github.com/example/handbook/edit/main/website/handbook/start.md"');
    // The sidebar of sidebars.js, with its generated index.
    expect(page).toMatch(/<a[^>]*href="\/manual\/usage-overview"[^>]*>Usage<\/a>/);
  });

  it('two-instances: each instance has its own sidebar, and the navbar leads to both', async () => {
    const { out } = built.get('two-instances')!;
    const community = await readFile(path.join(out, 'community/help/faq.html'), 'utf8');
    const sidebar = /<nav[^>]*class="[^"]*sidebar[^"]*"[\s\S]*?<\/nav>/.exec(community)?.[0] ?? '';
    expect(sidebar).toContain('href="/community/help/support"');
    expect(sidebar).not.toContain('href="/docs/intro"');
    const home = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(home).toMatch(/<a[^>]*href="\/docs\/intro"[^>]*>Docs<\/a>/);
    expect(home).toMatch(/<a[^>]*href="\/community"[^>]*>Community<\/a>/);
  });

  it('versions: banners, badge and the version dropdown, a sitemap of every version and llms.txt of the last', async () => {
    const { out, migrate } = built.get('versions')!;
    expect(migrate.stdout).toContain('docs versions: Next, 2.0 (at the base path), 1.0.x');
    const next = await readFile(path.join(out, 'docs/next/intro.html'), 'utf8');
    expect(next).toMatch(/class="version-banner"[^>]*>.*which is not released yet/);
    expect(next).toMatch(/class="version-banner"[\s\S]*?<a href="\/docs\/intro">/);
    const old = await readFile(path.join(out, 'docs/1.0/old-api.html'), 'utf8');
    // 2.0 has no such doc: the banner leads to its main doc.
    expect(old).toMatch(/which is no longer maintained[\s\S]*?<a href="\/docs\/intro">/);
    expect(old).toMatch(/class="version-badge">Version: (<!-- -->)?1\.0\.x</);
    const latest = await readFile(path.join(out, 'docs/guide/setup.html'), 'utf8');
    expect(latest).not.toContain('class="version-banner"');
    // The dropdown on the latest doc: the same doc in each version that has it, else the version's main doc.
    const dropdown = /<ul class="dropdown__menu"[\s\S]*?<\/ul>/.exec(latest)?.[0] ?? '';
    expect([...dropdown.matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[2], m[1]])).toEqual([
      ['Next', '/docs/next/guide/setup'],
      ['2.0', '/docs/guide/setup'],
      ['1.0.x', '/docs/1.0/intro'],
      ['All versions', '/versions'],
    ]);
    const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://versioned.example/docs/intro</loc>');
    // Every version's pages, each under its own address, as in Docusaurus's sitemap.
    expect(sitemap).toContain('<loc>https://versioned.example/docs/next/intro</loc>');
    expect(sitemap).toContain('<loc>https://versioned.example/docs/1.0/old-api</loc>');
    const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
    expect(llms).toContain('(https://versioned.example/docs/intro.md)');
    expect(llms).not.toMatch(/docs\/(next|1\.0)\//);
  });
});
