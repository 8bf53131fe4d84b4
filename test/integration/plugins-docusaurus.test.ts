// A Docusaurus project's own plugins (test/fixtures/docusaurus-plugins) through the plugin API:
// a function written in the config, a local plugin imported by the config, one listed by its
// path. Built where it stands, each runs; migrated, the files are copied and listed in the new
// config, and the function written in the config is reported with what to do.
import { cp, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateProject, type MigrateResult } from '../../src/migrate/migrate.js';
import { buildOnce, type BuildResult } from '../../src/pipeline/build.js';
import { silentLogger, tempDir } from '../helpers.js';

const FIXTURE = 'test/fixtures/docusaurus-plugins';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

describe('a Docusaurus project with plugins, built where it stands', () => {
  let out: string;
  let result: BuildResult;
  const read = (file: string) => readFile(path.join(out, file), 'utf8');

  beforeAll(async () => {
    const project = path.join(tmp.dir, 'in-place');
    await cp(FIXTURE, project, { recursive: true });
    out = path.join(tmp.dir, 'in-place-out');
    result = await buildOnce({ siteDir: project, outDir: out, logger: silentLogger() });
  }, 120_000);

  it('runs the function written in the config: its route, with its data module and its global data', async () => {
    const html = await read('changelog.html');
    expect(html).toContain('<ul id="entries"><li>Added plugins</li><li>Fixed the sidebar</li></ul>');
    expect(html).toContain('<p id="latest">Latest: <!-- -->Added plugins</p>');
  });

  it('runs the local plugin the config imports, with its options, after the output is written', async () => {
    expect(await read('word-count.txt')).toBe('15 words\n');
  });

  it('runs the plugin listed by its path', async () => {
    expect(await read('index.html')).toContain('<meta name="plugged" content="yes">');
  });

  it('no longer lists the plugins as left out', () => {
    expect(result.warnings.join('\n')).not.toMatch(/plugin .*(changelog|word-count|head-tags)/);
  });
});

describe('a Docusaurus project with plugins, migrated', () => {
  let site: string;
  let result: MigrateResult;
  let built: BuildResult;

  beforeAll(async () => {
    site = path.join(tmp.dir, 'migrated');
    result = await migrateProject({ projectDir: FIXTURE, outDir: site });
    await symlink(path.resolve('node_modules'), path.join(site, 'node_modules'), 'dir');
    built = await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, 'migrated-out'), logger: silentLogger() });
  }, 120_000);

  it('copies the local plugins and lists them in the new config with their options', async () => {
    const config = await readFile(path.join(site, 'sipadocs.config.ts'), 'utf8');
    expect(config).toContain("plugins: [['./plugins/word-count', { label: 'words' }], './plugins/head-tags.js']");
    expect(await readFile(path.join(site, 'plugins/word-count/index.js'), 'utf8')).toContain('wordCountPlugin');
  });

  it('reports the plugin written in the Docusaurus config, saying what to do', () => {
    const item = result.notes.notCarriedItems.find((note) => note.item.includes('changelogPlugin'));
    expect(item?.reason).toMatch(/^a plugin written in the Docusaurus config: move it to a file of the site/);
  });

  it('builds with the carried plugins running', async () => {
    expect(await readFile(path.join(tmp.dir, 'migrated-out', 'word-count.txt'), 'utf8')).toBe('15 words\n');
    expect(built.pages).toBeGreaterThan(0);
  });
});
