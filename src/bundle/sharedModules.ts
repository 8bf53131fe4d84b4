import type { Plugin } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { ENTRY_POINTS } from '../entryPoints.js';
import { SHARED_MODULES_GLOBAL, SHARED_MODULES_LOADER } from '../shared/paths.js';

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
  /**
   * A theme module the theme's own code does not import: the page's runtime holds it as a chunk of
   * its own, loaded only by the route chunks that use it, so pages that don't carry none of it.
   */
  lazy: boolean;
  /** A runtime module lazy ones import (see lazyModuleParts): only what they import of it is registered, so the rest can still be left out of the bundle. */
  picked?: { default: boolean };
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
    lazy: false,
  }));
  const runtime = runtimeFiles();
  return [...packages, ...modulesIn(THEME_COMPONENTS_DIR, '@theme/', runtime), ...modulesIn(DOCUSAURUS_DIR, '@docusaurus/', runtime)];
}

/**
 * A relative import or re-export, static (`import x from './y.js'`, `import './y.css'`, `export … from`),
 * not a type-only one (`import type …`), which leaves nothing in the bundle.
 */
const STATIC_IMPORT = /^\s*(?:import|export)\s(?!type\s)(?:[^'";]*?\sfrom\s)?\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/**
 * The source files a file imports statically by relative paths. A type-only import is not one:
 * counting it would make the runtime reach a lazily loaded module (the search dialog, whose props
 * type its provider imports) and what only that module imports.
 */
function relativeImports(file: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const target = path.resolve(path.dirname(file), specifier!);
    const source = [target.replace(/\.js$/, '.tsx'), target.replace(/\.js$/, '.ts'), target].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
    if (source) found.push(source);
  }
  return found;
}

/**
 * The files the page's runtime and the theme's App reach through static imports, i.e. what every
 * page carries: shared modules among them are registered as they are, the others lazily.
 */
function runtimeFiles(): Set<string> {
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    relativeImports(file).forEach(visit);
  };
  visit(path.join(PACKAGE_ROOT, ENTRY_POINTS.themeApp));
  visit(path.join(PACKAGE_ROOT, ENTRY_POINTS.clientEntry));
  return reached;
}

/**
 * How the lazy shared modules are built into the page's runtime: `files`, the source files only
 * they reach (bundled into their chunks), and `held`, the runtime's own modules they import,
 * which they take from the registry (as `sipa-runtime:<path>`) so that the runtime keeps them
 * whole instead of the bundler splitting them out into chunks shared with the lazy ones.
 */
export function lazyModuleParts(modules: SharedModule[]): { files: Set<string>; held: SharedModule[]; packages: string[] } {
  const runtime = runtimeFiles();
  const files = new Set<string>();
  const held = new Map<string, SharedModule & { picked: { default: boolean } }>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const { source, names } of importedNames(file)) {
      if (!runtime.has(source)) {
        visit(source);
        continue;
      }
      const entry = held.get(source) ?? { specifier: `sipa-runtime:${path.relative(PACKAGE_ROOT, source).split(path.sep).join('/')}`, source, names: [], lazy: false, picked: { default: false } };
      // Of the names imported, the values the module exports (an import without `type` may name a type).
      const text = readFileSync(source, 'utf8');
      const values = new Set([...exportNames(text), ...(/^export\s+default\b|\bas\s+default\b/m.test(text) ? ['default'] : [])]);
      const exported = names === 'all' ? [...values] : names.filter((name) => values.has(name));
      entry.names = [...new Set([...entry.names, ...exported.filter((name) => name !== 'default')])];
      entry.picked.default ||= exported.includes('default');
      held.set(source, entry);
    }
  };
  for (const m of modules) if (m.lazy) visit(m.source);
  return { files, held: [...held.values()], packages: packagesOf(files) };
}

/** A bare import (`from 'react-live'`), not a type-only one; the package's name is the first part (two for a scope). */
const PACKAGE_IMPORT = /^\s*(?:import|export)\s(?!type\s)(?:[^'";]*?\sfrom\s)?\s*['"]((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^'"]*)?['"]/gm;

/**
 * The packages the lazy modules' files import, with the packages those depend on, React's own
 * left out: no file of the runtime imports them (see entrySharedModulesPlugin).
 */
function packagesOf(files: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const visit = (name: string, from: string) => {
    if (found.has(name) || /^(react|react-dom|scheduler)$/.test(name)) return;
    let manifest: string;
    try {
      manifest = createRequire(from).resolve(`${name}/package.json`);
    } catch {
      return;
    }
    found.add(name);
    const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(dependencies)) visit(dependency, manifest);
  };
  for (const file of files) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(PACKAGE_IMPORT)) visit(name!, file);
  }
  return [...found].sort();
}

/** Every module specifier a file imports, re-exports or requires (type-only imports left out). */
const ANY_IMPORT = /(?:^\s*(?:import|export)\s(?!type\s)(?:[^'";]*?\sfrom\s)?\s*|\brequire\s*\(\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/gm;
const SITE_SCRIPT_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/**
 * The theme's lazy modules (and the files only they reach) that the site's theme files import
 * statically, directly or through the site's own files: a site's replacement of a component the
 * runtime shows (`DocItem/Layout` importing `@docusaurus/plugin-content-docs/client`) is part of
 * the entry, so what it imports is too, and must not read the registry, which is filled only once
 * the entry's modules have run.
 */
export function eagerFromSite(themeFiles: readonly string[], modules: SharedModule[], lazyFiles: ReadonlySet<string>): Set<string> {
  const bySpecifier = new Map(modules.filter((m) => m.lazy).map((m) => [m.specifier, m.source]));
  const eager = new Set<string>();
  const seen = new Set<string>();
  const visitTheme = (file: string) => {
    if (eager.has(file) || !lazyFiles.has(file)) return;
    eager.add(file);
    relativeImports(file).forEach(visitTheme);
  };
  const visitSite = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const [, specifier] of text.matchAll(ANY_IMPORT)) {
      const theme = bySpecifier.get(specifier!);
      if (theme) visitTheme(theme);
      else if (specifier!.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier!);
        const found = SITE_SCRIPT_EXTENSIONS.map((extension) => target + extension).find((candidate) => /\.[jt]sx?$/.test(candidate) && existsSync(candidate));
        if (found && !found.includes(`${path.sep}node_modules${path.sep}`)) visitSite(found);
      }
    }
  };
  themeFiles.forEach(visitSite);
  return eager;
}

/** One import or re-export statement with a relative path, its clauses, and whether it is type-only. */
const IMPORT_STATEMENT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** What a file imports of each source file it imports by relative path (type-only imports left out): names, or all of it. */
function importedNames(file: string): Array<{ source: string; names: string[] | 'all' }> {
  const found: Array<{ source: string; names: string[] | 'all' }> = [];
  for (const [, keyword, typeOnly, clause, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT_STATEMENT)) {
    if (typeOnly) continue;
    const target = path.resolve(path.dirname(file), specifier!);
    const source = [target.replace(/\.js$/, '.tsx'), target.replace(/\.js$/, '.ts'), target].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
    if (!source) continue;
    if (/\*/.test(clause!)) {
      found.push({ source, names: 'all' });
      continue;
    }
    const braces = /\{([^}]*)\}/.exec(clause!);
    const named = (braces?.[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]!.trim());
    // `import X from`, or `import X, { … } from`: the default export.
    const defaultImport = keyword === 'import' && /^[A-Za-z_$][\w$]*\s*(,|$)/.test(clause!);
    found.push({ source, names: [...named, ...(defaultImport ? ['default'] : [])] });
  }
  return found;
}

/**
 * The names a module exports besides its default: those it declares (a function with overloads is
 * declared more than once) and those it lists, its own or re-exported by name from another module.
 */
export function exportNames(text: string): string[] {
  const declared = [...text.matchAll(/^export\s+(?:async\s+)?(?:const|let|function\*?|class)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!);
  const listed = [...text.matchAll(/^export\s*\{([^}]*)\}\s*(?:from\s*['"][^'"]+['"])?\s*;?\s*$/gm)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/).pop()!.trim()),
  );
  return [...new Set([...declared, ...listed])].filter((name) => name !== 'default');
}

/** One shared module per .ts/.tsx file of a folder and its subfolders, named `<prefix><path without extension>`. */
function modulesIn(dir: string, prefix: string, runtime: ReadonlySet<string>): SharedModule[] {
  return moduleFilesIn(dir).map((file) => {
    const source = path.join(dir, file);
    const text = readFileSync(source, 'utf8');
    return { specifier: `${prefix}${file.replace(/\.tsx?$/, '')}`, source, names: exportNames(text), lazy: !runtime.has(source) };
  });
}

/** The .ts/.tsx files of a folder and its subfolders, relative with "/" separators, sorted. */
function moduleFilesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.tsx?$/.test(file))
    .sort();
}

/**
 * The specifiers of sharedModules(), found without reading the theme's files (a rebuild needs
 * only these to tell which pages' code runs without bundling).
 */
export function sharedModuleSpecifiers(): string[] {
  const named = (dir: string, prefix: string) => moduleFilesIn(dir).map((file) => `${prefix}${file.replace(/\.tsx?$/, '')}`);
  return [...PACKAGES, ...named(THEME_COMPONENTS_DIR, '@theme/'), ...named(DOCUSAURUS_DIR, '@docusaurus/')];
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

/**
 * The entry's module that registers the shared modules on the global, with the loader of the lazy
 * ones (see SharedModule.lazy): in the browser, each is a dynamic import (a chunk of its own); for
 * the server renderer (`lazy: false`), every module is registered up front.
 */
export function registryModuleCode(modules: SharedModule[], options: { lazy: boolean }): string {
  const eager = options.lazy ? [...modules.filter((m) => !m.lazy), ...lazyModuleParts(modules).held] : modules;
  const lazy = options.lazy ? modules.filter((m) => m.lazy) : [];
  const imports = eager.map((m, i) =>
    m.picked
      ? `import ${[...(m.picked.default ? [`d${i}`] : []), `{ ${m.names.map((name, j) => `${name} as m${i}_${j}`).join(', ')} }`].join(', ')} from ${JSON.stringify(m.source)};`
      : `import * as m${i} from ${JSON.stringify(m.source)};`,
  );
  const entries = eager.map((m, i) =>
    m.picked
      ? `${JSON.stringify(m.specifier)}: { ${[...(m.picked.default ? [`default: d${i}`] : []), ...m.names.map((name, j) => `${name}: m${i}_${j}`)].join(', ')} }`
      : `${JSON.stringify(m.specifier)}: m${i}`,
  );
  const loaders = lazy.map((m) => `${JSON.stringify(m.specifier)}: () => import(${JSON.stringify(m.source)})`);
  return [
    ...imports,
    `const registry = globalThis.${SHARED_MODULES_GLOBAL} = {\n${entries.join(',\n')}\n};`,
    `const loaders = {\n${loaders.join(',\n')}\n};`,
    `globalThis.${SHARED_MODULES_LOADER} = (specifiers) => Promise.all(specifiers.filter((s) => !(s in registry)).map((s) => loaders[s]().then((m) => { registry[s] = m; })));`,
    '',
  ].join('\n');
}

/** The statement a route chunk starts with when it uses lazy shared modules: it waits until they are registered. */
export function lazyModulesStatement(specifiers: readonly string[]): string {
  return `await globalThis.${SHARED_MODULES_LOADER}(${JSON.stringify(specifiers)});`;
}

/** The namespace of the modules that read the registry in a route build (an input `sipa-shared:<specifier>` of its metafile). */
export const SHARED_NAMESPACE = 'sipa-shared';

/**
 * Resolves shared specifiers in a route build to small modules that read the entry's registry.
 * With `importers`, only imports from matching files are resolved so (the entry's lazily loaded
 * modules, which would otherwise make esbuild split React out of the entry into a chunk of its
 * own); their relative imports of the runtime's own modules (`held`, see lazyModuleParts) too.
 */
export function sharedModulesPlugin(modules: SharedModule[], importers?: (file: string) => boolean, held: SharedModule[] = []): Plugin {
  const bySpecifier = new Map([...modules, ...held].map((m) => [m.specifier, m]));
  const heldBySource = new Map(held.map((m) => [m.source, m]));
  return {
    name: 'sipadocs-shared-modules',
    setup(build) {
      if (importers && held.length > 0) {
        build.onResolve({ filter: /^\.\.?\// }, (args) => {
          if (!importers(args.importer)) return undefined;
          const target = path.resolve(args.resolveDir, args.path);
          const found = [target.replace(/\.js$/, '.tsx'), target.replace(/\.js$/, '.ts'), target].map((file) => heldBySource.get(file)).find(Boolean);
          return found ? { path: found.specifier, namespace: SHARED_NAMESPACE } : undefined;
        });
      }
      build.onResolve({ filter: SHARED_SPECIFIER }, (args) => {
        if (importers && !importers(args.importer)) return undefined;
        // A second copy of React in a page would break hooks; the theme's modules are all shared.
        if (!bySpecifier.has(args.path)) return { errors: [unsupportedImport(args.path, modules)] };
        return { path: args.path, namespace: SHARED_NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: SHARED_NAMESPACE }, (args) => {
        const { names, lazy } = bySpecifier.get(args.path)!;
        // A lazy module is loaded before it is read: the chunk waits for it (top-level await).
        const lines = [...(lazy ? [lazyModulesStatement([args.path])] : []), `const m = globalThis.${SHARED_MODULES_GLOBAL}[${JSON.stringify(args.path)}];`, 'export default m.default;'];
        if (names.length > 0) lines.push(`export const { ${names.join(', ')} } = m;`);
        return { contents: lines.join('\n'), loader: 'js' };
      });
    },
  };
}
