import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportError, SiteError, withOsErrorsInWords } from '../../src/errors.js';
import { describeOsError, withPath } from '../../src/osErrors.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sipadocs-os-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error a file-system call throws. */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('an error of the operating system, in words', () => {
  const file = path.join(dir, 'page.md');
  writeFileSync(file, '# Page\n');

  it.each([
    ['ENOTDIR', () => readFileSync(path.join(file, 'inside.md')), 'cannot open this file: a part of the path is a file, not a folder (ENOTDIR)'],
    ['EISDIR', () => writeFileSync(dir, 'x'), 'cannot open this file: it is a folder, where a file was expected (EISDIR)'],
    ['ENAMETOOLONG', () => readFileSync(path.join(dir, `${'a'.repeat(300)}.md`)), 'cannot open this file: the name or the path is too long for the file system (ENAMETOOLONG)'],
    ['ENOENT', () => readdirSync(path.join(dir, 'missing')), 'cannot list this folder: no such file or folder (ENOENT)'],
  ])('names the path and the cause of %s, with a hint', (code, call, message) => {
    const described = describeOsError(thrownBy(call));
    expect(described?.message).toBe(message);
    expect(described?.file).toMatch(/sipadocs-os-errors-/);
    expect(described?.hint).toMatch(/\w/);
    expect(code).toBe(message.slice(-code.length - 1, -1));
  });

  it('names a loop of symbolic links', () => {
    const loop = path.join(dir, 'loop');
    symlinkSync(loop, loop);
    expect(describeOsError(thrownBy(() => readFileSync(loop)))).toMatchObject({ message: 'cannot open this file: it leads through a loop of symbolic links (ELOOP)' });
  });

  it('names the place a move was going to, and what was moved', () => {
    const folder = path.join(dir, 'folder');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'x'), 'x');
    const error = thrownBy(() => renameSync(path.join(dir, 'page.md'), folder));
    expect(describeOsError(error)).toMatchObject({ file: expect.stringMatching(/folder$/), message: expect.stringMatching(/^cannot move \S*page\.md here: it is a folder, where a file was expected \(EISDIR\)$/) });
  });

  it('reads the errors whose code and path were lost on the way from a worker thread, from their message', () => {
    const error = new Error("EMFILE: too many open files, open '/site/docs/a.md'");
    expect(describeOsError(error)).toEqual({ file: '/site/docs/a.md', message: 'cannot open this file: too many files are open in this process (EMFILE)', hint: expect.stringMatching(/ulimit -n/) });
  });

  it('names the file of a write that fails without one (a full disk), and leaves other errors alone', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', errno: -28 });
    expect(describeOsError(withPath(full, path.join(dir, 'big.html')))).toMatchObject({ file: expect.stringMatching(/big\.html$/), message: 'cannot write this file: no space is left on the device (ENOSPC)' });
    expect(describeOsError(new Error('something else'))).toBeNull();
    expect(describeOsError(Object.assign(new Error('x'), { code: 'ERR_INVALID_ARG_TYPE' }))).toBeNull();
  });

  it('becomes a FILE_SYSTEM_ERROR at the path when reported, exit code 1, with the error it was made from', () => {
    const error = thrownBy(() => writeFileSync(dir, 'x'));
    const converted = withOsErrorsInWords(error);
    expect(converted).toBeInstanceOf(SiteError);
    expect(converted).toMatchObject({ code: 'FILE_SYSTEM_ERROR', location: { file: expect.stringMatching(/sipadocs-os-errors-/) }, cause: error });
    const lines: string[] = [];
    reportError(error, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/^\S+sipadocs-os-errors-\S+: error FILE_SYSTEM_ERROR: cannot open this file: it is a folder, where a file was expected \(EISDIR\)\n {2}hint: /);
    const plain = new Error('not a file-system error');
    expect(withOsErrorsInWords(plain)).toBe(plain);
  });
});
