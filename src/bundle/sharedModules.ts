import type { Plugin } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { SHARED_MODULES_GLOBAL } from '../shared/paths.js';

const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
const THEME_COMPONENTS_DIR = path.join(PACKAGE_ROOT, 'templates', 'components');
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
 * (there must be exactly one) and the theme's components (`@theme/Name`). The entry registers
 * them on a global; each route chunk is then self-contained, so it can be built, cached and
 * rebuilt on its own, and a change to one page never renames another page's chunk.
 */
export function sharedModules(): SharedModule[] {
  const packages = PACKAGES.map((specifier) => ({
    specifier,
    source: specifier,
    names: Object.keys(require(specifier) as object).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name)),
  }));
  const theme = readdirSync(THEME_COMPONENTS_DIR)
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => {
      const source = path.join(THEME_COMPONENTS_DIR, file);
      const text = readFileSync(source, 'utf8');
      const names = [...text.matchAll(/^export\s+(?:const|let|function|class)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!);
      return { specifier: `@theme/${file.slice(0, -'.tsx'.length)}`, source, names };
    });
  return [...packages, ...theme];
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
      build.onResolve({ filter: /^(react|react-dom|@theme)(\/.*)?$/ }, (args) => {
        if (importers && !importers.test(args.importer)) return undefined;
        if (!bySpecifier.has(args.path)) {
          // A second copy of React in a page would break hooks; the theme's components are all shared.
          return { errors: [{ text: `a page cannot import "${args.path}"; it may import ${[...bySpecifier.keys()].join(', ')}` }] };
        }
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
