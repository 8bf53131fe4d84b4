/**
 * The check that makes `migrate` tell the truth: the written site is built, as `sipadocs build`
 * would build it, into a temporary folder that is removed afterwards, and what stops the build is
 * returned as the migration's problems, with the warnings the build gave. No cache is kept, and
 * the cache folders the check created are removed, so the new site holds what the report lists.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SiteError, SiteErrors } from '../errors.js';
import { cacheFolders, cacheRootFor } from '../cache/cacheDir.js';
import { recordFile } from '../staging/outputRecord.js';
import type { StageLogger } from '../pipeline/log.js';

export interface BuildCheck {
  /** What stops the site from building (empty when it builds). */
  problems: SiteError[];
  /** The build's warnings, as it prints them. */
  warnings: string[];
  /** Pages built (0 when the build failed). */
  pages: number;
  /**
   * The build stopped at packages the site's package.json lists but `npm install` has not
   * installed yet: those are no problems of the migration, and what comes after them was not checked.
   */
  needsPackages?: boolean;
  /** Then, what the build stopped at (sipadocs.config.ts: Could not resolve "x"), located in the site. */
  stoppedAt?: SiteError[];
}

/**
 * Builds the site at `siteDir` once, into a temporary folder, and says how it went. `packages` are
 * those its package.json lists (see BuildCheck.needsPackages).
 */
export async function verifyBuild(siteDir: string, packages: readonly string[] = []): Promise<BuildCheck> {
  const check = await buildOnceInto(siteDir);
  const waiting = (problem: SiteError) => problem.code === 'PACKAGE_NOT_INSTALLED' || packages.some((name) => problem.message.includes(`"${name}"`));
  if (packages.length > 0 && check.problems.length > 0 && check.problems.every(waiting)) {
    return { problems: [], warnings: check.warnings, pages: 0, needsPackages: true, stoppedAt: check.problems };
  }
  return check;
}

async function buildOnceInto(siteDir: string): Promise<BuildCheck> {
  const { buildOnce } = await import('../pipeline/build.js');
  const work = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-migrate-check-'));
  const cleanUp = createdCacheFolders(siteDir);
  const warnings: string[] = [];
  try {
    const result = await buildOnce({ siteDir, outDir: path.join(work, 'build'), logger: collectingLogger(warnings), persistentCache: false });
    return { problems: [], warnings, pages: result.pages };
  } catch (error) {
    if (error instanceof SiteErrors) return { problems: error.errors.map((e) => inSite(e, siteDir)), warnings, pages: 0 };
    if (error instanceof SiteError) return { problems: [inSite(error, siteDir)], warnings, pages: 0 };
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
    // The record of what the check wrote into its folder, which is gone.
    rmSync(recordFile(cacheFolders(cacheRootFor(siteDir)).output, path.join(work, 'build')), { force: true });
    cleanUp();
  }
}

/**
 * A build's error with its file relative to the site, as the migration's problems name files (the
 * build names them from the working folder); a file outside the site keeps its absolute path.
 */
function inSite(error: SiteError, siteDir: string): SiteError {
  const file = error.location?.file;
  if (!file) return error;
  const absolute = path.resolve(file);
  const relative = path.relative(siteDir, absolute);
  const located = relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/');
  return new SiteError({ code: error.code, message: error.message, hint: error.hint, frame: error.frame, cause: error.cause, location: { ...error.location!, file: located } });
}

/** A logger that keeps the warnings and prints nothing. */
function collectingLogger(warnings: string[]): StageLogger {
  return {
    timings: {},
    stage: (_name, run) => run(),
    warn: (message) => warnings.push(message),
    info: () => {},
  };
}

/**
 * Removes, after the check, the cache folders of the site's project that did not exist before it
 * (the cache root and the `node_modules/.cache` and `node_modules` above it), never one that did.
 */
function createdCacheFolders(siteDir: string): () => void {
  const root = cacheRootFor(siteDir);
  const folders = [root, path.dirname(root), path.dirname(path.dirname(root))];
  const missing = folders.filter((folder) => !existsSync(folder));
  return () => {
    for (const folder of missing) {
      if (!existsSync(folder)) continue;
      // The cache root goes whole; a parent only when the check left it empty.
      if (folder === root) rmSync(folder, { recursive: true, force: true });
      else if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true, force: true });
    }
  };
}
