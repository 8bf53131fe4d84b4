import path from 'node:path';

/**
 * A path of an esbuild metafile (an output, an input, an entry point) as an absolute path. esbuild
 * writes them relative to the build's `absWorkingDir`, whose default is the working folder when
 * esbuild was loaded: a program that changed its working folder since (one embedding sipadocs, a
 * test) would resolve them against the wrong folder. So every build sipadocs runs names its
 * `absWorkingDir`, and its paths are resolved against that.
 */
export function esbuildPath(workingDir: string, file: string): string {
  return path.resolve(workingDir, file);
}
