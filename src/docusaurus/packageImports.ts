import { createRequire } from 'node:module';
import { packageName } from '../bundle/missingPackage.js';
import { sharedModules } from '../bundle/sharedModules.js';

/** What an import of the project's code is to a sipadocs site: a module sipadocs provides, a package, or a Docusaurus module it does not provide. */
export type PackageImport = 'shared' | 'package' | 'unsupported';

/** Imports sipadocs answers itself in a built site: React and its JSX runtime, the theme's modules. */
export function isSharedImport(specifier: string): boolean {
  return sharedModules().some((module) => module.specifier === specifier);
}

/** What a bare import of the project's code is (see PackageImport). */
export function classifyImport(specifier: string): PackageImport {
  if (isSharedImport(specifier)) return 'shared';
  if (/^(@docusaurus|@theme|@theme-original|@generated)\//.test(specifier) || /^(react|react-dom)(\/|$)/.test(specifier)) return 'unsupported';
  return 'package';
}

/** Whether a package import resolves from the importing file: the package is installed where the project is. */
export function isInstalledFor(specifier: string, importer: string): boolean {
  const require = createRequire(importer);
  for (const request of [specifier, `${packageName(specifier)}/package.json`]) {
    try {
      require.resolve(request);
      return true;
    } catch {
      // an ES-only package may refuse require.resolve of its main entry: try its manifest
    }
  }
  return false;
}

/**
 * Whether a site built where the project stands provides an import: sipadocs's own modules, and
 * packages installed in the project.
 */
export function providedInPlace(specifier: string, importer: string): boolean {
  const kind = classifyImport(specifier);
  return kind === 'shared' || (kind === 'package' && isInstalledFor(specifier, importer));
}
