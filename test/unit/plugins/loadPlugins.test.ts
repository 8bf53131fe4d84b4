import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeConfig } from '../../../src/config/normalize.js';
import { loadPlugins, pluginContext } from '../../../src/plugins/loadPlugins.js';
import { tempDir } from '../../helpers.js';

// A plugin module as Docusaurus's are written: its function, and a validateOptions export that
// checks the options with its schema (Joi's shape: validate(value, options) → { value, error })
// and fills their defaults, which the function then relies on.
const PLUGIN = `
const schema = {
  validate(value, options) {
    if (options.convert !== false) throw new Error('converted');
    if (value.label !== undefined && typeof value.label !== 'string') return { value, error: new Error('"label" must be a string') };
    return { value: { label: 'Search', paths: ['docs'], ...value } };
  },
};
module.exports = function searchPlugin(context, options) {
  return { name: 'search-plugin', options, paths: options.paths.map((p) => p.replace(/^\\//, '')) };
};
module.exports.validateOptions = ({ validate, options }) => validate(schema, options);
`;

describe('loadPlugins', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
    await writeFile(path.join(tmp.dir, 'search-plugin.js'), PLUGIN);
  });
  afterAll(() => tmp.cleanup());

  const load = (options?: Record<string, unknown>) => {
    const config = normalizeConfig({ title: 'T', url: 'https://t.example', plugins: [options ? ['./search-plugin.js', options] : './search-plugin.js'] }, tmp.dir, path.join(tmp.dir, 'sipadocs.config.ts'));
    return loadPlugins(config, pluginContext(config, path.join(tmp.dir, 'out'), path.join(tmp.dir, 'generated')));
  };

  it('gives a plugin the options its module\'s validateOptions returns, defaults filled and the id kept, as Docusaurus does', async () => {
    const [withNone] = await load();
    expect(withNone!.options).toEqual({ label: 'Search', paths: ['docs'], id: 'default' });
    const [withSome] = await load({ label: 'Find', id: 'second' });
    expect(withSome!.options).toEqual({ label: 'Find', paths: ['docs'], id: 'second' });
  });

  it('is a PLUGIN_FAILED error naming validateOptions when the options do not pass the schema', async () => {
    await expect(load({ label: 3 })).rejects.toMatchObject({ code: 'PLUGIN_FAILED', message: expect.stringMatching(/search-plugin\.js.* failed in validateOptions: "label" must be a string$/) });
  });
});
