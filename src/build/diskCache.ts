import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A folder of JSON entries named by their content key (sharded by the key's first two characters).
 * Entries are written aside and renamed, so concurrent builds never read half a file; an unreadable
 * entry is simply a miss.
 */
export async function readCacheEntry<T>(dir: string | null, key: string): Promise<T | null> {
  if (!dir) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, key.slice(0, 2), `${key}.json`), 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The shard folder is only created when the first write into it fails for want of it. */
export async function writeCacheEntry(dir: string | null, key: string, value: unknown): Promise<void> {
  if (!dir) return;
  const shard = path.join(dir, key.slice(0, 2));
  const file = path.join(shard, `${key}.json`);
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const text = JSON.stringify(value);
  try {
    await writeFile(temp, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(shard, { recursive: true });
    await writeFile(temp, text);
  }
  await rename(temp, file);
}
