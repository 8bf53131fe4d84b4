/**
 * A Docusaurus config without a preset (title, url, baseUrl and nothing else) beside a docs folder:
 * Docusaurus has no docs plugin then, so it builds no docs. The migrated config named a sidebars file
 * that was never written, and the build then failed with "Fix the syntax error"; a config that names
 * a missing sidebars file now says so.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { migrateProject } from '../../src/migrate/migrate.js';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

describe('migrating a config without a preset', () => {
  it('writes a config that names no sidebars file, and the site builds', async () => {
    const project = path.join(tmp.dir, 'no-preset');
    await mkdir(path.join(project, 'docs'), { recursive: true });
    await writeFile(path.join(project, 'docusaurus.config.js'), "module.exports = { title: 'No preset', url: 'https://no-preset.example', baseUrl: '/' };\n");
    await writeFile(path.join(project, 'docs/intro.md'), '---\ntitle: Intro\n---\n\nHello.\n');
    await writeFile(path.join(project, 'package.json'), '{ "name": "no-preset", "private": true, "dependencies": { "@docusaurus/core": "3.9.2" } }\n');

    const outDir = path.join(tmp.dir, 'no-preset-sipadocs');
    const result = await migrateProject({ projectDir: project, outDir, verify: false });
    expect(result.problems.map((problem) => problem.message)).toEqual([]);
    expect(result.written).not.toContain('sidebars.ts');
    const config = await readFile(path.join(outDir, 'sipadocs.config.ts'), 'utf8');
    expect(config).not.toMatch(/sidebarPath/);

    const built = await buildOnce({ siteDir: outDir, outDir: path.join(tmp.dir, 'no-preset-build'), logger: silentLogger() });
    expect(built.pages).toBeGreaterThan(0);
  }, 120_000);
});

describe('a config whose sidebarPath names a file that is not there', () => {
  it('fails with SIDEBARS_INVALID naming the file and the config, not a syntax error', async () => {
    const site = await copyFixture('basic', path.join(tmp.dir, 'missing-sidebars'));
    const configFile = path.join(site, 'sipadocs.config.ts');
    await writeFile(configFile, (await readFile(configFile, 'utf8')).replace("sidebarPath: './sidebars.ts'", "sidebarPath: './sidebars-gone.ts'"));
    const error = await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, 'missing-sidebars-build'), logger: silentLogger() }).then(
      () => null,
      (e: unknown) => e,
    );
    const problem = error instanceof SiteErrors ? error.errors[0] : error;
    expect(problem).toBeInstanceOf(SiteError);
    expect(problem).toMatchObject({ code: 'SIDEBARS_INVALID', location: { file: expect.stringMatching(/sipadocs\.config\.ts$/) } });
    expect((problem as SiteError).message).toBe('docs.sidebarPath names ./sidebars-gone.ts, which does not exist');
    expect((problem as SiteError).hint).toMatch(/remove sidebarPath/);
  }, 120_000);
});
