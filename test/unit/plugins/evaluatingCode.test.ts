import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginClientRoots, pluginCodeThatEvaluates } from '../../../src/plugins/evaluatingCode.js';
import { tempDir } from '../../helpers.js';

describe('pluginCodeThatEvaluates', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const file = (rel: string) => path.join(tmp.dir, rel);
  beforeAll(async () => {
    tmp = await tempDir();
    const files: Record<string, string> = {
      'theme/SearchBar/index.jsx': 'import("./DocSearch");\nexport default function SearchBar() { return null; }\n',
      'theme/SearchBar/DocSearch.js': 'import "templates";\n',
      'node_modules/templates/index.js': 'export const compile = (code) => new Function("c", code);\n',
      'node_modules/live/index.js': 'export const run = (code) => eval(code);\n',
      'node_modules/quiet/index.js': 'export const retrieval = (x) => x.eval(1); const evaluated = 2;\n',
      'src/page.js': 'import "live";\n',
      'client/module.js': 'import "quiet";\n',
    };
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(file(rel)), { recursive: true });
      await writeFile(file(rel), text);
    }
  });
  afterAll(() => tmp.cleanup());

  const graph = () =>
    new Map([
      ['sipa:entry', [file('theme/SearchBar/index.jsx'), file('src/page.js'), file('client/module.js')]],
      [file('theme/SearchBar/index.jsx'), [file('theme/SearchBar/DocSearch.js')]],
      [file('theme/SearchBar/DocSearch.js'), [file('node_modules/templates/index.js')]],
      [file('node_modules/templates/index.js'), []],
      [file('src/page.js'), [file('node_modules/live/index.js')]],
      [file('node_modules/live/index.js'), []],
      [file('client/module.js'), [file('node_modules/quiet/index.js')]],
      [file('node_modules/quiet/index.js'), []],
    ]);

  it('finds `new Function` in a package a plugin\'s theme folder imports, through a lazy import', async () => {
    expect(await pluginCodeThatEvaluates(graph(), [file('theme')])).toBe(file('node_modules/templates/index.js'));
  });

  it('reads only the plugins\' code: eval in a page\'s import, or in no plugin at all, is not theirs', async () => {
    expect(await pluginCodeThatEvaluates(graph(), [file('client/module.js')])).toBeNull();
    expect(await pluginCodeThatEvaluates(graph(), [])).toBeNull();
  });

  it('takes the plugins\' theme folders and client modules as their code, a package\'s resolved from the site', async () => {
    await writeFile(file('node_modules/quiet/package.json'), '{ "name": "quiet", "main": "index.js" }\n');
    expect(pluginClientRoots({ themePaths: [file('theme')], clientModules: [file('client/module.js'), 'quiet', 'missing-package'] }, tmp.dir)).toEqual([file('theme'), file('client/module.js'), file('node_modules/quiet/index.js')]);
  });
});
