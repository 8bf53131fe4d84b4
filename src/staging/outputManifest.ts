import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SearchManifest } from '../search/buildSearchIndex.js';

/** A file of the output as it was written: path relative to the output folder, size, mtime. */
export type FileStamp = [relPath: string, size: number, mtimeMs: number];

/** What the last good build wrote for one route. */
export interface ManifestPage {
  /** Everything the page's files were made from (see renderPages). */
  key: string;
  /** Everything the page's server-rendered body was made from: while it holds, the body is read back from its file. */
  bodyKey: string;
  /** Every id and `<a name>` of the page (see extractLinks), for checking links into it without reading it. */
  ids: string[];
  files: FileStamp[];
  /** Hashes of the inline scripts in the page's body (raw HTML in content), which the site's policy must allow. */
  scripts?: string[];
  /** The body has an inline event handler (onclick="…"), which the site's policy blocks. */
  inlineHandlers?: boolean;
}

/**
 * The pages of the last good build in an output folder. The next build keeps a page's files as
 * they are instead of rendering and writing them again when the page's key is unchanged and its
 * files are still exactly as written (same size and mtime), so a build after a one-page edit
 * writes one page.
 */
export interface OutputManifest {
  version: typeof MANIFEST_VERSION;
  /** The id of the build that wrote the output (see StagingDir.previousBuild): the manifest holds only for it. */
  build: string;
  /**
   * Digest of every link target of that build (routes, their ids, static files). When it is
   * unchanged, the links of a reused page resolve as they did then, so they need no new check.
   */
  targets: string;
  pages: Record<string, ManifestPage>;
  /** The search index this output holds, if any. */
  search?: SearchManifest;
  /** Files made from the whole site rather than one route (feeds, sitemap, page markdown), by output name. */
  outputs?: Record<string, ManifestOutput>;
}

/** What the last good build wrote for one generated output: what it was made from, and its files. */
export interface ManifestOutput {
  key: string;
  files: FileStamp[];
  /**
   * For a file made of pieces (llms-full.txt): each piece's id, key and length in characters, so
   * the next build can take the unchanged pieces from the file instead of making them again.
   */
  pieces?: Array<[id: string, key: string, length: number]>;
}

export const MANIFEST_VERSION = 3;

const outputId = (outDir: string) => createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16);

/** Where the manifest of an output folder is kept: in the cache, never in the published files. */
export function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `${outputId(outDir)}.json`);
}

/** Where the record of the files sipadocs wrote into an output folder is kept (see OutputRecord). */
export function recordFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `${outputId(outDir)}.files.json`);
}

/** The manifest, or null when there is none or it is unreadable or from another version. */
export async function readManifest(file: string): Promise<OutputManifest | null> {
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as OutputManifest;
    return manifest.version === MANIFEST_VERSION && typeof manifest.build === 'string' && typeof manifest.pages === 'object' ? manifest : null;
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

/** The size and mtime of a file just written, for the next build's check. */
export function stampFile(dir: string, relPath: string): FileStamp {
  const info = statSync(path.join(dir, relPath));
  return [relPath, info.size, info.mtimeMs];
}

/** The digest of a build's link targets: routes with their ids, and the static files. */
export function targetsDigest(pages: Array<{ route: string; ids: Iterable<string> }>, staticFiles: string[], baseUrl: string): string {
  const hash = createHash('sha256').update(baseUrl);
  const sorted = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  for (const page of sorted) hash.update(`\0${page.route}\0${[...page.ids].sort().join('\0')}`);
  hash.update('\0\0');
  for (const file of [...staticFiles].sort()) hash.update(`\0${file}`);
  return hash.digest('hex');
}
