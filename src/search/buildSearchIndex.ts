import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FileStamp } from '../staging/outputManifest.js';
import { stampFile } from '../staging/outputManifest.js';
import type { StagingDir } from '../staging/stagingDir.js';
import { openCacheIndex } from '../util/diskCache.js';
import type { PlannedRoute } from '../content/routes.js';
import { SiteError } from '../errors.js';
import { codeFingerprint, dependencyVersion } from '../packageRoot.js';
import { documentBody } from '../render/document.js';
import type { PageMeta } from '../shared/types.js';
import { extractSearchDocument, type SearchDocument } from './searchDocument.js';

/** Where the index goes in the output; the browser loads `<baseUrl>${SEARCH_DIR}/pagefind.js`. */
export const SEARCH_DIR = '_sipa/search';

/** What the last good build wrote for search (kept in the output manifest). */
export interface SearchManifest {
  /** Everything the index was made from: the pages' body keys, the language and the indexing code. */
  digest: string;
  files: FileStamp[];
}

/** Search documents by page body key, kept in memory by a watch session. */
export type SearchMemory = Map<string, SearchDocument>;

/** Changes with the indexer and the code that decides what a page's search document is. */
const FINGERPRINT = createHash('sha256')
  .update(codeFingerprint(['src/search/searchDocument.ts', 'src/search/buildSearchIndex.ts']))
  .update(`pagefind@${dependencyVersion('pagefind')}`)
  .digest('hex');

/**
 * Whether a route is searched: docs, blog posts and pages (markdown or React), unless their meta
 * says noIndex (drafts, unlisted pages). Lists, tag pages, the archive, generated category indexes
 * and the 404 page only repeat or point at other pages' content.
 */
export function isSearchable(route: PlannedRoute): boolean {
  const kind = route.data.kind;
  return (kind === 'doc' || kind === 'blogPost' || kind === 'page') && !route.meta.noIndex && route.path !== '/404';
}

/**
 * Gathers the search documents of a build while it renders: a page's document is read from its
 * body when the body is at hand (rendered or reused), so no page is parsed twice.
 */
export interface SearchCollector {
  addBody(route: PlannedRoute, bodyKey: string, bodyHtml: string, meta: PageMeta): void;
}

export interface SearchIndexOptions {
  routes: PlannedRoute[];
  /** The body key of each route, as the output manifest records it. */
  bodyKeyOf: (route: PlannedRoute) => string | undefined;
  /** The last good output, where kept pages are read back when their document is in no cache. */
  outDir: string;
  staging: Pick<StagingDir, 'dir' | 'write' | 'keep'>;
  previous: SearchManifest | undefined;
  /** Folder of the persistent cache, or null for none. */
  cacheDir: string | null;
  siteId: string;
  /** The site's language (ISO 639-1), for stemming. */
  language: string;
  memory?: SearchMemory;
}

export interface SearchIndexResult {
  manifest: SearchManifest;
  pages: number;
  /** False when the index of the last good output was kept as it is. */
  indexed: boolean;
}

/** The files of pagefind's output the site needs: the runtime, its worker, the wasm and the index. No UI. */
const NEEDED_FILE = /^(?:pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[\w-]+\.pagefind|pagefind\.[\w-]+\.pf_meta|(?:index|fragment|filter)\/[\w.-]+)$/;
/** Files whose name carries a hash of their content: same name and size means same file. */
const HASHED_FILE = /^(?:pagefind\.[\w-]+\.pf_meta|(?:index|fragment|filter)\/[\w.-]+)$/;

/** How many pages are handed to the indexer at once (its protocol answers each in turn). */
const INDEX_BATCH = 256;

export function createSearchCollector(): SearchCollector & { documents: Map<string, SearchDocument> } {
  const documents = new Map<string, SearchDocument>();
  return {
    documents,
    addBody(route, bodyKey, bodyHtml, meta) {
      if (!isSearchable(route) || meta.noIndex) return;
      const document = extractSearchDocument(bodyHtml, meta.title);
      if (document) documents.set(bodyKey, document);
    },
  };
}

/**
 * Builds the site's search index with pagefind into `<staging>/${SEARCH_DIR}`, from each searchable
 * page's search document: collected while rendering, else from memory or the persistent cache by
 * the page's body key, else read back from the page's file in the last good output. When the
 * digest of every input equals the last build's, and its files are still there, they are kept.
 */
export async function buildSearchIndex(collector: ReturnType<typeof createSearchCollector>, options: SearchIndexOptions): Promise<SearchIndexResult> {
  const pages = options.routes.filter(isSearchable).map((route) => ({ route, bodyKey: options.bodyKeyOf(route) ?? '' }));
  const digest = searchDigest(pages.map((p) => [p.route.path, p.bodyKey]), options.language);
  const previous = options.previous;
  if (previous?.digest === digest && previous.files.every(([file, size, mtimeMs]) => options.staging.keep(file, size, mtimeMs))) {
    return { manifest: previous, pages: pages.length, indexed: false };
  }

  const cacheKey = `search-${options.siteId}`;
  const cache = openCacheIndex<SearchDocument>(options.cacheDir, cacheKey);
  const itemKey = (bodyKey: string) => `${FINGERPRINT.slice(0, 16)}:${bodyKey}`;
  const records: Array<{ url: string; document: SearchDocument }> = [];
  for (const { route, bodyKey } of pages) {
    const document =
      collector.documents.get(bodyKey) ?? options.memory?.get(bodyKey) ?? cache.known(itemKey(bodyKey)) ?? readBack(options.outDir, route);
    if (!document) continue;
    options.memory?.set(bodyKey, document);
    cache.set(itemKey(bodyKey), document);
    records.push({ url: route.path, document });
  }
  if (options.memory) {
    const live = new Set(pages.map((p) => p.bodyKey));
    for (const key of options.memory.keys()) if (!live.has(key)) options.memory.delete(key);
  }

  const files = await runPagefind(records, options.language);
  const previousSizes = new Map((previous?.files ?? []).map(([file, size]) => [file, size]));
  const stamps: FileStamp[] = [];
  for (const file of files) {
    const rel = `${SEARCH_DIR}/${file.path}`;
    // Most fragments (one per page) are unchanged after an edit: those stay where they are.
    const size = file.content.byteLength;
    if (HASHED_FILE.test(file.path) && previousSizes.get(rel) === size && options.staging.keep(rel, size)) {
      stamps.push(previous!.files.find(([f]) => f === rel)!);
      continue;
    }
    options.staging.write(rel, file.content);
    stamps.push(stampFile(options.staging.dir, rel));
  }
  // Without a cache the next build reads kept pages back instead, so failing to save is harmless.
  try {
    cache.save();
  } catch {
    // A read-only cache folder.
  }
  return { manifest: { digest, files: stamps }, pages: records.length, indexed: true };
}

function searchDigest(pages: Array<[string, string]>, language: string): string {
  const hash = createHash('sha256').update(FINGERPRINT).update(`\0${language}`);
  for (const [route, key] of pages) hash.update(`\0${route}\0${key}`);
  return hash.digest('hex');
}

/** The search document of a page kept from the last good output, read from its file there. */
function readBack(outDir: string, route: PlannedRoute): SearchDocument | null {
  try {
    const body = documentBody(readFileSync(path.join(outDir, route.outputFile), 'utf8'));
    return body ? extractSearchDocument(body.bodyHtml, body.meta.title) : null;
  } catch {
    return null;
  }
}

/** Indexes the documents with pagefind (its Rust indexer, run as a service) and returns the files the site needs. */
async function runPagefind(records: Array<{ url: string; document: SearchDocument }>, language: string): Promise<Array<{ path: string; content: Uint8Array }>> {
  let pagefind: typeof import('pagefind');
  try {
    pagefind = await import('pagefind');
  } catch (error) {
    throw indexError(`the search indexer could not be loaded: ${(error as Error).message}`, error);
  }
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: language });
    if (!index) throw indexError(`the search indexer did not start: ${errors.join('; ')}`);
    for (let i = 0; i < records.length; i += INDEX_BATCH) {
      const added = await Promise.all(
        records.slice(i, i + INDEX_BATCH).map(({ url, document }) =>
          index.addHTMLFile({
            url,
            content: `<!doctype html><html lang="${language}"><head><title></title></head><body><main data-pagefind-body>${document.html}</main></body></html>`,
          }),
        ),
      );
      const failed = added.find((response) => response.errors.length > 0);
      if (failed) throw indexError(`the search indexer rejected a page: ${failed.errors.join('; ')}`);
    }
    const { files, errors: writeErrors } = await index.getFiles();
    if (writeErrors.length > 0) throw indexError(`the search indexer failed: ${writeErrors.join('; ')}`);
    await index.deleteIndex();
    return files.filter((file) => NEEDED_FILE.test(file.path));
  } catch (error) {
    throw error instanceof SiteError ? error : indexError(`the search indexer failed: ${(error as Error)?.message ?? String(error)}`, error);
  } finally {
    await pagefind.close().catch(() => {});
  }
}

function indexError(message: string, cause?: unknown): SiteError {
  return new SiteError({
    code: 'SEARCH_INDEX_FAILED',
    message,
    hint: 'The search index is built by pagefind, whose binary comes in a platform package (@pagefind/<platform>-<cpu>). Reinstall with optional dependencies (npm ci --include=optional), or set noIndex: true in the site config to build without search.',
    cause,
  });
}
