import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStamp } from './fileStamp.js';

/**
 * What one build wrote for one output (a page, a feed, the search index...): the key of
 * everything it was made from, its files as written, and what its stage keeps beside them (a
 * page's ids, a file's pieces...).
 */
export type RecordedOutput<X extends object = object> = { key: string; files: FileStamp[] } & X;

/**
 * What the last good build wrote into an output folder, by section (one per stage that writes:
 * `pages`, `outputs`, `search`, `checks`) and by name in it. The next build keeps an output's files
 * as they are instead of making them again while its key is unchanged and its files are still
 * exactly as written (see LastOutput), so a build after a one-page edit writes one page.
 */
export interface OutputManifest {
  version: typeof MANIFEST_VERSION;
  /** The id of the build that wrote the output (see StagingDir.previousBuild): the manifest holds only for it. */
  build: string;
  sections: Record<string, Record<string, RecordedOutput>>;
}

export const MANIFEST_VERSION = 4;

/** Names an output folder's files in the cache (its manifest, and the record of what sipadocs wrote there). */
export const outputId = (outDir: string): string => createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16);

/** Where the manifest of an output folder is kept: in the cache, never in the published files. */
export function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `${outputId(outDir)}.json`);
}

/** The manifest, or null when there is none or it is unreadable or from another version. */
export async function readManifest(file: string): Promise<OutputManifest | null> {
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as OutputManifest;
    return manifest.version === MANIFEST_VERSION && typeof manifest.build === 'string' && typeof manifest.sections === 'object' ? manifest : null;
  } catch {
    return null;
  }
}

export async function writeManifest(file: string, manifest: OutputManifest): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}`;
  await writeFile(temp, JSON.stringify(manifest));
  await rename(temp, file);
}
