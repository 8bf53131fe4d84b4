import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { StagingDir } from '../staging/stagingDir.js';
import { stampFile, type ManifestOutput } from '../staging/outputManifest.js';
import { withPath } from '../osErrors.js';
import type { ArtifactKind, ArtifactKindSpec } from '../pipeline/artifacts.js';

/**
 * The site-wide outputs: kept in the last output only, where an output whose key is unchanged
 * stays as it is; the kind gives their keys the fingerprint of the code that makes them.
 */
export const SITE_OUTPUTS: ArtifactKindSpec<never> = { name: 'outputs', code: ['cli'] };

/**
 * Writes the files a build makes from the whole site (feeds, sitemap, page markdown, llms.txt)
 * into the staging folder, or keeps them from the last good output when what they are made from
 * is unchanged, as pages are kept (see renderPages): each output has a name and a key (a digest
 * of its inputs), and its files are kept when the key is the one the last build recorded and the
 * files are still exactly as written.
 */
export interface OutputWriter {
  /** The key of an output made from `inputs` (anything JSON can hold) by this version of the code. */
  key(inputs: unknown): string;
  /** Keeps the files output `name` wrote last time when its key was `key` and they are intact; true when kept. */
  reuse(name: string, key: string): boolean;
  /**
   * Writes the files (output-relative path, text) of output `name`, made from inputs digested in
   * `key`; `pieces` describes a file made of pieces (see ManifestOutput).
   */
  write(name: string, key: string, files: ReadonlyArray<readonly [relPath: string, text: string]>, pieces?: ManifestOutput['pieces']): void;
  /**
   * Writes one file of output `name` from parts, in order, without holding it whole in memory:
   * text (or a function making it, called when its turn comes) and byte ranges of files of the
   * last good output, which are copied. `pieces` describes the file (see ManifestOutput); it is
   * recorded once the parts are written.
   */
  writeParts(name: string, key: string, relPath: string, parts: FilePart[], pieces?: ManifestOutput['pieces']): void;
  /**
   * Where the file output `name` wrote last time is, its size and the pieces it recorded, when
   * the file is still exactly as written; null otherwise.
   */
  earlier(name: string, relPath: string): { file: string; size: number; pieces: NonNullable<ManifestOutput['pieces']> } | null;
  /** Writes one small file named by its path, keeping the previous one when the text is the same. */
  writeText(relPath: string, text: string): void;
  /** Where a file written or kept by this build is now (the staging or the output folder), or null. */
  locate(relPath: string): string | null;
  /** Every file written or kept so far, output-relative. */
  files(): string[];
  /** The outputs of this build, for the next build's manifest. */
  readonly manifest: Record<string, ManifestOutput>;
}

/** Part of a file written by parts: text, text made on demand, or bytes [start, end) of a file. */
export type FilePart = string | (() => string | Uint8Array) | { file: string; start: number; end: number };

/** Bytes written or copied at a time. */
const CHUNK_BYTES = 1 << 20;

/**
 * @param previous the outputs recorded by the last good build of `outDir`
 * @param reserved output-relative paths the site's static folder provides: a static file of the
 *   same name replaces the generated one, which is then not written
 */
export function createOutputWriter(
  staging: Pick<StagingDir, 'dir' | 'write' | 'keep'>,
  outDir: string,
  previous: Record<string, ManifestOutput> | undefined,
  reserved: ReadonlySet<string>,
  keys: Pick<ArtifactKind<never>, 'key'>,
): OutputWriter {
  const manifest: Record<string, ManifestOutput> = {};
  const written = new Set<string>();
  const kept = new Set<string>();
  const writer: OutputWriter = {
    manifest,
    key: (inputs) => keys.key(inputs),
    reuse(name, key) {
      const before = previous?.[name];
      if (before?.key !== key || before.files.some(([file]) => reserved.has(file))) return false;
      if (!before.files.every(([file, size, mtimeMs]) => staging.keep(file, size, mtimeMs))) return false;
      for (const [file] of before.files) kept.add(file);
      manifest[name] = before;
      return true;
    },
    write(name, key, files, pieces) {
      const stamps: ManifestOutput['files'] = [];
      for (const [relPath, text] of files) {
        if (reserved.has(relPath)) continue;
        staging.write(relPath, text);
        written.add(relPath);
        stamps.push(stampFile(staging.dir, relPath));
      }
      manifest[name] = pieces ? { key, files: stamps, pieces } : { key, files: stamps };
    },
    writeParts(name, key, relPath, parts, pieces) {
      if (reserved.has(relPath)) {
        manifest[name] = { key, files: [] };
        return;
      }
      const target = path.join(staging.dir, relPath);
      mkdirSync(path.dirname(target), { recursive: true });
      writePartsTo(target, parts);
      written.add(relPath);
      const files = [stampFile(staging.dir, relPath)];
      manifest[name] = pieces ? { key, files, pieces } : { key, files };
    },
    earlier(name, relPath) {
      const before = previous?.[name];
      const stamp = before?.files.find(([file]) => file === relPath);
      if (!before?.pieces || !stamp) return null;
      const file = path.join(outDir, relPath);
      try {
        const info = statSync(file);
        if (info.size !== stamp[1] || info.mtimeMs !== stamp[2]) return null;
      } catch {
        return null;
      }
      return { file, size: stamp[1], pieces: before.pieces };
    },
    writeText(relPath, text) {
      const key = createHash('sha256').update(text).digest('hex');
      if (!writer.reuse(relPath, key)) writer.write(relPath, key, [[relPath, text]]);
    },
    locate(relPath) {
      if (written.has(relPath)) return path.join(staging.dir, relPath);
      return kept.has(relPath) ? path.join(outDir, relPath) : null;
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
