import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { GENERATOR_NAME } from '../version.js';

/**
 * The folders a build makes beside its output: its staging folder (`<out>.staging-…`) and, during
 * a swap, the last good output put aside (`<out>.old-…`). Each is a wrapper holding a marker file
 * and the folder itself (`output`), so the marker never becomes part of the output. A folder
 * beside the output is taken for one of these only by its marker, never by its name: a user's
 * `build.old-2024-05-01` is theirs, whatever its name looks like.
 */
export const WORK_FOLDER_MARKER = '.sipadocs-work-folder';

/** The folder inside a work folder that is, or was, an output. */
export const WORK_FOLDER_CONTENT = 'output';

export type WorkFolderRole = 'staging' | 'aside';

/** What the marker of a work folder says: who made it, for which output, and when. */
export interface WorkFolderMarker {
  generator: typeof GENERATOR_NAME;
  role: WorkFolderRole;
  /** The output folder's name (its base name: the work folder sits beside it). */
  output: string;
  pid: number;
  /** Random, so that two folders of the same process never share a marker. */
  id: string;
  /** When it was made, in milliseconds. */
  time: number;
}

const NAME_PART: Record<WorkFolderRole, string> = { staging: 'staging', aside: 'old' };

export interface WorkFolder {
  /** The wrapper: the folder beside the output, holding the marker. */
  dir: string;
  /** The folder inside it that is, or will be, an output. */
  content: string;
}

/** Makes a work folder beside `out` (absolute) with its marker, and returns its paths. */
export function createWorkFolder(out: string, role: WorkFolderRole): WorkFolder {
  const id = randomBytes(6).toString('hex');
  const dir = `${out}.${NAME_PART[role]}-${process.pid}-${id}`;
  const marker: WorkFolderMarker = { generator: GENERATOR_NAME, role, output: path.basename(out), pid: process.pid, id, time: Date.now() };
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path.join(dir, WORK_FOLDER_MARKER), `${JSON.stringify(marker)}\n`);
  } catch (error) {
    // A folder without its marker would never be known as sipadocs's again: it goes at once.
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, content: path.join(dir, WORK_FOLDER_CONTENT) };
}

/** The marker in `dir`, or null when it has none that sipadocs wrote. */
export function readWorkFolderMarker(dir: string): WorkFolderMarker | null {
  try {
    const marker = JSON.parse(readFileSync(path.join(dir, WORK_FOLDER_MARKER), 'utf8')) as Partial<WorkFolderMarker>;
    const valid =
      marker.generator === GENERATOR_NAME &&
      (marker.role === 'staging' || marker.role === 'aside') &&
      typeof marker.output === 'string' &&
      Number.isSafeInteger(marker.pid) &&
      typeof marker.id === 'string' &&
      typeof marker.time === 'number';
    return valid ? (marker as WorkFolderMarker) : null;
  } catch {
    return null;
  }
}

/**
 * The work folders of `role` beside `out` whose process is gone (a build that was killed), most
 * recent first. A running build's folders, and anything without sipadocs's marker, are not listed.
 */
export async function deadWorkFolders(out: string, role: WorkFolderRole): Promise<Array<WorkFolder & { marker: WorkFolderMarker }>> {
  const parent = path.dirname(out);
  const prefix = `${path.basename(out)}.${NAME_PART[role]}-`;
  const names = await readdir(parent).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith(prefix))
    .map((name) => {
      const dir = path.join(parent, name);
      return { dir, content: path.join(dir, WORK_FOLDER_CONTENT), marker: readWorkFolderMarker(dir) };
    })
    .filter((folder): folder is WorkFolder & { marker: WorkFolderMarker } => {
      const { marker } = folder;
      return marker !== null && marker.role === role && marker.output === path.basename(out) && marker.pid !== process.pid && !isAlive(marker.pid);
    })
    .sort((a, b) => b.marker.time - a.marker.time);
}

/** Removes the staging folders that killed builds left beside `out`. */
export async function removeDeadStagingFolders(out: string): Promise<void> {
  const dead = await deadWorkFolders(out, 'staging');
  await Promise.all(dead.map((folder) => rm(folder.dir, { recursive: true, force: true })));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
