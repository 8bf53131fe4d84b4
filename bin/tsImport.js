// Runs TypeScript entry points of this repository without a separate compile step: each entry
// is bundled once with esbuild into node_modules/.cache/sipadocs/bin and rebuilt only when one
// of its source files changed since (mtimes of the inputs recorded in esbuild's metafile).
// Development only: an installed package runs its prebuilt dist/ (see build-dist.js).
//
// Several processes (builds started together) and threads (compile workers) may compile the same
// entry at once while others import it: every file is written under a temporary name and renamed
// into place, so a reader sees the old file or the new one, never a part of either.
import { randomBytes } from 'node:crypto';
import { build } from 'esbuild';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'sipadocs', 'bin');

/**
 * Packages bundled into the compiled code, with everything they import, instead of being loaded
 * from node_modules at run time like the others. The MDX pipeline is some 150 small modules:
 * loading them one by one took 180 ms of every build that compiles a page, one file 40 ms.
 * micromark-util-edit-map is one of them, and is named so that the compiler's own import of it
 * (src/compiler/mdx/editMapFix.ts) is the very module the bundled parser uses.
 */
const BUNDLED_PACKAGES = ['@mdx-js/mdx', 'remark-gfm', 'remark-directive', 'mdast-util-to-markdown', 'mdast-util-gfm', 'micromark-util-edit-map'];
const inNodeModules = `${path.sep}node_modules${path.sep}`;

/** Leaves every package import of our own sources external, but those of BUNDLED_PACKAGES. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      // Inside node_modules means inside a bundled package: its imports are bundled with it.
      if (args.importer.includes(inNodeModules)) return undefined;
      if (BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
      return { external: true };
    });
  },
};

/** The compiles of this thread, by entry set: each is checked (and compiled when stale) once. */
const compiled = new Map();

/** Bundles the given TypeScript entries (name -> path relative to the repo root) when stale. */
export function compileEntries(entries) {
  const key = Object.keys(entries).sort().join('+');
  let done = compiled.get(key);
  if (!done) {
    done = compileWhenStale(key, entries);
    compiled.set(key, done);
    // A failed compile is tried again by the next caller.
    done.catch(() => compiled.delete(key));
  }
  return done;
}

async function compileWhenStale(key, entries) {
  const stampFile = path.join(cacheDir, `${key}.inputs.json`);
  if (!(await isStale(stampFile))) return cacheDir;
  const startedAt = Date.now();
  const inputs = await bundleEntries(entries, cacheDir);
  // Written last: a concurrent run at worst compiles twice. The start time, so that a source
  // saved during the compile makes the next run compile again.
  await writeAtomically(stampFile, JSON.stringify({ root, builtAt: startedAt, inputs }));
  return cacheDir;
}

/** Writes a file under a temporary name beside it, then renames it into place. */
async function writeAtomically(file, contents) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Bundles TypeScript entries (name -> path relative to the repo root) into `outdir` as `<name>.mjs`
 * ES modules for Node, with shared chunks; returns the absolute paths of the source files used.
 * `define` replaces identifiers at build time (the dist build sets the build id with it).
 */
export async function bundleEntries(entries, outdir, { define = {}, sourcemap = 'inline' } = {}) {
  const absolute = Object.fromEntries(
    Object.entries(entries).map(([name, file]) => [name, path.join(root, file)]),
  );
  const result = await build({
    entryPoints: absolute,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalPackages],
    // Bundled CommonJS code may call require; ES modules have none of their own.
    banner: { js: "import { createRequire as __sipadocsCreateRequire } from 'node:module'; const require = __sipadocsCreateRequire(import.meta.url);" },
    sourcemap,
    // Our sources only: the bundled packages' sources would triple the files' size.
    sourcesContent: false,
    metafile: true,
    logLevel: 'silent',
    chunkNames: 'chunks/[name]-[hash]',
    define,
    write: false,
  });
  // Shared chunks first, entries last: an entry never names a chunk that is not there yet.
  const entryFiles = new Set(Object.keys(entries).map((name) => path.join(outdir, `${name}.mjs`)));
  const ordered = [...result.outputFiles].sort((a, b) => Number(entryFiles.has(a.path)) - Number(entryFiles.has(b.path)));
  for (const file of ordered) await writeAtomically(file.path, file.contents);
  return Object.keys(result.metafile.inputs).map((p) => path.resolve(p));
}

async function isStale(stampFile) {
  let stamp;
  try {
    stamp = JSON.parse(await readFile(stampFile, 'utf8'));
  } catch {
    return true;
  }
  // A node_modules copied from another checkout holds that checkout's compile: its inputs are
  // the other checkout's sources, unchanged there, and none of this one's.
  if (stamp.root !== root) return true;
  const times = await Promise.all(
    stamp.inputs.map((file) => stat(file).then((s) => s.mtimeMs, () => Infinity)),
  );
  return times.some((t) => t > stamp.builtAt);
}

/** Imports one TypeScript module (path relative to the repo root), compiling it when stale. */
export async function importTs(file) {
  const name = path.basename(file).replace(/\.[cm]?tsx?$/, '');
  const dir = await compileEntries({ [name]: file });
  return import(pathToFileURL(path.join(dir, `${name}.mjs`)).href);
}
