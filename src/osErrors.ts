/**
 * An error of the operating system (Node's `EACCES: permission denied, open '…'`) said in words:
 * what could not be done, to which path, and why, with what to do about it. errors.ts turns it
 * into a SiteError (FILE_SYSTEM_ERROR).
 */
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import path from 'node:path';

export interface OsErrorText {
  /** The path at fault, shown relative to the current folder when it is inside it. */
  file?: string;
  message: string;
  hint: string;
}

interface OsError {
  code: string;
  syscall?: string;
  path?: string;
  dest?: string;
}

/** Why, by error code: the words, and what to do. */
const CAUSES: Record<string, { why: string; hint: string }> = {
  EROFS: { why: 'the file system is read-only', hint: 'Use a folder on a writable file system (for the output: --out-dir), or mount this one read-write.' },
  EACCES: { why: 'permission denied', hint: 'Give the user running sipadocs the right to read it, or to write in its folder (chmod, chown), or use a folder of your own.' },
  EPERM: { why: 'the operation is not permitted', hint: 'Check the owner and permissions of the path (and that no other program holds it locked), or use a folder of your own.' },
  ENOSPC: { why: 'no space is left on the device', hint: 'Free some space on the disk that holds it, then run again.' },
  EDQUOT: { why: 'the disk quota is used up', hint: 'Free some space within your quota, then run again.' },
  EMFILE: { why: 'too many files are open in this process', hint: 'Raise the limit of open files (ulimit -n), then run again.' },
  ENFILE: { why: 'too many files are open on this system', hint: 'Close other programs, or raise the system limit of open files, then run again.' },
  ENOTDIR: { why: 'a part of the path is a file, not a folder', hint: 'Move away or rename the file that stands where the path needs a folder.' },
  EISDIR: { why: 'it is a folder, where a file was expected', hint: 'Remove or rename the folder that stands where a file belongs.' },
  ELOOP: { why: 'it leads through a loop of symbolic links', hint: 'Fix or remove the symbolic link that leads back to itself.' },
  ENAMETOOLONG: { why: 'the name or the path is too long for the file system', hint: 'Use shorter file names or slugs, or a shorter output path.' },
  ENOENT: { why: 'no such file or folder', hint: 'Check that the path exists; a file that was moved or deleted while sipadocs ran is read again by the next run.' },
  EEXIST: { why: 'it already exists', hint: 'Move away what is at that path, then run again.' },
  ENOTEMPTY: { why: 'the folder is not empty', hint: 'Empty or remove the folder, then run again.' },
  EBUSY: { why: 'it is busy (in use by another program, or a mount point)', hint: 'Close what holds it, then run again.' },
  EIO: { why: 'the device reported an input/output error', hint: 'Check the disk or the network file system that holds it.' },
  ETXTBSY: { why: 'the file is busy (a running program)', hint: 'Stop the program that runs it, then run again.' },
};

/** Codes only writing gives. */
const WRITING = new Set(['EROFS', 'ENOSPC', 'EDQUOT']);

/** What could not be done, by system call. */
const ACTIONS: Record<string, string> = {
  mkdir: 'cannot create this folder',
  mkdtemp: 'cannot create a folder in this one',
  rmdir: 'cannot remove this folder',
  rm: 'cannot remove this',
  unlink: 'cannot remove this file',
  scandir: 'cannot list this folder',
  opendir: 'cannot list this folder',
  read: 'cannot read this file',
  write: 'cannot write this file',
  stat: 'cannot look at this path',
  lstat: 'cannot look at this path',
  // sipadocs asks access() whether it may write in a folder before it changes an output.
  access: 'cannot write in this folder',
  utime: 'cannot set the modification time of this file',
  futime: 'cannot set the modification time of this file',
  chmod: 'cannot change the permissions of this path',
  realpath: 'cannot resolve this path',
  readlink: 'cannot read this link',
  symlink: 'cannot create this link',
  watch: 'cannot watch this path',
  spawn: 'cannot start this program',
};

/** "EACCES: permission denied, open '/a/b'" and "… rename '/a' -> '/b'": how an error reads once only its message is left (one that came from a worker thread). */
const MESSAGE = /^(E[A-Z]+): [^,]*, (\w+)(?: '([^']*)'(?: -> '([^']*)')?)?/;

function asOsError(error: unknown): OsError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, syscall, path: at, dest, message } = error as Partial<NodeJS.ErrnoException & { dest: string }>;
  if (typeof code === 'string' && CAUSES[code] && typeof syscall === 'string') return { code, syscall, path: at, dest };
  const match = typeof message === 'string' ? MESSAGE.exec(message) : null;
  if (match && CAUSES[match[1]!]) return { code: match[1]!, syscall: match[2], path: match[3], dest: match[4] };
  return null;
}

/**
 * The words for an error of the operating system, or null for any other error. A folder made with
 * `recursive` on a read-only or forbidden file system fails as ENOENT in Node 20: that is asked of
 * the file system again (what the nearest existing folder allows), so the real cause is named.
 */
export function describeOsError(error: unknown): OsErrorText | null {
  const found = asOsError(error);
  if (!found) return null;
  const { syscall = '', path: at } = found;
  const code = found.code === 'ENOENT' && syscall === 'mkdir' && at ? (creationBlocked(at) ?? 'ENOENT') : found.code;
  const cause = CAUSES[code]!;
  let file = at;
  let action = ACTIONS[syscall] ?? `${syscall || 'an operation'} failed on this path`;
  if (syscall === 'open') {
    action = openAction(at, code);
  } else if (syscall === 'copyfile' && at && found.dest) {
    // The source that cannot be read, or the copy that cannot be written (always, for want of space).
    if (!WRITING.has(code) && !allows(at, constants.R_OK)) action = 'cannot read this file to copy it';
    else [file, action] = [found.dest, `cannot copy ${shown(at)} here`];
  } else if ((syscall === 'rename' || syscall === 'link') && at && found.dest) {
    [file, action] = moveFault(at, found.dest);
  }
  return { ...(file ? { file: shown(file) } : {}), message: `${action}: ${cause.why} (${code})`, hint: cause.hint };
}

/**
 * The error with `file` as its path when it has none: Node names no file when writing to an open
 * one fails (a full disk on `write`).
 */
export function withPath(error: unknown, file: string): unknown {
  const errno = error as Partial<NodeJS.ErrnoException>;
  if (typeof error === 'object' && error !== null && typeof errno.syscall === 'string' && errno.path === undefined) errno.path = file;
  return error;
}

/** The path as it is shown: relative to the current folder when inside it, else absolute. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Whether the path allows `mode` (R_OK, W_OK) to this process. */
function allows(file: string, mode: number): boolean {
  try {
    accessSync(file, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a move went wrong, and how to say it: the folder it leaves or the one it enters when
 * that cannot be written, the folder moved itself (moving a folder elsewhere rewrites its ".."),
 * else the place it was moved to.
 */
function moveFault(from: string, to: string): [file: string, action: string] {
  const source = path.dirname(from);
  const target = path.dirname(to);
  if (!allows(source, constants.W_OK)) return [source, `cannot move ${shown(from)} out of this folder`];
  if (!allows(target, constants.W_OK)) return [target, `cannot move ${shown(from)} into this folder`];
  if (source !== target && info(from)?.isDirectory() && !allows(from, constants.W_OK)) return [from, `cannot move this folder to ${shown(to)}`];
  return [to, `cannot move ${shown(from)} here`];
}

/** Codes by which an open tells whether it was to read, to write or to create: those of rights and space. */
const RIGHTS_AND_SPACE = new Set(['EACCES', 'EPERM', ...WRITING]);

/** An open that failed: creating a file that is not there, reading one that cannot be read, or writing one. */
function openAction(file: string | undefined, code: string): string {
  if (!file || !RIGHTS_AND_SPACE.has(code)) return 'cannot open this file';
  if (!info(file)) return 'cannot create this file';
  return allows(file, constants.R_OK) ? 'cannot write this file' : 'cannot read this file';
}

/** What the path is, or undefined when it cannot be looked at. */
function info(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Why a folder cannot be made at `dir`: the code the nearest existing folder above it gives for
 * writing (EROFS, EACCES), ENOTDIR when that is a file; null when it allows it (the folder above
 * was really missing).
 */
function creationBlocked(dir: string): string | null {
  for (let above = path.dirname(dir); ; above = path.dirname(above)) {
    const found = info(above);
    if (found) {
      if (!found.isDirectory()) return 'ENOTDIR';
      try {
        accessSync(above, constants.W_OK);
        return null;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return code && CAUSES[code] ? code : null;
      }
    }
    if (path.dirname(above) === above) return null;
  }
}
