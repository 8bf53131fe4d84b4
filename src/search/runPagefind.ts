import { gunzipSync } from 'node:zlib';
import { SiteError } from '../errors.js';
import { escapeHtml } from '../outputs/escape.js';
import type { SearchDocument } from './searchDocument.js';

/** A file of pagefind's output, relative to the folder it indexes into. */
export interface PagefindFile {
  path: string;
  content: Uint8Array;
}

export interface PagefindOutput {
  /** The files the site needs: the runtime, its worker, the wasm and the index. No UI. */
  files: PagefindFile[];
  /** The id pagefind gave each page (the name of its fragment file, as results report it), by URL. */
  ids: Map<string, string>;
}

/** The files of pagefind's output the site needs. */
const NEEDED_FILE = /^(?:pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[\w-]+\.pagefind|pagefind\.[\w-]+\.pf_meta|(?:index|fragment|filter)\/[\w.-]+)$/;
const FRAGMENT_FILE = /^fragment\/([\w-]+)\.pf_fragment$/;

/** How many pages are handed to the indexer at once (its protocol answers each in turn). */
const INDEX_BATCH = 256;

/**
 * Indexes the documents with pagefind (its Rust indexer, run as a service) and returns the files
 * the site needs with each page's id. Throws SEARCH_INDEX_FAILED when the indexer cannot run.
 */
export async function runPagefind(records: Array<{ url: string; document: SearchDocument }>, language: string): Promise<PagefindOutput> {
  const index = await openPagefindIndex(language);
  try {
    for (let i = 0; i < records.length; i += INDEX_BATCH) await Promise.all(records.slice(i, i + INDEX_BATCH).map(({ url, document }) => index.add(url, document)));
    return await index.finish();
  } finally {
    await index.close();
  }
}

/**
 * An index being built: pages are added as they come (the indexer works on them while the build
 * goes on), then `finish` writes it. `close` ends the indexer, finished or not.
 */
export interface PagefindIndex {
  add(url: string, document: SearchDocument): Promise<void>;
  finish(): Promise<PagefindOutput>;
  close(): Promise<void>;
}

/**
 * Indexes open in this process. pagefind runs one indexer process for all of them, and its
 * `close()` ends that process: it is called when the last one closes (two builds through the API
 * at once each have one, and the first to end failed the other with "Pagefind backend closed").
 */
let openIndexes = 0;
/** The indexer's closing, while it is under way: an index opened meanwhile waits for it and starts a new indexer. */
let indexerClosing: Promise<void> = Promise.resolve();

async function closeIndexer(pagefind: typeof import('pagefind')): Promise<void> {
  if (openIndexes > 0) return;
  const closing = indexerClosing.then(async () => {
    await pagefind.close().catch(() => {});
    await indexerExited();
  });
  indexerClosing = closing;
  await closing;
}

export async function openPagefindIndex(language: string): Promise<PagefindIndex> {
  let pagefind: typeof import('pagefind');
  try {
    pagefind = await import('pagefind');
  } catch (error) {
    throw indexError(`the search indexer could not be loaded: ${(error as Error).message}`, error);
  }
  const failed = (error: unknown) => (error instanceof SiteError ? error : indexError(`the search indexer failed: ${(error as Error)?.message ?? String(error)}`, error));
  // Counted from now: an index that closes while this one starts leaves the indexer running.
  openIndexes++;
  let closed = false;
  try {
    await indexerClosing;
    const { index, errors } = await pagefind.createIndex({ forceLanguage: language });
    if (!index) throw indexError(`the search indexer did not start: ${errors.join('; ')}`);
    return {
      async add(url, document) {
        const response = await index
          .addHTMLFile({
            url,
            content: `<!doctype html><html lang="${escapeHtml(language)}"><head><title></title></head><body><main data-pagefind-body>${document.html}</main></body></html>`,
          })
          .catch((error: unknown) => {
            throw failed(error);
          });
        if (response.errors.length > 0) throw indexError(`the search indexer rejected a page: ${response.errors.join('; ')}`);
      },
      async finish() {
        try {
          const { files, errors: writeErrors } = await index.getFiles();
          if (writeErrors.length > 0) throw indexError(`the search indexer failed: ${writeErrors.join('; ')}`);
          await index.deleteIndex();
          const needed = files.filter((file) => NEEDED_FILE.test(file.path));
          return { files: needed, ids: fragmentIds(needed) };
        } catch (error) {
          throw failed(error);
        }
      },
      close: async () => {
        if (closed) return;
        closed = true;
        openIndexes--;
        // Unfinished, it is dropped from the indexer (a finished one already was).
        await index.deleteIndex().catch(() => {});
        await closeIndexer(pagefind);
      },
    };
  } catch (error) {
    openIndexes--;
    await closeIndexer(pagefind);
    throw failed(error);
  }
}

/**
 * Waits (a second at most) until the indexer's process, which pagefind stops without waiting for
 * it, is gone: a process this one exits before reaping is counted in no one's CPU time (the
 * benchmark's, `time`'s). Linux only (read from /proc); elsewhere it returns at once.
 */
async function indexerExited(): Promise<void> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const running = () => {
    try {
      return readdirSync('/proc').some((entry) => {
        if (!/^\d+$/.test(entry)) return false;
        try {
          // "pid (name) state ppid …": a child of this process named pagefind…
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          return name.startsWith('pagefind') && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  };
  for (let waited = 0; waited < 1000 && running(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Reads the URL of each page from its fragment file (gzip: a signature, then the page's JSON). The
 * id is the fragment's name: what a search result calls `id`, and what the browser drops by.
 */
export function fragmentIds(files: PagefindFile[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of files) {
    const id = FRAGMENT_FILE.exec(file.path)?.[1];
    if (!id) continue;
    const text = gunzipSync(file.content).toString('utf8');
    const { url } = JSON.parse(text.slice(text.indexOf('{'))) as { url: string };
    ids.set(url, id);
  }
  return ids;
}

export function indexError(message: string, cause?: unknown): SiteError {
  return new SiteError({
    code: 'SEARCH_INDEX_FAILED',
    message,
    hint: 'The search index is built by pagefind, whose binary comes in a platform package (@pagefind/<platform>-<cpu>). Reinstall with optional dependencies (npm ci --include=optional), or set noIndex: true in the site config to build without search.',
    cause,
  });
}
