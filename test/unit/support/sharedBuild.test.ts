import { appendFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertUnchanged, seal, sharedBuild } from '../../../support/sharedBuild.js';
import { tempDir } from '../../helpers.js';

describe('a shared build, read-only for the test files that read it', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  beforeEach(async () => {
    tmp = await tempDir();
    out = path.join(tmp.dir, 'build');
    await mkdir(path.join(out, 'docs'), { recursive: true });
    await writeFile(path.join(out, 'index.html'), '<p>home</p>');
    await writeFile(path.join(out, 'docs/intro.html'), '<p>intro</p>');
    await seal(out);
  });
  afterEach(() => tmp.cleanup());

  it('passes while nothing changed', () => {
    expect(() => assertUnchanged(out)).not.toThrow();
  });

  it.each([
    ['a file written', () => appendFile(path.join(out, 'docs/intro.html'), '<p>more</p>')],
    ['a file added', () => writeFile(path.join(out, 'docs/new.html'), '')],
    ['a file removed', () => rm(path.join(out, 'index.html'))],
    ['a file renamed', () => rename(path.join(out, 'index.html'), path.join(out, 'home.html'))],
  ])('fails, naming the file, after %s', async (_change, change) => {
    await change();
    expect(() => assertUnchanged(out)).toThrow(/changed the shared build .*(index\.html|intro\.html|new\.html|home\.html)/);
  });

  it('builds only the frozen fixtures of the repository, which tests never change', async () => {
    await expect(sharedBuild(tmp.dir)).rejects.toThrow(/only the frozen fixtures under test\/fixtures/);
    await expect(sharedBuild('site')).rejects.toThrow(/only the frozen fixtures/);
  });
});
