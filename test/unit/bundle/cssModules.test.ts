import { build, type OutputFile } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCssModule, cssModulesPlugin } from '../../../src/bundle/cssModules.js';
import { tempDir } from '../../helpers.js';

describe('CSS modules', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const write = async (file: string, text: string) => {
    const target = path.join(tmp.dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    return target;
  };
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-css-modules-');
  });
  afterAll(() => tmp.cleanup());

  it('names classes after the file, its local name and a hash of its content, and keeps url() as written', async () => {
    const file = await write('home/styles.module.css', ".hero { background: url('./hero.png'); }\n.button { composes: hero; color: red; }\n:global(.keep) .hero { margin: 0; }\n");
    const { names, css } = await compileCssModule(file);
    const hero = names.hero!;
    expect(hero).toMatch(/^styles_hero_[0-9a-f]{6}$/);
    expect(names.button!.split(" ").sort()).toEqual([hero.replace("hero", "button"), hero]);
    expect(css).toContain(`.${hero} {`);
    expect(css).toContain(`.keep .${hero}`);
    expect(css).toContain('url(./hero.png)');
  });

  it('gives two files of the same name different classes', async () => {
    const a = await compileCssModule(await write('a/styles.module.css', '.box { color: red; }\n'));
    const b = await compileCssModule(await write('b/styles.module.css', '.box { color: blue; }\n'));
    expect(a.names.box).not.toBe(b.names.box);
  });

  it('gives the same names to a minified browser build and a server build of the same page', async () => {
    const page = await write('page/index.js', "import styles, { card } from './page.module.css';\nexport const classes = [styles.card, card];\n");
    await write('page/page.module.css', '.card { display: grid; }\n');
    const bundle = async (platform: 'browser' | 'node') => {
      const result = await build({ entryPoints: [page], bundle: true, write: false, minify: platform === 'browser', format: 'esm', platform, outdir: path.join(tmp.dir, 'out', platform), loader: platform === 'node' ? { '.css': 'empty' } : {}, plugins: [cssModulesPlugin()], logLevel: 'silent' });
      return result.outputFiles;
    };
    const [browser, server] = (await Promise.all([bundle('browser'), bundle('node')])) as [OutputFile[], OutputFile[]];
    const name = (await compileCssModule(path.join(tmp.dir, 'page/page.module.css'))).names.card!;
    expect(browser.find((f) => f.path.endsWith('.js'))!.text).toContain(name);
    expect(server.find((f) => f.path.endsWith('.js'))!.text).toContain(name);
    expect(browser.find((f) => f.path.endsWith('.css'))!.text).toContain(`.${name}{display:grid}`);
    expect(server.some((f) => f.path.endsWith('.css') && f.text.includes('display'))).toBe(false);
  });
});
