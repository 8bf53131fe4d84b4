/**
 * The commands as functions, for scripts and other tools. Each returns its result or rejects with
 * the error; none prints a report or exits the process (a build still logs its stages unless
 * `quiet`). The heavy modules load on first call, so importing the package for `defineConfig`
 * stays cheap.
 */
import type { BuildResult } from './pipeline/build.js';
import type { BrokenLink } from './check/checkBuiltSite.js';

export type { BuildResult };

export interface BuildOptions {
  /** The site folder (default "site"). */
  site?: string;
  /** The output folder (default "build"). */
  outDir?: string;
  /** Print only the summary line instead of one line per stage. */
  quiet?: boolean;
  /** Build these locales of the site only (its `i18n.locales`); default: every locale (in watch mode, the default one). */
  locales?: string[];
}

/**
 * Builds a site. Rejects with a `SiteErrors` (every content problem, each a `SiteError` with its
 * file, line and column) or a `SiteError`; the last good output is then left as it was.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const { buildOnce } = await import('./pipeline/build.js');
  return buildOnce({ siteDir: options.site ?? 'site', outDir: options.outDir ?? 'build', quiet: options.quiet, locales: options.locales });
}

export interface ServeOptions extends Omit<BuildOptions, 'quiet'> {
  /** Port to listen on (default 3000; the next free one when taken; 0 lets the system choose). */
  port?: number;
  /** Host to bind to (default 127.0.0.1). */
  host?: string;
  /** Rebuild on changes and reload open pages. */
  watch?: boolean;
}

export interface SiteServer {
  /** Where the site is served, e.g. http://127.0.0.1:3000/ */
  url: string;
  port: number;
  /** Stops the server (and the watcher). */
  close(): Promise<void>;
}

/**
 * Serves a built site like a static host, building it first when there is no build (and always
 * in watch mode). Rejects when that first build fails and there is nothing to serve.
 */
export async function serve(options: ServeOptions = {}): Promise<SiteServer> {
  const { startServer } = await import('./dev/serve.js');
  const running = await startServer({
    site: options.site ?? 'site',
    outDir: options.outDir ?? 'build',
    port: options.port ?? 3000,
    host: options.host ?? '127.0.0.1',
    watch: options.watch,
    locale: options.locales,
  });
  return { url: running.url, port: running.port, close: () => running.close() };
}

export interface CheckLinksResult {
  /** Broken links: target URL, HTTP status (0 when unreachable) and the page holding the link. */
  broken: BrokenLink[];
  /** Number of distinct local URLs checked. */
  checked: number;
}

/**
 * Serves a built site on a free local port and checks every link, anchor and image in it.
 * Rejects with a `SiteError` (code OUTPUT_NOT_FOUND) when `dir` is not a folder.
 */
export async function checkLinks(dir = 'build'): Promise<CheckLinksResult> {
  const { checkBuiltSite } = await import('./check/checkBuiltSite.js');
  return checkBuiltSite(dir);
}

export interface InitResult {
  /** Absolute path of the new site folder. */
  dir: string;
  /** The files written, relative to it. */
  files: string[];
}

/** Writes a new site into `dir` (default "site"); rejects when it exists and is not empty. */
export async function init(dir = 'site'): Promise<InitResult> {
  const { initSite } = await import('./init/initSite.js');
  return initSite(dir);
}
