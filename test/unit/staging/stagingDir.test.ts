import { existsSync, readdirSync, renameSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStagingDir, removeDeadProcessFolders, restoreInterruptedSwap, type CommitFs } from '../../../src/staging/stagingDir.js';
import { WORK_FOLDER_CONTENT, WORK_FOLDER_MARKER } from '../../../src/staging/workFolders.js';
import { OUTPUT_MARKER, readMarker } from '../../../src/staging/outputDir.js';
import { readRecord, writeRecord } from '../../../src/staging/outputRecord.js';
import { SiteErrors } from '../../../src/errors.js';

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-output-'));
  temps.push(dir);
  return dir;
}

/** Every file under `dir` with its contents, by relative path. */
async function contents(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file).split(path.sep).join('/')] = await readFile(file, 'utf8');
  }
  return files;
}

const PREVIOUS = {
  'index.html': 'home',
  'docs/a.html': 'page a',
  'docs/old/b.html': 'page b',
  '_sipa/r/a-1.js': 'chunk a',
  'img/logo.svg': '<svg/>',
};

/** An output of two pages, a chunk and an image, committed by a build as sipadocs does it. */
async function previousOutput(options: { fs?: CommitFs } = {}) {
  const root = await tempDir();
  const out = path.join(root, 'build');
  const recordFile = path.join(root, 'cache', 'record.json');
  const first = await createStagingDir(out, { recordFile, ...options });
  for (const [rel, text] of Object.entries(PREVIOUS)) first.write(rel, text);
  await first.commit();
  const info = async (rel: string) => stat(path.join(out, rel));
  return { root, out, recordFile, info, stage: () => createStagingDir(out, { recordFile, ...options }) };
}

describe('staging directory', () => {
  it('replaces the output only on commit, and a discarded build leaves it alone', async () => {
    const { out, stage } = await previousOutput();
    expect(readMarker(out)).not.toBeNull();

    const failed = await stage();
    failed.write('index.html', 'broken');
    await failed.discard();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home');

    const good = await stage();
    good.write('docs/a.html', 'new');
    await good.commit();
    expect(await readFile(path.join(out, 'docs/a.html'), 'utf8')).toBe('new');
    expect(existsSync(path.join(out, 'index.html'))).toBe(false);
  });

  it('updates the output in place: kept files stay untouched, staged ones replace theirs, the rest goes', async () => {
    const { root, out, info, stage } = await previousOutput();
    const inodeBefore = (await info('docs/a.html')).ino;
    const staging = await stage();
    staging.keep('docs/a.html');
    staging.keep('_sipa/r/a-1.js');
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
    expect(Object.keys(await contents(out)).sort()).toEqual([OUTPUT_MARKER, '_sipa/r/a-1.js', '_sipa/r/c-2.js', 'docs/a.html', 'docs/c.html', 'index.html']);
    // Nothing is left beside the output.
    expect((await readdir(root)).sort()).toEqual(['build', 'cache']);
  });

  it('leaves the removal of the staging folder to later when asked, and the output is whole already', async () => {
    const { root, out, stage } = await previousOutput();
    const staging = await stage();
    staging.write('docs/deep/er/c.html', 'page c');
    const { tidied } = await staging.commit({ tidyLater: true });
    // Its (emptied) staging folder is still beside the output, removed in the background. Read at
    // once: the removal goes one file system call per turn of the event loop, and none has come
    // back yet, where any later await would let it finish on a fast (or idle) machine.
    expect(readdirSync(root).length).toBe(3);
    expect(await readFile(path.join(out, 'docs/deep/er/c.html'), 'utf8')).toBe('page c');
    await tidied;
    expect((await readdir(root)).sort()).toEqual(['build', 'cache']);
  });

  it('leaves the output as it was when a build that kept files is discarded', async () => {
    const { out, info, stage } = await previousOutput();
    const staging = await stage();
    staging.keep('docs/a.html');
    staging.write('index.html', 'broken');
    await staging.discard();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home');
    expect(await readFile(path.join(out, 'docs/old/b.html'), 'utf8')).toBe('page b');
  });

  it.each([
    ['swapping the whole folder', false],
    ['updating it in place', true],
  ])("leaves the user's own files in the output when %s, and names them", async (_name, keepSome) => {
    const { out, info, stage } = await previousOutput();
    await writeFile(path.join(out, 'CNAME'), 'docs.example.org');
    await mkdir(path.join(out, 'docs/notes'), { recursive: true });
    await writeFile(path.join(out, 'docs/notes/todo.txt'), 'mine');
    const staging = await stage();
    if (keepSome) staging.keep('docs/a.html');
    staging.write('index.html', 'new home');
    const result = await staging.commit();
    expect(result.foreign.sort()).toEqual(['CNAME', 'docs/notes/todo.txt']);
    const files = await contents(out);
    expect(files.CNAME).toBe('docs.example.org');
    expect(files['docs/notes/todo.txt']).toBe('mine');
    expect(files['index.html']).toBe('new home');
    // What the last build wrote and this one did not is gone.
    expect(files['docs/old/b.html']).toBeUndefined();
    expect(files['img/logo.svg']).toBeUndefined();
    // The user's files stay theirs in the next build too.
    const next = await stage();
    next.write('index.html', 'newer home');
    expect((await next.commit()).foreign.sort()).toEqual(['CNAME', 'docs/notes/todo.txt']);
  });

  it("refuses to overwrite a user's file with a different one, changing nothing; the same contents are fine", async () => {
    const { out, stage } = await previousOutput();
    await writeFile(path.join(out, 'robots.txt'), 'User-agent: *');
    const before = await contents(out);
    const staging = await stage();
    staging.write('index.html', 'new home');
    staging.write('robots.txt', 'Disallow: /');
    const error = await staging.commit().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteErrors);
    expect((error as SiteErrors).errors.map((e) => [e.code, e.message.includes('robots.txt')])).toEqual([['OUTPUT_FILE_CONFLICT', true]]);
    await staging.discard();
    expect(await contents(out)).toEqual(before);

    const same = await stage();
    same.write('robots.txt', 'User-agent: *');
    expect((await same.commit()).foreign).toEqual([]);
    expect(await readFile(path.join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *');
  });

  it("refuses to put a file where a user's folder is, or a folder where a user's file is", async () => {
    const { out, stage } = await previousOutput();
    await mkdir(path.join(out, 'downloads'));
    await writeFile(path.join(out, 'downloads/a.zip'), 'zip');
    await writeFile(path.join(out, 'blog'), 'a file of the user');
    const staging = await stage();
    staging.write('downloads', 'a page');
    staging.write('blog/post.html', 'a post');
    const error = (await staging.commit().catch((e: unknown) => e)) as SiteErrors;
    expect(error.errors.map((e) => /(downloads\/a\.zip|blog) was not written/.exec(e.message)?.[1]).sort()).toEqual(['blog', 'downloads/a.zip']);
    await staging.discard();
    expect(await readFile(path.join(out, 'downloads/a.zip'), 'utf8')).toBe('zip');
  });

  it.each([
    ['swapping the whole folder', false],
    ['updating it in place', true],
  ])('replaces its own file by a folder and its own folder by a file when %s', async (_name, keepSome) => {
    const { out, stage } = await previousOutput();
    const staging = await stage();
    if (keepSome) staging.keep('_sipa/r/a-1.js');
    staging.write('index.html/x.html', 'a page under what was a file');
    staging.write('docs', 'a file where a folder of pages was');
    await staging.commit();
    expect(await contents(out)).toMatchObject({ 'index.html/x.html': 'a page under what was a file', docs: 'a file where a folder of pages was' });
  });

  it('without a record (an output of an earlier version), removes only what it recognises as its own', async () => {
    const root = await tempDir();
    const out = path.join(root, 'build');
    const generated = '<!doctype html><html><head><meta name="generator" content="sipadocs 2.0.0"></head></html>';
    const files: Record<string, string> = {
      'index.html': generated,
      'docs/gone.html': generated,
      '_sipa/r/old-1.js': 'chunk',
      'img/logo.svg': '<svg/>',
      'hand-written.html': '<p>mine</p>',
      CNAME: 'docs.example.org',
    };
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(out, rel)), { recursive: true });
      await writeFile(path.join(out, rel), text);
    }
    const staging = await createStagingDir(out, { recordFile: path.join(root, 'record.json') });
    expect(staging.previousBuild).toBeNull();
    staging.write('index.html', 'new home');
    staging.write('img/logo.svg', '<svg>new</svg>');
    const { foreign } = await staging.commit();
    expect(foreign.sort()).toEqual(['CNAME', 'hand-written.html']);
    const after = await contents(out);
    expect(Object.keys(after).sort()).toEqual([OUTPUT_MARKER, 'CNAME', 'hand-written.html', 'img/logo.svg', 'index.html']);
    expect(after['img/logo.svg']).toBe('<svg>new</svg>');
  });

  it("takes as its own the files written after the commit (a plugin's postBuild), not the user's: the next build removes them", async () => {
    const { out, stage } = await previousOutput();
    await writeFile(path.join(out, 'CNAME'), 'docs.example.org');
    const first = await stage();
    first.write('index.html', 'home');
    const committed = await first.commit();
    expect(committed.foreign).toEqual(['CNAME']);
    await writeFile(path.join(out, 'search-index-1.json'), '[1]');
    await writeFile(path.join(out, 'index.html'), 'home, rewritten');
    await writeFile(path.join(out, 'CNAME'), 'docs.example.com');
    expect(committed.adoptWritten()).toEqual(['search-index-1.json']);

    const next = await stage();
    next.write('index.html', 'home');
    const { foreign } = await next.commit();
    expect(foreign).toEqual(['CNAME']);
    expect(Object.keys(await contents(out)).sort()).toEqual([OUTPUT_MARKER, 'CNAME', 'index.html']);
  });

  it("trusts what it knows of an output only while the output is as the last commit left it", async () => {
    const { out, recordFile, stage } = await previousOutput();
    const build = readMarker(out)!.build;
    expect((await stage()).previousBuild).toBe(build);
    // A commit started (record written) but killed before changing the output: still whole.
    writeRecord(recordFile, { build: 'next', files: [...readRecord(recordFile)!.files, 'new.html'], committingOver: build });
    expect((await stage()).previousBuild).toBe(build);
    // Killed after its marker went in: a mix of both outputs, trusted by nobody.
    await writeFile(path.join(out, OUTPUT_MARKER), JSON.stringify({ generator: 'sipadocs', build: 'next' }));
    const staging = await stage();
    expect(staging.previousBuild).toBeNull();
    // The files of both builds are still known as sipadocs's: they go, nothing is taken for the user's.
    await writeFile(path.join(out, 'new.html'), 'written by the killed build');
    staging.write('index.html', 'rebuilt');
    expect((await staging.commit()).foreign).toEqual([]);
    expect(Object.keys(await contents(out)).sort()).toEqual([OUTPUT_MARKER, 'index.html']);
  });

  describe('on an output that cannot be renamed (a mount point: Docker volume, CI cache, tmpfs)', () => {
    /** Renames fail as they do for a mount point at `out`: EBUSY for the folder itself, EXDEV across its edge. */
    const mountedAt = (out: () => string): CommitFs & { refused: string[] } => {
      const refused: string[] = [];
      const inside = (file: string) => file === out() || file.startsWith(`${out()}${path.sep}`);
      return {
        refused,
        renameSync(from, to) {
          if (from === out() || to === out()) {
            refused.push('EBUSY');
            throw Object.assign(new Error(`EBUSY: resource busy or locked, rename '${from}'`), { code: 'EBUSY' });
          }
          if (inside(from) !== inside(to)) {
            refused.push('EXDEV');
            throw Object.assign(new Error(`EXDEV: cross-device link not permitted, rename '${from}'`), { code: 'EXDEV' });
          }
          renameSync(from, to);
        },
      };
    };

    it.each([
      ['nothing is kept (the swap falls back to copying)', false],
      ['files are kept (each move falls back to copying)', true],
    ])('lands the build when %s', async (_name, keepSome) => {
      let outDir = '';
      const fs = mountedAt(() => outDir);
      const root = await tempDir();
      outDir = path.join(root, 'build');
      await mkdir(outDir); // the mount point exists before any build
      const recordFile = path.join(root, 'record.json');
      const first = await createStagingDir(outDir, { recordFile, fs });
      for (const [rel, text] of Object.entries(PREVIOUS)) first.write(rel, text);
      await first.commit();
      expect(await contents(outDir)).toMatchObject(PREVIOUS);
      expect(fs.refused).toContain('EBUSY');
      expect(fs.refused).toContain('EXDEV');

      await writeFile(path.join(outDir, 'CNAME'), 'docs.example.org');
      const second = await createStagingDir(outDir, { recordFile, fs });
      if (keepSome) second.keep('docs/a.html');
      second.write('index.html', 'new home');
      second.write('docs/c.html', 'page c');
      await second.commit();
      const files = await contents(outDir);
      expect(Object.keys(files).sort()).toEqual([OUTPUT_MARKER, 'CNAME', ...(keepSome ? ['docs/a.html'] : []), 'docs/c.html', 'index.html']);
      expect(files['index.html']).toBe('new home');
      expect(readMarker(outDir)!.build).toBe(readRecord(recordFile)!.build);
      // No copy is left half-way, and nothing beside the output.
      expect((await readdir(root)).sort()).toEqual(['build', 'record.json']);
    });
  });

  it("never touches a user's folder beside the output, whatever its name looks like", async () => {
    const root = await tempDir();
    const out = path.join(root, 'build');
    const recordFile = path.join(root, 'cache', 'record.json');
    // Names a killed build's leftovers once had: a date, a word, digits as a dead process's id.
    const userFolders = ['build.old-2024-05-01', 'build.staging-2023-backup', 'build.old-999999999-abc', 'build.staging-999999999-abc'];
    for (const name of userFolders) {
      await mkdir(path.join(root, name));
      await writeFile(path.join(root, name, 'notes.txt'), `kept: ${name}`);
    }
    const expected = Object.fromEntries(userFolders.map((name) => [name, { 'notes.txt': `kept: ${name}` }]));
    const userContents = async () => Object.fromEntries(await Promise.all(userFolders.map(async (name) => [name, await contents(path.join(root, name))])));

    // No output yet: none of them is taken for an output put aside.
    await restoreInterruptedSwap(out);
    expect(existsSync(out)).toBe(false);
    for (const keepSome of [false, false, true]) {
      const staging = await createStagingDir(out, { recordFile });
      if (keepSome) staging.keep('index.html');
      staging.write('index.html', 'home');
      await staging.commit();
      expect(await contents(out)).toEqual({ [OUTPUT_MARKER]: expect.any(String), 'index.html': 'home' });
      expect(await userContents()).toEqual(expected);
      expect((await readdir(root)).sort()).toEqual(['build', 'cache', ...userFolders].sort());
    }
    const failed = await createStagingDir(out, { recordFile });
    await failed.discard();
    await rm(out, { recursive: true });
    await restoreInterruptedSwap(out);
    expect(existsSync(out)).toBe(false);
    expect(await userContents()).toEqual(expected);
  });

  /** A work folder as a killed build (or, with a live pid, a running one) leaves it: marked, maybe holding an output. */
  async function workFolder(out: string, role: 'staging' | 'aside', options: { pid?: number; time?: number; name?: string } = {}) {
    const pid = options.pid ?? 999_999_999; // above any pid_max, so no such process
    const id = Math.random().toString(16).slice(2, 14);
    const dir = path.join(path.dirname(out), options.name ?? `${path.basename(out)}.${role === 'aside' ? 'old' : 'staging'}-${pid}-${id}`);
    await mkdir(dir);
    const marker = { generator: 'sipadocs', role, output: path.basename(out), pid, id, time: options.time ?? Date.now() };
    await writeFile(path.join(dir, WORK_FOLDER_MARKER), JSON.stringify(marker));
    return { dir, content: path.join(dir, WORK_FOLDER_CONTENT) };
  }

  it('puts back an output that a build killed in the middle of its swap left aside', async () => {
    const { root, out, stage } = await previousOutput();
    const before = await contents(out);
    // What a kill between the two renames leaves: the old output aside, the new one staged.
    const aside = await workFolder(out, 'aside', { time: Date.now() - 1000 });
    renameSync(out, aside.content);
    const staged = await workFolder(out, 'staging');
    await mkdir(staged.content);
    // An older one of another killed build, to be dropped, and one killed before it moved anything.
    const older = await workFolder(out, 'aside', { time: Date.now() - 60_000 });
    await mkdir(older.content);
    await writeFile(path.join(older.content, 'index.html'), 'older');
    await workFolder(out, 'aside');
    const staging = await stage();
    expect(await contents(out)).toEqual(before);
    expect(staging.previousBuild).toBe(readMarker(out)!.build);
    await staging.discard();
    expect((await readdir(root)).sort()).toEqual(['build', 'cache']);
  });

  it('removes an output left aside once the swap after it finished', async () => {
    const { root, out } = await previousOutput();
    const aside = await workFolder(out, 'aside');
    await mkdir(aside.content);
    await writeFile(path.join(aside.content, 'index.html'), 'older');
    await restoreInterruptedSwap(out);
    expect(existsSync(aside.dir)).toBe(false);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home');
    expect((await readdir(root)).sort()).toEqual(['build', 'cache']);
  });

  it("removes what killed builds left, but not a running build's folders, another output's, or unmarked ones", async () => {
    const root = await tempDir();
    const out = path.join(root, 'build');
    const dead = await workFolder(out, 'staging');
    const live = await workFolder(out, 'staging', { pid: process.ppid });
    const otherOutput = await workFolder(path.join(root, 'build.staging-x'), 'staging', { name: 'build.staging-1-abc' });
    const unmarked = path.join(root, 'build.staging-999999999-abc');
    await mkdir(unmarked);
    const aside = await workFolder(out, 'aside');
    await createStagingDir(out).then((staging) => staging.discard());
    expect(existsSync(dead.dir)).toBe(false);
    expect(existsSync(aside.dir)).toBe(false);
    expect(existsSync(live.dir)).toBe(true);
    expect(existsSync(otherOutput.dir)).toBe(true);
    expect(existsSync(unmarked)).toBe(true);
  });

  it("removes the folders of killed builds from sipadocs's own cache folders, by their process id", async () => {
    const root = await tempDir();
    const dead = path.join(root, '999999999-abc');
    const live = path.join(root, `${process.ppid}-abc`);
    for (const dir of [dead, live]) await mkdir(dir);
    await removeDeadProcessFolders(root);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});
