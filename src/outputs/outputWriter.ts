import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { StagingDir } from '../build/output.js';
import { stampFile, type ManifestOutput } from '../build/outputManifest.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { GENERATOR_VERSION } from '../version.js';

/** The code that makes the site-wide outputs: part of every output's key, so a new version writes them again. */
export const OUTPUTS_FINGERPRINT = (() => {
  const hash = createHash('sha256').update(GENERATOR_VERSION);
  for (const file of ['feeds.ts', 'llms.ts', 'pageMarkdown.ts', 'postContent.ts', 'siteOutputs.ts', 'sitemap.ts', 'siteUrl.ts']) {
    hash.update(readFileSync(path.join(PACKAGE_ROOT, 'src/outputs', file)));
  }
  return hash.digest('hex');
})();

/** A key from the JSON of some inputs and the outputs' code. */
export function outputKey(inputs: unknown): string {
  return createHash('sha256').update(OUTPUTS_FINGERPRINT).update(JSON.stringify(inputs)).digest('hex');
}

/**
 * Writes the files a build makes from the whole site (feeds, sitemap, page markdown, llms.txt)
 * into the staging folder, or keeps them from the last good output when what they are made from
 * is unchanged, as pages are kept (see renderPages): each output has a name and a key (a digest
 * of its inputs), and its files are kept when the key is the one the last build recorded and the
 * files are still exactly as written.
 */
export interface OutputWriter {
  /** Keeps the files output `name` wrote last time when its key was `key` and they are intact; true when kept. */
  reuse(name: string, key: string): boolean;
  /**
   * Writes the files (output-relative path, text) of output `name`, made from inputs digested in
   * `key`; `pieces` describes a file made of pieces (see ManifestOutput).
   */
  write(name: string, key: string, files: ReadonlyArray<readonly [relPath: string, text: string]>, pieces?: ManifestOutput['pieces']): void;
  /**
   * The text of a file output `name` wrote last time and the pieces it recorded, when the file is
   * still exactly as written; null otherwise.
   */
  earlier(name: string, relPath: string): { text: string; pieces: NonNullable<ManifestOutput['pieces']> } | null;
  /** Writes one small file named by its path, keeping the previous one when the text is the same. */
  writeText(relPath: string, text: string): void;
  /** Where a file written or kept by this build is now (the staging or the output folder), or null. */
  locate(relPath: string): string | null;
  /** Every file written or kept so far, output-relative. */
  files(): string[];
  /** The outputs of this build, for the next build's manifest. */
  readonly manifest: Record<string, ManifestOutput>;
}

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
): OutputWriter {
  const manifest: Record<string, ManifestOutput> = {};
  const written = new Set<string>();
  const kept = new Set<string>();
  const writer: OutputWriter = {
    manifest,
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
    earlier(name, relPath) {
      const before = previous?.[name];
      const stamp = before?.files.find(([file]) => file === relPath);
      if (!before?.pieces || !stamp) return null;
      try {
        const file = path.join(outDir, relPath);
        const info = statSync(file);
        if (info.size !== stamp[1] || info.mtimeMs !== stamp[2]) return null;
        return { text: readFileSync(file, 'utf8'), pieces: before.pieces };
      } catch {
        return null;
      }
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
