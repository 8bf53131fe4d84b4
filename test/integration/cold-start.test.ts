// A fresh clone's first builds: the launcher compiles the CLI and the theme's renderer on first use
// (bin/tsImport.js). Four builds started together from a clone with no compiled files must all
// succeed: none may import a compiled file another one is writing. Four on two cores keep every
// compile overlapping another's writes, and each such build costs some 9 s of CPU.
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

/**
 * A clone of the repository without its compiled files: the sources, and a node_modules folder of
 * links to the installed packages (so that the launcher's cache, node_modules/.cache, starts empty).
 */
async function freshClone(dir: string): Promise<void> {
  for (const part of ['bin', 'src', 'templates', 'package.json', 'tsconfig.json']) await cp(path.join(REPO, part), path.join(dir, part), { recursive: true });
  await mkdir(path.join(dir, 'node_modules'));
  for (const name of await readdir(path.join(REPO, 'node_modules'))) {
    if (name === '.cache') continue;
    await symlink(path.join(REPO, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
}

function run(cli: string, cwd: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the first builds of a fresh clone', () => {
  it('succeed when four start at once with nothing compiled yet', async () => {
    const clone = path.join(tmp.dir, 'clone');
    await freshClone(clone);
    const cli = path.join(clone, 'bin/sipadocs.js');
    const builds = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        // Each build its own project, so that only the launcher's files are shared. A small site:
        // what races is the launcher's compiling, which every build does whatever its size.
        const project = path.join(tmp.dir, `project-${i}`);
        await cp(path.join(REPO, 'test/fixtures/basic'), path.join(project, 'site'), { recursive: true });
        return project;
      }),
    );
    const results = await Promise.all(builds.map((project) => run(cli, project, ['build', '--site', 'site', '--out-dir', 'build'])));
    for (const [i, result] of results.entries()) expect(result.code, `build ${i}:\n${result.output}`).toBe(0);
  }, 600_000);
});
