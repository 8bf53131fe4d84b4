import { lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

const SECRET = 'OUTSIDE-THE-SITE-secret-4711';

/**
 * Symbolic links in a site: one to a file or folder inside the site is followed; one that leads
 * out of it is skipped with a warning naming it, and nothing behind it reaches the output.
 */
describe('a build of a site with symbolic links', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  const logger = silentLogger();
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-site-links-');
    const site = await copyFixture('basic', tmp.dir);
    const outside = path.join(tmp.dir, 'outside');
    await mkdir(path.join(outside, 'folder', '.ssh'), { recursive: true });
    await writeFile(path.join(outside, 'id_rsa'), SECRET);
    await writeFile(path.join(outside, 'folder', '.ssh', 'id_rsa'), SECRET);
    await writeFile(path.join(outside, 'passwd.md'), `# Leak\n\n${SECRET}\n`);
    await mkdir(path.join(site, 'static'), { recursive: true });
    await writeFile(path.join(site, 'static', 'ok.txt'), 'a static file\n');
    await symlink('ok.txt', path.join(site, 'static', 'inner.txt'));
    await symlink(path.join(outside, 'id_rsa'), path.join(site, 'static', 'key.txt'));
    await symlink('../../outside/folder', path.join(site, 'static', 'home'));
    await symlink('reference.md', path.join(site, 'docs', 'alias.md'));
    await symlink(path.join(outside, 'passwd.md'), path.join(site, 'docs', 'passwd.md'));
    out = path.join(tmp.dir, 'out');
    await buildOnce({ siteDir: site, outDir: out, logger, persistentCache: false });
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('warns about each link that leads out of the site, by its path', () => {
    const warnings = logger.lines.filter((line) => line.startsWith('warning:') && line.includes('symbolic link'));
    expect(warnings.map((line) => /warning: (\S+) is a symbolic link that leads outside the site/.exec(line)?.[1]).sort()).toEqual([
      'docs/passwd.md',
      'static/home',
      'static/key.txt',
    ]);
  });

  it('follows links that stay inside the site, and writes their contents, not links', async () => {
    expect(await readFile(path.join(out, 'inner.txt'), 'utf8')).toBe('a static file\n');
    expect((await lstat(path.join(out, 'inner.txt'))).isSymbolicLink()).toBe(false);
    expect(await readFile(path.join(out, 'docs', 'alias.html'), 'utf8')).toContain('<html');
  });

  it('writes nothing from outside the site', async () => {
    const files = await fg(['**/*'], { cwd: out, dot: true, onlyFiles: false, followSymbolicLinks: false, objectMode: true });
    expect(files.filter((entry) => entry.dirent.isSymbolicLink()).map((entry) => entry.path)).toEqual([]);
    expect(files.map((entry) => entry.path).filter((file) => /key\.txt|passwd|\.ssh|^home/.test(file))).toEqual([]);
    for (const { path: file } of files.filter((entry) => entry.dirent.isFile())) {
      expect((await readFile(path.join(out, file), 'latin1')).includes(SECRET), file).toBe(false);
    }
  });
});
