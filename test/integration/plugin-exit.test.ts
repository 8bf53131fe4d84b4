// A remark plugin (a package of the project) that calls process.exit(0) on one page. In this
// process, that ended the build with exit code 0 and nothing said; in a compiler thread (sites of
// 200 pages or more), it left the build waiting for good. Either way the build must fail, say
// where, and leave the last good output as it was.
import { spawn, spawnSync } from 'node:child_process';
import { appendFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const CLI = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), 'bin/sipadocs.js');

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

/**
 * A project of `docs` pages whose plugin ends the process on the page named in stop-on.txt (none
 * at first): with process.exit(0), or with an exception thrown outside any call of sipadocs when
 * the name follows "throw ".
 */
async function project(name: string, docs: number): Promise<string> {
  const root = path.join(tmp.dir, name);
  const plugin = path.join(root, 'node_modules', 'stop-plugin');
  await mkdir(plugin, { recursive: true });
  await mkdir(path.join(root, 'site', 'docs'), { recursive: true });
  await mkdir(path.join(root, 'site', 'pages'), { recursive: true });
  await writeFile(path.join(root, 'package.json'), '{ "name": "exiting", "private": true }\n');
  await writeFile(path.join(plugin, 'package.json'), '{ "name": "stop-plugin", "type": "module", "main": "index.mjs" }\n');
  await writeFile(
    path.join(plugin, 'index.mjs'),
    `import { readFileSync } from 'node:fs';
export default function stopPlugin() {
  return (_tree, file) => {
    const stopOn = readFileSync(${JSON.stringify(path.join(root, 'stop-on.txt'))}, 'utf8').trim();
    const [how, page] = stopOn.includes(' ') ? stopOn.split(' ') : ['exit', stopOn];
    if (!page || !String(file.path).endsWith(page)) return;
    if (how === 'throw') setTimeout(() => { throw new Error('a late failure of the plugin'); });
    else process.exit(0);
  };
}
`,
  );
  await writeFile(path.join(root, 'stop-on.txt'), '');
  await writeFile(
    path.join(root, 'site', 'sipadocs.config.ts'),
    `import { defineConfig } from 'sipadocs';
import stopPlugin from 'stop-plugin';
export default defineConfig({ title: 'Exiting', url: 'https://exiting.example', markdown: { remarkPlugins: [stopPlugin] } });
`,
  );
  await writeFile(path.join(root, 'site', 'pages', 'index.md'), '# Home\n\nThe pages of this site are numbered.\n');
  await Promise.all(Array.from({ length: docs }, (_, i) => writeFile(path.join(root, 'site', 'docs', `page-${i + 1}.md`), `---\ntitle: Page ${i + 1}\n---\n\nThe text of page ${i + 1}.\n`)));
  return root;
}

function build(root: string) {
  return spawnSync(process.execPath, [CLI, 'build', '--site', 'site', '--out-dir', 'out', '--quiet'], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, CI: '1' } });
}

/** Every output file with its content. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  return new Map(await Promise.all(files.map(async (entry) => [path.join(entry.parentPath, entry.name), await readFile(path.join(entry.parentPath, entry.name), 'base64')] as const)));
}

describe('a plugin that calls process.exit() during the build', () => {
  it('fails a build compiled in this process, naming the code that called it', async () => {
    const root = await project('small', 12);
    expect(build(root).status).toBe(0);
    const before = await snapshot(path.join(root, 'out'));
    await writeFile(path.join(root, 'stop-on.txt'), 'page-7.md');
    await appendFile(path.join(root, 'site', 'docs', 'page-7.md'), '\nEdited.\n');
    const result = build(root);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toContain('error BUILD_INTERRUPTED: the build was ended before it finished: process.exit(0) was called at ');
    expect(result.stderr).toContain(path.join('node_modules', 'stop-plugin', 'index.mjs:'));
    expect(await snapshot(path.join(root, 'out'))).toEqual(before);
  }, 120_000);

  it('leaves an uncaught exception of a plugin to Node, which names it, and does not call it an exit', async () => {
    const root = await project('throwing', 5);
    await writeFile(path.join(root, 'stop-on.txt'), 'throw page-2.md');
    const result = build(root);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toContain('Error: a late failure of the plugin');
    expect(result.stderr).toContain(path.join('node_modules', 'stop-plugin', 'index.mjs:'));
    expect(result.stderr).not.toContain('BUILD_INTERRUPTED');
  }, 120_000);

  it('fails a build compiled in worker threads, naming the page', async () => {
    const root = await project('large', 220);
    await writeFile(path.join(root, 'stop-on.txt'), 'page-137.md');
    const result = build(root);
    expect(result.error, 'the build ended by itself').toBeUndefined();
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/site\/docs\/page-137\.md: error PLUGIN_FAILED: compiling this page stopped the compiler: a worker thread \(compileWorker\.mjs\) stopped with exit code 0/);
  }, 150_000);

  it('stops serve --watch with an error naming the code that called it, not as if stopped with Ctrl+C', async () => {
    const root = await project('watched', 12);
    const child = spawn(process.execPath, [CLI, 'serve', '--watch', '--site', 'site', '--port', '0'], { cwd: root, env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      for (let waited = 0; !output.includes('Watching for changes'); waited += 100) {
        if (waited > 60_000 || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await writeFile(path.join(root, 'stop-on.txt'), 'page-3.md');
      await appendFile(path.join(root, 'site', 'docs', 'page-3.md'), '\nEdited.\n');
      expect(await Promise.race([exit, new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000))]), output).toBe(1);
      expect(output).toContain('error BUILD_INTERRUPTED: the server was ended: process.exit(0) was called at ');
      expect(output).toContain(path.join('node_modules', 'stop-plugin', 'index.mjs:'));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
