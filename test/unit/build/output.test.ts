import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStagingDir, removeLeftovers } from '../../../src/build/output.js';

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-output-'));
  temps.push(dir);
  return dir;
}

describe('staging directory', () => {
  it('replaces the output only on commit, and a discarded build leaves it alone', async () => {
    const root = await tempDir();
    const out = path.join(root, 'build');
    await mkdir(out);
    await writeFile(path.join(out, 'index.html'), 'old');

    const failed = await createStagingDir(out);
    failed.write('index.html', 'broken');
    await failed.discard();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('old');

    const good = await createStagingDir(out);
    good.write('docs/a.html', 'new');
    await good.commit();
    expect(await readFile(path.join(out, 'docs/a.html'), 'utf8')).toBe('new');
    expect(existsSync(path.join(out, 'index.html'))).toBe(false);
  });

  /** An output of two pages, a chunk and an image, as a previous build left it. */
  async function previousOutput() {
    const root = await tempDir();
    const out = path.join(root, 'build');
    const files: Record<string, string> = {
      'index.html': 'home',
      'docs/a.html': 'page a',
      'docs/old/b.html': 'page b',
      '_sipa/r/a-1.js': 'chunk a',
      'img/logo.svg': '<svg/>',
    };
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(out, rel)), { recursive: true });
      await writeFile(path.join(out, rel), text);
    }
    const info = async (rel: string) => stat(path.join(out, rel));
    return { root, out, info };
  }

  it('keeps a file of the last good output only while it is as stamped', async () => {
    const { out, info } = await previousOutput();
    const staging = await createStagingDir(out);
    const a = await info('docs/a.html');
    expect(staging.keep('docs/a.html', a.size, a.mtimeMs)).toBe(true);
    expect(staging.keep('docs/a.html', a.size + 1, a.mtimeMs)).toBe(false);
    expect(staging.keep('docs/a.html', a.size, a.mtimeMs - 1000)).toBe(false);
    expect(staging.keep('docs/missing.html', 1)).toBe(false);
    // A chunk is named by its content: the same name and size are enough.
    expect(staging.keep('_sipa/r/a-1.js', 'chunk a'.length)).toBe(true);
    // A folder is never a kept file.
    expect(staging.keep('docs', (await info('docs')).size)).toBe(false);
    await staging.discard();
  });

  it('updates the output in place: kept files stay untouched, staged ones replace theirs, the rest goes', async () => {
    const { root, out, info } = await previousOutput();
    const inodeBefore = (await info('docs/a.html')).ino;
    const staging = await createStagingDir(out);
    expect(staging.keep('docs/a.html', (await info('docs/a.html')).size)).toBe(true);
    expect(staging.keep('_sipa/r/a-1.js', 'chunk a'.length)).toBe(true);
    staging.write('index.html', 'new home');
    staging.write('docs/c.html', 'page c');
    staging.write('_sipa/r/c-2.js', 'chunk c');
    await staging.commit();

    expect((await info('docs/a.html')).ino).toBe(inodeBefore);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('new home');
    expect(await readFile(path.join(out, 'docs/c.html'), 'utf8')).toBe('page c');
    // Neither written nor kept: removed, with the folder it leaves empty.
    expect(existsSync(path.join(out, 'docs/old/b.html'))).toBe(false);
    expect(existsSync(path.join(out, 'docs/old'))).toBe(false);
    expect(existsSync(path.join(out, 'img'))).toBe(false);
    expect((await readdir(out, { recursive: true })).sort()).toEqual(
      ['_sipa', '_sipa/r', '_sipa/r/a-1.js', '_sipa/r/c-2.js', 'docs', 'docs/a.html', 'docs/c.html', 'index.html'].map((f) => f.split('/').join(path.sep)),
    );
    // Nothing is left beside the output.
    expect(await readdir(root)).toEqual(['build']);
  });

  it('leaves the output as it was when a build that kept files is discarded', async () => {
    const { out, info } = await previousOutput();
    const staging = await createStagingDir(out);
    expect(staging.keep('docs/a.html', (await info('docs/a.html')).size)).toBe(true);
    staging.write('index.html', 'broken');
    await staging.discard();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home');
    expect(await readFile(path.join(out, 'docs/old/b.html'), 'utf8')).toBe('page b');
  });

  it("removes what killed builds left, but not a running build's folders", async () => {
    const root = await tempDir();
    const deadPid = 999_999_999; // above any pid_max, so no such process
    const dead = path.join(root, `build.staging-${deadPid}-abc`);
    const live = path.join(root, `build.staging-${process.ppid}-abc`);
    const other = path.join(root, 'build.stagingnotes');
    for (const dir of [dead, live, other]) await mkdir(dir);
    await removeLeftovers(root, 'build.staging-');
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
