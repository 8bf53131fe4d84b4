// The launcher's compile cache (bin/tsImport.js) belongs to its checkout: a node_modules copied
// from another checkout, with that checkout's compiled files, must not run the other one's code.
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers.js';

/** A checkout holding the launcher and one module, with esbuild linked in from this one. */
async function checkout(dir: string, says: string): Promise<string> {
  await mkdir(path.join(dir, 'bin'), { recursive: true });
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  await cp(path.resolve('bin/tsImport.js'), path.join(dir, 'bin/tsImport.js'));
  await writeFile(path.join(dir, 'src/says.ts'), `export const says: string = ${JSON.stringify(says)};\n`);
  for (const name of ['esbuild', '@esbuild']) await symlink(path.resolve('node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  return dir;
}

describe('the launcher\'s compile cache', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp?.cleanup());

  it('compiles again in a checkout whose node_modules holds another checkout\'s compile', async () => {
    const first = await checkout(path.join(tmp.dir, 'first'), 'first');
    const firstImport = (await import(pathToFileURL(path.join(first, 'bin/tsImport.js')).href)) as { importTs(file: string): Promise<{ says: string }> };
    expect((await firstImport.importTs('src/says.ts')).says).toBe('first');
    // The second checkout gets a copy of the first's node_modules, compiled files included: the
    // stamp names the first checkout's sources, which have not changed since.
    const second = await checkout(path.join(tmp.dir, 'second'), 'second');
    await cp(path.join(first, 'node_modules/.cache'), path.join(second, 'node_modules/.cache'), { recursive: true });
    const stamp = JSON.parse(await readFile(path.join(second, 'node_modules/.cache/sipadocs/bin/says.inputs.json'), 'utf8')) as { inputs: string[] };
    expect(stamp.inputs.some((file) => file.startsWith(first))).toBe(true);
    const secondImport = (await import(pathToFileURL(path.join(second, 'bin/tsImport.js')).href)) as { importTs(file: string): Promise<{ says: string }> };
    expect((await secondImport.importTs('src/says.ts')).says).toBe('second');
  });
});
