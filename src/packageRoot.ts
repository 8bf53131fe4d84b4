import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the sipadocs package lives and how it runs. An installed package is read-only: nothing
 * here writes, and nothing else may write inside PACKAGE_ROOT either (caches go to the user's
 * project, see cache/cacheDir.ts).
 */

/**
 * The sipadocs package folder, found by walking up to its package.json. Works from the sources
 * (tests), from the launcher's compiled copy under node_modules/.cache and from the prebuilt dist/.
 */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'sipadocs') return dir;
    } catch {
      // no package.json here; keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('sipadocs: cannot find the package folder');
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot();

/**
 * True in this repository, which runs its TypeScript sources (compiled on first use by the
 * launcher); false in an installed package, which runs the prebuilt `dist/` and ships only the
 * sources that are bundled into each site (client runtime, theme, server renderer).
 */
export const FROM_SOURCES = existsSync(path.join(PACKAGE_ROOT, 'src', 'cli', 'main.ts'));

/** Set by the dist build (bin/build-dist.js) to a hash of every source file it was built from. */
declare const __SIPADOCS_BUILD_ID__: string | undefined;

/** The build id of an installed package's dist/ (see bin/build-dist.js); undefined when running from the sources. */
export const BUILD_ID: string | undefined = typeof __SIPADOCS_BUILD_ID__ === 'string' ? __SIPADOCS_BUILD_ID__ : undefined;

const versions = new Map<string, string>();

/**
 * The version of a dependency as Node resolves it from this package (its own node_modules first,
 * then the folders above, where npm hoists it), or "missing". Read from the package's
 * package.json on disk, so a cache keyed by it changes when the dependency is updated.
 */
export function dependencyVersion(name: string): string {
  let version = versions.get(name);
  if (version !== undefined) return version;
  version = 'missing';
  for (let dir = PACKAGE_ROOT; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string };
      version = pkg.version ?? 'unknown';
      break;
    } catch {
      // not installed at this level
    }
    if (path.dirname(dir) === dir) break;
  }
  versions.set(name, version);
  return version;
}
