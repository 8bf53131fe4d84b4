import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { withPath } from '../osErrors.js';
import type { ArtifactKind, ArtifactKindSpec } from '../cache/artifacts.js';
import type { OutputFiles, OutputSection } from '../cache/lastOutput.js';
import type { RecordedOutput } from '../cache/outputManifest.js';

/** What the output records of a site-wide output besides its key and files. */
export interface SiteOutputRecord {
  /**
   * For a file made of pieces (llms-full.txt): each piece's id, key and length in characters, so
   * the next build can take the unchanged pieces from the file instead of making them again.
   */
  pieces?: Array<[id: string, key: string, length: number]>;
}

type Pieces = NonNullable<SiteOutputRecord['pieces']>;

/**
 * The site-wide outputs: kept in the last output only, where an output whose key is unchanged
 * stays as it is; the kind gives their keys the fingerprint of the code that makes them.
 */
export const SITE_OUTPUTS: ArtifactKindSpec<never> = { name: 'outputs' };

/**
 * Writes the files a build makes from the whole site (feeds, sitemap, page markdown, llms.txt)
 * into the staging folder, or keeps them from the last good output when what they are made from
 * is unchanged (see LastOutput): each output has a name and a key (a digest of its inputs).
 */
export interface OutputWriter {
  /** The key of an output made from `inputs` (anything JSON can hold) by this version of the code. */
  key(inputs: unknown): string;
  /** Keeps the files output `name` wrote last time when its key was `key` and they are as written; true when kept. */
  reuse(name: string, key: string): boolean;
  /**
   * Writes the files (output-relative path, text) of output `name`, made from inputs digested in
   * `key`; `pieces` describes a file made of pieces (see SiteOutputRecord).
   */
  write(name: string, key: string, files: ReadonlyArray<readonly [relPath: string, text: string]>, pieces?: Pieces): void;
  /**
   * Writes one file of output `name` from parts, in order, without holding it whole in memory:
   * text (or a function making it, called when its turn comes) and byte ranges of files of the
   * last good output, which are copied. `pieces` describes the file (see SiteOutputRecord); it is
   * recorded once the parts are written.
   */
  writeParts(name: string, key: string, relPath: string, parts: FilePart[], pieces?: Pieces): void;
  /**
   * Where the file output `name` wrote last time is, its size and the pieces it recorded, when
   * the file is still exactly as written; null otherwise.
   */
  earlier(name: string, relPath: string): { file: string; size: number; pieces: Pieces } | null;
  /** Writes one small file named by its path, keeping the previous one when the text is the same. */
  writeText(relPath: string, text: string): void;
  /** Where a file written or kept by this build is now (the staging or the output folder), or null. */
  locate(relPath: string): string | null;
  /** Every file written or kept so far, output-relative. */
  files(): string[];
  /** The outputs of this build, by name (as recorded in their section of the output). */
  readonly recorded: Readonly<Record<string, RecordedOutput<SiteOutputRecord>>>;
}

/** Part of a file written by parts: text, text made on demand, or bytes [start, end) of a file. */
export type FilePart = string | (() => string | Uint8Array) | { file: string; start: number; end: number };

/** Bytes written or copied at a time. */
const CHUNK_BYTES = 1 << 20;

/**
 * @param files the staging folder
 * @param outputs the site-wide outputs of the last good output and of this one (see LastOutput)
 * @param reserved output-relative paths the site's static folder provides: a static file of the
 *   same name replaces the generated one, which is then not written
 */
export function createOutputWriter(
  files: Pick<OutputFiles, 'dir' | 'outDir' | 'write'>,
  outputs: OutputSection<SiteOutputRecord>,
  reserved: ReadonlySet<string>,
  keys: Pick<ArtifactKind<never>, 'key'>,
): OutputWriter {
  const written = new Set<string>();
  const kept = new Set<string>();
  const record = (name: string, key: string, stamped: string[], pieces: Pieces | undefined) => outputs.record(name, key, stamped, pieces ? { pieces } : {});
  const writer: OutputWriter = {
    recorded: outputs.current,
    key: (inputs) => keys.key(inputs),
    reuse(name, key) {
      if (outputs.recorded(name)?.files.some(([file]) => reserved.has(file))) return false;
      const before = outputs.keep(name, key);
      if (!before) return false;
      for (const [file] of before.files) kept.add(file);
      return true;
    },
    write(name, key, list, pieces) {
      const stamped: string[] = [];
      for (const [relPath, text] of list) {
        if (reserved.has(relPath)) continue;
        files.write(relPath, text);
        written.add(relPath);
        stamped.push(relPath);
      }
      record(name, key, stamped, pieces);
    },
    writeParts(name, key, relPath, parts, pieces) {
      if (reserved.has(relPath)) {
        record(name, key, [], undefined);
        return;
      }
      const target = path.join(files.dir, relPath);
      mkdirSync(path.dirname(target), { recursive: true });
      writePartsTo(target, parts);
      written.add(relPath);
      record(name, key, [relPath], pieces);
    },
    earlier(name, relPath) {
      const before = outputs.recorded(name);
      const stamp = before?.files.find(([file]) => file === relPath);
      const file = before?.pieces && stamp ? outputs.readBack(name, relPath) : null;
      return file ? { file, size: stamp![1], pieces: before!.pieces! } : null;
    },
    writeText(relPath, text) {
      const key = createHash('sha256').update(text).digest('hex');
      if (!writer.reuse(relPath, key)) writer.write(relPath, key, [[relPath, text]]);
    },
    locate(relPath) {
      if (written.has(relPath)) return path.join(files.dir, relPath);
      return kept.has(relPath) ? path.join(files.outDir, relPath) : null;
    },
    files: () => [...written, ...kept],
  };
  return writer;
}

/** Writes `parts` to `target`: text gathered into large writes, file ranges copied a chunk at a time. */
function writePartsTo(target: string, parts: FilePart[]): void {
  const out = openSync(target, 'w');
  const sources = new Map<string, number>();
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  // Writing to an open file fails without naming it (a full disk): the error is given its path.
  const write = (bytes: Uint8Array, length = bytes.length) => {
    try {
      writeSync(out, bytes, 0, length);
    } catch (error) {
      throw withPath(error, target);
    }
  };
  const flush = () => {
    if (pendingBytes > 0) write(pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  try {
    for (const part of parts) {
      if (typeof part === 'object') {
        flush();
        let source = sources.get(part.file);
        if (source === undefined) sources.set(part.file, (source = openSync(part.file, 'r')));
        const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, part.end - part.start));
        for (let at = part.start; at < part.end; ) {
          const read = readSync(source, buffer, 0, Math.min(buffer.length, part.end - at), at);
          if (read === 0) throw new Error(`${part.file} ended before byte ${part.end} while it was being copied`);
          write(buffer, read);
          at += read;
        }
        continue;
      }
      const value = typeof part === 'function' ? part() : part;
      const bytes = typeof value === 'string' ? Buffer.from(value) : value;
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= CHUNK_BYTES) flush();
    }
    flush();
  } finally {
    closeSync(out);
    for (const source of sources.values()) closeSync(source);
  }
}
