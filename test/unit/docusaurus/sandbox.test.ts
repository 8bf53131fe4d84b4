import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors.js';
import { evaluate, evaluateFile } from '../../../src/docusaurus/sandbox.js';
import { ENV_MARK } from '../../../src/docusaurus/sandboxPrelude.js';
import { tempDir } from '../../helpers.js';

describe('evaluateFile (the sandbox for Docusaurus config files)', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-sandbox-');
  });
  afterAll(() => tmp.cleanup());

  const file = async (name: string, text: string) => {
    const target = path.join(tmp.dir, name);
    await writeFile(target, text);
    return target;
  };
  // A short limit only where the time limit is what is tested: on a busy machine a plain file can take a second.
  const failure = async (target: string, timeoutMs = 5000): Promise<SiteError> => {
    try {
      await evaluateFile(target, { timeoutMs });
    } catch (error) {
      if (error instanceof SiteError) return error;
      throw error;
    }
    throw new Error('evaluation was expected to fail');
  };

  it('reads a CommonJS config whose requires are stubs that remember their names', async () => {
    const target = await file('docusaurus.config.js', [
      "const lightCodeTheme = require('prism-react-renderer/themes/github');",
      "const path = require('path');",
      'module.exports = {',
      "  title: 'Sipa',",
      "  sidebarPath: require.resolve('./sidebars.js'),",
      "  css: path.resolve(__dirname, './src/css/custom.css'),",
      '  prism: { theme: lightCodeTheme },',
      "  plugins: [[require.resolve('@docusaurus/plugin-ideal-image'), { quality: 70 }], function localPlugin() {}],",
      "  editUrl: ({ docPath }) => 'x' + docPath,",
      '  year: new Date(Date.UTC(2025, 0, 1)).getUTCFullYear(),',
      '};',
    ].join('\n'));
    expect(await evaluateFile(target)).toEqual({
      title: 'Sipa',
      sidebarPath: './sidebars.js',
      css: path.join(tmp.dir, 'src/css/custom.css'),
      prism: { theme: { $module: 'prism-react-renderer/themes/github', $from: 'prism-react-renderer/themes/github' } },
      plugins: [['@docusaurus/plugin-ideal-image', { quality: 70 }], { $function: 'localPlugin' }],
      editUrl: { $function: 'editUrl' },
      year: 2025,
    });
  });

  it('reads an ES module or TypeScript config that exports an async function, with dynamic imports', async () => {
    const target = await file('docusaurus.config.ts', [
      "import { themes as prismThemes } from 'prism-react-renderer';",
      "import type { Config } from '@docusaurus/types';",
      'export default async function createConfig(): Promise<Config> {',
      "  const math = (await import('remark-math')).default;",
      "  return { title: 'Sipa', theme: prismThemes.dracula, remarkPlugins: [math] } as Config;",
      '}',
    ].join('\n'));
    expect(await evaluateFile(target)).toEqual({
      title: 'Sipa',
      theme: { $module: 'prism-react-renderer.themes.dracula', $from: 'prism-react-renderer' },
      remarkPlugins: [{ $module: 'remark-math', $from: 'remark-math' }],
    });
  });

  it('hands in JSON files of the config folder as data, and evaluates what is computed from them', async () => {
    await file('versions.json', JSON.stringify(['3.2.0-rc.1', '3.1.0', '3.0.0']));
    const target = await file('computed.config.ts', [
      "import path from 'path';",
      "import versions from './versions.json';",
      "import localized from './missing.localized.json';",
      "const isDev = process.env.NODE_ENV === 'development';",
      'export default async function createConfigAsync() {',
      '  return {',
      '    tagline: localized.tagline.en,',
      "    lastVersion: versions.find((version: string) => !version.includes('rc')),",
      "    staticDirectories: ['static', path.join(__dirname, 'extra')],",
      '    pattern: /^\\/docs\\/next/g.source,',
      "    items: [{ to: 'blog' }, isDev && { to: '/debug' }].filter(Boolean),",
      '  } satisfies Record<string, unknown>;',
      '}',
    ].join('\n'));
    expect(await evaluateFile(target)).toEqual({
      tagline: { $module: './missing.localized.json.tagline.en', $from: './missing.localized.json' },
      lastVersion: '3.1.0',
      staticDirectories: ['static', path.join(tmp.dir, 'extra')],
      pattern: '^\\/docs\\/next',
      items: [{ to: 'blog' }],
    });
  });

  it('evaluates the project modules a config requires, and what they require, as the config itself', async () => {
    await mkdir(path.join(tmp.dir, 'src', 'icons'), { recursive: true });
    await file('src/constants.js', "const { paths } = require('./icons/paths');\nmodule.exports = { GITHUB: 'https://github.com/x/y', label: 'Star ' + paths.star.length, paths };\n");
    await file('src/icons/paths.ts', "export const paths = { star: 'M12 2l3 7h7l-6 5 2 7-6-4-6 4 2-7-6-5h7z' };\n");
    const target = await file('modules.config.js', [
      "const { GITHUB, label, paths } = require('./src/constants');",
      "const prism = require('prism-react-renderer');",
      'module.exports = { url: GITHUB, label, icon: paths.star, theme: prism.themes.github };',
    ].join('\n'));
    expect(await evaluateFile(target)).toEqual({
      url: 'https://github.com/x/y',
      label: 'Star 39',
      icon: 'M12 2l3 7h7l-6 5 2 7-6-4-6 4 2-7-6-5h7z',
      // A package stays a stub that names what was read of it.
      theme: { $module: 'prism-react-renderer.themes.github', $from: 'prism-react-renderer' },
    });
  });

  it('leaves a project module it may not read a stub', async () => {
    await mkdir(path.join(tmp.dir, 'private'), { recursive: true });
    await file('private/secret.js', "module.exports = { token: 'not for the config' };\n");
    const target = await file('guarded.config.js', "module.exports = { token: require('./private/secret').token };\n");
    expect(await evaluateFile(target, { mayRead: (_what, f) => !f.includes(`${path.sep}private${path.sep}`) })).toEqual({ token: { $module: './private/secret.token', $from: './private/secret' } });
  });

  it('gives the evaluated file no file system, no host objects and no eval', async () => {
    const written = path.join(tmp.dir, 'written-by-config.txt');
    const target = await file('hostile.config.js', [
      `require('fs').writeFileSync(${JSON.stringify(written)}, 'x');`,
      "process.env.SIPADOCS_SANDBOX_PROBE = 'changed';",
      'let escaped;',
      "try { escaped = require.constructor('return process')().pid; } catch (error) { escaped = error.name; }",
      'module.exports = { escaped, hasTimers: typeof setTimeout, mainModule: typeof process.mainModule, fs: require("fs").readFileSync("/etc/hostname") };',
    ].join('\n'));
    expect(await evaluateFile(target)).toEqual({
      escaped: 'EvalError',
      hasTimers: 'undefined',
      mainModule: 'undefined',
      fs: { $module: 'fs.readFileSync()', $from: 'fs' },
    });
    expect(existsSync(written)).toBe(false);
    expect(process.env.SIPADOCS_SANDBOX_PROBE).toBeUndefined();
  });

  it('reports a runtime error at its line in the file, through the transpiled code', async () => {
    const target = await file('broken.config.ts', [
      "import path from 'path';",
      'const base: string = "docs";',
      '',
      'export default {',
      '  title: (process.env.SIPADOCS_MISSING_VARIABLE as string).trim(),',
      '};',
    ].join('\n'));
    const error = await failure(target);
    expect(error.code).toBe('DOCUSAURUS_LOAD_FAILED');
    expect(error.location).toMatchObject({ file: target, line: 5 });
    expect(error.frame).toContain('> 5 |');
  });

  it('reports a syntax error with its line and column', async () => {
    const target = await file('syntax.config.js', "module.exports = {\n  title: 'Sipa',,\n};\n");
    const error = await failure(target);
    expect(error.code).toBe('DOCUSAURUS_LOAD_FAILED');
    expect(error.location).toEqual({ file: target, line: 2, column: 17 });
  });

  it('stops an endless loop, synchronous or in promises, at the time limit', async () => {
    const sync = await failure(await file('loop.config.js', 'while (true) {}\n'), 1000);
    expect(sync.message).toMatch(/longer than 1000 ms/);
    const asyncLoop = await failure(await file('async-loop.config.js', 'module.exports = async () => { for (;;) await null; };\n'), 1000);
    expect(asyncLoop.message).toMatch(/longer than 1000 ms/);
  });

  it('reports a promise that never settles instead of waiting for ever', async () => {
    const error = await failure(await file('pending.config.js', 'module.exports = new Promise(() => {});\n'));
    expect(error.message).toMatch(/never settled/);
  });

  it('keeps its own hooks out of reach: replacing them fails like any other error, without hanging', async () => {
    const target = await file('hook.config.js', 'globalThis.__sipadocsSandbox.result = () => ({ toString() { for (;;) {} } });\nmodule.exports = {};\n');
    const error = await failure(target);
    expect(error.code).toBe('DOCUSAURUS_LOAD_FAILED');
    expect(error.message).toMatch(/TypeError/);
  });

  it('shows the evaluated file no global of its own, and copies the result with built-ins the file cannot replace', async () => {
    const target = await file('poison.config.js', [
      // Every global the file can see that a plain context does not have.
      'const extra = Object.getOwnPropertyNames(globalThis).filter((name) => /sipadocs/i.test(name));',
      'const loop = () => { for (;;) {} };',
      'const { getOwnPropertyNames: names, defineProperty: define } = Object;',
      "const kept = { constructor: 1, prototype: 1, length: 1, name: 1, caller: 1, arguments: 1 };",
      'for (const owner of [Object, JSON, Array.prototype, Object.prototype, String, Number, WeakMap.prototype, Set.prototype, RegExp.prototype, Date.prototype, Function.prototype]) {',
      '  const all = names(owner);',
      '  for (let i = 0; i < all.length; i++) {',
      "    if (kept[all[i]] === 1) continue;",
      '    try { define(owner, all[i], { value: loop, writable: true, configurable: true }); } catch {}',
      '  }',
      '}',
      "define(Object.prototype, 'toJSON', { get: loop, configurable: true });",
      "module.exports = { title: 'kept', extra, when: new Date(0), pattern: /x/g, list: ['a', 'b'] };",
    ].join('\n'));
    // The flags read as the file made them read (it replaced their getters); the source is the expression's own.
    expect(await evaluateFile(target)).toEqual({ title: 'kept', extra: [], when: '1970-01-01T00:00:00.000Z', pattern: { $regexp: expect.stringMatching(/^\/x\//) }, list: ['a', 'b'] });
  });

  it('stops a result whose getters, errors or proxies loop, within the time limit', async () => {
    const cases = {
      'getter.config.js': 'module.exports = { get title() { for (;;) {} } };\n',
      'proxy.config.js': 'module.exports = new Proxy({}, { ownKeys() { for (;;) {} } });\n',
      'error-message.config.js': "const error = new Error('x'); Object.defineProperty(error, 'message', { get() { for (;;) {} } }); throw error;\n",
      'error-code.config.js': "const error = new Error('x'); Object.defineProperty(error, 'code', { get() { for (;;) {} } }); Object.defineProperty(Error.prototype, 'code', { get() { for (;;) {} } }); for (;;) {}\n",
      'rejects.config.js': "module.exports = Promise.reject({ get code() { for (;;) {} }, toString() { for (;;) {} } });\n",
    };
    for (const [name, text] of Object.entries(cases)) {
      const error = await failure(await file(name, text), 1000);
      expect(error.code, name).toBe('DOCUSAURUS_LOAD_FAILED');
      expect(error.message, name).toMatch(/longer than 1000 ms/);
    }
  });

  it('ends a file that allocates without end with a clear error, not a crash', async () => {
    const target = await file('bomb.config.js', 'const kept = [];\nfor (;;) kept.push(new Array(100000).fill({ a: 1 }));\n');
    const error = await failure(target, 60_000);
    expect(error.code).toBe('DOCUSAURUS_LOAD_FAILED');
    expect(error.message).toMatch(/more than \d+ MB of memory/);
  });

  it('gives an empty process.env and names the variables read, never their values', async () => {
    process.env.SIPADOCS_SANDBOX_SECRET = 'secret-value-1234';
    try {
      const target = await file('env.config.js', [
        "module.exports = { title: 'Site ' + process.env.SIPADOCS_SANDBOX_SECRET, all: process.env, has: 'HOME' in process.env, keys: Object.keys(process.env) };",
      ].join('\n'));
      const evaluation = await evaluate(target);
      expect(evaluation.value).toEqual({ title: 'Site undefined', all: {}, has: false, keys: [] });
      expect(evaluation.envRead.sort()).toEqual(['*', 'HOME', 'SIPADOCS_SANDBOX_SECRET']);
      expect(JSON.stringify(evaluation)).not.toContain('secret-value-1234');
      const marked = await evaluate(target, { env: 'marked' });
      expect((marked.value as { title: string }).title).toBe(`Site ${ENV_MARK}SIPADOCS_SANDBOX_SECRET${ENV_MARK}`);
    } finally {
      delete process.env.SIPADOCS_SANDBOX_SECRET;
    }
  });

  it('reads no JSON file through a link that leads out of the folder allowed', async () => {
    const outside = await tempDir('sipadocs-sandbox-outside-');
    try {
      await writeFile(path.join(outside.dir, 'creds.json'), JSON.stringify({ token: 'outside-secret' }));
      const folder = path.join(tmp.dir, 'linked');
      await mkdir(folder, { recursive: true });
      await symlink(path.join(outside.dir, 'creds.json'), path.join(folder, 'creds.json'));
      await writeFile(path.join(folder, 'own.json'), JSON.stringify({ name: 'own' }));
      const target = path.join(folder, 'docusaurus.config.js');
      await writeFile(target, "module.exports = { creds: require('./creds.json'), own: require('./own.json').name };\n");
      const value = await evaluateFile(target);
      expect(JSON.stringify(value)).not.toContain('outside-secret');
      expect(value).toMatchObject({ own: 'own', creds: { $module: './creds.json' } });
      const asked: string[] = [];
      await evaluateFile(target, { mayRead: (what) => (asked.push(what), false) });
      expect(asked.sort()).toEqual(["require('./creds.json') in docusaurus.config.js", "require('./own.json') in docusaurus.config.js"]);
    } finally {
      await outside.cleanup();
    }
  });
});
