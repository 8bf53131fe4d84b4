import { randomBytes } from 'node:crypto';
import { accessSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeSync, writeFileSync } from 'node:fs';
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { SiteError, SiteErrors } from '../errors.js';
import { withPath } from '../osErrors.js';
import { mapLimit } from '../util/concurrency.js';
import { isDocusaurusOutput, markerText, OUTPUT_MARKER, readMarker } from './outputDir.js';
import { outputState, PARTIAL_SUFFIX, planCommit, readRecord, writeRecord } from './outputRecord.js';
import { createWorkFolder, deadWorkFolders, isAlive, removeDeadStagingFolders, type WorkFolder } from './workFolders.js';

/**
 * A staging directory beside the output directory (inside a work folder marked as sipadocs's, see
 * workFolders.ts). A build writes everything new there and names
 * the files of the last good output it keeps as they are; nothing touches the output until
 * `commit`, so a failed build leaves the last good output as it was.
 */
export interface StagingDir {
  dir: string;
  /**
   * The id of the build that last committed the output, when the output is whole as it left it;
   * null when there is no output, a commit into it was interrupted, or nothing is known about it.
   * What a build remembers of an output (its manifest) holds only for this id.
   */
  readonly previousBuild: string | null;
  write(relPath: string, contents: string | Uint8Array): void;
  /**
   * Keeps a file of the last good output where it is instead of writing it again. The caller has
   * checked that it is the file it wants (see cache/lastOutput.ts, the only caller).
   */
  keep(relPath: string): void;
  /** Whether the output's record says sipadocs wrote this file of the output (see OutputRecord). */
  owns(relPath: string): boolean;
  /**
   * Copies a file in with its source's modification time; false, copying nothing, when a file of
   * that name is staged already.
   */
  copyIn(source: string, relPath: string): Promise<boolean>;
  /**
   * Puts the staged files in place of the output. Files in the output that sipadocs did not write
   * stay where they are and are listed in the result; one that a staged file would replace fails
   * the commit (OUTPUT_FILE_CONFLICT) before anything changes.
   */
  commit(options?: CommitOptions): Promise<CommitResult>;
  discard(): Promise<void>;
}

export interface CommitOptions {
  /**
   * Leave the removal of the staging folder (emptied of its files by the commit, its folders
   * left) to `tidied`, after the commit returns: with a deep tree, that removal costs more than
   * moving the few files a rebuild changed.
   */
  tidyLater?: boolean;
}

export interface CommitResult {
  /** The id now in the output's marker. */
  build: string;
  /** Files in the output that sipadocs did not write and left in place, relative. */
  foreign: string[];
  /** Settles once the staging folder is removed (at once, without CommitOptions.tidyLater); never rejects. */
  tidied: Promise<void>;
  /**
   * Records as sipadocs's the files that have appeared in the output since the commit (those a
   * plugin's postBuild wrote), so the next build replaces or removes them as it does its own, as
   * Docusaurus's next build, which empties its output, would. Returns them, relative.
   */
  adoptWritten(): string[];
}

/** The one file-system call of a commit whose failure depends on where the output lives. */
export interface CommitFs {
  renameSync(from: string, to: string): void;
}

export interface StagingOptions {
  /**
   * Where the record of the files sipadocs wrote into this output is kept (see OutputRecord);
   * null keeps none, and then only files sipadocs can recognise as its own are replaced or removed.
   */
  recordFile?: string | null;
  /** Replaces the rename calls of the commit (tests make them fail as on another device). */
  fs?: CommitFs;
}

/**
 * Creates the staging folder of a build into `outDir` (checked with checkOutputDir). First it
 * repairs what a killed build left: an output moved aside by a swap that did not finish is put
 * back, and the staging folders of dead builds are removed.
 */
export async function createStagingDir(outDir: string, options: StagingOptions = {}): Promise<StagingDir> {
  const fsOps = options.fs ?? { renameSync };
  const absoluteOut = path.resolve(outDir);
  await restoreInterruptedSwap(absoluteOut);
  await removeDeadStagingFolders(absoluteOut);
  const marker = readMarker(absoluteOut)?.build ?? null;
  const recordFile = options.recordFile ?? null;
  const state = outputState(marker, recordFile ? readRecord(recordFile) : null);
  // A folder Docusaurus's build wrote is replaced whole, as Docusaurus's next build would (the guard let it through, see checkOutputDir).
  const docusaurusOutput = marker === null && isDocusaurusOutput(absoluteOut);
  const work = createWorkFolder(absoluteOut, 'staging');
  const dir = work.content;
  try {
    mkdirSync(dir);
  } catch (error) {
    removeQuietly(work.dir);
    throw error;
  }
  // Pages are many small files: synchronous calls avoid a thread-pool round trip per file, which
  // costs more than the system call itself.
  const madeDirs = new Set<string>();
  const ensureDir = (absDir: string) => {
    if (madeDirs.has(absDir)) return;
    mkdirSync(absDir, { recursive: true });
    madeDirs.add(absDir);
  };
  const kept = new Set<string>();
  return {
    dir,
    previousBuild: state.complete,
    write(relPath, contents) {
      const file = path.join(dir, relPath);
      ensureDir(path.dirname(file));
      try {
        writeFileSync(file, contents);
      } catch (error) {
        throw withPath(error, file);
      }
    },
    keep(relPath) {
      kept.add(relPath);
    },
    owns: (relPath) => state.owned?.has(relPath) ?? false,
    async copyIn(source, relPath) {
      const target = path.join(dir, ...relPath.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      const from = await stat(source);
      const copied = await copyFile(source, target, constants.COPYFILE_EXCL).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
          return false;
        },
      );
      // The source's time, so the next build knows the copy by it (see LastOutput.copyStatic).
      if (copied) await utimes(target, from.atime, from.mtime);
      return copied;
    },
    async commit({ tidyLater = false } = {}) {
      const build = randomBytes(8).toString('hex');
      writeFileSync(path.join(dir, OUTPUT_MARKER), markerText(build));
      const staged = listFiles(dir);
      const files = [...staged, ...kept];
      const record = (entry: { files: string[]; committingOver?: string | null }) => {
        if (recordFile) writeRecord(recordFile, { build, ...entry });
      };
      const adopting = (foreign: string[]) => {
        const owned = [...files];
        const known = new Set([...files, ...foreign]);
        return () => {
          const added = listFiles(absoluteOut).filter((rel) => !known.has(rel));
          for (const rel of added) known.add(rel);
          owned.push(...added);
          if (added.length > 0) record({ files: owned });
          return added;
        };
      };
      if (!existsSync(absoluteOut)) {
        record({ files, committingOver: marker });
        fsOps.renameSync(dir, absoluteOut);
        removeQuietly(work.dir);
        record({ files });
        return { build, foreign: [], tidied: Promise.resolve(), adoptWritten: adopting([]) };
      }
      const existing = listTree(absoluteOut);
      const plan = planCommit({ out: absoluteOut, existing, staging: dir, staged, kept, owned: docusaurusOutput ? new Set(existing.files) : state.owned });
      if (plan.conflicts.length > 0) throw conflictErrors(absoluteOut, plan.conflicts);
      // Until the commit is done the record names the files of both outputs: a commit killed
      // half-way leaves some of each, and the next build must know them all as its own.
      record({ files: plan.files, committingOver: marker });
      const swapped = kept.size === 0 && plan.foreign.length === 0 && swapIn(fsOps, dir, absoluteOut);
      if (!swapped) updateInPlace(fsOps, dir, absoluteOut, staged, plan);
      // One left behind by a process killed before removing it goes with the next build (see
      // removeDeadStagingFolders).
      let tidied = Promise.resolve();
      if (tidyLater) tidied = rm(work.dir, { recursive: true, force: true }).catch(() => {});
      else removeQuietly(work.dir);
      record({ files });
      return { build, foreign: plan.foreign, tidied, adoptWritten: adopting(plan.foreign) };
    },
    async discard() {
      await rm(work.dir, { recursive: true, force: true });
    },
  };
}

/** Error codes of a rename that cannot work where the output lives (a mount point, another device). */
const CROSS_DEVICE = new Set(['EXDEV', 'EBUSY']);

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';

/**
 * Replaces the whole output with the staging folder: two renames, then the old output is removed.
 * The old output is first moved into a work folder marked as put aside (see workFolders.ts); a
 * build killed between the renames leaves it there, and the next build puts it back (see
 * restoreInterruptedSwap). Returns false, changing nothing, when the output cannot be renamed (it
 * is a mount point: a Docker volume, a CI cache, a tmpfs).
 */
function swapIn(fsOps: CommitFs, staging: string, out: string): boolean {
  const aside: WorkFolder = createWorkFolder(out, 'aside');
  try {
    fsOps.renameSync(out, aside.content);
  } catch (error) {
    rmSync(aside.dir, { recursive: true, force: true });
    if (CROSS_DEVICE.has(errorCode(error))) return false;
    throw error;
  }
  pauseAt('swap');
  try {
    fsOps.renameSync(staging, out);
  } catch (error) {
    // Put the previous output back before giving up. If even that fails, it stays aside, whole,
    // and the next build puts it back (see restoreInterruptedSwap); the error reported is the
    // one that stopped the swap.
    try {
      fsOps.renameSync(aside.content, out);
      removeQuietly(aside.dir);
    } catch {}
    throw error;
  }
  removeQuietly(aside.dir);
  return true;
}

/**
 * Updates the output where it is: moves each staged file into place (one rename each, so every
 * file is always whole), then removes the files of sipadocs's that the build neither wrote nor
 * kept. The marker goes first, so a build killed half-way is known from it (see OutputRecord);
 * assets and data go next and pages last, so a page never names a chunk that is not there yet.
 * When most pages are unchanged this is a handful of renames, where replacing the whole folder
 * would cost a link for every kept file and an unlink for every old one (about a second at 10,000
 * pages).
 *
 * Nothing changes when it cannot finish for want of a right or of space: a folder of the output
 * that cannot be written (read-only, or not the user's) fails it before the first move, and when
 * the output is on another device (a mount point), every file is first copied beside its place
 * (`<file>.sipadocs-partial`), so a full disk stops it with the old output whole, the copies removed.
 */
function updateInPlace(
  fsOps: CommitFs,
  staging: string,
  out: string,
  staged: string[],
  plan: { remove: string[]; blockers: string[] },
): void {
  const order = [
    OUTPUT_MARKER,
    ...staged.filter((f) => f !== OUTPUT_MARKER && !f.endsWith('.html')),
    ...staged.filter((f) => f.endsWith('.html')),
  ];
  checkWritable(out, [...order, ...plan.remove, ...plan.blockers]);
  const madeDirs = new Set<string>();
  const ensureParent = (target: string) => {
    const parent = path.dirname(target);
    if (madeDirs.has(parent)) return;
    mkdirSync(parent, { recursive: true });
    madeDirs.add(parent);
  };
  /** On another device: the files copied beside their places, renamed over them in turn. */
  let copied: Set<string> | null = null;
  order.forEach((rel, i) => {
    if (i === 1) for (const blocker of plan.blockers) rmSync(path.join(out, blocker), { recursive: true, force: true });
    if (i === Math.floor(order.length / 2)) pauseAt('update');
    const from = path.join(staging, rel);
    const target = path.join(out, rel);
    if (!copied) {
      ensureParent(target);
      try {
        fsOps.renameSync(from, target);
        return;
      } catch (error) {
        if (!CROSS_DEVICE.has(errorCode(error))) throw error;
        copied = copyBeside(staging, out, order.slice(i), plan.blockers);
      }
    }
    if (!copied.has(rel)) {
      // Under a path a blocker held: copied now that it is gone.
      ensureParent(target);
      copyFileSync(from, target + PARTIAL_SUFFIX);
    }
    fsOps.renameSync(target + PARTIAL_SUFFIX, target);
  });
  const emptied = new Set<string>();
  for (const rel of plan.remove) {
    rmSync(path.join(out, rel), { force: true });
    emptied.add(path.dirname(rel));
  }
  // Folders left empty by removed files go too, deepest first.
  const folders = [...emptied].flatMap(ancestors).sort((a, b) => b.length - a.length);
  for (const folder of new Set(folders)) {
    try {
      rmdirSync(path.join(out, folder));
    } catch {
      // Not empty: it still holds files of this build (or of the user's).
    }
  }
}

/**
 * Fails, changing nothing, when a folder of the output that the commit writes in (the folder of
 * a file it moves or removes, or the nearest one there is above it) does not let this process
 * write: EROFS on a read-only file system, EACCES without the right.
 */
function checkWritable(out: string, files: string[]): void {
  const checked = new Set<string>();
  for (const rel of files) {
    let folder = path.dirname(path.join(out, rel));
    while (folder !== out && !checked.has(folder) && !existsSync(folder)) folder = path.dirname(folder);
    if (checked.has(folder)) continue;
    checked.add(folder);
    accessSync(folder, constants.W_OK);
  }
}

/**
 * Copies the staged files beside their places in the output (`<file>.sipadocs-partial`), those
 * under a blocker's path aside (a folder cannot be made there before it is removed). When one
 * copy fails (a full disk), every copy and every folder made for them is removed again and the
 * error thrown: the output is as it was. Returns the files copied.
 */
function copyBeside(staging: string, out: string, files: string[], blockers: string[]): Set<string> {
  const copied = new Set<string>();
  const madeFolders: string[] = [];
  const blocked = (rel: string) => blockers.some((blocker) => rel.startsWith(`${blocker}/`));
  try {
    for (const rel of files) {
      if (blocked(rel)) continue;
      const target = path.join(out, rel);
      const made = mkdirSync(path.dirname(target), { recursive: true });
      if (made) madeFolders.push(made);
      copied.add(rel);
      copyFileSync(path.join(staging, rel), target + PARTIAL_SUFFIX);
    }
  } catch (error) {
    for (const rel of copied) rmSync(path.join(out, rel) + PARTIAL_SUFFIX, { force: true });
    for (const folder of madeFolders.reverse()) removeQuietly(folder);
    throw error;
  }
  return copied;
}

/** Removes a folder of sipadocs's own that is no longer needed; one that cannot be removed is left to the next build. */
function removeQuietly(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {}
}

function conflictErrors(out: string, conflicts: string[]): SiteErrors {
  return new SiteErrors(
    conflicts.map(
      (rel) =>
        new SiteError({
          code: 'OUTPUT_FILE_CONFLICT',
          message: `${path.join(path.relative(process.cwd(), out) || '.', rel)} was not written by sipadocs, and the build needs its place for a file of the site; nothing was changed`,
          hint: 'Move that file out of the output folder (into the site\'s static folder if it belongs to the site), then build again.',
        }),
    ),
  );
}

/**
 * Test hook: with SIPADOCS_PAUSE_AT set to a point's name ("swap": between the two renames of a
 * swap; "update": half-way through updating in place), the commit reports the point on stderr and
 * stops there for good, so a test can kill the process at that exact moment.
 */
function pauseAt(point: 'swap' | 'update'): void {
  if (process.env.SIPADOCS_PAUSE_AT !== point) return;
  writeSync(2, `sipadocs: paused at ${point}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

/** Files under `root`, as paths relative to it with forward slashes. */
function listFiles(root: string): string[] {
  return listTree(root).files;
}

/** Files and folders under `root`, as paths relative to it with forward slashes. */
function listTree(root: string, prefix = '', into = { files: [] as string[], dirs: new Set<string>() }) {
  // Built by hand: path.relative on each of 30,000 entries costs four times the walk itself.
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      into.dirs.add(`${prefix}${entry.name}`);
      listTree(path.join(root, entry.name), `${prefix}${entry.name}/`, into);
    } else {
      into.files.push(`${prefix}${entry.name}`);
    }
  }
  return into;
}

/** A relative folder and the folders above it, without the root itself ("a/b" -> ["a/b", "a"]). */
function ancestors(folder: string): string[] {
  const list: string[] = [];
  for (let f = folder; f !== '.' && f !== ''; f = path.posix.dirname(f)) list.push(f);
  return list;
}

/**
 * Puts back the last good output that a build killed between the two renames of its swap left
 * put aside (the most recent one, when the output is missing); the put-aside outputs of killed
 * builds that are not needed are removed. Only folders with sipadocs's marker are considered
 * (see workFolders.ts): nothing else beside the output is ever moved or removed.
 */
export async function restoreInterruptedSwap(out: string): Promise<void> {
  const stale = await deadWorkFolders(out, 'aside');
  const newest = stale.find((folder) => existsSync(folder.content));
  if (newest && !existsSync(out)) renameSync(newest.content, out);
  await Promise.all(stale.map((folder) => rm(folder.dir, { recursive: true, force: true })));
}

/**
 * Removes the folders that killed builds left in `dir`, one of sipadocs's own cache folders where
 * every entry is a build's: entries named `<pid>-…` whose process is gone. Running builds' entries
 * are kept.
 */
export async function removeDeadProcessFolders(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const match = /^(\d+)-/.exec(name);
      const pid = match ? Number(match[1]) : null;
      if (pid === null || pid === process.pid || isAlive(pid)) return;
      await rm(path.join(dir, name), { recursive: true, force: true });
    }),
  );
}
