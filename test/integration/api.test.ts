/** The programmatic API: the commands as functions that return results and never exit. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, checkLinks, init, serve, SiteErrors } from '../../src/index.js';
import { loadConfig } from '../../src/config/load.js';
import { tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  tmp = await tempDir('sipadocs-api-');
});
afterAll(async () => {
  await tmp?.cleanup();
});

describe('build, serve, checkLinks and init as functions', () => {
  it('scaffolds a site, builds it, serves it and checks its links', async () => {
    const site = path.join(tmp.dir, 'site');
    const made = await init(site);
    expect(made.files).toContain('sipadocs.config.ts');
    // Its categories start closed, so its pages stay small as the site grows.
    expect((await loadConfig(site)).docs.sidebarCollapsed).toBe(true);
    const out = path.join(tmp.dir, 'build');
    const result = await build({ site, outDir: out, quiet: true });
    expect(result.outDir).toBe(out);
    expect(result.pages).toBeGreaterThan(5);
    expect(Object.keys(result.timings)).toContain('render');

    const links = await checkLinks(out);
    expect(links.broken).toEqual([]);
    expect(links.checked).toBeGreaterThan(5);

    const server = await serve({ site, outDir: out, port: 0 });
    try {
      const page = await fetch(new URL('docs/getting-started/introduction', server.url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Introduction');
    } finally {
      await server.close();
    }
    await expect(init(site)).rejects.toMatchObject({ code: 'INIT_NOT_EMPTY' });
  }, 120_000);

  it('rejects with every content problem and leaves the process alone', async () => {
    const site = path.join(tmp.dir, 'broken');
    await init(site);
    await writeFile(path.join(site, 'docs', 'getting-started', 'introduction.md'), '---\ntitle: [unclosed\n---\n');
    const error = await build({ site, outDir: path.join(tmp.dir, 'broken-out'), quiet: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SiteErrors);
    const [problem] = (error as SiteErrors).errors;
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', location: { file: expect.stringContaining('introduction.md') } });
    expect(problem!.location!.line).toBeGreaterThan(0);
    expect(process.exitCode ?? 0).toBe(0);
  }, 120_000);
});
