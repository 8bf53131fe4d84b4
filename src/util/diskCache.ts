import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withPath } from '../osErrors.js';

/**
 * A folder of JSON entries named by their content key (sharded by the key's first two characters).
 * Entries are written aside and renamed, so concurrent builds never read half a file; an unreadable
 * entry is simply a miss.
 *
 * Reads and writes are synchronous on purpose: entries are small and many, and Node's promise
 * file API costs a thread-pool round trip per call (reading 10,000 small files takes about 1 s
 * with fs/promises and 0.1 s with readFileSync on the benchmark machine).
 */
export function readCacheEntry<T>(dir: string | null, key: string): T | null {
  if (!dir) return null;
  try {
    return JSON.parse(readFileSync(entryFile(dir, key), 'utf8')) as T;
  } catch {
    return null;
  }
}

const entryFile = (dir: string, key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);

/** The shard folder is only created when the first write into it fails for want of it. */
export function writeCacheEntry(dir: string | null, key: string, value: unknown): void {
  if (!dir) return;
  const shard = path.join(dir, key.slice(0, 2));
  const file = entryFile(dir, key);
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const text = JSON.stringify(value);
  try {
    try {
      writeFileSync(temp, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(shard, { recursive: true });
      writeFileSync(temp, text);
    }
    renameSync(temp, file);
  } catch (error) {
    // A full disk leaves part of the entry written: it goes, and the error names it.
    rmSync(temp, { force: true });
    throw withPath(error, temp);
  }
}
