// The last output tier: what a build takes from the output the last good build committed, and
// what it records for the next one. Every case goes through a real staging folder and commit.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stillAsWritten } from '../../../src/cache/fileStamp.js';
import { openLastOutput, type LastOutput } from '../../../src/cache/lastOutput.js';
import type { OutputManifest } from '../../../src/cache/outputManifest.js';
import { createStagingDir, type StagingDir } from '../../../src/staging/stagingDir.js';
import { tempDir } from '../../helpers.js';

interface PageExtra {
  title: string;
}

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let recordFile: string;
beforeEach(async () => {
  tmp = await tempDir();
  out = path.join(tmp.dir, 'build');
  recordFile = path.join(tmp.dir, 'cache', 'record.json');
});
afterEach(() => tmp.cleanup());

/** One build: opens the tier over the last manifest, runs `work`, commits, and returns the next manifest. */
async function build(previous: OutputManifest | null, work: (last: LastOutput, staging: StagingDir) => void | Promise<void>): Promise<OutputManifest> {
  const staging = await createStagingDir(out, { recordFile });
  const last = openLastOutput(out, staging, previous !== null && previous.build === staging.previousBuild ? previous : null);
  await work(last, staging);
  const { build } = await staging.commit();
  return last.manifest(build);
}

/** Writes a page of two files (its HTML and its data), as a stage records one. */
function writePage(last: LastOutput, name: string, key: string, text: string) {
  last.files.write(`${name}.html`, `<p>${text}</p>`);
  last.files.write(`${name}.json`, JSON.stringify({ text }));
  last.section<PageExtra>('pages').record(name, key, [`${name}.html`, `${name}.json`], { title: text });
}

describe('the last output tier', () => {
  it('keeps an output whose key is unchanged and whose files are as written, with what its stage recorded', async () => {
    const first = await build(null, (last) => writePage(last, 'a', 'k1', 'A'));
    const inode = (await stat(path.join(out, 'a.html'))).ino;
    let kept: unknown = null;
    const second = await build(first, (last) => {
      kept = last.section<PageExtra>('pages').keep('a', 'k1');
    });
    expect(kept).toMatchObject({ key: 'k1', title: 'A' });
    // The very files, not copies, and recorded again for the build after.
    expect((await stat(path.join(out, 'a.html'))).ino).toBe(inode);
    expect(second.sections.pages!.a).toEqual(first.sections.pages!.a);
    await build(second, (last) => {
      expect(last.section<PageExtra>('pages').keep('a', 'k1')).not.toBeNull();
    });
  });

  it('keeps nothing of an output whose key changed, and reads its files back while they are as written', async () => {
    const first = await build(null, (last) => writePage(last, 'a', 'k1', 'A'));
    await build(first, async (last) => {
      const pages = last.section<PageExtra>('pages');
      expect(pages.keep('a', 'k2')).toBeNull();
      expect(pages.recorded('a')).toMatchObject({ key: 'k1', title: 'A' });
      const file = pages.readBack('a', 'a.html');
      expect(file && (await readFile(file, 'utf8'))).toBe('<p>A</p>');
      expect(pages.readBack('a', 'b.html')).toBeNull();
      expect(pages.readBack('b', 'b.html')).toBeNull();
      writePage(last, 'a', 'k2', 'A2');
    });
    expect(await readFile(path.join(out, 'a.html'), 'utf8')).toBe('<p>A2</p>');
  });

  it.each([
    ['changed', (file: string) => writeFile(file, '<p>B</p>')],
    ['deleted', (file: string) => rm(file)],
    ['truncated', (file: string) => truncate(file, 3)],
    ['replaced by a folder', async (file: string) => (await rm(file), await mkdir(file))],
  ])('makes an output again when one of its files was %s: none of its files is kept, nor read back', async (_how, spoil) => {
    const first = await build(null, (last) => writePage(last, 'a', 'k1', 'A'));
    const dataBefore = await stat(path.join(out, 'a.json'));
    // Another time: "changed" with the same size is only told by it.
    await spoil(path.join(out, 'a.html'));
    const later = new Date(Date.now() + 5000);
    if (existsSync(path.join(out, 'a.html'))) await utimes(path.join(out, 'a.html'), later, later);
    await build(first, (last) => {
      const pages = last.section<PageExtra>('pages');
      expect(pages.keep('a', 'k1')).toBeNull();
      expect(pages.readBack('a', 'a.html')).toBeNull();
      // Each file is read back on its own: the intact one still is.
      expect(pages.readBack('a', 'a.json')).not.toBeNull();
      writePage(last, 'a', 'k1', 'A');
    });
    expect(await readFile(path.join(out, 'a.html'), 'utf8')).toBe('<p>A</p>');
    // Written again, not kept: the data file is a new one.
    expect((await stat(path.join(out, 'a.json'))).ino).not.toBe(dataBefore.ino);
  });

  it('keeps all of a list of files or none, and nothing of an output it knows nothing of', async () => {
    const first = await build(null, (last) => writePage(last, 'a', 'k1', 'A'));
    await writeFile(path.join(out, 'a.json'), '{"text":"edited"}');
    await build(first, (last) => {
      const stamps = first.sections.pages!.a!.files;
      expect(last.keepAll(stamps)).toBe(false);
      expect(last.keepAll(stamps.slice(0, 1))).toBe(true);
      expect(last.keepAll([])).toBe(true);
    });
    // The kept page file stayed; the data file, neither kept nor written, is gone.
    expect(existsSync(path.join(out, 'a.html'))).toBe(true);
    expect(existsSync(path.join(out, 'a.json'))).toBe(false);
    // A manifest of another output (an interrupted commit, or none) holds nothing.
    await build(null, (last) => {
      expect(last.known).toBe(false);
      expect(last.section('pages').keep('a', 'k1')).toBeNull();
    });
  });

  it('keeps a file named by its content by its size, and any file by its stamp', async () => {
    await build(null, (last) => {
      last.files.write('_sipa/r/a-1.js', 'chunk a');
      last.files.write('docs/a.html', 'page a');
    });
    const a = await stat(path.join(out, 'docs/a.html'));
    expect(stillAsWritten(path.join(out, 'docs/a.html'), a.size, a.mtimeMs)).toBe(true);
    expect(stillAsWritten(path.join(out, 'docs/a.html'), a.size + 1, a.mtimeMs)).toBe(false);
    expect(stillAsWritten(path.join(out, 'docs/a.html'), a.size, a.mtimeMs - 1000)).toBe(false);
    expect(stillAsWritten(path.join(out, 'docs/missing.html'), 1)).toBe(false);
    // A folder is never a kept file.
    expect(stillAsWritten(path.join(out, 'docs'), (await stat(path.join(out, 'docs'))).size)).toBe(false);
    await build(null, (last) => {
      expect(last.files.keep('_sipa/r/a-1.js', 'chunk a'.length)).toBe(true);
      expect(last.files.keep('docs/a.html', a.size, a.mtimeMs - 1000)).toBe(false);
    });
    expect(await readFile(path.join(out, '_sipa/r/a-1.js'), 'utf8')).toBe('chunk a');
    expect(existsSync(path.join(out, 'docs/a.html'))).toBe(false);
  });

  it('copies a static file once, then keeps it in place while its source is unchanged', async () => {
    const from = path.join(tmp.dir, 'static');
    await mkdir(path.join(from, 'img'), { recursive: true });
    await writeFile(path.join(from, 'img/photo.png'), 'photo');
    await writeFile(path.join(from, 'robots.txt'), 'allow');
    await build(null, (last) => last.copyStatic(from, ['img/photo.png', 'robots.txt']));
    const copied = await stat(path.join(out, 'img/photo.png'));
    // The same size, another content: only the modification time tells it changed.
    await writeFile(path.join(from, 'robots.txt'), 'deny!');
    const later = new Date(Date.now() + 5000);
    await utimes(path.join(from, 'robots.txt'), later, later);
    await build(null, async (last, staging) => {
      await last.copyStatic(from, ['img/photo.png', 'robots.txt']);
      expect(existsSync(path.join(staging.dir, 'img/photo.png'))).toBe(false);
      expect(existsSync(path.join(staging.dir, 'robots.txt'))).toBe(true);
    });
    // Kept: the very file of the last output, not a new copy.
    expect((await stat(path.join(out, 'img/photo.png'))).ino).toBe(copied.ino);
    expect(await readFile(path.join(out, 'robots.txt'), 'utf8')).toBe('deny!');
  });

  it("copies a static file over a user's file of the same name, size and time rather than taking it as its own copy", async () => {
    await build(null, (last) => last.files.write('index.html', 'home'));
    const from = path.join(tmp.dir, 'static');
    await mkdir(from, { recursive: true });
    await writeFile(path.join(from, 'notes.txt'), 'notes');
    // Put there by hand (cp -p): the same size and time as the source, and no record of sipadocs's.
    await writeFile(path.join(out, 'notes.txt'), 'notes');
    const { mtime, atime } = await stat(path.join(from, 'notes.txt'));
    await utimes(path.join(out, 'notes.txt'), atime, mtime);
    const staging = await createStagingDir(out, { recordFile });
    await openLastOutput(out, staging, null).copyStatic(from, ['notes.txt']);
    expect(existsSync(path.join(staging.dir, 'notes.txt'))).toBe(true);
    await staging.discard();
  });
});
