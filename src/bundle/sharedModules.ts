import type { Plugin } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { SHARED_MODULES_GLOBAL } from '../shared/paths.js';

const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
const THEME_COMPONENTS_DIR = path.join(PACKAGE_ROOT, 'templates', 'components');
/** Docusaurus modules content commonly imports, as the theme provides them. */
const DOCUSAURUS_DIR = path.join(PACKAGE_ROOT, 'templates', 'docusaurus');
const PACKAGES = ['react', 'react/jsx-runtime', 'react-dom'];

export interface SharedModule {
  specifier: string;
  /** What the entry imports to register it (packages by name, so the server build keeps them external). */
  source: string;
  /** Named exports a route chunk may import. */
  names: string[];
}

/**
 * Modules a route chunk takes from the page's runtime instead of bundling its own copy: React
 * (there must be exactly one), the theme's components (`@theme/Name`, every file of
 * templates/components) and the Docusaurus modules the theme provides (`@docusaurus/Name`, every
 * file of templates/docusaurus). The entry registers them on a global; each route chunk is then
 * self-contained, so it can be built, cached and rebuilt on its own, and a change to one page
 * never renames another page's chunk.
 */
export function sharedModules(): SharedModule[] {
  const packages = PACKAGES.map((specifier) => ({
    specifier,
    source: specifier,
    names: Object.keys(require(specifier) as object).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name)),
  }));
  return [...packages, ...modulesIn(THEME_COMPONENTS_DIR, '@theme/'), ...modulesIn(DOCUSAURUS_DIR, '@docusaurus/')];
}

/** One shared module per .ts/.tsx file of a folder and its subfolders, named `<prefix><path without extension>`. */
function modulesIn(dir: string, prefix: string): SharedModule[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.tsx?$/.test(file))
    .sort()
    .map((file) => {
      const source = path.join(dir, file);
      const text = readFileSync(source, 'utf8');
      // A function with overloads is declared more than once.
      const names = [...new Set([...text.matchAll(/^export\s+(?:const|let|function|class)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!))];
      return { specifier: `${prefix}${file.replace(/\.tsx?$/, '')}`, source, names };
    });
}

/** Specifiers the shared modules answer for: React's entry points and the `@theme/` and `@docusaurus/` namespaces. */
export const SHARED_SPECIFIER = /^(react|react-dom|@theme|@docusaurus)(\/.*)?$/;

/** Carried by the bundler's error message to the build's error (see bundleError). */
export interface ImportErrorDetail {
  code?: 'UNSUPPORTED_IMPORT';
  hint: string;
}

/**
 * The error for an import under a shared namespace that the theme does not provide: it names
 * the import and what the namespace does provide.
 */
export function unsupportedImport(specifier: string, modules: SharedModule[]): { text: string; detail: ImportErrorDetail } {
  const namespace = specifier.startsWith('@') ? `${specifier.split('/')[0]}/` : '';
  const supported = modules.map((m) => m.specifier).filter((s) => (namespace ? s.startsWith(namespace) : !s.startsWith('@')));
  const what = namespace === '@theme/' ? 'theme component' : namespace === '@docusaurus/' ? 'Docusaurus module' : 'entry point of React';
  return {
    text: `a page cannot import "${specifier}": it is not a ${what} sipadocs provides (supported: ${supported.join(', ')})`,
    detail: {
      code: namespace ? 'UNSUPPORTED_IMPORT' : undefined,
      hint:
        namespace === ''
          ? 'A second copy of React would break hooks: a page uses the React the site already loaded.'
          : 'Import one of the supported modules, or write the component in the site and import it with a relative path or "@site/...".',
    },
  };
}

/** The entry's module that registers every shared module on the global. */
export function registryModuleCode(modules: SharedModule[]): string {
  const imports = modules.map((m, i) => `import * as m${i} from ${JSON.stringify(m.source)};`);
  const entries = modules.map((m, i) => `${JSON.stringify(m.specifier)}: m${i}`);
  return `${imports.join('\n')}\nglobalThis.${SHARED_MODULES_GLOBAL} = {\n${entries.join(',\n')}\n};\n`;
}

const SHIM_NS = 'sipa-shared';

/**
 * Resolves shared specifiers in a route build to small modules that read the entry's registry.
 * With `importers`, only imports from matching files are resolved so (the entry's lazily loaded
 * modules, which would otherwise make esbuild split React out of the entry into a chunk of its own).
 */
export function sharedModulesPlugin(modules: SharedModule[], importers?: RegExp): Plugin {
  const bySpecifier = new Map(modules.map((m) => [m.specifier, m]));
  return {
    name: 'sipadocs-shared-modules',
    setup(build) {
      build.onResolve({ filter: SHARED_SPECIFIER }, (args) => {
        if (importers && !importers.test(args.importer)) return undefined;
        // A second copy of React in a page would break hooks; the theme's modules are all shared.
        if (!bySpecifier.has(args.path)) return { errors: [unsupportedImport(args.path, modules)] };
        return { path: args.path, namespace: SHIM_NS };
      });
      build.onLoad({ filter: /.*/, namespace: SHIM_NS }, (args) => {
        const { names } = bySpecifier.get(args.path)!;
        const lines = [`const m = globalThis.${SHARED_MODULES_GLOBAL}[${JSON.stringify(args.path)}];`, 'export default m.default;'];
        if (names.length > 0) lines.push(`export const { ${names.join(', ')} } = m;`);
        return { contents: lines.join('\n'), loader: 'js' };
      });
    },
  };
}
