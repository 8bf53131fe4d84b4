import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginFactory } from '../../../src/config/pluginApi.js';
import { normalizeConfig } from '../../../src/config/normalize.js';
import { runPlugins } from '../../../src/plugins/runPlugins.js';
import { tempDir } from '../../helpers.js';

describe('runPlugins', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('has the folder of generated files made before a plugin writes in it from configureWebpack, as docusaurus-lunr-search does', async () => {
    // The folder @generated names, written to at once (docusaurus-lunr-search's lunr.client.js).
    const writesClient: PluginFactory = () => ({
      name: 'writes-client',
      configureWebpack(config) {
        const generated = (config as { resolve: { alias: Record<string, string> } }).resolve.alias['@generated']!;
        return writeFile(path.join(generated, 'client.js'), 'export default 1;\n').then(() => ({}));
      },
    });
    const config = normalizeConfig({ title: 'T', url: 'https://t.example', plugins: [writesClient] }, tmp.dir, path.join(tmp.dir, 'sipadocs.config.ts'));
    const generated = path.join(tmp.dir, 'cache', 'plugins');
    const outcome = await runPlugins(config, path.join(tmp.dir, 'out'), generated);
    expect(await readFile(path.join(generated, 'client.js'), 'utf8')).toBe('export default 1;\n');
    expect(outcome.aliases['@generated']).toBe(generated);
  });
});
