import { createHash } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The one place that decides where sipadocs keeps what it caches between builds: the project
 * that holds the site, never the installed package (which may be read-only, shared between
 * projects or owned by another user).
 *
 * The project is the nearest folder at or above the site folder that has a package.json (the
 * folder `npm install sipadocs` ran in); without one, the working directory. Its cache lives in
 * `node_modules/.cache/sipadocs`, where tools conventionally keep theirs, so it is ignored by git
 * and removed with node_modules.
 */
export function cacheRootFor(siteDir: string): string {
  return path.join(projectRootOf(siteDir), 'node_modules', '.cache', 'sipadocs');
}

function projectRootOf(siteDir: string): string {
  for (let dir = path.resolve(siteDir); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** The folders of one cache root, by what they hold. */
export function cacheFolders(root: string) {
  return {
    root,
    /** What builds reuse, a folder per kind: compiled pages, route chunks, search documents, git histories... (see artifacts.ts). */
    artifacts: path.join(root, 'artifacts'),
    /** The manifest of each output folder's last good build, and the record of the files sipadocs wrote there (see outputManifest.ts). */
    output: path.join(root, 'output'),
    /** Server bundles of one build, removed when it ends (a killed build's are removed by the next). */
    ssr: path.join(root, 'ssr'),
    /** The fixed output folder esbuild's incremental contexts are given; nothing is written there. */
    bundler: path.join(root, 'bundler'),
    /** What plugins generate (Docusaurus's `.docusaurus`): their data modules and route modules, by plugin name and id. */
    plugins: path.join(root, 'plugins'),
    /** What `serve --watch` builds and serves, one folder per site (see devOutputDir). */
    dev: path.join(root, 'dev'),
  };
}

/**
 * Earlier versions kept everything under `build/`: the records of what they wrote into output
 * folders move to where this version reads them (they keep a user's files safe), and the caches,
 * which this version keeps otherwise, go.
 */
export function moveEarlierCacheLayout(root: string): void {
  const earlier = path.join(root, 'build');
  if (!existsSync(earlier)) return;
  try {
    const folders = cacheFolders(root);
    if (!existsSync(folders.output) && existsSync(path.join(earlier, 'output'))) renameSync(path.join(earlier, 'output'), folders.output);
    rmSync(earlier, { recursive: true, force: true });
  } catch {
    // Another build moved it first, or the folder is read-only: nothing is lost but cached results.
  }
}

/**
 * The output folder of `serve --watch` for a site: the development build (drafts included) lives
 * in the cache, apart from the deployable output folder, and the next watch session starts from it.
 */
export function devOutputDir(siteDir: string): string {
  const site = path.resolve(siteDir);
  return path.join(cacheFolders(cacheRootFor(site)).dev, createHash('sha256').update(site).digest('hex').slice(0, 16));
}
