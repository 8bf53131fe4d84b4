// A plugin from the registry through the plugin API: docusaurus-plugin-typedoc (a devDependency)
// writes the API's pages when it is made, in the plugin's body, and the build picks them up as
// docs (test/fixtures/plugins-typedoc). TypeDoc resolves its paths from the working folder, as
// `docusaurus build` runs in the site folder: the copy's config is given them absolute.
import { readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, type BuildResult } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

describe('docusaurus-plugin-typedoc', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let result: BuildResult;
  const read = (file: string) => readFile(path.join(out, file), 'utf8');

  beforeAll(async () => {
    tmp = await tempDir();
    const siteDir = await copyFixture('plugins-typedoc', tmp.dir);
    await symlink(path.resolve('node_modules'), path.join(siteDir, 'node_modules'), 'dir');
    const config = path.join(siteDir, 'sipadocs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace(/'\.\/(src\/index\.ts|tsconfig\.json|docs\/api)'/g, (_match, rel: string) => JSON.stringify(path.join(siteDir, rel))));
    out = path.join(tmp.dir, 'out');
    result = await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('builds the pages the plugin writes as docs, with the sources\' comments', async () => {
    const mix = await read('docs/api/functions/mix.html');
    expect(mix).toContain('<h1 id="function-mix">Function: mix()</h1>');
    expect(mix).toContain('Mixes two colours, half of each.');
    expect(await read('docs/api/interfaces/Colour.html')).toContain('Red, from 0 to 255.');
  });

  it('leaves the plugin\'s extendCli (a command of its own) out without a warning: it writes nothing a build needs', () => {
    expect(result.warnings.join('\n')).not.toContain('docusaurus-plugin-typedoc');
  });
});
