// The plugin API (src/plugins/) on a fixture site (test/fixtures/plugins): a plugin written in the
// config and one in a file of the site, run through their lifecycle as Docusaurus runs it. What
// each method gives is looked for in the output; what sipadocs does not run is a named warning;
// a plugin that throws fails the build naming the plugin and the method.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, type BuildResult } from '../../src/pipeline/build.js';
import { SiteError } from '../../src/errors.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

const payloadOf = (html: string) => JSON.parse(/<script id="__SIPA_ROUTE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);

describe('a site with plugins', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let result: BuildResult;
  const read = (file: string) => readFile(path.join(out, file), 'utf8');

  beforeAll(async () => {
    tmp = await tempDir();
    out = path.join(tmp.dir, 'out');
    const siteDir = await copyFixture('plugins', tmp.dir);
    result = await buildOnce({ siteDir, outDir: out, logger: silentLogger() });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('renders the route a plugin adds, with its createData module as a prop and an aliased import', async () => {
    const html = await read('releases.html');
    expect(html).toContain('<h1>Releases of <!-- -->Plugins</h1>');
    expect(html).toMatch(/<ul id="releases"><li>version 2\.1\.0<\/li><li>version 2\.0\.0<\/li><li>version 1\.0\.0<\/li><\/ul>/);
    // The plugin file's global data, read by the route's component.
    expect(html).toContain('<p id="banner">Hello from a plugin file</p>');
    expect(payloadOf(html).data.kind).toBe('page');
  });

  it('gives every plugin\'s global data to usePluginData and useGlobalData, by plugin name', async () => {
    const html = await read('latest.html');
    expect(html).toContain('<p id="latest">2.1.0<!-- --> of <!-- -->3</p>');
    expect(html).toContain('<p id="plugins">banner-plugin, releases-plugin</p>');
  });

  it('bundles the global data with @docusaurus/useGlobalData alone, not with every page', async () => {
    const files = await readdir(path.join(out, '_sipa'), { recursive: true });
    const holding: string[] = [];
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      if ((await read(path.join('_sipa', file))).includes('Hello from a plugin file')) holding.push(file);
    }
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatch(/useGlobalData-/);
    const intro = await read('docs/intro.html');
    expect(intro).not.toContain(holding[0]!.split('/').pop()!);
  });

  it('writes injectHtmlTags\' tags into every page: head tags after the config\'s, body tags at the end of <body>', async () => {
    for (const file of ['index.html', 'docs/intro.html', 'releases.html']) {
      const html = await read(file);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain('<meta name="releases-plugin" content="on">');
      expect(head).toContain('<link rel="preconnect" href="https://releases.example">');
      expect(html).toMatch(/<noscript>releases need JavaScript<\/noscript>\n<\/body>/);
    }
  });

  it('imports getClientModules\' modules in the client entry', async () => {
    const entry = result.pageAssets.find((asset) => /entry-.*\.js$/.test(asset))!;
    expect(await read(entry.replace(/^\//, ''))).toContain('__releasesClientModule');
  });

  it('runs postBuild on the written output with every route', async () => {
    expect((await read('releases-routes.txt')).trim().split('\n').sort()).toEqual(['/', '/404', '/docs/intro', '/latest', '/releases']);
  });

  it('hands getPathsToWatch\'s paths to a watch session, absolute', () => {
    expect(result.watchPaths).toEqual([path.join(tmp.dir, 'plugins', 'releases/**/*.json')]);
  });

  it('names each plugin method it does not run and each part of configureWebpack it ignores; methods without effect are silent', () => {
    expect(result.warnings).toContain('plugin "releases-plugin": injectSomethingElse is not run (sipadocs runs loadContent, contentLoaded, injectHtmlTags, getClientModules, postBuild, getPathsToWatch, configureWebpack, getThemePath, getTypeScriptThemePath)');
    expect(result.warnings).toContain('plugin "releases-plugin": configureWebpack\'s module ignored (sipadocs bundles with esbuild and reads resolve.alias only)');
    expect(result.warnings.join('\n')).not.toContain('extendCli');
  });
});

describe('a plugin that fails', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  const failure = async (plugin: string): Promise<SiteError> => {
    const siteDir = await copyFixture('plugins', path.join(tmp.dir, String(Math.random()).slice(2)));
    await writeFile(path.join(siteDir, 'plugins/banner-plugin.js'), plugin);
    try {
      await buildOnce({ siteDir, outDir: path.join(siteDir, '..', 'out'), logger: silentLogger() });
    } catch (error) {
      if (error instanceof SiteError) return error;
      throw error;
    }
    throw new Error('the build was expected to fail');
  };

  it('is a PLUGIN_FAILED error naming the plugin and the method that threw', async () => {
    const error = await failure("export default () => ({ name: 'banner-plugin', loadContent() { throw new Error('no banner today'); } });\n");
    expect(error.code).toBe('PLUGIN_FAILED');
    expect(error.message).toBe('plugin "banner-plugin" (plugins.1 (./plugins/banner-plugin.js)) failed in loadContent: no banner today');
    expect(error.location?.file).toMatch(/sipadocs\.config\.ts$/);
  }, 60_000);

  it('names the entry of a plugin module that exports no function', async () => {
    const error = await failure('export const notAPlugin = 1;\n');
    expect(error.code).toBe('PLUGIN_FAILED');
    expect(error.message).toMatch(/^plugin ".*banner-plugin\.js" \(plugins\.1 \(\.\/plugins\/banner-plugin\.js\)\) failed in loading its module: .*exports no plugin function/);
  }, 60_000);

  it('names a postBuild that throws', async () => {
    const error = await failure("export default () => ({ name: 'banner-plugin', contentLoaded({ actions }) { actions.setGlobalData({ text: 'x' }); }, postBuild() { throw new Error('disk full'); } });\n");
    expect(error.message).toBe('plugin "banner-plugin" (plugins.1 (./plugins/banner-plugin.js)) failed in postBuild: disk full');
  }, 60_000);
});
