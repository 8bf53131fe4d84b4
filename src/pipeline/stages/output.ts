import { rm } from 'node:fs/promises';
import path from 'node:path';
import { isDocusaurusProject } from '../loadSite.js';
import { checkOutputDir } from '../../staging/outputDir.js';
import { openLastOutput, type LastOutput, type StagedFolder } from '../../cache/lastOutput.js';
import { manifestFile, readManifest, type OutputManifest } from '../../cache/outputManifest.js';
import { recordFile } from '../../staging/outputRecord.js';
import { createStagingDir, removeDeadProcessFolders, restoreInterruptedSwap, type StagingDir } from '../../staging/stagingDir.js';
import { devOutputDir } from '../../cache/cacheDir.js';
import type { BuildSession } from '../session.js';

/** Where a build writes: the staging folder beside the output, and what it knows of the last good output. */
export interface BuildOutput {
  /** The output folder's real absolute path (see checkOutputDir). */
  outDir: string;
  staging: StagingDir;
  /** The last good output, and this build's record of what it writes and keeps (see LastOutput). */
  last: LastOutput;
  /** The folder of this build's server bundles: its own, removed when the build ends, or the session's (see BuildSession.serverFilesDir). */
  ssrDir: string;
  ownSsrDir: boolean;
}

/**
 * Refuses an output folder that cannot be sipadocs's own (OUTPUT_DIR_REFUSED, see checkOutputDir)
 * and puts back the last good output a build killed in its swap left aside. Runs before anything
 * else can fail; returns the folder's real path. The development output in the cache (see
 * devOutputDir) is sipadocs's by where it is, even inside a site folder that has a package.json.
 */
export async function claimOutputDir(session: BuildSession): Promise<string> {
  const devOutput = devOutputDir(session.siteDir);
  const outDir = path.resolve(session.outDir) === devOutput ? devOutput : checkOutputDir(session.outDir, session.siteDir, undefined, { docusaurus: isDocusaurusProject(session.siteDir) });
  await restoreInterruptedSwap(outDir);
  return outDir;
}

/** Opens this build's staging folder and reads what the last good output was made from. */
export async function openOutput(session: BuildSession, outDir: string): Promise<BuildOutput> {
  await session.afterBuild?.settled();
  const staging = await createStagingDir(outDir, { recordFile: recordFile(session.caches.records, outDir) });
  try {
    const { caches } = session;
    const previous = await lastManifest(session, outDir, staging.previousBuild);
    // Killed builds' server bundles are removed by the next build.
    await removeDeadProcessFolders(caches.ssr);
    const ssrDir = session.serverFilesDir ?? path.join(caches.ssr, `${process.pid}-${Date.now().toString(36)}`);
    // A watch session's own output, committed by its last build as its manifest says: nothing
    // else writes there (see devOutputDir), so what that build wrote or checked needs no check.
    const last = session.lastOutputs.get(outDir);
    const own = previous !== null && previous === last?.manifest && isInside(devOutputDir(session.siteDir), outDir) ? { namedFiles: last.namedFiles } : null;
    return { outDir, staging, last: openLastOutput(outDir, staging, previous, own), ssrDir, ownSsrDir: session.serverFilesDir === null };
  } catch (error) {
    await staging.discard().catch(() => {});
    throw error;
  }
}

/** The manifest of what the last good build wrote into a folder of the output, when it describes the output as it is now. */
async function lastManifest(session: BuildSession, outDir: string, previousBuild: string | null): Promise<OutputManifest | null> {
  const { lastOutputs, caches } = session;
  const stored = lastOutputs.get(outDir)?.manifest ?? (caches.manifests ? await readManifest(manifestFile(caches.manifests, outDir)) : null);
  // A manifest describes the output one build committed; after an interrupted commit, none holds.
  return stored && previousBuild !== null && stored.build === previousBuild ? stored : null;
}

/**
 * The part of the output one locale of a site writes: the folder `folder` of it (the whole output
 * for '', the default locale's), with its own last output (its manifest of the last good build)
 * and its own server files. Written through the output's staging folder, committed with it.
 */
export async function localeOutput(session: BuildSession, root: BuildOutput, folder: string): Promise<BuildOutput> {
  if (!folder) return root;
  const outDir = path.join(root.outDir, folder);
  const inside = (relPath: string) => `${folder}/${relPath}`;
  const staged: StagedFolder = {
    dir: path.join(root.staging.dir, folder),
    write: (relPath, contents) => root.staging.write(inside(relPath), contents),
    keep: (relPath) => root.staging.keep(inside(relPath)),
    owns: (relPath) => root.staging.owns(inside(relPath)),
    copyIn: (source, relPath) => root.staging.copyIn(source, inside(relPath)),
  };
  const previous = await lastManifest(session, outDir, root.staging.previousBuild);
  return { outDir, staging: root.staging, last: openLastOutput(outDir, staged, previous), ssrDir: path.join(root.ssrDir, folder), ownSsrDir: false };
}

/**
 * Ends a build's use of its output: a failed build's staging folder is removed, its own server
 * bundles always. It never fails: what cannot be removed now (on a file system gone read-only,
 * say) is removed by a later build, and the error that matters is the build's own.
 */
export async function closeOutput(output: BuildOutput, failed: boolean): Promise<void> {
  if (failed) await output.staging.discard().catch(() => {});
  if (output.ownSsrDir) await rm(output.ssrDir, { recursive: true, force: true }).catch(() => {});
}

/** Whether a folder is `root` or inside it (a locale's part of a watch session's output). */
const isInside = (root: string, dir: string) => dir === root || dir.startsWith(root + path.sep);
