import { readdir, readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { closeServer, createStaticServer, listenOnFreePort } from '../../src/server/staticServer.js';
import { DELTA_DIR, DELTA_FILE, searchMerged, type SearchDeltaFile } from '../../templates/search/mergeResults.js';

export const SEARCH = '_sipa/search';

/** A page as a query finds it: its URL, score, excerpt and the headings found on it. */
export interface FoundPage {
  url: string;
  score: number;
  title: string;
  excerpt: string;
  headings: Array<{ url: string; excerpt: string }>;
}

interface PagefindRuntime {
  options(options: object): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string, options: object): Promise<void>;
  search(term: string): Promise<{ results: Array<{ id: string; score: number; data(): Promise<{ url: string; excerpt: string; meta: { title: string }; sub_results: Array<{ url: string; excerpt: string }> }> }> }>;
}

let instances = 0;

/**
 * Searches a built site as its search dialog does: pagefind's own browser runtime (the site's
 * `pagefind.js`, run by Node on the main thread, as pagefind does where there is no worker) loads
 * the base index over HTTP from a static server, merges the delta index when the delta file names
 * one, and every query goes through searchMerged.
 */
export async function openSiteSearch(outDir: string): Promise<{ query(term: string): Promise<FoundPage[]>; close(): Promise<void> }> {
  const server: http.Server = createStaticServer({ root: outDir });
  const { url } = await listenOnFreePort(server, { port: 0 });
  const basePath = `${url}${SEARCH}/`;
  // A module instance of its own (pagefind keeps its state in the module).
  const pagefind = (await import(/* @vite-ignore */ `${pathToFileURL(path.join(outDir, SEARCH, 'pagefind.js')).href}?instance=${++instances}`)) as PagefindRuntime;
  const delta = JSON.parse(await readFile(path.join(outDir, SEARCH, DELTA_FILE), 'utf8')) as SearchDeltaFile;
  await pagefind.options({ basePath, baseUrl: '/', excerptLength: 18 });
  await pagefind.init();
  if (delta.delta > 0) await pagefind.mergeIndex(`${basePath}${DELTA_DIR}`, { baseUrl: '/', excerptLength: 18 });
  return {
    async query(term) {
      const results = await searchMerged((word) => pagefind.search(word), term, delta);
      return Promise.all(
        results.map(async (result) => {
          const page = await result.data();
          return { url: page.url, score: result.score, title: page.meta.title, excerpt: page.excerpt, headings: page.sub_results.map((sub) => ({ url: sub.url, excerpt: sub.excerpt })) };
        }),
      );
    },
    close: () => closeServer(server),
  };
}

/** A pagefind index's page entries by URL, read from its fragment files (gzip, a signature, then JSON). */
async function fragments(dir: string): Promise<Map<string, { id: string; title: string; content: string; anchors: string[] }>> {
  const pages = new Map<string, { id: string; title: string; content: string; anchors: string[] }>();
  for (const name of await readdir(dir)) {
    const text = gunzipSync(await readFile(path.join(dir, name))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; meta: { title: string }; anchors: Array<{ id: string }> };
    pages.set(fragment.url, { id: name.replace(/\.pf_fragment$/, ''), title: fragment.meta.title, content: fragment.content, anchors: fragment.anchors.map((a) => a.id) });
  }
  return pages;
}

/**
 * What the site's search finds, page by page: the base index's entries less those the delta file
 * drops, plus the delta index's entries.
 */
export async function indexedPages(outDir: string): Promise<Map<string, { id: string; title: string; content: string; anchors: string[] }>> {
  const delta = await readDeltaFile(outDir);
  const pages = await fragments(path.join(outDir, SEARCH, 'fragment'));
  for (const [url, page] of pages) if (delta.drop.includes(page.id)) pages.delete(url);
  if (delta.delta > 0) for (const [url, page] of await fragments(path.join(outDir, SEARCH, DELTA_DIR, 'fragment'))) pages.set(url, page);
  return pages;
}

export async function readDeltaFile(outDir: string): Promise<SearchDeltaFile> {
  return JSON.parse(await readFile(path.join(outDir, SEARCH, DELTA_FILE), 'utf8')) as SearchDeltaFile;
}
