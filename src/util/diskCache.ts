import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

export function hasCacheEntry(dir: string | null, key: string): boolean {
  return dir !== null && existsSync(entryFile(dir, key));
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
    writeFileSync(temp, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(shard, { recursive: true });
    writeFileSync(temp, text);
  }
  renameSync(temp, file);
}

/**
 * One cache entry holding a record per item of the current build (by item key), read once and
 * written once a build, and only when it changed. Items the build does not `set` are dropped.
 */
export interface CacheIndex<T> {
  /** The record stored by the last build, if any. */
  known(key: string): T | undefined;
  /** Records an item of this build (a record equal by identity to the known one changes nothing). */
  set(key: string, value: T): void;
  /** Writes the index when some item was added, changed or dropped. */
  save(): void;
}

export function openCacheIndex<T>(dir: string | null, key: string): CacheIndex<T> {
  const known = readCacheEntry<Record<string, T>>(dir, key) ?? {};
  const current: Record<string, T> = {};
  let changed = false;
  return {
    known: (item) => known[item],
    set(item, value) {
      current[item] = value;
      changed ||= known[item] !== value;
    },
    save() {
      if (changed || Object.keys(current).length !== Object.keys(known).length) writeCacheEntry(dir, key, current);
    },
  };
}
