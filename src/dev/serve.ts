import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { isDocusaurusProject } from '../pipeline/loadSite.js';
import { buildSite } from '../pipeline/build.js';
import { devOutputDir } from '../cache/cacheDir.js';
import { createBuildSession } from '../pipeline/session.js';
import { restoreInterruptedSwap } from '../staging/stagingDir.js';
import { checkOutputDir } from '../staging/outputDir.js';
import { FROM_SOURCES, PACKAGE_ROOT } from '../packageRoot.js';
import { exitCodeFor, reportError, type SiteError } from '../errors.js';
import { isLoopbackHost, isServedHost } from './hosts.js';
import { createLiveReload, type LiveReload } from './liveReload.js';
import { createRebuildScheduler, type RebuildScheduler } from './scheduler.js';
import { normalizeBaseUrl, readBuiltBaseUrl } from '../server/builtBaseUrl.js';
import { openBrowser } from './openBrowser.js';
import { closeServer, createStaticServer, listenOnFreePort } from '../server/staticServer.js';
import { watchSite, type SiteWatcher, type SiteWatchEvents } from './siteWatcher.js';

export interface ServeOptions {
  site: string;
  outDir: string;
  port: number;
  host: string;
  watch?: boolean;
  open?: boolean;
  /** Serve the site at this path; by default at the base URL it was built for (see readBuiltBaseUrl). */
  baseUrl?: string;
  /**
   * The locales to build (see i18n.locales): in watch mode the default locale only unless given,
   * as Docusaurus's `start` develops one locale; without watch, every locale when there is no build.
   */
  locale?: string[];
}

export interface RunningServer {
  /** Where the site is served, its base URL included: http://127.0.0.1:3000/sub/ */
  url: string;
  /** The folder served: the output folder, or in watch mode the development output (see devOutputDir). */
  root: string;
  port: number;
  /** Watch mode only: the live-reload hub. */
  liveReload?: LiveReload;
  /** Watch mode only: resolves when no rebuild is running or pending. */
  idle(): Promise<void>;
  /** Watch mode only: settles with the reason when watching cannot go on, and the server should stop rather than serve an old build. */
  lost?: Promise<SiteError>;
  /** Watch mode only: called after each rebuild with its outcome and duration. */
  /** After each watch build; `searchOnly` for the build that indexes for search what the one before it showed. */
  onRebuild?: (outcome: { ok: boolean; ms: number; files: string[]; timings?: Record<string, number>; searchOnly: boolean }) => void;
  close(): Promise<void>;
}

/** Serves the built site like a static host until Ctrl+C; builds first when there is no build. */
export async function serve(options: ServeOptions): Promise<number> {
  let running: RunningServer;
  try {
    running = await startServer(options);
  } catch (error) {
    reportError(error);
    return exitCodeFor(error);
  }
  if (options.open) openBrowser(running.url);
  process.stdout.write('Press Ctrl+C to stop.\n');
  const lost = await new Promise<SiteError | null>((resolve) => {
    const stop = (reason: SiteError | null) => {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      resolve(reason);
    };
    const interrupted = () => stop(null);
    process.on('SIGINT', interrupted);
    process.on('SIGTERM', interrupted);
    void running.lost?.then(stop);
  });
  if (!lost) {
    await running.close();
    process.stdout.write('Server stopped.\n');
    return 0;
  }
  // Watching was lost, most often with the folder the session works in: said at once, and the
  // server stops even when closing what it opened in that folder does not end.
  reportError(lost);
  await Promise.race([running.close(), new Promise((resolve) => setTimeout(resolve, LOST_CLOSE_MS).unref())]);
  process.stdout.write('Server stopped.\n');
  return exitCodeFor(lost);
}

/** How long a server whose watching was lost waits for what it opened to close, in milliseconds. */
const LOST_CLOSE_MS = 10_000;

/**
 * Builds when needed, starts the server (and in watch mode the watcher). Rejects with the build's
 * error when the first build failed and there is nothing to serve; in watch mode over an
 * earlier build, the error is printed, shown in open tabs, and the earlier build served. The
 * output folder follows the rules of a build (see checkOutputDir) even when there is nothing to
 * build: a folder that is not sipadocs's is never served, so `serve` cannot publish a project
 * folder on the network. Watch mode builds and serves the development site (drafts included)
 * from a folder of its own in the cache, never the output folder, which is left as it is; and it
 * answers only requests for the host it serves (see isServedHost).
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const root = options.watch ? devOutputDir(options.site) : checkOutputDir(options.outDir, options.site, undefined, { docusaurus: isDocusaurusProject(options.site) });
  await restoreInterruptedSwap(root);
  const hasBuild = await stat(path.join(root, 'index.html')).then(() => true, () => false);
  const locales = options.locale?.length ? options.locale : options.watch ? 'default' : undefined;
  const session = createBuildSession({ siteDir: options.site, outDir: options.watch ? root : options.outDir, mode: options.watch ? 'watch' : 'build', quiet: Boolean(process.env.CI), locales });
  // Nothing may keep running when the server does not start (esbuild contexts, a render worker).
  const abort = async (error: unknown): Promise<never> => {
    await session.close();
    throw error;
  };
  let firstError: string | null = null;
  /** What every page of the first build loads (see BuildResult.pageAssets); null when there was none. */
  let firstAssets: string[] | null = null;
  /** What the site's plugins ask to be watched (their getPathsToWatch), from the first build. */
  let pluginPaths: string[] = [];
  if (!hasBuild || options.watch) {
    try {
      const first = await buildSite(session);
      firstAssets = first.pageAssets;
      pluginPaths = first.watchPaths;
    } catch (error) {
      if (!hasBuild) return abort(error);
      reportError(error);
      firstError = errorText(error);
    }
  }
  const liveReload = options.watch ? createLiveReload() : undefined;
  if (liveReload && firstError) liveReload.failed(firstError);
  // The site is served where it was built to live; a rebuild with another baseUrl moves it.
  const givenBase = options.baseUrl === undefined ? null : normalizeBaseUrl(options.baseUrl);
  let baseUrl = givenBase ?? (await readBuiltBaseUrl(root));
  let served = { host: options.host, port: options.port };
  const server: http.Server = createStaticServer({
    root,
    baseUrl: () => baseUrl,
    redirectRootToBase: true,
    extraHandler: liveReload
      ? (req, res) => {
          // Drafts, and build errors that show source code: only pages of this server may read
          // them, not a page of another site whose name was made to point here (DNS rebinding).
          if (!isServedHost(req.headers.host, served)) {
            res
              .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' })
              .end(`Forbidden: unknown Host. This development server answers requests for localhost, an IP address or ${served.host}, port ${served.port}.\n`);
            return true;
          }
          return liveReload.handle(req, res);
        }
      : undefined,
    transformHtml: liveReload ? (html) => liveReload.transformHtml(html) : undefined,
  });
  const listening = await listenOnFreePort(server, { host: options.host, port: options.port }).catch(abort);
  const { port } = listening;
  served = { host: options.host, port };
  // A build of other locales than the one at the base URL (`--locale fr`) is shown at the first one's page.
  const url = `${listening.url.replace(/\/$/, '')}${baseUrl}${await firstLocaleFolder(root)}`;
  if (options.port !== 0 && port !== options.port) process.stdout.write(`Port ${options.port} is in use, using ${port} instead.\n`);
  if (options.watch) process.stdout.write(`Serving the development build (drafts included; \`sipadocs build\` writes the site to publish) at ${url}\n`);
  else process.stdout.write(`Serving ${path.relative(process.cwd(), root) || '.'} at ${url}\n`);
  if (!isLoopbackHost(options.host)) {
    process.stdout.write(
      `Warning: --host ${options.host} makes the site reachable from other machines on the network${options.watch ? ', and watch mode with it' : ''}; use --host 127.0.0.1 to keep it on this machine.\n`,
    );
  }

  let watcher: SiteWatcher | undefined;
  let loseWatch: (error: SiteError) => void = () => {};
  let scheduler: RebuildScheduler | undefined;
  const handle: RunningServer = {
    url,
    root,
    port,
    liveReload,
    idle: () => scheduler?.idle() ?? Promise.resolve(),
    lost: options.watch ? new Promise<SiteError>((resolve) => (loseWatch = resolve)) : undefined,
    async close() {
      await watcher?.close();
      await scheduler?.close();
      liveReload?.close();
      await closeServer(server);
      await session.close();
    },
  };
  if (liveReload) {
    // Content of each changed file when its last rebuild started: editors and writeFile often
    // report one save as several events, which must not cause a second, identical rebuild.
    const seen = new Map<string, string>();
    let lastAssets = JSON.stringify(firstAssets);
    const siteDir = path.resolve(options.site);
    scheduler = createRebuildScheduler(async (batch) => {
      // Said by the watcher; built once the folder is back.
      if (!existsSync(siteDir)) return;
      const siteBack = batch.includes(SITE_BACK);
      if (siteBack) seen.clear();
      const files = batch.filter((file) => file !== INDEX_SEARCH && file !== SITE_BACK);
      let hashes = await Promise.all(files.map(fileHash));
      // A file that reads empty (and was not empty when last built) is most likely a save caught
      // between truncating and writing: built as it is, open tabs would show the page empty (and
      // lose its scroll position) or the config as an error, just before the saved content.
      if (files.some((file, i) => hashes[i] === EMPTY_HASH && seen.get(file) !== EMPTY_HASH)) {
        await new Promise((resolve) => setTimeout(resolve, EMPTY_WAIT_MS));
        hashes = await Promise.all(files.map(fileHash));
      }
      // What open tabs are told depends on these alone: a batch may also hold files reported
      // without a change of content (a second look, see RECHECK_MS; a touch).
      const changedFiles = files.filter((file, i) => seen.get(file) !== hashes[i]);
      const unchanged = !siteBack && changedFiles.length === 0;
      if (unchanged && !batch.includes(INDEX_SEARCH)) return;
      files.forEach((file, i) => seen.set(file, hashes[i]!));
      const started = performance.now();
      // Only the search index is behind: no page changes, so open tabs are not told of this build.
      const searchOnly = unchanged;
      let ok = true;
      let timings: Record<string, number> | undefined;
      try {
        // An edit is shown first; its pages are indexed for search by the build that follows.
        const result = await buildSite(session, { quiet: true, deferSearch: !searchOnly });
        timings = result.timings;
        if (result.stats.search?.kind === 'deferred') scheduler!.addLater(INDEX_SEARCH, SEARCH_DELAY_MS);
        if (!searchOnly) {
          if (!givenBase) baseUrl = await readBuiltBaseUrl(root);
          // Pages can show new content in place while the code and styles every page loads are the same.
          const assets = JSON.stringify(result.pageAssets);
          const cssOnly = !siteBack && changedFiles.every((f) => f.endsWith('.css'));
          liveReload.built(cssOnly ? 'css' : assets === lastAssets ? 'content' : 'all');
          lastAssets = assets;
        }
      } catch (error) {
        ok = false;
        reportError(error);
        liveReload.failed(errorText(error));
      }
      handle.onRebuild?.({ ok, ms: performance.now() - started, files, timings, searchOnly });
      // A file still being written when it was read (a save is not one event) is built again as
      // it is now; and looked at once more when the watcher may have kept quiet about the rest of
      // the save (see RECHECK_MS): a check that finds it as built does not build.
      const now = await Promise.all(files.map(fileHash));
      const changed = files.filter((file, i) => now[i] !== hashes[i]);
      for (const file of files) if (!changed.includes(file)) scheduler!.addLater(file, RECHECK_MS);
      return changed;
    });
    const shownSite = path.relative(process.cwd(), siteDir) || '.';
    watcher = await startWatcher(options, root, [...outsideContent(session.projectMemo.last?.config), ...foldersOutside(options.site, pluginPaths)], {
      change: (file) => scheduler!.add(file),
      gone() {
        const message = `The site folder ${shownSite} is gone; the last build stays served until it is back.`;
        process.stdout.write(`${message}\n`);
        liveReload.failed(message);
      },
      back() {
        process.stdout.write(`The site folder ${shownSite} is back; rebuilding.\n`);
        scheduler!.add(SITE_BACK);
      },
      fatal: (error) => loseWatch(error),
    });
    process.stdout.write('Watching for changes.\n');
  }
  return handle;
}

/**
 * How long after a rebuild its files are looked at again, in milliseconds. The file watcher
 * (chokidar) reports no other change of a file for 50 ms after one: a save that truncates the file
 * and writes it a few milliseconds later (Node's writeFile, editors that save in place) was
 * reported once, at the truncation, and a build that read the empty file and failed sooner than
 * the write came left the session on that error for good.
 */
const RECHECK_MS = 60;
/** The hash of an empty file (fileHash), and how long a file that reads empty is given to be written (see above), in milliseconds. */
const EMPTY_HASH = createHash('sha1').digest('hex');
const EMPTY_WAIT_MS = 50;
/** What the rebuild scheduler is given, in place of a file, to run a build that catches up on search indexing. */
const INDEX_SEARCH = '\0index-search';
/** What it is given when the site folder came back (any file in it may have changed): a full rebuild. */
const SITE_BACK = '\0site-back';
/**
 * How long after a build that put off search indexing the build that does it starts: long enough
 * for open tabs to have loaded the changed pages, and a save within it is built first (deferring
 * again), so quick saves in a row are indexed once.
 */
const SEARCH_DELAY_MS = 150;

/** '' when the output has a home page; else the folder of the first locale built into it, with a slash ('fr/'). */
async function firstLocaleFolder(root: string): Promise<string> {
  if (existsSync(path.join(root, 'index.html'))) return '';
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const folder = entries.find((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'index.html')));
  return folder ? `${folder.name}/` : '';
}

/** Hash of a file's content ('' when it is missing or a directory). */
async function fileHash(file: string): Promise<string> {
  try {
    return createHash('sha1').update(await readFile(file)).digest('hex');
  } catch {
    return '';
  }
}

function errorText(error: unknown): string {
  const lines: string[] = [];
  reportError(error, (t) => lines.push(t));
  return lines.join('\n').trim();
}

function startWatcher(options: ServeOptions, root: string, contentDirs: string[], events: SiteWatchEvents): Promise<SiteWatcher> {
  const outside = (dir: string, file: string) => {
    const rel = path.relative(dir, file);
    return rel.startsWith('..') || path.isAbsolute(rel);
  };
  // A Docusaurus project's build/ (what `sipadocs build` writes) and Docusaurus's own work folder are no input.
  const output = path.resolve(options.outDir);
  return watchSite(
    {
      siteDir: options.site,
      // The theme is watched too when running from this repository's sources, where it is edited;
      // and the content folders a Docusaurus project keeps outside its own (a docs folder "../docs").
      extraDirs: [...(FROM_SOURCES ? [path.join(PACKAGE_ROOT, 'templates')] : []), ...contentDirs],
      ignored: (file) =>
        !outside(root, file) ||
        !outside(output, file) ||
        file.split(path.sep).some((part) => part === 'node_modules' || part === '.git' || part === '.cache' || part === '.docusaurus'),
    },
    events,
  );
}

/**
 * The folders of watched paths (files or globs, absolute) that lie outside the site folder, which
 * is watched whole: a glob's folder is the part before its first pattern character.
 */
function foldersOutside(siteDir: string, paths: string[]): string[] {
  const site = path.resolve(siteDir);
  const folders = paths.map((watched) => {
    const fixed = watched.split(/[*?[{(!]/)[0]!;
    return fixed === watched && existsSync(watched) && !statSync(watched).isDirectory() ? path.dirname(watched) : fixed.replace(/[\\/][^\\/]*$/, '') || fixed;
  });
  return [...new Set(folders.filter((dir) => path.relative(site, dir).startsWith('..') && existsSync(dir)))];
}

/** The content folders of a Docusaurus project that lie outside its folder (read where it stands), absolute. */
function outsideContent(config: SiteConfig | undefined): string[] {
  if (!config?.project) return [];
  const dirs = config.docsInstances.map((instance) => path.resolve(config.siteDir, instance.path));
  return [...new Set(dirs.filter((dir) => path.relative(config.siteDir, dir).startsWith('..')))];
}
