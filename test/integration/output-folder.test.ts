// The output folder is sipadocs's alone: `sipadocs build --out-dir X` run from a project folder, as
// a new user would, must refuse any X whose contents are not its own, before any work, and leave
// every file where it was.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/dev/serve.js';
import { OUTPUT_MARKER } from '../../src/staging/outputDir.js';
import { tempDir } from '../helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let tmp: Awaited<ReturnType<typeof tempDir>>;
let project: string;

/** Runs the CLI from the project folder. */
const run = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'bin/sipadocs.js'), ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, CI: '1' } });

/** Every file under `dir` (dot files and .git included) with its contents. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = entry.isFile() ? await readFile(file, 'utf8') : '(folder)';
  }
  return files;
}

beforeAll(async () => {
  tmp = await tempDir();
  // A project as users have them: a git repository with the site, a docs folder of their own
  // (a common GitHub Pages layout), notes, and a file in the folder above.
  project = path.join(tmp.dir, 'project');
  await cp(path.join(REPO, 'test/fixtures/basic'), path.join(project, 'site'), { recursive: true });
  await mkdir(path.join(project, '.git/refs/heads'), { recursive: true });
  await writeFile(path.join(project, '.git/HEAD'), 'ref: refs/heads/main\n');
  await mkdir(path.join(project, 'docs'));
  await writeFile(path.join(project, 'docs/index.md'), '# My own docs\n');
  await writeFile(path.join(project, 'notes.txt'), 'not backed up anywhere\n');
  await writeFile(path.join(tmp.dir, 'other-project.txt'), 'next door\n');
});
afterAll(() => tmp.cleanup());

describe('sipadocs build --out-dir', () => {
  it.each([
    ['.', 'it is the current folder'],
    ['site', 'it is the site folder'],
    ['..', 'it contains the site folder'],
    ['docs', 'it already holds files that sipadocs did not write (index.md)'],
    ['site/static', 'it is inside the site folder'],
  ])('refuses %s with exit code 2 and one message, and every file is still there', async (outDir, why) => {
    const before = await snapshot(tmp.dir);
    const result = run('build', '--site', 'site', '--out-dir', outDir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('error OUTPUT_DIR_REFUSED: refusing to build into');
    expect(result.stderr).toContain(why);
    expect(result.stderr).toMatch(/hint: /);
    // Refused before any work: no stage ran.
    expect(result.stdout).toBe('');
    expect(await snapshot(tmp.dir)).toEqual(before);
  }, 60_000);

  it('refuses to serve (and so to build into) the current folder', async () => {
    const before = await snapshot(tmp.dir);
    const result = run('serve', '--site', 'site', '--out-dir', '.', '--port', '0');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('OUTPUT_DIR_REFUSED');
    expect(await snapshot(tmp.dir)).toEqual(before);
  }, 60_000);

  it('builds into a new folder, marks it, and builds into it again; an empty folder is fine too', async () => {
    for (const attempt of [1, 2]) {
      const result = run('build', '--site', 'site', '--out-dir', 'build');
      expect(result.status, `build ${attempt}: ${result.stderr}`).toBe(0);
    }
    expect(JSON.parse(await readFile(path.join(project, 'build', OUTPUT_MARKER), 'utf8'))).toMatchObject({ generator: 'sipadocs' });
    expect(await readFile(path.join(project, 'build/index.html'), 'utf8')).toContain('<html');
    await mkdir(path.join(project, 'empty'));
    expect(run('build', '--site', 'site', '--out-dir', 'empty').status).toBe(0);
    await rm(path.join(project, 'empty'), { recursive: true });
  }, 120_000);

  it('takes an output of an earlier version (no marker) as its own, and marks it', async () => {
    await rm(path.join(project, 'build', OUTPUT_MARKER));
    const result = run('build', '--site', 'site', '--out-dir', 'build');
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(path.join(project, 'build', OUTPUT_MARKER), 'utf8')).toContain('"generator":"sipadocs"');
  }, 120_000);

  it("keeps a file the user dropped into the output folder, and says where it belongs", async () => {
    await writeFile(path.join(project, 'build/CNAME'), 'docs.example.org\n');
    const result = run('build', '--site', 'site', '--out-dir', 'build');
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(path.join(project, 'build/CNAME'), 'utf8')).toBe('docs.example.org\n');
    expect(result.stdout + result.stderr).toMatch(/build\/CNAME: not written by sipadocs, so left in the output folder.*goes in site\/static\//);
  }, 120_000);
});

describe('folders beside the output folder', () => {
  // Names a killed build's leftovers once had (digits and a dash after `.old-` or `.staging-`) and
  // names users give their backups: none is sipadocs's, whatever it looks like.
  const USER_FOLDERS = ['build.old-2024-05-01', 'build.staging-2023-backup', 'build.old-999999999-abc'];

  it('are never removed nor taken for the output, by `build` or `serve`', async () => {
    for (const name of USER_FOLDERS) {
      await mkdir(path.join(project, name), { recursive: true });
      await writeFile(path.join(project, name, 'index.html'), `my backup: ${name}\n`);
    }
    const before = Object.fromEntries(await Promise.all(USER_FOLDERS.map(async (name) => [name, await snapshot(path.join(project, name))])));
    const userFolders = async () => Object.fromEntries(await Promise.all(USER_FOLDERS.map(async (name) => [name, await snapshot(path.join(project, name))])));

    for (const attempt of [1, 2]) {
      const result = run('build', '--site', 'site', '--out-dir', 'build');
      expect(result.status, `build ${attempt}: ${result.stderr}`).toBe(0);
      expect(await userFolders()).toEqual(before);
    }
    // Without an output, neither a build nor `serve` puts one of them in its place.
    await rm(path.join(project, 'build'), { recursive: true });
    const previousCwd = process.cwd();
    process.chdir(project);
    try {
      const server = await startServer({ site: 'site', outDir: 'build', port: 0, host: '127.0.0.1' });
      await server.close();
    } finally {
      process.chdir(previousCwd);
    }
    expect(await readFile(path.join(project, 'build/index.html'), 'utf8')).toContain('<meta name="generator" content="sipadocs');
    expect(await userFolders()).toEqual(before);
    await rm(path.join(project, 'build'), { recursive: true });
    expect(run('build', '--site', 'site', '--out-dir', 'build').status).toBe(0);
    expect(await readFile(path.join(project, 'build/index.html'), 'utf8')).toContain('<meta name="generator" content="sipadocs');
    expect(await userFolders()).toEqual(before);
    expect((await readdir(project)).filter((name) => name.startsWith('build.')).sort()).toEqual([...USER_FOLDERS].sort());
  }, 240_000);
});
