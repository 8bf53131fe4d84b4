import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
    await failed.write('index.html', 'broken');
    await failed.discard();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('old');

    const good = await createStagingDir(out);
    await good.write('docs/a.html', 'new');
    await good.commit();
    expect(await readFile(path.join(out, 'docs/a.html'), 'utf8')).toBe('new');
    expect(existsSync(path.join(out, 'index.html'))).toBe(false);
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
