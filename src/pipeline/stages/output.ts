import { rm } from 'node:fs/promises';
import path from 'node:path';
import { isDocusaurusProject } from '../loadSite.js';
import { checkOutputDir } from '../../staging/outputDir.js';
import { openLastOutput, type LastOutput } from '../../cache/lastOutput.js';
import { manifestFile, readManifest } from '../../cache/outputManifest.js';
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
    const { lastOutput, caches } = session;
    const stored = lastOutput?.outDir === outDir ? lastOutput.manifest : caches.manifests ? await readManifest(manifestFile(caches.manifests, outDir)) : null;
    // A manifest describes the output one build committed; after an interrupted commit, none holds.
    const previous = stored && staging.previousBuild !== null && stored.build === staging.previousBuild ? stored : null;
    // Killed builds' server bundles are removed by the next build.
    await removeDeadProcessFolders(caches.ssr);
    const ssrDir = session.serverFilesDir ?? path.join(caches.ssr, `${process.pid}-${Date.now().toString(36)}`);
    // A watch session's own output, committed by its last build as its manifest says: nothing
    // else writes there (see devOutputDir), so what that build wrote or checked needs no check.
    const own = previous !== null && previous === lastOutput?.manifest && outDir === devOutputDir(session.siteDir) ? { namedFiles: lastOutput.namedFiles } : null;
    return { outDir, staging, last: openLastOutput(outDir, staging, previous, own), ssrDir, ownSsrDir: session.serverFilesDir === null };
  } catch (error) {
    await staging.discard().catch(() => {});
    throw error;
  }
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
