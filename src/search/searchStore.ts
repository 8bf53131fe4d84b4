import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hasCacheEntry, readCacheEntry, writeCacheEntry } from '../util/diskCache.js';
import type { PlannedRoute } from '../content/routes.js';
import { codeFingerprint } from '../packageRoot.js';
import { documentBody } from '../render/document.js';
import { extractSearchDocument, type SearchDocument } from './searchDocument.js';

/** Changes with the code that decides what a page's search document is. */
const DOCUMENT_FINGERPRINT = createHash('sha256').update(codeFingerprint(['src/search/searchDocument.ts'])).digest('hex');

/** Identifies a search document by its content (and the code that made it): 16 hex digits. */
export function documentHash(document: SearchDocument): string {
  return createHash('sha256').update(DOCUMENT_FINGERPRINT).update('\0').update(document.title).update('\0').update(document.html).digest('hex').slice(0, 16);
}

/** Search documents by page body key, kept in memory by a watch session. */
export type SearchMemory = Map<string, SearchDocument>;

/**
 * Where a build finds the search documents of its pages, cheapest first: those read while this
 * build rendered (by body key), a watch session's memory (by body key), the persistent cache (by
 * document hash), and last the page's file in the last good output.
 *
 * The cache holds the documents of the last base in one entry per site (read only when the base
 * is indexed again) and the delta's documents one entry each (a delta build reads a few).
 */
export interface SearchStore {
  /** The document of a page whose body this build has (rendered or reused), or in memory. */
  fromBody(bodyKey: string): SearchDocument | undefined;
  /** The document of a page: from its body, else by its known hash from the cache, else read back from the output. */
  find(route: PlannedRoute, bodyKey: string, hash: string | undefined): SearchDocument | null;
  /** Keeps the documents of a new base in the cache, replacing the last base's. */
  saveBase(documents: ReadonlyMap<string, SearchDocument>): void;
  /** Keeps each delta document in the cache, unless it is there already. */
  saveDelta(documents: ReadonlyMap<string, SearchDocument>): void;
}

export interface SearchStoreOptions {
  /** Documents read while this build rendered, by body key. */
  rendered: ReadonlyMap<string, SearchDocument>;
  memory?: SearchMemory;
  /** Folder of the persistent cache, or null for none. */
  cacheDir: string | null;
  siteId: string;
  /** The last good output, where kept pages are read back when their document is in no cache. */
  outDir: string;
}

export function openSearchStore(options: SearchStoreOptions): SearchStore {
  const { rendered, memory, cacheDir } = options;
  const baseKey = `base-${options.siteId}`;
  // The last base's documents: about 5 KB a page, so read only when some page needs it.
  let baseDocuments: Record<string, SearchDocument> | null = null;
  const fromBase = (hash: string) => (baseDocuments ??= readCacheEntry<Record<string, SearchDocument>>(cacheDir, baseKey) ?? {})[hash];
  const fromBody = (bodyKey: string) => rendered.get(bodyKey) ?? memory?.get(bodyKey);
  return {
    fromBody,
    find(route, bodyKey, hash) {
      const known = fromBody(bodyKey) ?? (hash === undefined ? undefined : (readCacheEntry<SearchDocument>(cacheDir, hash) ?? fromBase(hash)));
      const document = known ?? readBack(options.outDir, route);
      if (document) memory?.set(bodyKey, document);
      return document;
    },
    saveBase(documents) {
      // Without a cache the next build reads kept pages back instead, so failing to save is harmless.
      ignoreFailure(() => writeCacheEntry(cacheDir, baseKey, Object.fromEntries(documents)));
    },
    saveDelta(documents) {
      for (const [hash, document] of documents) {
        if (!hasCacheEntry(cacheDir, hash)) ignoreFailure(() => writeCacheEntry(cacheDir, hash, document));
      }
    },
  };
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

function ignoreFailure(write: () => void): void {
  try {
    write();
  } catch {
    // A read-only cache folder.
  }
}
