import { build, type BuildOptions, type Metafile, type OutputFile } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ArtifactKind, ArtifactKindSpec } from '../cache/artifacts.js';
import { SHARED_MODULES_GLOBAL } from '../shared/paths.js';
import { imageModulesPlugin, type IdealImageBundling } from './imageModules.js';
import { cssModulesPlugin } from './cssModules.js';
import { esbuildPath } from './esbuildPath.js';
import { lazyModulesStatement, SHARED_NAMESPACE, sharedModules, sharedModulesPlugin } from './sharedModules.js';
import { routeEntryCode, sitePackages, virtualModulesPlugin, type VirtualSources } from './virtualModules.js';

/** A route's chunk: its URL, the chunks it imports statically (none, being self-contained) and its CSS. */
export interface ChunkFiles {
  /** The chunk itself (a URL for the client build, an absolute file path for the SSR build). */
  js: string;
  /** Static imports to preload, transitively (client build only). */
  imports: string[];
  css: string[];
  /** The lazy shared modules the chunk loads before it runs (see SharedModule.lazy), whose chunks the page preloads. */
  lazy?: string[];
}

/** One route's built files, valid while its key matches and the files it was built from are unchanged. */
export interface RouteChunkEntry {
  chunk: ChunkFiles;
  /** Output files relative to the output folder; binary ones (images) in base64. */
  outputs: Array<{ file: string; text?: string; base64?: string }>;
  /** Files on disk the chunk was built from (a page's own imports). */
  inputFiles: string[];
}

/** Where route chunks are found and kept: the session's ROUTE_CHUNKS and STANDALONE_CHUNKS. */
export interface RouteChunkCache {
  chunks: ArtifactKind<RouteChunkEntry>;
  standalone: ArtifactKind<StandaloneRecord>;
}

export interface RouteChunksResult {
  routes: Map<string, ChunkFiles>;
  files: string[];
  inputs: string[];
  /** Chunks that needed the bundler this time (pages with imports of their own that were not cached). */
  bundled: number;
}

export type RouteChunkOptions = Pick<BuildOptions, 'target' | 'loader' | 'define'> & {
  assetDir: string;
  workDir: string;
  /** Keeps a file of the last good output instead of writing it (see StagingDir.keep). */
  keep?: (relPath: string, size: number) => boolean;
  /** Docusaurus's ideal-image plugin, when the site has it (see imageModules.ts). */
  idealImage?: IdealImageBundling | null;
};


/**
 * What a route's module gave as a standalone chunk: the chunk's file (null when the route needs
 * the bundler) and size. Records only, all in the kind's index: a warm build keeps an unchanged
 * route's chunk without reading its code.
 */
export type StandaloneRecord = [file: string | null, size: number, lazy?: string[]];

export const STANDALONE_CHUNKS: ArtifactKindSpec<StandaloneRecord, StandaloneRecord> = {
  name: 'standalone',
  disk: { record: (record) => record, restore: (record) => record },
};

/** Route chunks built by the bundler: what they are in the index, their files in an entry of their own. */
export const ROUTE_CHUNKS: ArtifactKindSpec<RouteChunkEntry, Omit<RouteChunkEntry, 'outputs'>, RouteChunkEntry['outputs']> = {
  name: 'chunks',
  disk: {
    record: ({ chunk, inputFiles }) => ({ chunk, inputFiles }),
    blob: ({ outputs }) => outputs,
    restore: (record, blob) => ({ ...record, outputs: blob() }),
  },
};

/**
 * Builds one self-contained chunk per route (React and the theme come from the entry, see
 * sharedModules), reusing every chunk whose inputs are unchanged: a warm build bundles nothing,
 * and editing one page rebuilds one chunk, however large the site. Two caches serve it: the
 * index of standalone chunks (see standaloneChunks) and the bundled chunks, by route key, in
 * memory (watch mode) and on disk.
 */
export async function buildRouteChunks(
  sources: VirtualSources,
  outDir: string,
  baseUrl: string,
  options: RouteChunkOptions,
  cache: RouteChunkCache,
): Promise<RouteChunksResult> {
  const shared = sharedModules();
  // What decides how any chunk is built, besides the code (in each kind's keys).
  const settings = JSON.stringify([shared, baseUrl, options.target, options.loader, options.define, sources.sass ?? null, sources.svgComponents ?? false, sources.idealImage ?? null]);
  const writer = createChunkWriter(outDir, options.keep);
  const names = [...sources.routeEntries.keys()];
  const specifiers = new Set(shared.map((m) => m.specifier));
  const lazy = new Set(shared.filter((m) => m.lazy).map((m) => m.specifier));
  const standalone = standaloneChunks(names, sources, { settings, baseUrl, assetDir: options.assetDir, specifiers, lazy }, cache.standalone, writer);
  const keys = new Map(names.filter((name) => !standalone.has(name)).map((name) => [name, routeKey(cache.chunks, settings, name, sources)]));
  const hits = new Map<string, RouteChunkEntry>();
  for (const [name, key] of keys) {
    const found = cache.chunks.find(key);
    if (found) hits.set(name, found);
  }
  const misses = [...keys.keys()].filter((name) => !hits.has(name));
  const built = misses.length > 0 ? await bundleRoutes(misses, sources, baseUrl, options, shared) : new Map<string, RouteChunkEntry>();

  const routes = new Map<string, ChunkFiles>();
  const inputs = new Set<string>();
  for (const name of names) {
    const fresh = built.get(name);
    const entry = standalone.get(name) ?? hits.get(name) ?? cache.chunks.put(keys.get(name)!, fresh!, fresh!.inputFiles);
    routes.set(name, entry.chunk);
    writer.write(entry);
    entry.inputFiles.forEach((file) => inputs.add(file));
  }
  return { routes, files: writer.files(), inputs: [...inputs], bundled: misses.length };
}

type ChunkWriter = ReturnType<typeof createChunkWriter>;

/**
 * Writes chunk files into the output, each once (images shared by several pages), with
 * synchronous writes: thousands of small chunks go much faster without a thread-pool round trip
 * each. Chunk and asset names carry a hash of their content, so a file of the same name and size
 * in the last good output is this file: it is kept rather than written again.
 */
function createChunkWriter(outDir: string, keep: RouteChunkOptions['keep']) {
  const files = new Set<string>();
  const written = new Set<string>();
  const madeDirs = new Set<string>();
  const keepPrevious = (file: string, size: number) => keep?.(file, size) ?? false;
  const targetOf = (file: string) => {
    const target = path.join(outDir, file);
    const dir = path.dirname(target);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    return target;
  };
  return {
    /** Keeps a file of the last good output; false when it is not there with this size. */
    keep(file: string, size: number): boolean {
      if (!keepPrevious(file, size)) return false;
      files.add(file);
      written.add(file);
      return true;
    },
    write(entry: Pick<RouteChunkEntry, 'outputs'>): void {
      for (const output of entry.outputs) {
        files.add(output.file);
        if (written.has(output.file)) continue;
        written.add(output.file);
        const size = output.text === undefined ? Buffer.byteLength(output.base64 ?? '', 'base64') : Buffer.byteLength(output.text);
        if (keepPrevious(output.file, size)) continue;
        writeFileSync(targetOf(output.file), output.text ?? Buffer.from(output.base64 ?? '', 'base64'));
      }
    },
    files: () => [...files],
  };
}

/**
 * The chunks of the routes that need no bundler (see standaloneModule), by route entry name.
 * What a route's module gives (a file name and size, or "not standalone") is cached by the
 * module's key in one index per site, read and written once a build and holding only the
 * current routes: a warm build keeps an unchanged route's chunk without reading its code.
 */
function standaloneChunks(
  names: string[],
  sources: VirtualSources,
  settings: { settings: string; baseUrl: string; assetDir: string; specifiers: ReadonlySet<string>; lazy: ReadonlySet<string> },
  records: ArtifactKind<StandaloneRecord>,
  writer: ChunkWriter,
): Map<string, RouteChunkEntry> {
  const standalone = new Map<string, RouteChunkEntry>();
  for (const name of names) {
    const { content } = sources.routeEntries.get(name)!;
    if (content.kind !== 'mdx') continue;
    const key = records.key(settings.settings, settings.assetDir, name, sources.modules.get(content.relPath)!.key);
    const known = records.find(key);
    if (known && known[0] === null) continue;
    if (known && known[0] !== null && writer.keep(known[0], known[1])) {
      standalone.set(name, { chunk: { js: `${settings.baseUrl}${known[0]}`, imports: [], css: [], ...(known[2] ? { lazy: known[2] } : {}) }, outputs: [], inputFiles: [] });
      continue;
    }
    const chunk = standaloneChunk(name, sources, settings.baseUrl, settings.assetDir, settings.specifiers, settings.lazy);
    const output = chunk?.outputs[0];
    const size = output?.text ? Buffer.byteLength(output.text) : 0;
    records.put(key, chunk?.chunk.lazy ? [output!.file, size, chunk.chunk.lazy] : [output?.file ?? null, size]);
    if (chunk) standalone.set(name, chunk);
  }
  return standalone;
}

/** One import statement as the MDX compiler prints it (astring: one line, double quotes). */
const IMPORT_LINE = /^import\s+(?:(\{[^}]*\})|(\*\s+as\s+[\w$]+)|([\w$]+))\s+from\s+"([^"]+)";$/;

/**
 * A route whose content is one compiled MDX module that imports nothing but shared modules needs
 * no bundler: its chunk is the module with those imports rewritten into reads of the registry.
 * Returns that ES module's text, or null for anything else (pages, blog lists, MDX with imports
 * of its own or re-exports).
 */
export function standaloneModule(name: string, sources: VirtualSources, specifiers: ReadonlySet<string>, lazy: ReadonlySet<string> = new Set()): string | null {
  const entry = sources.routeEntries.get(name);
  if (entry?.content.kind !== 'mdx') return null;
  const code = sources.modules.get(entry.content.relPath)!.code;
  if (!/^export default function MDXContent\b/m.test(code)) return null;
  // `require('./x.png')` in MDX is resolved by the bundler: such a page needs bundling.
  if (/\brequire\s*\(/.test(code)) return null;
  const rewritten: string[] = [];
  const loaded = new Set<string>();
  for (const line of code.split('\n')) {
    if (/^export\s*(\{|\*)/.test(line)) return null;
    if (!line.startsWith('import')) {
      rewritten.push(line);
      continue;
    }
    const match = IMPORT_LINE.exec(line);
    if (!match || !specifiers.has(match[4]!)) return null;
    if (lazy.has(match[4]!)) loaded.add(match[4]!);
    const from = `globalThis.${SHARED_MODULES_GLOBAL}[${JSON.stringify(match[4])}]`;
    if (match[1]) rewritten.push(`const ${match[1].replace(/\s+as\s+/g, ': ')} = ${from};`);
    else if (match[2]) rewritten.push(`const ${match[2].replace(/^\*\s+as\s+/, '')} = ${from};`);
    else rewritten.push(`const ${match[3]} = ${from}.default;`);
  }
  // Lazy shared modules are loaded before the lines that read them.
  return [...(loaded.size > 0 ? [lazyModulesStatement([...loaded])] : []), ...rewritten].join('\n');
}

/** The lazy shared modules a standalone module loads (its first statement, see standaloneModule). */
function lazyModulesOf(text: string): string[] | undefined {
  const first = text.slice(0, text.indexOf('\n') >>> 0);
  const match = /^await globalThis\.[\w$]+\((\[.*\])\);$/.exec(first);
  return match ? (JSON.parse(match[1]!) as string[]) : undefined;
}

/**
 * A standalone module as the body of a function returning its default export, for the server
 * renderer to evaluate without bundling or importing a file per page.
 */
export function standaloneFunctionBody(moduleText: string): string {
  const body = moduleText
    .split('\n')
    .map((line) => line.replace(/^export default function MDXContent\b/, 'function MDXContent').replace(/^export (?=(const|let|var|function|class)\b)/, ''))
    .join('\n');
  return `${body}\nreturn { default: MDXContent };`;
}

/** The chunk of a standalone route. Not minified: that would cost a bundler round trip per page (about 1.5 ms) to save 8% of its gzip size. */
function standaloneChunk(name: string, sources: VirtualSources, baseUrl: string, assetDir: string, specifiers: ReadonlySet<string>, lazy: ReadonlySet<string>): RouteChunkEntry | null {
  const text = standaloneModule(name, sources, specifiers, lazy);
  if (text === null) return null;
  const file = `${assetDir}/r/${name}-${chunkHash(text)}.js`;
  const loads = lazyModulesOf(text);
  return { chunk: { js: `${baseUrl}${file}`, imports: [], css: [], ...(loads ? { lazy: loads } : {}) }, outputs: [{ file, text }], inputFiles: [] };
}

/** Eight characters of base-32 content hash, like the bundler's own names. */
function chunkHash(text: string): string {
  const digest = createHash('sha256').update(text).digest();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let out = '';
  for (let i = 0; i < 8; i++) out += alphabet[digest[i]! & 31];
  return out;
}

/** Everything generated that goes into a route's chunk; files on disk are checked separately. */
function routeKey(chunks: ArtifactKind<RouteChunkEntry>, settings: string, name: string, sources: VirtualSources): string {
  const { content } = sources.routeEntries.get(name)!;
  const parts: unknown[] = [name, routeEntryCode({ content })];
  if (content.kind === 'mdx') {
    const mod = sources.modules.get(content.relPath)!;
    parts.push(mod.absPath, mod.code);
  } else if (content.kind === 'excerpts') {
    for (const relPath of content.relPaths) {
      const mod = sources.modules.get(relPath)!;
      parts.push(mod.absPath, mod.excerptCode ?? mod.code);
    }
  }
  return chunks.key(settings, parts);
}

async function bundleRoutes(
  names: string[],
  sources: VirtualSources,
  baseUrl: string,
  options: RouteChunkOptions,
  shared: ReturnType<typeof sharedModules>,
) {
  const { assetDir, workDir } = options;
  // The folder the metafile's paths are relative to (see esbuildPath).
  const workingDir = process.cwd();
  const result = await build({
    absWorkingDir: workingDir,
    entryPoints: names.map((name) => ({ in: `sipa-route:${name}`, out: `${assetDir}/r/${name}` })),
    outdir: workDir,
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'browser',
    // The browsers of the target alone: a chunk using lazy shared modules waits for them with a
    // top-level await, which they all run (a language version as old as theirs has none).
    target: Array.isArray(options.target) ? options.target.filter((target) => !/^es\d/.test(target)) : options.target,
    minify: true,
    jsx: 'automatic',
    define: options.define,
    entryNames: '[dir]/[name]-[hash]',
    assetNames: `${assetDir}/a/[name]-[hash]`,
    publicPath: baseUrl,
    loader: options.loader,
    nodePaths: sitePackages(sources),
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    // Shared modules first: they claim react and @theme/* before the virtual modules plugin does.
    plugins: [sharedModulesPlugin(shared), imageModulesPlugin(() => sources.svgComponents ?? false, () => options.idealImage ?? null), cssModulesPlugin(() => sources.sass ?? null), virtualModulesPlugin(() => sources)],
    write: false,
  });
  return collectOutputs(result.metafile!, result.outputFiles!, workDir, workingDir, baseUrl, new Set(shared.filter((m) => m.lazy).map((m) => m.specifier)));
}

/** The inputs a bundle's entry point reaches through its imports. */
function reachableInputs(metafile: Metafile, entryPoint: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entryPoint];
  while (stack.length > 0) {
    const input = stack.pop()!;
    if (seen.has(input)) continue;
    seen.add(input);
    for (const imported of metafile.inputs[input]?.imports ?? []) if (!imported.external) stack.push(imported.path);
  }
  return seen;
}

function collectOutputs(metafile: Metafile, outputFiles: OutputFile[], workDir: string, workingDir: string, baseUrl: string, lazySpecifiers: ReadonlySet<string>) {
  const rel = (file: string) => path.relative(workDir, esbuildPath(workingDir, file)).split(path.sep).join('/');
  const contents = new Map(outputFiles.map((file) => [rel(file.path), file]));
  const outputOf = (file: string) => {
    const out = contents.get(file)!;
    return /\.(js|css|json|svg)$/.test(file) ? { file, text: out.text } : { file, base64: Buffer.from(out.contents).toString('base64') };
  };
  // Images and fonts a chunk imports, by the source file they were made from.
  const assetsBySource = new Map<string, string>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint || file.endsWith('.js') || file.endsWith('.css')) continue;
    for (const input of Object.keys(output.inputs)) assetsBySource.set(input, rel(file));
  }
  const built = new Map<string, RouteChunkEntry>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || !file.endsWith('.js')) continue;
    const name = output.entryPoint.replace(/^(sipa:)?sipa-route:/, '');
    // What went into the chunk, and what it imported that left no bytes there (a Sass sheet's partials, see cssModules.ts).
    const reached = [...new Set([...Object.keys(output.inputs), ...reachableInputs(metafile, output.entryPoint)])];
    const realInputs = reached.filter((input) => !/^[\w-]+:/.test(input));
    const lazy = Object.keys(output.inputs)
      .filter((input) => input.startsWith(`${SHARED_NAMESPACE}:`))
      .map((input) => input.slice(SHARED_NAMESPACE.length + 1))
      .filter((specifier) => lazySpecifiers.has(specifier));
    const files = [rel(file), ...(output.cssBundle ? [rel(output.cssBundle)] : [])];
    // Generated assets too (an imported image's resized copies, see imageModules.ts).
    for (const input of reached) {
      const asset = assetsBySource.get(input);
      if (asset) files.push(asset);
    }
    // And the files its style sheet's url() names (a static file of a Docusaurus project's CSS module).
    for (const imported of output.cssBundle ? (metafile.outputs[output.cssBundle]?.imports ?? []) : []) {
      const asset = !imported.external && metafile.outputs[imported.path] ? rel(imported.path) : null;
      if (asset && contents.has(asset) && !files.includes(asset)) files.push(asset);
    }
    built.set(name, {
      chunk: { js: `${baseUrl}${rel(file)}`, imports: [], css: output.cssBundle ? [`${baseUrl}${rel(output.cssBundle)}`] : [], ...(lazy.length > 0 ? { lazy } : {}) },
      outputs: files.map(outputOf),
      inputFiles: realInputs.map((input) => esbuildPath(workingDir, input)),
    });
  }
  return built;
}
