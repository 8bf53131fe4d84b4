import { mkdirSync, writeFileSync } from 'node:fs';
import { cp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * A staging directory beside the output directory. Everything is written there; `commit` swaps it
 * into place with renames, so a failed build never touches the last good output.
 */
export interface StagingDir {
  dir: string;
  write(relPath: string, contents: string | Uint8Array): Promise<void>;
  /** Creates a folder inside staging (by absolute path) unless this staging folder already made it. */
  ensureDir(absDir: string): Promise<void>;
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
  const ensureDir = async (absDir: string) => {
    if (madeDirs.has(absDir)) return;
    mkdirSync(absDir, { recursive: true });
    madeDirs.add(absDir);
  };
  return {
    dir,
    ensureDir,
    async write(relPath, contents) {
      const file = path.join(dir, relPath);
      await ensureDir(path.dirname(file));
      writeFileSync(file, contents);
    },
    async copyDir(from, toRel) {
      await cp(from, path.join(dir, toRel), { recursive: true, force: false, errorOnExist: false });
    },
    async commit() {
      const old = `${absoluteOut}.old-${suffix}`;
      let hadOld = true;
      try {
        await rename(absoluteOut, old);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        hadOld = false;
      }
      try {
        await rename(dir, absoluteOut);
      } catch (error) {
        // Put the previous output back before giving up.
        if (hadOld) await rename(old, absoluteOut);
        throw error;
      }
      if (hadOld) await rm(old, { recursive: true, force: true });
    },
    async discard() {
      await rm(dir, { recursive: true, force: true });
    },
  };
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
