import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from '../util/concurrency.js';
import { stampFile, stillAsWritten, type FileStamp } from './fileStamp.js';
import { MANIFEST_VERSION, type OutputManifest, type RecordedOutput } from './outputManifest.js';

/**
 * What the tier needs of the folder a build writes into (see staging/stagingDir.ts): files are
 * written there, or named as kept from the output, where they stay.
 */
export interface StagedFolder {
  readonly dir: string;
  write(relPath: string, contents: string | Uint8Array): void;
  /** Keeps a file of the last output where it is (this tier checked it first). */
  keep(relPath: string): void;
  /** Whether a file of the output is one sipadocs wrote there (so it may be taken as its own copy). */
  owns(relPath: string): boolean;
  /** Copies a file into the folder, with its source's modification time; false when one is staged there already. */
  copyIn(source: string, relPath: string): Promise<boolean>;
}

/**
 * The files a stage writes into the output, or keeps from the last one: `keep` keeps a file only
 * while it is still as written (size, and mtime when given), `write` writes it.
 */
export interface OutputFiles {
  /** The folder files are written to (the staging folder). */
  readonly dir: string;
  /** The output folder, where kept files stay. */
  readonly outDir: string;
  write(relPath: string, contents: string | Uint8Array): void;
  /**
   * Keeps the last output's file instead of writing it again, when it is there with this size (and
   * modification time, when given). A file named by its content needs only the size. Returns false,
   * keeping nothing, when it is not.
   */
  keep(relPath: string, size: number, mtimeMs?: number): boolean;
}

/** One stage's outputs in the last output and in this one, by name (a route, a feed, the search index...). */
export interface OutputSection<X extends object> {
  /** What the last good build recorded under `name`, when its output is the one in the folder; else undefined. */
  recorded(name: string): RecordedOutput<X> | undefined;
  /**
   * Keeps the files `name` has in the last output, when its key is still `key` and every one of
   * them is still as written; else keeps none of them. A kept output is recorded for the next
   * build as it was. Returns its record, or null.
   */
  keep(name: string, key: string): RecordedOutput<X> | null;
  /**
   * Where a file that `name` wrote in the last output is, when it is still as written (whatever
   * the key now): for reading back what it holds. Null when it changed or is gone.
   */
  readBack(name: string, relPath: string): string | null;
  /**
   * Records what this build made for `name` from inputs digested in `key`: `files` are the paths of
   * files it wrote into the staging folder (stamped now) or stamps of files it kept.
   */
  record(name: string, key: string, files: ReadonlyArray<string | FileStamp>, extra: X): RecordedOutput<X>;
  /** Everything recorded in this section by this build, by name. */
  readonly current: Readonly<Record<string, RecordedOutput<X>>>;
}

/**
 * The last output tier: the output folder the last good build committed, and what its manifest
 * says it holds. Every reuse of a file of that output goes through here: one check that a file is
 * still as written (see stillAsWritten), and one rule for an output made of several files (all of
 * them kept, or none). What this build writes or keeps is recorded here too, and becomes the next
 * build's manifest.
 */
export interface LastOutput {
  /** The output folder. */
  readonly outDir: string;
  /** Whether there is a last output to take anything from (its manifest holds for it). */
  readonly known: boolean;
  readonly files: OutputFiles;
  section<X extends object = object>(name: string): OutputSection<X>;
  /** Keeps every one of these files of the last output when each is still as written; else none. */
  keepAll(stamps: readonly FileStamp[]): boolean;
  /**
   * Copies these files of a folder (paths relative to it, "/"-separated) in. A copy carries its
   * source's modification time, so the next build keeps it where it is while the source is
   * unchanged, instead of copying it again: only a file the output's record says sipadocs wrote
   * (a user's file of the same name is never taken over), and a file staged already stays.
   */
  copyStatic(fromDir: string, files: readonly string[]): Promise<void>;
  /** The manifest of this build's output, once committed with the id `build`. */
  manifest(build: string): OutputManifest;
}

/** Modification times a copy may differ from its source's by (utimes rounds them on some file systems). */
const COPY_SLACK_MS = 1;

/**
 * @param previous the manifest of the output as the last good build committed it, or null when
 *   nothing is known of it (then nothing is kept, and every file is written)
 */
export function openLastOutput(outDir: string, staging: StagedFolder, previous: OutputManifest | null): LastOutput {
  const absoluteOut = path.resolve(outDir);
  const sections = new Map<string, Record<string, RecordedOutput>>();
  const at = (relPath: string) => path.join(absoluteOut, relPath);
  const asWritten = ([relPath, size, mtimeMs]: FileStamp) => stillAsWritten(at(relPath), size, mtimeMs);
  const keepAll = (stamps: readonly FileStamp[]) => {
    // Checked before any is kept: a file kept and then written again would stay in the output.
    if (!stamps.every(asWritten)) return false;
    for (const [relPath] of stamps) staging.keep(relPath);
    return true;
  };
  const files: OutputFiles = {
    dir: staging.dir,
    outDir: absoluteOut,
    write: (relPath, contents) => staging.write(relPath, contents),
    keep(relPath, size, mtimeMs) {
      if (!stillAsWritten(at(relPath), size, mtimeMs)) return false;
      staging.keep(relPath);
      return true;
    },
  };
  return {
    outDir: absoluteOut,
    known: previous !== null,
    files,
    keepAll,
    section<X extends object>(name: string): OutputSection<X> {
      let current = sections.get(name);
      if (!current) sections.set(name, (current = {}));
      const before = (previous?.sections[name] ?? {}) as Record<string, RecordedOutput<X>>;
      const mine = current as Record<string, RecordedOutput<X>>;
      return {
        current: mine,
        recorded: (entry) => (Object.hasOwn(before, entry) ? before[entry] : undefined),
        keep(entry, key) {
          const recorded = Object.hasOwn(before, entry) ? before[entry] : undefined;
          if (recorded?.key !== key || !keepAll(recorded.files)) return null;
          mine[entry] = recorded;
          return recorded;
        },
        readBack(entry, relPath) {
          const stamp = Object.hasOwn(before, entry) ? before[entry]!.files.find(([file]) => file === relPath) : undefined;
          return stamp && asWritten(stamp) ? at(relPath) : null;
        },
        record(entry, key, written, extra) {
          const stamps = written.map((file) => (typeof file === 'string' ? stampFile(staging.dir, file) : file));
          return (mine[entry] = { ...extra, key, files: stamps });
        },
      };
    },
    async copyStatic(fromDir, list) {
      await mapLimit([...list], 16, async (file) => {
        const source = path.join(fromDir, ...file.split('/'));
        const from = await stat(source);
        if (existsSync(path.join(staging.dir, ...file.split('/')))) return;
        if (staging.owns(file) && stillAsWritten(at(file), from.size, from.mtimeMs, COPY_SLACK_MS)) staging.keep(file);
        else await staging.copyIn(source, file);
      });
    },
    manifest: (build) => ({ version: MANIFEST_VERSION, build, sections: Object.fromEntries(sections) }),
  };
}
