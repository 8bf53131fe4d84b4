import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { routeToHtmlFile } from '../../src/shared/paths.js';
import { silentLogger, tempDir } from '../helpers.js';
import { linkTargetsOfBuild } from './linkTargets.js';
import { API_CLASSES, GUIDES, SPEC_ROUTES } from '../specRoutes.js';

describe('the Sipa site', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let logger: ReturnType<typeof silentLogger>;
  beforeAll(async () => {
    tmp = await tempDir();
    out = path.join(tmp.dir, 'build');
    logger = silentLogger();
    await buildOnce({ siteDir: 'site', outDir: out, logger });
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('writes the routes of the spec (15 API pages, 17 guides, 2 category pages, the blog, home and markdown page) and the 404 page, no other', async () => {
    const written = (await fg('**/*.html', { cwd: out })).sort();
    expect(written).toEqual([...SPEC_ROUTES.map(routeToHtmlFile), '404.html'].sort());
    expect(written.filter((file) => file.startsWith('docs/api/'))).toHaveLength(API_CLASSES.length);
    expect(written.filter((file) => file.startsWith('docs/guides/'))).toHaveLength(GUIDES.length);
  });

  it.each(SPEC_ROUTES)('writes %s as server-rendered HTML', async (route) => {
    const html = await readFile(path.join(out, routeToHtmlFile(route)), 'utf8');
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<title>[^<]*SIPA[^<]*<\/title>|<title>Sipa/);
    // Real content inside the server-rendered root, not an empty shell.
    const body = html.slice(html.indexOf('<div id="__sipa">'), html.indexOf('<script id="__SIPA_ROUTE__"'));
    expect(body.replace(/<[^>]+>/g, '').trim().length).toBeGreaterThan(200);
    expect(body).toContain('Skip to main content');
  });

  it('writes a 404 page', async () => {
    expect((await stat(path.join(out, '404.html'))).isFile()).toBe(true);
  });

  it('checked links against exactly the ids and <a name> an HTML parser finds on each page', async () => {
    const pages = await linkTargetsOfBuild(out);
    expect(pages.length).toBe(SPEC_ROUTES.length + 1);
    for (const page of pages) expect(page.checked, page.file).toEqual(page.parsed);
  });

  it('builds without warnings', () => {
    expect(logger.lines.filter((line) => line.startsWith('warning'))).toEqual([]);
  });

  it('links the navbar to the overview and Sipa docs and the footer to the community tag', async () => {
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(html).toContain('href="/docs/guides/overview"');
    expect(html).toContain('href="/docs/api/Sipa"');
    expect(html).toContain('href="https://stackoverflow.com/questions/tagged/sipa-js"');
    expect(html).toMatch(/LGPLv3/);
    expect(html).toMatch(/2025/);
  });
});
