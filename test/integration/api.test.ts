/** The programmatic API: the commands as functions that return results and never exit. */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, checkLinks, init, serve, SiteErrors } from '../../src/index.js';
import { loadConfig } from '../../src/config/load.js';
import { tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  tmp = await tempDir('sipadocs-api-');
});
afterAll(async () => {
  await tmp?.cleanup();
});

describe('build, serve, checkLinks and init as functions', () => {
  it('scaffolds a site, builds it, serves it and checks its links', async () => {
    const site = path.join(tmp.dir, 'site');
    const made = await init(site);
    expect(made.files).toContain('sipadocs.config.ts');
    // Its categories start closed, so its pages stay small as the site grows.
    expect((await loadConfig(site)).docs.sidebarCollapsed).toBe(true);
    const out = path.join(tmp.dir, 'build');
    const result = await build({ site, outDir: out, quiet: true });
    expect(result.outDir).toBe(out);
    expect(result.pages).toBeGreaterThan(5);
    expect(Object.keys(result.timings)).toContain('render');

    const links = await checkLinks(out);
    expect(links.broken).toEqual([]);
    expect(links.checked).toBeGreaterThan(5);

    const server = await serve({ site, outDir: out, port: 0 });
    try {
      const page = await fetch(new URL('docs/getting-started/introduction', server.url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Introduction');
    } finally {
      await server.close();
    }
    await expect(init(site)).rejects.toMatchObject({ code: 'INIT_NOT_EMPTY' });
  }, 120_000);

  it('rejects with every content problem and leaves the process alone', async () => {
    const site = path.join(tmp.dir, 'broken');
    await init(site);
    await writeFile(path.join(site, 'docs', 'getting-started', 'introduction.md'), '---\ntitle: [unclosed\n---\n');
    const error = await build({ site, outDir: path.join(tmp.dir, 'broken-out'), quiet: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SiteErrors);
    const [problem] = (error as SiteErrors).errors;
    expect(problem).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', location: { file: expect.stringContaining('introduction.md') } });
    expect(problem!.location!.line).toBeGreaterThan(0);
    expect(process.exitCode ?? 0).toBe(0);
  }, 120_000);

  /** A site of one page whose title names it. */
  async function smallSite(name: string): Promise<string> {
    const site = path.join(tmp.dir, name);
    await mkdir(path.join(site, 'pages'), { recursive: true });
    await writeFile(path.join(site, 'sipadocs.config.ts'), `export default { title: '${name}', url: 'https://small.example', navbar: { items: [] }, footer: { columns: [], copyright: '${name}' } };\n`);
    await writeFile(path.join(site, 'pages', 'index.md'), `# Home of ${name}\n\nThe only page.\n`);
    return site;
  }

  it('builds small sites at once in a process without React\'s production build, through its warm render worker and its replacements', async () => {
    // This process (a test runner) is one: its builds render in the process's render worker,
    // which is replaced after 20 bundles, here while the other build of the pair may be rendering.
    expect(process.env.NODE_ENV).not.toBe('production');
    const names = Array.from({ length: 22 }, (_, i) => `small-${i}`);
    for (let i = 0; i < names.length; i += 2) {
      const pair = names.slice(i, i + 2);
      await Promise.all(pair.map(async (name) => build({ site: await smallSite(name), outDir: path.join(tmp.dir, `${name}-out`), quiet: true })));
    }
    for (const name of names) expect(await readFile(path.join(tmp.dir, `${name}-out`, 'index.html'), 'utf8'), name).toContain(`Home of ${name}</h1>`);
  }, 120_000);

  it('lets such a process exit once its builds are done: the idle render worker does not hold it', async () => {
    const site = await smallSite('exits');
    const script = path.join(tmp.dir, 'exits.ts');
    const api = path.resolve('src/index.ts');
    await writeFile(
      script,
      `import { build } from ${JSON.stringify(api)};\n` +
        `for (const n of [1, 2]) await build({ site: ${JSON.stringify(site)}, outDir: ${JSON.stringify(path.join(tmp.dir, 'exits-out'))} + n, quiet: true });\n` +
        `console.log('built twice');\n`,
    );
    const run = spawnSync(process.execPath, ['bin/run-ts.js', path.relative(process.cwd(), script)], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'development' }, timeout: 60_000 });
    expect(run.error, `${run.stdout}${run.stderr}`).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('built twice');
  }, 90_000);
});
