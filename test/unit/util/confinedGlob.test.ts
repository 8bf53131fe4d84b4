import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globInside, isWithin } from '../../../src/util/confinedGlob.js';
import { tempDir } from '../../helpers.js';

let dir: string;
let cleanup: () => Promise<void>;
let site: string;

function file(rel: string, text = rel): void {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('sipadocs-glob-'));
  dir = realpathSync(dir);
  site = path.join(dir, 'site');
  file('site/docs/a.md');
  file('site/docs/sub/b.md');
  file('site/shared/c.md');
  file('outside/secret.md', 'SECRET');
  file('outside/folder/d.md');
});
afterEach(() => cleanup());

describe('globInside', () => {
  it('lists plain files as fast-glob does', async () => {
    const result = await globInside(['**/*.md'], { cwd: path.join(site, 'docs') }, [site]);
    expect(result.files.sort()).toEqual(['a.md', 'sub/b.md']);
    expect(result.outside).toEqual([]);
  });

  it('follows links to files and folders inside the roots', async () => {
    symlinkSync('a.md', path.join(site, 'docs/same.md'));
    symlinkSync('../shared', path.join(site, 'docs/shared'));
    const result = await globInside(['**/*.md'], { cwd: path.join(site, 'docs') }, [site]);
    expect(result.files.sort()).toEqual(['a.md', 'same.md', 'shared/c.md', 'sub/b.md']);
    expect(result.outside).toEqual([]);
  });

  it('skips and names links to a file or a folder outside, and never walks into them', async () => {
    symlinkSync(path.join(dir, 'outside/secret.md'), path.join(site, 'docs/secret.md'));
    symlinkSync('../../../outside/folder', path.join(site, 'docs/sub/folder'));
    // A link to the file-system root would take the walk through the whole disk if it were followed.
    symlinkSync('/', path.join(site, 'docs/root'));
    const result = await globInside(['**/*.md'], { cwd: path.join(site, 'docs') }, [site]);
    expect(result.files.sort()).toEqual(['a.md', 'sub/b.md']);
    expect(result.outside).toEqual(['root', 'secret.md', 'sub/folder']);
  });

  it('skips a link inside the roots that leads to a link out', async () => {
    symlinkSync(path.join(dir, 'outside/secret.md'), path.join(site, 'shared/hop.md'));
    symlinkSync('../shared/hop.md', path.join(site, 'docs/hop.md'));
    const result = await globInside(['**/*.md'], { cwd: path.join(site, 'docs') }, [site]);
    expect(result.files).not.toContain('hop.md');
    expect(result.outside).toEqual(['hop.md']);
  });

  it('lists nothing when the folder itself is a link out', async () => {
    symlinkSync(path.join(dir, 'outside'), path.join(site, 'linked'));
    const result = await globInside(['**/*'], { cwd: path.join(site, 'linked'), dot: true }, [site]);
    expect(result).toEqual({ files: [], outside: ['.'] });
  });

  it('checks links named by a pattern without wildcards too', async () => {
    symlinkSync(path.join(dir, 'outside/secret.md'), path.join(site, 'docs/authors.yml'));
    const result = await globInside(['authors.{yml,yaml}'], { cwd: path.join(site, 'docs') }, [site]);
    expect(result).toEqual({ files: [], outside: ['authors.yml'] });
  });

  it('leaves a broken link out without naming it', async () => {
    symlinkSync('missing.md', path.join(site, 'docs/broken.md'));
    const result = await globInside(['**/*.md'], { cwd: path.join(site, 'docs') }, [site]);
    expect(result.files.sort()).toEqual(['a.md', 'sub/b.md']);
    expect(result.outside).toEqual([]);
  });
});

describe('isWithin', () => {
  it('takes a root and what is under it, not a sibling that shares its name as a prefix', () => {
    expect(isWithin('/a/site', ['/a/site'])).toBe(true);
    expect(isWithin('/a/site/x', ['/a/site'])).toBe(true);
    expect(isWithin('/a/site-other/x', ['/a/site'])).toBe(false);
    expect(isWithin('/a', ['/a/site'])).toBe(false);
  });
});
