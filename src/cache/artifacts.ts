import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.js';
import { readCacheEntry, writeCacheEntry } from '../util/diskCache.js';
import { codeFingerprints, type CodeFingerprints } from './codeFingerprint.js';

/**
 * The results a build may take from an earlier one instead of making them again, by kind and by
 * key: compiled pages, rendered bodies, route chunks, search documents... A stage asks its kind
 * for a key (the kind's name, the fingerprint of the generator's code, see codeFingerprint.ts,
 * and the inputs the stage gives), then finds the artifact, cheapest place first:
 *
 * 1. this build (made or found earlier in the same build),
 * 2. the session's memory (watch mode keeps what the last build used),
 * 3. the disk (one index per kind and site, read once a build, and an entry per artifact for
 *    what only some builds read),
 * 4. the last output (a fallback the stage gives, e.g. a page's body read back from its HTML).
 *
 * An artifact may also be made from files besides its key's inputs (images, a chunk's imports):
 * given to `put`, their content is checked on every lookup. After a build that succeeded, what it
 * did not use leaves the memory and the indexes; entries no index names any more are removed from
 * the disk once there are many of them.
 */
export interface ArtifactKindSpec<V, R = unknown, B = unknown> {
  /** Names the kind: its folder in the cache and the start of its keys. */
  name: string;
  /** How an artifact is kept on disk; without it, a kind lives in memory only. */
  disk?: {
    /** What each lookup needs, kept in the kind's index (one file per site, read once a build). */
    record(value: V): R;
    /** What is read only when used, kept in a file of its own; without it, the record is all. */
    blob?(value: V): B;
    /** The artifact from its record; `blob()` reads the rest (and throws CACHE_CHANGED if it has gone since). */
    restore(record: R, blob: () => B): V;
  };
  /** Keep the artifacts a build makes or finds until it ends, for lookups in the same build (default true); the session's memory keeps them regardless. */
  keepInBuild?: boolean;
  /** About how many bytes an artifact holds in memory, for `memoryLimit`. */
  size?(value: V): number;
  /** The session's memory keeps at most this many bytes of this kind (with `size`). */
  memoryLimit?: number;
  /**
   * One index for every site of the project instead of one per site, for artifacts that hold for
   * any site with the same inputs (the client entry of sites with the same theme): a build adds
   * what it made and drops nothing another site may use; the index keeps the SHARED_INDEX_LIMIT
   * newest records.
   */
  shared?: boolean;
}

export interface FindOptions<V> {
  /** Whether a found artifact still holds for this build (e.g. its links resolve the same way); a miss if not. */
  valid?(value: V): boolean;
  /** The last tier: the artifact read back from the last output, or null. */
  fromOutput?(): V | null;
}

export interface ArtifactKind<V> {
  /** The key of the artifact made from `inputs` (strings and bytes as they are, anything else as JSON) by this kind's code. */
  key(...inputs: unknown[]): string;
  /** The artifact of `key`, from the cheapest place that has it (see above), or undefined. */
  find(key: string, options?: FindOptions<V>): V | undefined;
  /** Keeps what this build made; `files` are further files it was made from, checked by content on lookup. */
  put(key: string, value: V, files?: readonly string[]): V;
  /** `find`, else make it with `make` and `put` it. */
  get(key: string, make: () => V | Promise<V>, options?: FindOptions<V>): Promise<V>;
  /** Keeps an artifact this build needs without reading it (it stays in memory and in the index). */
  keep(key: string): void;
  /** Where this build's artifacts came from, for stats and tests. */
  readonly stats: ArtifactStats;
}

export interface ArtifactStats {
  build: number;
  memory: number;
  disk: number;
  output: number;
  made: number;
}

export interface ArtifactStoreOptions {
  /** Folder of the persistent cache, a folder per kind in it; null for none. */
  dir: string | null;
  /** Names this site's indexes, so sites built from one project keep theirs apart. */
  siteId: string;
  /** Keep what a build used in memory for the next one (watch mode). */
  keepInMemory: boolean;
  /** The fingerprints of the generator's code (default: this process's, see codeFingerprints). */
  code?: CodeFingerprints;
  /**
   * Write the indexes a build changed a moment after it ended, rather than as it ends (watch mode:
   * an edit is shown without waiting for them). The next build, or `flush`, writes them first.
   */
  saveLater?: boolean;
}

/** A session's artifacts. Builds run one at a time: each starts with `beginBuild` and ends with `endBuild`. */
export interface ArtifactStore {
  beginBuild(): Promise<void>;
  /** The kind for the running build (the same handle for the same spec during a build). */
  kind<V, R, B>(spec: ArtifactKindSpec<V, R, B>): ArtifactKind<V>;
  /** After a success, what the build did not use is dropped; after a failure, nothing is. */
  endBuild(succeeded: boolean): void;
  /** Writes the indexes left to write now (see saveLater). */
  flush(): void;
}

/** A file an artifact was made from, with the hash of its content then. */
type FileHash = [file: string, hash: string];

interface StoredRecord {
  r?: unknown;
  f?: FileHash[];
  /** There is a blob entry for this key. */
  b?: 1;
}

interface StoredIndex {
  records: Record<string, StoredRecord>;
  /** Blob entries dropped from this index since the last sweep of the kind's folder. */
  garbage: number;
}

interface MemoryEntry {
  value: unknown;
  files?: FileHash[];
  /** What the index holds for it, once known. */
  stored?: StoredRecord;
  size: number;
}

const INDEX_VERSION = 1;
/** How long after a build ends the indexes it left for later are written (see saveLater): after the page it changed is shown. */
const SAVE_DELAY_MS = 300;
/** Dropped blob entries that make a build sweep the kind's folder: at least this many, and at least as many as are live. */
const SWEEP_AFTER = 256;

export function createArtifactStore(options: ArtifactStoreOptions): ArtifactStore {
  const memories = new Map<string, Map<string, MemoryEntry>>();
  let build: BuildState | null = null;
  let fingerprints: CodeFingerprints | null = null;
  /** The index writes the last build left for later (saveLater), and when they run by themselves. */
  let pendingSaves: Array<() => void> = [];
  let saveTimer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    const saves = pendingSaves;
    pendingSaves = [];
    for (const save of saves) save();
  };

  return {
    flush,
    async beginBuild() {
      flush();
      fingerprints ??= options.code ?? (await codeFingerprints());
      build = { kinds: new Map(), hashes: new Map() };
    },
    kind<V, R, B>(spec: ArtifactKindSpec<V, R, B>): ArtifactKind<V> {
      if (!build || !fingerprints) throw new Error('sipadocs: artifacts are asked for outside a build');
      let kind = build.kinds.get(spec.name);
      if (!kind) {
        let memory = memories.get(spec.name);
        if (!memory && options.keepInMemory) memories.set(spec.name, (memory = new Map()));
        kind = openKind(spec as ArtifactKindSpec<unknown, unknown, unknown>, fingerprints.whole, build, memory ?? null, options);
        build.kinds.set(spec.name, kind);
      }
      return kind.handle as ArtifactKind<V>;
    },
    endBuild(succeeded) {
      if (!build) return;
      for (const kind of build.kinds.values()) {
        const save = kind.end(succeeded);
        if (save && options.saveLater) pendingSaves.push(save);
        else save?.();
      }
      build = null;
      if (pendingSaves.length > 0 && !saveTimer) saveTimer = setTimeout(flush, SAVE_DELAY_MS);
    },
  };
}

interface BuildState {
  kinds: Map<string, OpenKind>;
  /** Content hashes of files read this build, by path (null for a missing file). */
  hashes: Map<string, string | null>;
}

interface OpenKind {
  handle: ArtifactKind<unknown>;
  /** Ends the kind's build in memory; gives the write of its index, when it has one to write. */
  end(succeeded: boolean): (() => void) | null;
}

function openKind(spec: ArtifactKindSpec<unknown, unknown, unknown>, code: string, state: BuildState, memory: Map<string, MemoryEntry> | null, options: ArtifactStoreOptions): OpenKind {
  const dir = spec.disk && options.dir ? path.join(options.dir, spec.name) : null;
  const indexKey = spec.shared ? 'index-shared' : `index-${options.siteId}`;
  const thisBuild = new Map<string, MemoryEntry>();
  const keepValues = spec.keepInBuild !== false || memory !== null;
  /** The records of the index this build writes: the artifacts it used. */
  const touched = new Map<string, StoredRecord>();
  let known: StoredIndex | null = null;
  let added = false;
  const stats: ArtifactStats = { build: 0, memory: 0, disk: 0, output: 0, made: 0 };

  const index = (): StoredIndex => {
    if (!known) {
      const stored = dir ? readCacheEntry<StoredIndex & { version: number }>(dir, indexKey) : null;
      known = stored?.version === INDEX_VERSION ? stored : { records: {}, garbage: 0 };
    }
    return known;
  };
  const hashOf = (file: string): string | null => {
    if (!state.hashes.has(file)) {
      let hash: string | null = null;
      try {
        hash = createHash('sha256').update(readFileSync(file)).digest('hex');
      } catch {
        // Missing: what was made from it is stale.
      }
      state.hashes.set(file, hash);
    }
    return state.hashes.get(file)!;
  };
  const unchanged = (files: FileHash[] | undefined) => !files || files.every(([file, hash]) => hashOf(file) === hash);
  const recordOf = (entry: MemoryEntry): StoredRecord => {
    if (!entry.stored && spec.disk) {
      const stored: StoredRecord = { r: spec.disk.record(entry.value) };
      if (entry.files) stored.f = entry.files;
      if (spec.disk.blob) stored.b = 1;
      entry.stored = stored;
    }
    return entry.stored ?? {};
  };
  const use = (key: string, entry: MemoryEntry) => {
    if (keepValues) thisBuild.set(key, entry);
    if (dir) touched.set(key, recordOf(entry));
  };
  const fromDisk = (key: string): MemoryEntry | null => {
    const stored = dir ? index().records[key] : undefined;
    if (!stored || !spec.disk || !unchanged(stored.f)) return null;
    if (stored.b && !existsSync(blobFile(dir!, key))) return null;
    const blob = () => {
      const value = readCacheEntry(dir!, key);
      if (value === null) {
        throw new SiteError({
          code: 'CACHE_CHANGED',
          message: `a cached ${spec.name} entry disappeared from the cache during the build`,
          hint: 'Something removed files from node_modules/.cache/sipadocs while building; run the build again.',
        });
      }
      return value;
    };
    const value = spec.disk.restore(stored.r, blob);
    return { value, files: stored.f, stored, size: 0 };
  };

  const handle: ArtifactKind<unknown> = {
    stats,
    key(...inputs) {
      const hash = createHash('sha256').update(spec.name).update('\0').update(code);
      for (const input of inputs) {
        if (typeof input === 'string' || input instanceof Uint8Array) hash.update('\0s').update(input);
        else hash.update('\0j').update(JSON.stringify(input) ?? 'undefined');
      }
      return hash.digest('hex');
    },
    find(key, findOptions = {}) {
      const valid = findOptions.valid ?? (() => true);
      const here = thisBuild.get(key);
      if (here && valid(here.value)) {
        stats.build++;
        return here.value;
      }
      const remembered = memory?.get(key);
      if (remembered && unchanged(remembered.files) && valid(remembered.value)) {
        stats.memory++;
        use(key, remembered);
        return remembered.value;
      }
      const stored = fromDisk(key);
      if (stored && valid(stored.value)) {
        stats.disk++;
        stored.size = spec.size?.(stored.value) ?? 0;
        use(key, stored);
        return stored.value;
      }
      const output = findOptions.fromOutput?.();
      if (output != null && valid(output)) {
        stats.output++;
        // Not written to disk: the output holds it as long as it is the last one.
        if (keepValues) thisBuild.set(key, { value: output, size: spec.size?.(output) ?? 0 });
        return output;
      }
      return undefined;
    },
    put(key, value, files) {
      stats.made++;
      const entry: MemoryEntry = { value, size: spec.size?.(value) ?? 0 };
      if (files && files.length > 0) entry.files = [...new Set(files)].map((file) => [file, hashOf(file) ?? ''] as FileHash);
      if (dir && spec.disk) {
        // The blob is written before the index that promises it.
        if (spec.disk.blob) writeCacheEntry(dir, key, spec.disk.blob(value));
        added = true;
      }
      use(key, entry);
      return value;
    },
    async get(key, make, findOptions) {
      const found = handle.find(key, findOptions);
      return found !== undefined ? found : handle.put(key, await make());
    },
    keep(key) {
      const remembered = memory?.get(key);
      if (remembered && !thisBuild.has(key)) thisBuild.set(key, remembered);
      const stored = dir ? index().records[key] : undefined;
      if (stored && !touched.has(key)) touched.set(key, stored);
    },
  };

  return {
    handle,
    end(succeeded) {
      if (memory) {
        if (succeeded) memory.clear();
        for (const [key, entry] of thisBuild) {
          memory.delete(key);
          memory.set(key, entry);
        }
        limitMemory(memory, spec.memoryLimit);
      }
      if (!dir) return null;
      if (spec.shared) return added ? () => addToSharedIndex(dir, indexKey, touched) : null;
      const before = known ?? (touched.size > 0 || added ? index() : null);
      return () => saveIndex(dir, indexKey, before, touched, added, succeeded);
    },
  };
}

const blobFile = (dir: string, key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);

/** Drops the entries kept longest until the kind's memory is within its limit. */
function limitMemory(memory: Map<string, MemoryEntry>, limit: number | undefined): void {
  if (limit === undefined) return;
  let total = 0;
  for (const entry of memory.values()) total += entry.size;
  for (const [key, entry] of memory) {
    if (total <= limit) break;
    memory.delete(key);
    total -= entry.size;
  }
}

/**
 * Writes the kind's index for this site when it changed: after a success, the records this build
 * used; after a failure, those added to the ones it had. Blob entries no index names any more are
 * counted, and removed once there are many.
 */
function saveIndex(dir: string, indexKey: string, before: StoredIndex | null, touched: Map<string, StoredRecord>, added: boolean, succeeded: boolean): void {
  if (!before) return;
  const records: Record<string, StoredRecord> = succeeded ? {} : { ...before.records };
  for (const [key, record] of touched) records[key] = record;
  let dropped = 0;
  let removed = false;
  for (const key of Object.keys(before.records)) {
    if (records[key]) continue;
    removed = true;
    if (before.records[key]!.b) dropped++;
  }
  if (!added && !removed) return;
  let garbage = before.garbage + dropped;
  const live = Object.keys(records).length;
  try {
    if (garbage >= Math.max(SWEEP_AFTER, live)) {
      writeCacheEntry(dir, indexKey, { version: INDEX_VERSION, records, garbage: 0 });
      sweep(dir);
      return;
    }
    writeCacheEntry(dir, indexKey, { version: INDEX_VERSION, records, garbage });
  } catch {
    // A read-only cache: the next build finds less.
    garbage = 0;
  }
}

/** Records a shared index keeps (see ArtifactKindSpec.shared): the newest, the others' blob entries go at the next sweep. */
const SHARED_INDEX_LIMIT = 32;

/**
 * Adds this build's records to a shared index as it is on disk now (another site's build may have
 * written it since this one read it), newest last, keeping the SHARED_INDEX_LIMIT newest. Two
 * builds writing at once may lose one's record: a later build makes that artifact again.
 */
function addToSharedIndex(dir: string, indexKey: string, touched: Map<string, StoredRecord>): void {
  const stored = readCacheEntry<StoredIndex & { version: number }>(dir, indexKey);
  const before = stored?.version === INDEX_VERSION ? stored : { records: {}, garbage: 0 };
  const records: Record<string, StoredRecord> = { ...before.records };
  for (const [key, record] of touched) {
    delete records[key];
    records[key] = record;
  }
  const keys = Object.keys(records);
  let garbage = before.garbage;
  for (const key of keys.slice(0, Math.max(0, keys.length - SHARED_INDEX_LIMIT))) {
    if (records[key]!.b) garbage++;
    delete records[key];
  }
  try {
    writeCacheEntry(dir, indexKey, { version: INDEX_VERSION, records, garbage: garbage >= SHARED_INDEX_LIMIT ? 0 : garbage });
    if (garbage >= SHARED_INDEX_LIMIT) sweep(dir);
  } catch {
    // A read-only cache: the next build finds less.
  }
}

/** Removes the blob entries of a kind's folder that no site's index names. */
function sweep(dir: string): void {
  const live = new Set<string>();
  const indexShard = path.join(dir, 'in');
  for (const file of safeReaddir(indexShard)) {
    if (!file.startsWith('index-') || !file.endsWith('.json')) continue;
    const stored = readCacheEntry<StoredIndex>(dir, file.slice(0, -'.json'.length));
    for (const key of Object.keys(stored?.records ?? {})) live.add(key);
  }
  for (const shard of safeReaddir(dir)) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const file of safeReaddir(path.join(dir, shard))) {
      // Only whole entries, and none written in the last minute: another site's build may be about to name it.
      if (!file.endsWith('.json') || live.has(file.slice(0, -'.json'.length))) continue;
      const entry = path.join(dir, shard, file);
      try {
        if (statSync(entry).mtimeMs < Date.now() - 60_000) rmSync(entry, { force: true });
      } catch {
        // Gone already.
      }
    }
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
