import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutputDir, markerText, OUTPUT_MARKER } from '../../../src/staging/outputDir.js';
import { SiteError } from '../../../src/errors.js';

let root: string;
let around: { cwd: string; home: string };
let site: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sipadocs-outdir-')));
  // A home folder holding a project: the project is the current folder, with its site inside.
  around = { home: path.join(root, 'home'), cwd: path.join(root, 'home', 'project') };
  site = path.join(around.cwd, 'site');
  await mkdir(path.join(site, 'docs'), { recursive: true });
  await writeFile(path.join(around.cwd, 'package.json'), '{}');
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The reason given for refusing `outDir`, or null when it is accepted. */
function refusal(outDir: string): string | null {
  try {
    checkOutputDir(path.resolve(around.cwd, outDir), site, around);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('OUTPUT_DIR_REFUSED');
    return (error as SiteError).message;
  }
}

describe('checkOutputDir', () => {
  it.each([
    ['/', 'root of the file system'],
    ['..', 'your home folder'],
    ['.', 'current folder'],
    ['site', 'is the site folder'],
    ['site/docs', 'inside the site folder'],
    ['site/static', 'inside the site folder'],
    ['../..', 'contains the site folder'],
    ['package.json', 'not a folder'],
  ])('refuses %s: %s', (outDir, why) => {
    expect(refusal(outDir)).toContain(why);
  });

  it('refuses a folder above the current one that does not contain the site', async () => {
    const elsewhere = path.join(root, 'elsewhere');
    const outside = { ...around, cwd: path.join(elsewhere, 'work') };
    await mkdir(outside.cwd, { recursive: true });
    expect(() => checkOutputDir(elsewhere, site, outside)).toThrow(/contains the current folder/);
  });

  it('refuses a folder that contains the home folder', () => {
    expect(() => checkOutputDir(root, '/nonexistent-sipadocs/site', { cwd: os.tmpdir(), home: around.home })).toThrow(/contains your home folder/);
  });

  it('sees through a symbolic link to a refused folder', async () => {
    await symlink(around.cwd, path.join(root, 'link-to-project'));
    expect(() => checkOutputDir(path.join(root, 'link-to-project'), site, around)).toThrow(/current folder/);
  });

  it('refuses a non-empty folder of the user, saying how to go on', async () => {
    await mkdir(path.join(around.cwd, 'docs'));
    await writeFile(path.join(around.cwd, 'docs', 'guide.md'), '# mine');
    const message = refusal('docs');
    expect(message).toContain('holds files that sipadocs did not write (guide.md)');
    try {
      checkOutputDir(path.join(around.cwd, 'docs'), site, around);
    } catch (error) {
      expect((error as SiteError).hint).toMatch(/does not exist yet.*or empty this one/);
    }
  });

  it('accepts a missing folder, an empty one, its own and an output of an earlier version', async () => {
    expect(refusal('build')).toBeNull();
    expect(refusal('out/site')).toBeNull();
    await mkdir(path.join(around.cwd, 'empty'));
    expect(refusal('empty')).toBeNull();
    await mkdir(path.join(around.cwd, 'marked'));
    await writeFile(path.join(around.cwd, 'marked', 'index.html'), '<p>');
    await writeFile(path.join(around.cwd, 'marked', OUTPUT_MARKER), markerText('abc'));
    expect(refusal('marked')).toBeNull();
    const earlier = path.join(around.cwd, 'earlier');
    await mkdir(path.join(earlier, '_sipa'), { recursive: true });
    await writeFile(path.join(earlier, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><meta name="generator" content="sipadocs 2.0.0"></head></html>');
    expect(refusal('earlier')).toBeNull();
    // Without the _sipa folder, or naming another generator, it is not one.
    await writeFile(path.join(earlier, 'index.html'), '<meta name="generator" content="Docusaurus v3">');
    expect(refusal('earlier')).toContain('did not write');
    // A marker of someone else's making does not count either.
    await writeFile(path.join(around.cwd, 'marked', OUTPUT_MARKER), '{"generator":"other","build":"x"}');
    expect(refusal('marked')).toContain('did not write');
  });
});
