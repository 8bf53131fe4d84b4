import { statSync } from 'node:fs';
import path from 'node:path';

/** A file of the output as a build wrote it: path relative to the output folder, size, mtime. */
export type FileStamp = [relPath: string, size: number, mtimeMs: number];

/**
 * Whether `file` is still the file a build wrote or kept: a regular file of this size, and of this
 * modification time when one is given (within `slackMs`: a copy given its source's time may round
 * it). The one test every reuse of a file of the last output goes through: a file edited, deleted,
 * truncated or replaced by a folder since fails it.
 */
export function stillAsWritten(file: string, size: number, mtimeMs?: number, slackMs = 0): boolean {
  const info = statSync(file, { throwIfNoEntry: false });
  if (!info?.isFile() || info.size !== size) return false;
  return mtimeMs === undefined || Math.abs(info.mtimeMs - mtimeMs) <= slackMs;
}

/** The stamp of a file just written into `dir`, for the next build's check. */
export function stampFile(dir: string, relPath: string): FileStamp {
  const info = statSync(path.join(dir, relPath));
  return [relPath, info.size, info.mtimeMs];
}
