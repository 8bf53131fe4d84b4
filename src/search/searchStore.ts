import { readFileSync } from 'node:fs';
import type { PlannedRoute } from '../model/routes.js';
import type { ArtifactKind, ArtifactKindSpec } from '../cache/artifacts.js';
import { documentBody } from '../render/document.js';
import { extractSearchDocument, type SearchDocument } from './searchDocument.js';

/** A page's search document (null when its body has nothing to search) and the hash that identifies it in the index. */
export type SearchEntry = { document: SearchDocument; hash: string } | { document: null; hash: '' };

/**
 * Search documents, by the body they were read from: found in this build (read while it
 * rendered), in a watch session's memory, on disk (the hash in the index, the document in an
 * entry of its own, read only when the page is indexed again) or read back from the page's file in
 * the last good output.
 */
export const SEARCH_DOCUMENTS: ArtifactKindSpec<SearchEntry, string, { document: SearchDocument | null }> = {
  name: 'search',
  disk: {
    record: (entry) => entry.hash,
    blob: (entry) => ({ document: entry.document }),
    restore: (hash, blob) => {
      let document: SearchDocument | null | undefined;
      return {
        hash,
        get document() {
          return (document ??= blob().document);
        },
      } as SearchEntry;
    },
  },
  size: (entry) => (entry.document ? entry.document.html.length + entry.document.title.length : 0) + 64,
  memoryLimit: 128 * 1024 * 1024,
};

/** Where a build finds the search documents of its pages (see SEARCH_DOCUMENTS). */
export interface SearchStore {
  /** Reads a page's document from its body, at hand now (rendered or reused), and keeps it. */
  add(bodyKey: string, bodyHtml: string, title: string): SearchEntry;
  /** The document of a page, from the cheapest place that has it; read back from the last output at worst. */
  find(route: PlannedRoute, bodyKey: string): SearchEntry;
  /** Keeps the document of a page this build indexes as it is, without reading it. */
  keep(bodyKey: string): void;
}

/** Where a page's file is in the last good output, when it is still as written there (see OutputSection.readBack); else null. */
export type ReadBackPage = (route: PlannedRoute) => string | null;

export function openSearchStore(documents: ArtifactKind<SearchEntry>, readBackPage: ReadBackPage): SearchStore {
  const keyOf = (bodyKey: string) => documents.key(bodyKey);
  const entryOf = (document: SearchDocument | null): SearchEntry =>
    document ? { document, hash: documents.key('hash', document.title, document.html).slice(0, 16) } : { document: null, hash: '' };
  return {
    add(bodyKey, bodyHtml, title) {
      const key = keyOf(bodyKey);
      return documents.find(key) ?? documents.put(key, entryOf(extractSearchDocument(bodyHtml, title)));
    },
    find(route, bodyKey) {
      const key = keyOf(bodyKey);
      const found = documents.find(key);
      if (found) return found;
      const document = readBack(readBackPage(route));
      // A page that could not be read back is not searched this time, and not remembered so.
      return document === undefined ? { document: null, hash: '' } : documents.put(key, entryOf(document));
    },
    keep: (bodyKey) => documents.keep(keyOf(bodyKey)),
  };
}

/** The search document of a page kept from the last good output, read from its file there; undefined when it cannot be read. */
function readBack(file: string | null): SearchDocument | null | undefined {
  if (file === null) return undefined;
  try {
    const body = documentBody(readFileSync(file, 'utf8'));
    return body ? extractSearchDocument(body.bodyHtml, body.meta.title) : undefined;
  } catch {
    return undefined;
  }
}
