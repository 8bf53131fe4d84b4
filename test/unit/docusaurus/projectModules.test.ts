// A config value kept in a module of the project (jest's `import i18n from './i18n.mjs'`, a
// navbar's icon paths from `./src/components/socialIconPaths`) is read from that module, evaluated
// in the sandbox with the config; a module outside what may be read stays a stub.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  // As jest's: a prism theme made from one of prism-react-renderer's, required without its extension.
  await mkdir(path.join(project, 'src', 'prism'), { recursive: true });
  await writeFile(
    path.join(project, 'src', 'prism', 'themeLight.js'),
    "const {themes} = require('prism-react-renderer');\nconst base = themes.github;\nmodule.exports = { plain: Object.assign(base.plain, {backgroundColor: '#f6f6f6'}), styles: [...base.styles, {types: ['string'], style: {color: '#c21325'}}] };\n",
  );
  await writeFile(path.join(project, 'i18n.mjs'), "const locales = ['en', 'fr'];\nexport default { defaultLocale: 'en', locales };\n");
  await writeFile(path.join(project, 'labels.mjs'), "export const labels = { en: 'English' };\n");
  await writeFile(path.join(tmp.dir, 'outside.mjs'), "export default { secret: 'x' };\n");
});

afterAll(() => tmp?.cleanup());

describe('config values kept in a module of the project', () => {
  it('are evaluated from that module, default and named exports alike, and only inside the project', async () => {
    const asked: string[] = [];
    const mayRead = (what: string, file: string) => (asked.push(what), !path.relative(project, file).startsWith('..'));
    const config = (await evaluateFile(path.join(project, 'docusaurus.config.mjs'), { timeoutMs: 5000, mayRead })) as Record<string, unknown>;
    expect(config.i18n).toEqual({ defaultLocale: 'en', locales: ['en', 'fr'] });
    expect(config.labels).toEqual({ en: 'English' });
    // Outside the project: asked, refused, left a stub.
    expect(asked.sort()).toEqual(["require('../outside.mjs') in docusaurus.config.mjs", "require('./i18n.mjs') in docusaurus.config.mjs", "require('./labels.mjs') in docusaurus.config.mjs", "require('./src/prism/themeLight') in docusaurus.config.mjs"]);
    expect(JSON.stringify(config.outside)).not.toContain('secret');
    expect(config.outside).toMatchObject({ $from: '../outside.mjs' });
  });

  it('reads a module required without its extension, whose package stubs it spreads', async () => {
    const config = (await evaluateFile(path.join(project, 'docusaurus.config.mjs'), { timeoutMs: 5000, mayRead: () => true })) as { themeConfig: { prism: { theme: unknown } } };
    expect(config.themeConfig.prism.theme).toEqual({
      plain: { $module: 'prism-react-renderer.themes.github.plain', $from: 'prism-react-renderer' },
      // A stub spread as a list gives one stub.
      styles: [{ $module: 'prism-react-renderer.themes.github.styles.0', $from: 'prism-react-renderer' }, { types: ['string'], style: { color: '#c21325' } }],
    });
  });
});
