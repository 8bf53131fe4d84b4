// A config key whose whole value comes from a module of the project (jest's `import i18n from
// './i18n.mjs'`) is read from that module, in the sandbox; a module outside the project is not.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveModuleValues } from '../../../src/docusaurus/moduleValues.js';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { evaluateFile } from '../../../src/docusaurus/sandbox.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let project: string;

beforeAll(async () => {
  tmp = await tempDir();
  project = path.join(tmp.dir, 'website');
  await mkdir(project);
  await writeFile(
    path.join(project, 'docusaurus.config.mjs'),
    [
      "import i18n from './i18n.mjs';",
      "import outside from '../outside.mjs';",
      "import { labels } from './labels.mjs';",
      "import themeLight from './src/prism/themeLight';",
      "export default { title: 'T', i18n, outside, labels, themeConfig: { prism: { theme: themeLight } } };",
    ].join('\n'),
  );
  await writeFile(path.join(project, 'i18n.mjs'), "const locales = ['en', 'fr'];\nexport default { defaultLocale: 'en', locales };\n");
  await writeFile(path.join(project, 'labels.mjs'), "export const labels = { en: 'English' };\n");
  // As jest's: a prism theme made from one of prism-react-renderer's, required without its extension.
  await mkdir(path.join(project, 'src', 'prism'), { recursive: true });
  await writeFile(
    path.join(project, 'src', 'prism', 'themeLight.js'),
    "const {themes} = require('prism-react-renderer');\nconst base = themes.github;\nmodule.exports = { plain: Object.assign(base.plain, {backgroundColor: '#f6f6f6'}), styles: [...base.styles, {types: ['string'], style: {color: '#c21325'}}] };\n",
  );
  await writeFile(path.join(tmp.dir, 'outside.mjs'), "export default { secret: 'x' };\n");
});

afterAll(() => tmp?.cleanup());

describe('config values kept in a module of the project', () => {
  it('are evaluated from that module, and only inside the project', async () => {
    const configFile = path.join(project, 'docusaurus.config.mjs');
    const config = await evaluateFile(configFile, { timeoutMs: 5000 });
    const asked: string[] = [];
    const mayRead = (what: string, file: string) => (asked.push(what), !path.relative(project, file).startsWith('..'));
    const notes = new MigrationNotes();
    const resolved = (await resolveModuleValues(config, configFile, ['i18n', 'outside', 'labels'], { timeoutMs: 5000, mayRead }, notes)) as Record<string, unknown>;
    expect(resolved.i18n).toEqual({ defaultLocale: 'en', locales: ['en', 'fr'] });
    expect(notes.carried).toEqual(['i18n: read from ./i18n.mjs, evaluated in the sandbox as the config is']);
    // Outside the project: asked, refused, left a stub.
    expect(asked).toEqual(['i18n from ./i18n.mjs', 'outside from ../outside.mjs']);
    expect(resolved.outside).toEqual({ $module: '../outside.mjs', $from: '../outside.mjs' });
    // A named import is a part of the module, not the module: left as it is.
    expect(resolved.labels).toEqual((config as Record<string, unknown>).labels);
  });

  it('reads a value at a dotted path from a module required without its extension, whose stubs it spreads', async () => {
    const configFile = path.join(project, 'docusaurus.config.mjs');
    const config = await evaluateFile(configFile, { timeoutMs: 5000 });
    const notes = new MigrationNotes();
    const resolved = (await resolveModuleValues(config, configFile, ['themeConfig.prism.theme', 'themeConfig.prism.darkTheme'], { timeoutMs: 5000, mayRead: () => true }, notes)) as { themeConfig: { prism: { theme: unknown } } };
    expect(resolved.themeConfig.prism.theme).toEqual({
      plain: { $module: 'prism-react-renderer.themes.github.plain', $from: 'prism-react-renderer' },
      // A stub spread as a list gives one stub.
      styles: [{ $module: 'prism-react-renderer.themes.github.styles.0', $from: 'prism-react-renderer' }, { types: ['string'], style: { color: '#c21325' } }],
    });
    expect(notes.carried).toEqual(['themeConfig.prism.theme: read from ./src/prism/themeLight, evaluated in the sandbox as the config is']);
  });
});
