import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { outputId } from '../cache/outputManifest.js';
import { hasGeneratorMeta, OUTPUT_MARKER } from './outputDir.js';

/**
 * What sipadocs wrote into one output folder, kept in the cache beside the output's manifest. A
 * build removes or replaces only files this record names (or, without a record, files it can
 * recognise as its own; see `planCommit`), so files a user put in the output folder survive.
 */
export interface OutputRecord {
  version: typeof RECORD_VERSION;
  /** The id in the output's marker when the record was written. */
  build: string;
  /** Every file of the output that sipadocs wrote or kept, relative, with forward slashes. */
  files: string[];
  /**
   * Present while a commit is under way: the id of the output it started from (null for an output
   * without one). `files` then names the files of both outputs, since a commit killed half-way
   * leaves some of each.
   */
  committingOver?: string | null;
}

const RECORD_VERSION = 1;

/** Where the record of the files sipadocs wrote into an output folder is kept: beside its manifest, in the cache. */
export function recordFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `${outputId(outDir)}.files.json`);
}

/** Temporary name of a file being copied into an output on another device; always sipadocs's. */
export const PARTIAL_SUFFIX = '.sipadocs-partial';

export function readRecord(file: string): OutputRecord | null {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as OutputRecord;
    return record.version === RECORD_VERSION && typeof record.build === 'string' && Array.isArray(record.files) ? record : null;
  } catch {
    return null;
  }
}

/** Writes the record whole or not at all (a temporary file renamed over it). */
export function writeRecord(file: string, record: Omit<OutputRecord, 'version'>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, JSON.stringify({ version: RECORD_VERSION, ...record }));
  renameSync(temp, file);
}

/** What the record says about an output folder whose marker holds `marker`. */
export interface OutputState {
  /** Files sipadocs wrote there, or null when it cannot know (no record, or not this output's). */
  owned: Set<string> | null;
  /**
   * The marker's id when the output is whole as that build committed it, so files and manifests
   * of that build can be trusted; null when a commit was interrupted or nothing is known.
   */
  complete: string | null;
}

export function outputState(marker: string | null, record: OutputRecord | null): OutputState {
  if (marker === null || record === null) return { owned: null, complete: null };
  // Killed before its first change to the output (or its swap was undone): the old output is whole.
  if (record.committingOver === marker) return { owned: new Set(record.files), complete: marker };
  if (record.build !== marker) return { owned: null, complete: null };
  return { owned: new Set(record.files), complete: record.committingOver === undefined ? marker : null };
}

/** How a commit treats the files already in the output. */
export interface CommitPlan {
  /** Files sipadocs wrote that the new build neither writes nor keeps: removed. */
  remove: string[];
  /** Files and folders of sipadocs's in the way of a new file (a file where a folder goes, or the reverse): removed first. */
  blockers: string[];
  /** Files sipadocs did not write that the new build leaves alone: kept in place. */
  foreign: string[];
  /** Files sipadocs did not write that a new file would replace or that are in its way. */
  conflicts: string[];
  /** Every file that is sipadocs's while the commit runs: its files already in the output and the staged ones. */
  files: string[];
}

/**
 * Sorts the files of an existing output. With a record, a file is sipadocs's when the record names
 * it. Without one (an output of an earlier version, or a cache that was cleared), sipadocs assumes
 * as its own the files the new build writes, everything under `_sipa/`, and HTML files naming it
 * as their generator; anything else is the user's. A file of the user's that the new build would
 * overwrite with different contents is a conflict; one the build does not need is kept.
 */
export function planCommit(options: {
  out: string;
  existing: { files: string[]; dirs: Set<string> };
  staging: string;
  staged: string[];
  kept: ReadonlySet<string>;
  owned: Set<string> | null;
}): CommitPlan {
  const { out, existing, staging, kept, owned } = options;
  const staged = new Set(options.staged);
  const isOurs = (rel: string) =>
    rel === OUTPUT_MARKER ||
    rel.endsWith(PARTIAL_SUFFIX) ||
    (owned
      ? owned.has(rel)
      : staged.has(rel) || rel.startsWith('_sipa/') || (rel.endsWith('.html') && hasGeneratorMeta(path.join(out, rel))));
  const plan: CommitPlan = { remove: [], blockers: [], foreign: [], conflicts: [], files: [] };
  const theirs = new Set<string>();
  for (const rel of existing.files) {
    const isStaged = staged.has(rel);
    if (isOurs(rel) || (isStaged && sameContents(path.join(out, rel), path.join(staging, rel)))) {
      if (isStaged) continue;
      plan.files.push(rel);
      if (!kept.has(rel)) plan.remove.push(rel);
    } else if (isStaged) {
      plan.conflicts.push(rel);
    } else {
      theirs.add(rel);
    }
  }
  plan.files.push(...staged);
  const blockers = new Set<string>();
  let existingFiles: Set<string> | undefined;
  for (const rel of staged) {
    // A file where the new file's folder goes. Under a folder that exists (or at the top) there is
    // none, which spares most builds a set of every file.
    const parent = path.posix.dirname(rel);
    if (parent !== '.' && !existing.dirs.has(parent)) {
      existingFiles ??= new Set(existing.files);
      for (const dir of ancestorsOf(rel)) {
        if (!existingFiles.has(dir)) continue;
        if (theirs.has(dir)) plan.conflicts.push(dir);
        else blockers.add(dir);
      }
    }
    // A folder where the new file goes.
    if (existing.dirs.has(rel)) {
      const inside = existing.files.filter((file) => file.startsWith(`${rel}/`));
      const users = inside.filter((file) => theirs.has(file));
      if (users.length > 0) plan.conflicts.push(...users);
      else blockers.add(rel);
    }
  }
  plan.blockers = [...blockers];
  // Blockers go first, with everything in them.
  const cleared = (rel: string) => ancestorsOf(rel).some((dir) => blockers.has(dir)) || blockers.has(rel);
  if (blockers.size > 0) plan.remove = plan.remove.filter((rel) => !cleared(rel));
  const conflicting = new Set(plan.conflicts);
  plan.foreign = [...theirs].filter((rel) => !conflicting.has(rel));
  plan.conflicts = [...conflicting];
  return plan;
}

function ancestorsOf(rel: string): string[] {
  const list: string[] = [];
  for (let dir = path.posix.dirname(rel); dir !== '.'; dir = path.posix.dirname(dir)) list.push(dir);
  return list;
}

function sameContents(a: string, b: string): boolean {
  try {
    if (statSync(a).size !== statSync(b).size) return false;
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}
