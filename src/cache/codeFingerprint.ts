import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENTRY_POINTS, type EntryName } from '../entryPoints.js';
import { BUILD_ID, dependencyVersion, FROM_SOURCES, PACKAGE_ROOT } from '../packageRoot.js';
import { GENERATOR_VERSION } from '../version.js';

/**
 * What the code reachable from each entry point is made of: its own source files (relative to the
 * package) and the packages it imports. Read from esbuild's metafile of a bundle of the entries,
 * so it follows the imports as they are: a file moved, added or no longer imported changes it.
 */
export interface CodeGraph {
  entries: Record<string, { files: string[]; packages: string[] }>;
}

/** Where the graph is kept between runs of this repository, with what it was made from. */
interface StoredGraph extends CodeGraph {
  builtAt: number;
  /** Every source file the bundle read, for telling when the graph is stale. */
  inputs: string[];
}

/**
 * Digests of the generator's code: in an installed package, the build id of its dist/ (any change
 * to any source gives another); from the sources, the content of every source file the entry
 * points reach and the version of every package they import. Nothing lists source files by hand.
 *
 * Every kind of cached result is keyed by `whole`, the code reached from every entry point: the
 * compile stage runs in the main thread or in workers, a page's body depends on the theme and on
 * the renderer, and a list of the entries that make a kind, chosen by hand, once missed one (the
 * highlighting thread) and kept stale pages. A change to the generator's code makes everything
 * again; an installed package changes its code only with its version.
 */
export interface CodeFingerprints {
  /** The digest of what these entry points reach. */
  of(entries: readonly EntryName[]): string;
  /** The digest of what every entry point reaches: the key of every cached result. */
  readonly whole: string;
}

let loaded: Promise<CodeFingerprints> | null = null;

/** The fingerprints of the code this process runs (computed once per process). */
export function codeFingerprints(): Promise<CodeFingerprints> {
  loaded ??= FROM_SOURCES ? readCodeGraph(graphFile()).then(fingerprintsOf) : Promise.resolve(installedFingerprints());
  return loaded;
}

function installedFingerprints(): CodeFingerprints {
  const digest = createHash('sha256').update(GENERATOR_VERSION).update('\0').update(BUILD_ID ?? '').digest('hex');
  return { of: () => digest, whole: digest };
}

const graphFile = () => path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'sipadocs', 'bin', 'code-graph.json');

/** The fingerprints from a graph: each file's content is read and hashed once. */
export function fingerprintsOf(graph: CodeGraph, root = PACKAGE_ROOT): CodeFingerprints {
  const fileHashes = new Map<string, string>();
  const fileHash = (file: string) => {
    let hash = fileHashes.get(file);
    if (hash === undefined) {
      let content: Buffer | string;
      try {
        content = readFileSync(path.join(root, file));
      } catch {
        content = '\0missing';
      }
      fileHashes.set(file, (hash = createHash('sha256').update(content).digest('hex')));
    }
    return hash;
  };
  const digests = new Map<string, string>();
  return {
    get whole() {
      return this.of(Object.keys(graph.entries) as EntryName[]);
    },
    of(entries) {
      const id = [...entries].sort().join('+');
      let digest = digests.get(id);
      if (digest !== undefined) return digest;
      const files = new Set<string>();
      const packages = new Set<string>();
      for (const entry of entries) {
        const reached = graph.entries[entry];
        if (!reached) throw new Error(`sipadocs: no entry point named ${entry}`);
        reached.files.forEach((file) => files.add(file));
        reached.packages.forEach((name) => packages.add(name));
      }
      const hash = createHash('sha256').update(GENERATOR_VERSION);
      for (const file of [...files].sort()) hash.update(`\0${file}\0${fileHash(file)}`);
      for (const name of [...packages].sort()) hash.update(`\0${name}@${dependencyVersion(name)}`);
      digests.set(id, (digest = hash.digest('hex')));
      return digest;
    },
  };
}

/**
 * The code graph of this repository's entry points, made again when a file it was made from
 * changed since (by mtime, as the launcher tells a stale compile) or when the table of entry
 * points is another.
 */
export async function readCodeGraph(file: string, root = PACKAGE_ROOT, entryPoints: Record<string, string> = ENTRY_POINTS): Promise<CodeGraph> {
  const table = JSON.stringify(entryPoints);
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredGraph & { table: string };
    if (stored.table === table && !stored.inputs.some((input) => modifiedSince(path.join(root, input), stored.builtAt))) return stored;
  } catch {
    // No graph yet, or an unreadable one: make it.
  }
  const builtAt = Date.now();
  const graph = await buildCodeGraph(root, entryPoints);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}`;
    writeFileSync(temp, JSON.stringify({ ...graph, builtAt, table }));
    renameSync(temp, file);
  } catch {
    // A read-only checkout: the graph is made again next time.
  }
  return graph;
}

function modifiedSince(file: string, time: number): boolean {
  try {
    return statSync(file).mtimeMs > time;
  } catch {
    return true;
  }
}

/** Bundles the entry points in memory, packages left out, and reads which files and packages each one reaches. */
async function buildCodeGraph(root: string, entryPoints: Record<string, string>): Promise<StoredGraph> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    outdir: path.join(root, 'code-graph'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    // Files imported as URLs are code too (icons of the theme).
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.woff2': 'file' },
    jsx: 'automatic',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const { outputs, inputs } = result.metafile;
  const byEntry = new Map<string, string>();
  for (const [output, info] of Object.entries(outputs)) if (info.entryPoint && !output.endsWith('.map')) byEntry.set(path.resolve(root, info.entryPoint), output);
  const entries: CodeGraph['entries'] = {};
  for (const [name, entry] of Object.entries(entryPoints)) {
    const start = byEntry.get(path.resolve(root, entry));
    if (!start) throw new Error(`sipadocs: the code graph has no output for ${entry}`);
    const files = new Set<string>();
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (output: string) => {
      if (seen.has(output)) return;
      seen.add(output);
      const info = outputs[output]!;
      for (const input of Object.keys(info.inputs)) files.add(input);
      for (const imported of info.imports) {
        if (!imported.external) visit(imported.path);
        else if (packageName(imported.path)) packages.add(packageName(imported.path)!);
      }
      // A CSS bundle beside a script is made from its imports too.
      if (info.cssBundle) visit(info.cssBundle);
    };
    visit(start);
    entries[name] = { files: [...files].sort(), packages: [...packages].sort() };
  }
  return { entries, builtAt: 0, inputs: Object.keys(inputs) };
}

/** The package of a bare import (`react-dom/server` → `react-dom`), or null for Node's own and virtual modules. */
function packageName(specifier: string): string | null {
  if (specifier.startsWith('node:') || /^[\w-]+:/.test(specifier) || specifier.startsWith('.') || path.isAbsolute(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
