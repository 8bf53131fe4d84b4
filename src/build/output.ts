import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { cp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * A staging directory beside the output directory. A build writes everything new there and names
 * the files of the last good output it keeps as they are; nothing touches the output until
 * `commit`, so a failed build leaves the last good output as it was.
 */
export interface StagingDir {
  dir: string;
  write(relPath: string, contents: string | Uint8Array): void;
  /**
   * Keeps a file of the last good output instead of writing it again, when it is there with this
   * size (and modification time, when given). Returns false, keeping nothing, when it is not.
   */
  keep(relPath: string, size: number, mtimeMs?: number): boolean;
  copyDir(from: string, toRel: string): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export async function createStagingDir(outDir: string): Promise<StagingDir> {
  const absoluteOut = path.resolve(outDir);
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const dir = `${absoluteOut}.staging-${suffix}`;
  for (const kind of ['staging', 'old']) await removeLeftovers(path.dirname(absoluteOut), `${path.basename(absoluteOut)}.${kind}-`);
  mkdirSync(dir, { recursive: true });
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
    write(relPath, contents) {
      const file = path.join(dir, relPath);
      ensureDir(path.dirname(file));
      writeFileSync(file, contents);
    },
    keep(relPath, size, mtimeMs) {
      try {
        const info = statSync(path.join(absoluteOut, relPath));
        if (!info.isFile() || info.size !== size || (mtimeMs !== undefined && info.mtimeMs !== mtimeMs)) return false;
      } catch {
        return false;
      }
      kept.add(relPath);
      return true;
    },
    async copyDir(from, toRel) {
      await cp(from, path.join(dir, toRel), { recursive: true, force: false, errorOnExist: false });
    },
    async commit() {
      if (kept.size > 0) updateInPlace(dir, absoluteOut, kept);
      else await swapIn(dir, absoluteOut, `${absoluteOut}.old-${suffix}`);
    },
    async discard() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Replaces the whole output with the staging folder: two renames, then the old output is removed. */
async function swapIn(staging: string, out: string, old: string): Promise<void> {
  let hadOld = true;
  try {
    await rename(out, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadOld = false;
  }
  try {
    await rename(staging, out);
  } catch (error) {
    // Put the previous output back before giving up.
    if (hadOld) await rename(old, out);
    throw error;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}

/**
 * Updates the output where it is: moves each staged file into place (one rename each, so every
 * file is always whole), then removes what the build neither wrote nor kept. Assets and data go
 * first and pages last, so a page never names a chunk that is not there yet. When most pages are
 * unchanged this is a handful of renames, where replacing the whole folder would cost a link for
 * every kept file and an unlink for every old one (about a second at 10,000 pages).
 */
function updateInPlace(staging: string, out: string, kept: ReadonlySet<string>): void {
  const staged = listFiles(staging);
  const pagesLast = [...staged.filter((f) => !f.endsWith('.html')), ...staged.filter((f) => f.endsWith('.html'))];
  const madeDirs = new Set<string>();
  for (const rel of pagesLast) {
    const target = path.join(out, rel);
    const parent = path.dirname(target);
    if (!madeDirs.has(parent)) {
      mkdirSync(parent, { recursive: true });
      madeDirs.add(parent);
    }
    try {
      renameSync(path.join(staging, rel), target);
    } catch (error) {
      // A folder where the new file goes (a static folder replaced by a file, say).
      if (!['EISDIR', 'ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      rmSync(target, { recursive: true, force: true });
      renameSync(path.join(staging, rel), target);
    }
  }
  const wanted = new Set([...staged, ...kept]);
  const emptied = new Set<string>();
  for (const rel of listFiles(out)) {
    if (wanted.has(rel)) continue;
    unlinkSync(path.join(out, rel));
    emptied.add(path.dirname(rel));
  }
  // Folders left empty by removed files go too, deepest first.
  const folders = [...emptied].flatMap(ancestors).sort((a, b) => b.length - a.length);
  for (const folder of new Set(folders)) {
    try {
      rmdirSync(path.join(out, folder));
    } catch {
      // Not empty: it still holds files of this build.
    }
  }
  rmSync(staging, { recursive: true, force: true });
}

/** Files under `root`, as paths relative to it with forward slashes. */
function listFiles(root: string, prefix = '', into: string[] = []): string[] {
  // Built by hand: path.relative on each of 30,000 entries costs four times the walk itself.
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) listFiles(path.join(root, entry.name), `${prefix}${entry.name}/`, into);
    else into.push(`${prefix}${entry.name}`);
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
 * Removes what builds that were killed left in `dir`: entries named `<prefix><pid>-…` whose
 * process is gone (a staging folder, a server bundle folder). Live builds' entries are kept.
 */
export async function removeLeftovers(dir: string, prefix: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = name.startsWith(prefix) ? Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]) : NaN;
      if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) return;
      await rm(path.join(dir, name), { recursive: true, force: true });
    }),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
