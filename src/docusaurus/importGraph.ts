import { build, type Message, type Plugin } from 'esbuild';
import { ASSET_LOADERS } from '../bundle/bundleSite.js';
import os from 'node:os';
import path from 'node:path';

/** One import found in a file: what it names and, for the project's own files, what that is. */
export interface ImportEdge {
  /** Absolute path of the importing file. */
  importer: string;
  specifier: string;
  /** Absolute path of the imported project file; undefined for packages. */
  resolved?: string;
}

/** What a page pulls in: its own files (followed, transitively) and the packages they import. */
export interface ImportGraph {
  /** The page and every project file it imports, transitively (absolute paths). */
  files: Set<string>;
  edges: ImportEdge[];
  /** Bare imports (packages, `@docusaurus/*`, `@theme/*`), each with the first file importing it. */
  packages: Map<string, string>;
  /** Imports that cannot be carried over whatever the site provides, with the reason. */
  problems: string[];
  /** Imports of project data files (JSON) that do not exist, with the path they name: a file the project makes when it builds, maybe. */
  missingData: Array<{ importer: string; specifier: string; file: string }>;
}

/**
 * Whether an import names a package by npm's rules for names (`pkg`, `@scope/pkg`, with a path
 * after them): not a URL, a fragment (`#id`) or anything else a package cannot be called.
 */
export function isPackageSpecifier(specifier: string): boolean {
  return /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*(?:\/.*)?$/i.test(specifier);
}

const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const STYLE_FILE = /\.css$/;
/** What a page's bundle can load: code, CSS, JSON and text (esbuild's own loaders), and the build's assets. */
const LOADABLE = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx', '.css', '.json', '.txt', ...Object.keys(ASSET_LOADERS)]);

/**
 * Lists a page's imports without running anything: esbuild parses the page and follows its
 * imports of project files (relative, or `@site/…`, which Docusaurus resolves from the project
 * folder); packages and assets are recorded, not followed.
 */
export async function readImportGraph(entry: string, projectDir: string): Promise<ImportGraph> {
  const graph: ImportGraph = { files: new Set([entry]), edges: [], packages: new Map(), problems: [], missingData: [] };
  const inProject = (file: string) => !path.relative(projectDir, file).startsWith('..');
  const plugin: Plugin = {
    name: 'sipadocs-import-graph',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData?.inner) return undefined;
        const specifier = args.path;
        // A style sheet's url(/img/x.png) names a file the site serves (its static folder), and
        // url(#id) a fragment of the document: neither is a module to follow or a package.
        if (args.kind === 'url-token' && /^(\/|#|data:|[a-z][a-z0-9+.-]*:\/\/)/i.test(specifier)) return { path: specifier, external: true };
        const local = specifier.startsWith('.') || path.isAbsolute(specifier);
        const site = specifier.startsWith('@site/');
        if (!local && !site) {
          if (isPackageSpecifier(specifier) && !graph.packages.has(specifier)) graph.packages.set(specifier, args.importer);
          return { path: specifier, external: true };
        }
        const result = await b.resolve(site ? `./${specifier.slice('@site/'.length)}` : specifier, {
          resolveDir: site ? projectDir : args.resolveDir,
          kind: args.kind,
          importer: args.importer,
          pluginData: { inner: true },
        });
        if (result.errors.length > 0 || !result.path) {
          const file = path.resolve(site ? projectDir : args.resolveDir, site ? specifier.slice('@site/'.length) : specifier);
          if (/\.json$/.test(specifier) && inProject(file)) graph.missingData.push({ importer: args.importer, specifier, file });
          else graph.problems.push(`${path.relative(projectDir, args.importer)} imports "${specifier}", which does not exist`);
          return { path: specifier, external: true };
        }
        if (!inProject(result.path)) {
          graph.problems.push(`${path.relative(projectDir, args.importer)} imports "${specifier}", outside the project`);
          return { path: specifier, external: true };
        }
        if (!LOADABLE.has(path.extname(result.path))) {
          graph.problems.push(`${path.relative(projectDir, args.importer)} imports "${specifier}", a kind of file sipadocs pages cannot import`);
          return { path: specifier, external: true };
        }
        graph.edges.push({ importer: args.importer, specifier, resolved: result.path });
        graph.files.add(result.path);
        // Code and style sheets are followed for their own imports; other files are assets.
        if (CODE_FILE.test(result.path) || STYLE_FILE.test(result.path)) return { path: result.path };
        return { path: result.path, external: true };
      });
    },
  };
  try {
    await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      // Nothing is written (write: false); esbuild only needs somewhere to pretend to put style sheets.
      outdir: path.join(os.tmpdir(), 'sipadocs-import-graph'),
      platform: 'browser',
      format: 'esm',
      jsx: 'automatic',
      // Docusaurus compiles .js files as JSX.
      loader: { '.js': 'jsx' },
      logLevel: 'silent',
      plugins: [plugin],
      // Error locations are given relative to this folder.
      absWorkingDir: projectDir,
    });
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors ?? [];
    for (const e of errors) {
      const where = e.location ? `${path.relative(projectDir, path.resolve(projectDir, e.location.file))}:${e.location.line}:${e.location.column + 1}: ` : '';
      graph.problems.push(`${where}${e.text}`);
    }
    if (errors.length === 0) graph.problems.push(String(error));
  }
  return graph;
}
