import { build, type BuildOptions, type Metafile, type OutputFile } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from '../build/concurrency.js';
import { readCacheEntry, writeCacheEntry } from '../build/diskCache.js';
import { GENERATOR_VERSION } from '../version.js';
import { sharedModules, sharedModulesPlugin } from './sharedModules.js';
import { routeEntryCode, virtualModulesPlugin, type VirtualSources } from './virtualModules.js';

/** A route's chunk: its URL, the chunks it imports statically (none, being self-contained) and its CSS. */
export interface ChunkFiles {
  /** The chunk itself (a URL for the client build, an absolute file path for the SSR build). */
  js: string;
  /** Static imports to preload, transitively (client build only). */
  imports: string[];
  css: string[];
}

/** One route's built files, valid while its key matches and its real input files are unchanged. */
export interface RouteChunkEntry {
  key: string;
  /** Files on disk the chunk was built from (a page's own imports), with their content hashes. */
  inputs: Array<[file: string, sha: string]>;
  chunk: ChunkFiles;
  /** Output files relative to the output folder; binary ones (images) in base64. */
  outputs: Array<{ file: string; text?: string; base64?: string }>;
}

export interface RouteChunkCache {
  /** Folder of the persistent cache, or null for none. */
  dir: string | null;
  /** Kept by a watch session, by route entry name. */
  memory?: Map<string, RouteChunkEntry>;
}

export interface RouteChunksResult {
  routes: Map<string, ChunkFiles>;
  files: string[];
  inputs: string[];
  built: number;
}

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Builds one self-contained chunk per route (React and the theme come from the entry, see
 * sharedModules), reusing every chunk whose inputs are unchanged: a warm build bundles nothing,
 * and editing one page rebuilds one chunk, however large the site.
 */
export async function buildRouteChunks(
  sources: VirtualSources,
  outDir: string,
  baseUrl: string,
  options: Pick<BuildOptions, 'target' | 'loader' | 'define'> & { assetDir: string; workDir: string },
  cache: RouteChunkCache,
): Promise<RouteChunksResult> {
  const shared = sharedModules();
  const fingerprint = sha(JSON.stringify([GENERATOR_VERSION, shared, baseUrl, options.target, options.loader, options.define]));
  const fileHashes = new Map<string, Promise<string | null>>();
  const hashFile = (file: string) => {
    let pending = fileHashes.get(file);
    if (!pending) {
      pending = readFile(file).then(sha, () => null);
      fileHashes.set(file, pending);
    }
    return pending;
  };

  const names = [...sources.routeEntries.keys()];
  const keys = new Map(names.map((name) => [name, routeKey(fingerprint, name, sources)]));
  const hits = new Map<string, RouteChunkEntry>();
  await mapLimit(names, 64, async (name) => {
    const key = keys.get(name)!;
    let entry = cache.memory?.get(name);
    if (entry?.key !== key) entry = (await readCacheEntry<RouteChunkEntry>(cache.dir, key)) ?? undefined;
    if (entry?.key !== key) return;
    for (const [file, hash] of entry.inputs) if ((await hashFile(file)) !== hash) return;
    hits.set(name, entry);
  });

  const misses = names.filter((name) => !hits.has(name));
  const built = misses.length > 0 ? await bundleRoutes(misses, sources, baseUrl, options, shared) : new Map<string, Omit<RouteChunkEntry, 'key' | 'inputs'> & { inputFiles: string[] }>();

  const routes = new Map<string, ChunkFiles>();
  const files = new Set<string>();
  const inputs = new Set<string>();
  const written = new Set<string>();
  const writeOutputs = (entry: Pick<RouteChunkEntry, 'outputs'>) =>
    Promise.all(
      entry.outputs.map(async (output) => {
        files.add(output.file);
        // Images shared by several pages are written once.
        if (written.has(output.file)) return;
        written.add(output.file);
        const target = path.join(outDir, output.file);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, output.text ?? Buffer.from(output.base64 ?? '', 'base64'));
      }),
    );

  await mapLimit(names, 64, async (name) => {
    const hit = hits.get(name);
    if (hit) {
      cache.memory?.set(name, hit);
      routes.set(name, hit.chunk);
      hit.inputs.forEach(([file]) => inputs.add(file));
      await writeOutputs(hit);
      return;
    }
    const fresh = built.get(name)!;
    const entry: RouteChunkEntry = {
      key: keys.get(name)!,
      inputs: await Promise.all(fresh.inputFiles.map(async (file) => [file, (await hashFile(file)) ?? ''] as [string, string])),
      chunk: fresh.chunk,
      outputs: fresh.outputs,
    };
    fresh.inputFiles.forEach((file) => inputs.add(file));
    cache.memory?.set(name, entry);
    routes.set(name, entry.chunk);
    await writeOutputs(entry);
    await writeCacheEntry(cache.dir, entry.key, entry);
  });
  if (cache.memory) for (const name of cache.memory.keys()) if (!sources.routeEntries.has(name)) cache.memory.delete(name);
  return { routes, files: [...files], inputs: [...inputs], built: misses.length };
}

/** Everything generated that goes into a route's chunk; files on disk are checked separately. */
function routeKey(fingerprint: string, name: string, sources: VirtualSources): string {
  const { content } = sources.routeEntries.get(name)!;
  const parts: unknown[] = [fingerprint, name, routeEntryCode({ content })];
  if (content.kind === 'mdx') {
    const mod = sources.modules.get(content.relPath)!;
    parts.push(mod.absPath, mod.code);
  } else if (content.kind === 'excerpts') {
    for (const relPath of content.relPaths) {
      const mod = sources.modules.get(relPath)!;
      parts.push(mod.absPath, mod.excerptCode ?? mod.code);
    }
  }
  return sha(JSON.stringify(parts));
}

async function bundleRoutes(
  names: string[],
  sources: VirtualSources,
  baseUrl: string,
  options: Pick<BuildOptions, 'target' | 'loader' | 'define'> & { assetDir: string; workDir: string },
  shared: ReturnType<typeof sharedModules>,
) {
  const { assetDir, workDir } = options;
  const result = await build({
    entryPoints: names.map((name) => ({ in: `sipa-route:${name}`, out: `${assetDir}/r/${name}` })),
    outdir: workDir,
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'browser',
    target: options.target,
    minify: true,
    jsx: 'automatic',
    define: options.define,
    entryNames: '[dir]/[name]-[hash]',
    assetNames: `${assetDir}/a/[name]-[hash]`,
    publicPath: baseUrl,
    loader: options.loader,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    // Shared modules first: they claim react and @theme/* before the virtual modules plugin does.
    plugins: [sharedModulesPlugin(shared), virtualModulesPlugin({ current: sources })],
    write: false,
  });
  return collectOutputs(result.metafile!, result.outputFiles!, workDir, baseUrl);
}

function collectOutputs(metafile: Metafile, outputFiles: OutputFile[], workDir: string, baseUrl: string) {
  const rel = (file: string) => path.relative(workDir, path.resolve(file)).split(path.sep).join('/');
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
  const built = new Map<string, Omit<RouteChunkEntry, 'key' | 'inputs'> & { inputFiles: string[] }>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || !file.endsWith('.js')) continue;
    const name = output.entryPoint.replace(/^(sipa:)?sipa-route:/, '');
    const realInputs = Object.keys(output.inputs).filter((input) => !/^[\w-]+:/.test(input));
    const files = [rel(file), ...(output.cssBundle ? [rel(output.cssBundle)] : [])];
    for (const input of realInputs) {
      const asset = assetsBySource.get(input);
      if (asset) files.push(asset);
    }
    built.set(name, {
      chunk: { js: `${baseUrl}${rel(file)}`, imports: [], css: output.cssBundle ? [`${baseUrl}${rel(output.cssBundle)}`] : [] },
      outputs: files.map(outputOf),
      inputFiles: realInputs.map((input) => path.resolve(input)),
    });
  }
  return built;
}
