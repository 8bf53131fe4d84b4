import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The sipadocs package folder, found by walking up to its package.json. Works both from the
 * sources (tests) and from the launcher's compiled copy under node_modules/.cache.
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
