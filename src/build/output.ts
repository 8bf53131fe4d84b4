import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A staging directory beside the output directory. Everything is written there; `commit` swaps it
 * into place with renames, so a failed build never touches the last good output.
 */
export interface StagingDir {
  dir: string;
  write(relPath: string, contents: string | Uint8Array): Promise<void>;
  copyDir(from: string, toRel: string): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export async function createStagingDir(outDir: string): Promise<StagingDir> {
  const absoluteOut = path.resolve(outDir);
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const dir = `${absoluteOut}.staging-${suffix}`;
  await mkdir(dir, { recursive: true });
  const madeDirs = new Set<string>();
  return {
    dir,
    async write(relPath, contents) {
      const file = path.join(dir, relPath);
      const parent = path.dirname(file);
      if (!madeDirs.has(parent)) {
        await mkdir(parent, { recursive: true });
        madeDirs.add(parent);
      }
      await writeFile(file, contents);
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
