import { createHash } from 'node:crypto';
import type { ArtifactKind, ArtifactKindSpec } from '../cache/artifacts.js';
import { stampFile, type FileStamp } from '../cache/fileStamp.js';
import type { LastOutput, OutputSection } from '../cache/lastOutput.js';
import type { RecordedOutput } from '../cache/outputManifest.js';
import type { SiteConfig } from '../config/types.js';
import type { PlannedRoute } from '../model/routes.js';
import type { PageMeta } from '../shared/types.js';
import { DELTA_DIR, DELTA_FILE, type SearchDeltaFile } from '../../templates/search/mergeResults.js';
import { indexError, openPagefindIndex, runPagefind, type PagefindFile, type PagefindIndex, type PagefindOutput } from './runPagefind.js';
import type { SearchDocument } from './searchDocument.js';
import { planSearchIndex, type IndexedPage } from './searchPlan.js';
import { openSearchStore, type ReadBackPage, type SearchEntry, type SearchStore } from './searchStore.js';

/** Where the index goes in the output; the browser loads `<baseUrl>${SEARCH_DIR}/pagefind.js`. */
export const SEARCH_DIR = '_sipa/search';

/**
 * What the output records of its search index (the entry INDEX_ENTRY of its section `search`):
 * its key is everything the index was made from (each page's search document, the language and
 * the indexing code), its files every file of the search folder (the base's, the delta's and the
 * delta file).
 */
export type SearchManifest = RecordedOutput<SearchRecord>;

/** The name of the search index in its section of the output record. */
export const INDEX_ENTRY = 'index';

export interface SearchRecord {
  /** Each searchable page's body key and the hash of its search document ('' for none), by route. */
  documents: Record<string, [bodyKey: string, documentHash: string]>;
  /** The base index: the code and language it was made with, its pages by route, and its files. */
  base: { key: string; pages: Record<string, IndexedPage>; files: FileStamp[] };
  /** The delta index: its pages by route and its files; null when it is empty. */
  delta: { pages: Record<string, IndexedPage>; files: FileStamp[] } | null;
}

/**
 * Search indexes: kept in the last output only, where a build builds on the base of the last one
 * when it was made by the same code (the indexer's version with it) for the same language.
 */
export const SEARCH_INDEXES: ArtifactKindSpec<never> = { name: 'search-index' };

/**
 * Whether a route is searched: docs, blog posts and pages (markdown or React), unless their meta
 * says noIndex (drafts, unlisted pages). Lists, tag pages, the archive, generated category indexes
 * and the 404 page only repeat or point at other pages' content.
 */
export function isSearchable(route: PlannedRoute): boolean {
  const kind = route.data.kind;
  return (kind === 'doc' || kind === 'blogPost' || kind === 'page') && !route.meta.noIndex && route.path !== '/404';
}

/** The language the index stems and splits words in (ISO 639-1): the language of the locale built. */
export function searchLanguage(config: Pick<SiteConfig, 'i18n'>): string {
  return config.i18n.localeConfigs[config.i18n.currentLocale]!.htmlLang.split('-')[0]!.toLowerCase();
}

/**
 * Gathers the search documents of a build while it renders: a page's document is read from its
 * body when the body is at hand (rendered or reused), so no page is parsed twice.
 */
export interface SearchCollector {
  addBody(route: PlannedRoute, bodyKey: string, bodyHtml: string, meta: PageMeta): void;
  /** The index the documents went to as they were read, when the build streams them (see createSearchCollector). */
  readonly streamed: StreamedIndex | null;
  /** Ends the streamed index's indexer, when the build stops before using it. */
  close(): Promise<void>;
  /** Where this build's documents are found (see SearchStore). */
  readonly store: SearchStore;
  /** What keys the site's index (see SEARCH_INDEXES). */
  readonly indexes: Pick<ArtifactKind<never>, 'key'>;
}

export interface SearchIndexOptions {
  routes: PlannedRoute[];
  /** The body key of each route, as the output manifest records it. */
  bodyKeyOf: (route: PlannedRoute) => string | undefined;
  /** The last good output (kept pages are read back from there when their document is in no cache), and what this build writes. */
  last: Pick<LastOutput, 'outDir' | 'files' | 'keepAll'>;
  /** The search section of the last output and of this one (see INDEX_ENTRY). */
  section: OutputSection<SearchRecord>;
  /** The site's language (ISO 639-1), for stemming. */
  language: string;
  /**
   * Keep the last index as it is when only some pages changed, and say so (kind `deferred`): its
   * manifest, kept too, still describes it, so the next build indexes what changed. Watch mode
   * shows an edit first and indexes it right after.
   */
  defer?: boolean;
}

export interface SearchIndexResult {
  /** What the output records of the index. */
  manifest: SearchManifest;
  /** Pages the index finds (the base's, less those it drops, plus the delta's). */
  pages: number;
  /** False when the index of the last good output was kept as it is. */
  indexed: boolean;
  /** What this build indexed: nothing, the delta only, or every page into a new base; or nothing yet (see `defer`). */
  kind: 'kept' | 'delta' | 'full' | 'deferred';
  /** Pages handed to the indexer by this build. */
  indexedPages: number;
  /** The new base is the index the documents went to while the pages rendered (see createSearchCollector). */
  streamed?: boolean;
}

/** What the build context remembers of the last build's search stage (for logs and tests). */
export type SearchStats = Pick<SearchIndexResult, 'pages' | 'indexed' | 'kind' | 'indexedPages'>;

export function searchStats({ pages, indexed, kind, indexedPages }: SearchIndexResult): SearchStats {
  return { pages, indexed, kind, indexedPages };
}

/** The search stage's line in the build log: '37 pages', '37 pages (unchanged)', '37 pages (2 re-indexed)'. */
export function describeSearch(stats: SearchStats): string {
  if (stats.kind === 'kept') return `${stats.pages} pages (unchanged)`;
  if (stats.kind === 'deferred') return `${stats.pages} pages (changes indexed next)`;
  return stats.kind === 'delta' ? `${stats.pages} pages (${stats.indexedPages} re-indexed)` : `${stats.pages} pages`;
}

/** Files whose name carries a hash of their content: same name and size means same file. */
const HASHED_FILE = /^(?:pagefind\.[\w-]+\.pf_meta|(?:index|fragment|filter)\/[\w.-]+)$/;
/** The files of pagefind's output a delta needs: its index, not the runtime (the base's serves both). */
const DELTA_NEEDED = /^(?:pagefind-entry\.json|pagefind\.[\w-]+\.pf_meta|(?:index|fragment|filter)\/[\w.-]+)$/;

/** The index a build filled while it rendered: the pages it holds (route and document hash), and the index. */
export interface StreamedIndex {
  pages: Map<string, string>;
  /** The index once every page sent has been added, or null when it could not be filled (the search stage then indexes the usual way, which says why). */
  ready(): Promise<PagefindIndex | null>;
}

/**
 * A collector keeping documents as `documents` (the session's SEARCH_DOCUMENTS) and keying indexes
 * by `indexes` (its SEARCH_INDEXES). With `stream` (a build with no base to build on, which will
 * index every page), each document also goes to the indexer as soon as it is read, so pagefind
 * works on it while the other pages render instead of after all of them.
 */
export function createSearchCollector(
  documents: ArtifactKind<SearchEntry>,
  indexes: SearchCollector['indexes'],
  readBack: ReadBackPage,
  stream?: { language: string; order: readonly string[] },
): SearchCollector {
  const store = openSearchStore(documents, readBack);
  let streamed: StreamedIndex | null = null;
  let opened: Promise<PagefindIndex | null> | null = null;
  const added: Array<Promise<boolean>> = [];
  const send = (path: string, entry: SearchEntry) => {
    if (!stream || !entry.document) return;
    const { document } = entry;
    if (!opened) {
      const index = (opened = openPagefindIndex(stream.language).catch(() => null));
      const pages = new Map<string, string>();
      streamed = { pages, ready: async () => ((await Promise.all(added)).every(Boolean) ? index : null) };
    }
    streamed!.pages.set(path, entry.hash);
    added.push(opened.then((index) => index !== null && index.add(path, document).then(() => true, () => false)));
  };
  // The indexer's output depends on the order pages are added: they go to it in `order` (the
  // routes' order), each as soon as those before it have gone, however the pages finish rendering.
  const position = new Map(stream?.order.map((path, i) => [path, i]));
  const waiting = new Map<number, SearchEntry>();
  let next = 0;
  return {
    store,
    indexes,
    get streamed() {
      return streamed;
    },
    addBody(route, bodyKey, bodyHtml, meta) {
      const searched = isSearchable(route) && !meta.noIndex;
      const entry: SearchEntry = searched ? store.add(bodyKey, bodyHtml, meta.title) : { document: null, hash: '' };
      const at = position.get(route.path);
      if (at === undefined) return;
      waiting.set(at, entry);
      for (let ready = waiting.get(next); ready; ready = waiting.get(next)) {
        waiting.delete(next);
        send(stream!.order[next++]!, ready);
      }
    },
    async close() {
      await Promise.all(added);
      await (await opened)?.close();
    },
  };
}

/**
 * The output of the index streamed during render, when it holds exactly these pages with these
 * documents; else null. The streamed index's indexer is ended either way.
 */
async function finishStreamed(collector: SearchCollector, records: ReadonlyArray<{ route: string }>, hashes: ReadonlyMap<string, string>): Promise<PagefindOutput | null> {
  const { streamed } = collector;
  if (!streamed) return null;
  try {
    const same = streamed.pages.size === records.length && records.every(({ route }) => streamed.pages.get(route) === hashes.get(route));
    const index = same ? await streamed.ready() : null;
    return index ? await index.finish() : null;
  } finally {
    await collector.close();
  }
}

/**
 * Builds the site's search index with pagefind into `<staging>/${SEARCH_DIR}`, from each searchable
 * page's search document (see SearchStore), at a cost that follows what changed:
 *
 * - when every page's document is as in the last build, and the files are still there, they are kept;
 * - else, over a base of the same code and language whose files are there, only the pages whose
 *   document differs from the base's are indexed, into a delta (`${SEARCH_DIR}/${DELTA_DIR}`), and
 *   `${SEARCH_DIR}/${DELTA_FILE}` names the base entries they replace and those of removed pages;
 * - when there is no such base, or the delta would pass `deltaLimit`, every page is indexed into a
 *   new base and the delta is empty.
 *
 * The manifest records what base and delta hold, so the next build (or a fresh one) starts from it.
 */
export async function buildSearchIndex(collector: SearchCollector, options: SearchIndexOptions): Promise<SearchIndexResult> {
  try {
    return await indexPages(collector, options);
  } finally {
    // An index streamed during render and not used (another kind of build than expected) is dropped.
    await collector.close();
  }
}

/**
 * Whether a build will index every page into a new base: when the last output has no base of the
 * same code and language to build on (a first build, or one after the indexer changed).
 */
export function indexesEveryPage(previous: SearchManifest | undefined, indexes: SearchCollector['indexes'], language: string): boolean {
  return usable(previous, indexes.key(language)) === undefined;
}

async function indexPages(collector: SearchCollector, options: SearchIndexOptions): Promise<SearchIndexResult> {
  const indexKey = (language: string) => collector.indexes.key(language);
  const previous = usable(options.section.recorded(INDEX_ENTRY), indexKey(options.language));
  const { store } = collector;
  const pages = new Map(options.routes.filter(isSearchable).map((route) => [route.path, { route, bodyKey: options.bodyKeyOf(route) ?? '' }]));

  // Each page's document hash: the last build's while its body key is the same, else read from
  // its body, which this build rendered.
  const documents: SearchManifest['documents'] = {};
  const hashes = new Map<string, string>();
  for (const [route, page] of pages) {
    const known = previous?.documents[route];
    let hash = known?.[0] === page.bodyKey ? known[1] : undefined;
    if (hash === undefined) hash = store.find(page.route, page.bodyKey).hash;
    else store.keep(page.bodyKey);
    documents[route] = [page.bodyKey, hash];
    if (hash) hashes.set(route, hash);
  }
  const documentOf = (route: string) => {
    const page = pages.get(route)!;
    return store.find(page.route, page.bodyKey).document;
  };
  const files = createFiles(options.last, previous);
  const digest = searchDigest(hashes, indexKey(options.language));
  const record = (stamps: FileStamp[], extra: SearchRecord): SearchManifest => options.section.record(INDEX_ENTRY, digest, stamps, extra);

  if (previous && previous.key === digest && files.keepAll(previous.files)) {
    const manifest = record(previous.files, { documents, base: previous.base, delta: previous.delta });
    return { manifest, pages: findable(manifest, hashes), indexed: false, kind: 'kept', indexedPages: 0 };
  }

  const plan = planSearchIndex(hashes, previous?.base.pages ?? null);
  // A new base is never put off: only a build on the last index, as it is in the output.
  if (options.defer && plan.kind === 'delta' && files.keepAll(previous!.files)) {
    // Recorded as it was, with the key it was made from: the next build indexes what changed.
    const manifest = options.section.record(INDEX_ENTRY, previous!.key, previous!.files, { documents: previous!.documents, base: previous!.base, delta: previous!.delta });
    return { manifest, pages: findable(manifest, hashes), indexed: false, kind: 'deferred', indexedPages: 0 };
  }
  // The base is built on only while its files are in the output as they were written.
  if (plan.kind === 'delta' && files.keepAll(previous!.base.files)) {
    const base = previous!.base;
    const records = plan.changed.flatMap((route) => {
      const document = documentOf(route);
      return document ? [{ route, document }] : [];
    });
    const delta = records.length === 0 ? null : await indexDelta(records, { base, previous: previous!.delta, hashes, language: options.language, files });
    // A delta page given the id of a base page (pagefind's ids are short hashes) could not be told
    // apart from it in the browser: then the base is indexed again instead.
    if (delta !== 'clash') {
      const deltaFile: SearchDeltaFile = {
        base: Object.keys(base.pages).length,
        delta: Object.keys(delta?.pages ?? {}).length,
        pages: Object.values(delta?.pages ?? {}).map(([, id]) => id).sort(),
        drop: plan.drop,
      };
      const manifest = record([...base.files, ...(delta?.files ?? []), files.write(DELTA_FILE, JSON.stringify(deltaFile))], { documents, base, delta });
      // A delta kept as the last build wrote it (only a removal since) indexed nothing.
      const indexedPages = delta !== null && delta === previous!.delta ? 0 : records.length;
      return { manifest, pages: findable(manifest, hashes), indexed: true, kind: 'delta', indexedPages };
    }
  }

  const records: Array<{ route: string; document: SearchDocument }> = [];
  for (const route of hashes.keys()) {
    const document = documentOf(route);
    if (document) records.push({ route, document });
  }
  const streamed = await finishStreamed(collector, records, hashes);
  const output = streamed ?? (await runPagefind(records.map(({ route, document }) => ({ url: route, document })), options.language));
  const base: SearchManifest['base'] = {
    key: indexKey(options.language),
    pages: indexedPages(records, hashes, output.ids),
    files: output.files.map((file) => files.writeIndexFile('', file)),
  };
  const deltaFile: SearchDeltaFile = { base: Object.keys(base.pages).length, delta: 0, pages: [], drop: [] };
  const manifest = record([...base.files, files.write(DELTA_FILE, JSON.stringify(deltaFile))], { documents, base, delta: null });
  return { manifest, pages: deltaFile.base, indexed: true, kind: 'full', indexedPages: records.length, streamed: streamed !== null };
}

/**
 * Indexes the delta's pages into `${DELTA_DIR}`, or keeps the last delta's files when it held the
 * same pages with the same documents. Returns 'clash' when a delta page got the id of a base page.
 */
async function indexDelta(
  records: Array<{ route: string; document: SearchDocument }>,
  context: { base: SearchManifest['base']; previous: SearchManifest['delta']; hashes: ReadonlyMap<string, string>; language: string; files: SearchFiles },
): Promise<NonNullable<SearchManifest['delta']> | 'clash'> {
  const { previous, hashes, files } = context;
  const same =
    previous !== null &&
    Object.keys(previous.pages).length === records.length &&
    records.every(({ route }) => previous.pages[route]?.[0] === hashes.get(route));
  if (same && files.keepAll(previous.files)) return previous;
  const output = await runPagefind(records.map(({ route, document }) => ({ url: route, document })), context.language);
  const pages = indexedPages(records, hashes, output.ids);
  const baseIds = new Set(Object.values(context.base.pages).map(([, id]) => id));
  if (Object.values(pages).some(([, id]) => baseIds.has(id))) return 'clash';
  return { pages, files: output.files.filter((file) => DELTA_NEEDED.test(file.path)).map((file) => files.writeIndexFile(DELTA_DIR, file)) };
}

/** Each indexed route's document hash and pagefind id. */
function indexedPages(records: Array<{ route: string }>, hashes: ReadonlyMap<string, string>, ids: ReadonlyMap<string, string>): Record<string, IndexedPage> {
  const pages: Record<string, IndexedPage> = {};
  for (const { route } of records) {
    const id = ids.get(route);
    if (id === undefined) throw indexError(`the search indexer wrote no entry for ${route}`);
    pages[route] = [hashes.get(route)!, id];
  }
  return pages;
}

/** How many pages a query can find: the base's, less those whose document changed or that are gone, plus the delta's. */
function findable(manifest: SearchManifest, hashes: ReadonlyMap<string, string>): number {
  let pages = Object.keys(manifest.delta?.pages ?? {}).length;
  for (const [route, [hash]] of Object.entries(manifest.base.pages)) if (hashes.get(route) === hash) pages++;
  return pages;
}

/** The files of the search folder, as a build writes or keeps them. */
interface SearchFiles {
  /** Keeps the files of a last build's list where they are, all or none (see LastOutput.keepAll). */
  keepAll(files: FileStamp[]): boolean;
  /** Writes a file of the search folder and returns its stamp. */
  write(relPath: string, content: string | Uint8Array): FileStamp;
  /**
   * Writes a file of pagefind's output into a folder of the search folder ('' or DELTA_DIR), or
   * keeps the last build's when its name is a hash of its content and its size is the same.
   */
  writeIndexFile(folder: string, file: PagefindFile): FileStamp;
}

function createFiles(last: SearchIndexOptions['last'], previous: SearchManifest | undefined): SearchFiles {
  const previousFiles = new Map((previous?.files ?? []).map((stamp) => [stamp[0], stamp]));
  const write = (relPath: string, content: string | Uint8Array): FileStamp => {
    const rel = `${SEARCH_DIR}/${relPath}`;
    last.files.write(rel, content);
    return stampFile(last.files.dir, rel);
  };
  return {
    keepAll: (files) => last.keepAll(files),
    write,
    writeIndexFile(folder, file) {
      const rel = `${SEARCH_DIR}/${folder}${file.path}`;
      const before = previousFiles.get(rel);
      // Most fragments (one per page) are the same in a new base: those stay where they are.
      if (before && HASHED_FILE.test(file.path) && before[1] === file.content.byteLength && last.files.keep(rel, before[1])) return before;
      return write(`${folder}${file.path}`, file.content);
    },
  };
}

/** The last build's manifest when this build can build on it: same indexing code and language, and of this shape. */
function usable(previous: SearchManifest | undefined, key: string): SearchManifest | undefined {
  const base = previous?.base as SearchManifest['base'] | undefined;
  if (!previous || typeof previous.documents !== 'object' || typeof base !== 'object' || base === null) return undefined;
  return base.key === key ? previous : undefined;
}

function searchDigest(hashes: ReadonlyMap<string, string>, key: string): string {
  const hash = createHash('sha256').update(key);
  for (const route of [...hashes.keys()].sort()) hash.update(`\0${route}\0${hashes.get(route)}`);
  return hash.digest('hex');
}
