import { build, context, type BuildContext, type BuildOptions, type BuildResult, type Message, type Metafile } from 'esbuild';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, codeFrame } from '../errors.js';
import { imageModulesPlugin } from './imageModules.js';
import type { ImportErrorDetail } from './sharedModules.js';
import { cssModulesPlugin } from './cssModules.js';
import { buildRouteChunks, type ChunkFiles, type RouteChunkCache } from './routeChunks.js';
import { sharedModules, sharedModulesPlugin } from './sharedModules.js';
import { REPO_ROOT, virtualModulesPlugin, type VirtualSources } from './virtualModules.js';

export type { ChunkFiles } from './routeChunks.js';

export const CLIENT_ENTRY = path.join(REPO_ROOT, 'src/client/entry.tsx');

/** Files pages may import besides code and CSS: copied to the output, imported as their URL. */
export const ASSET_LOADERS = { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.jpeg': 'file', '.gif': 'file', '.webp': 'file', '.avif': 'file', '.woff2': 'file' } as const;
/** Script loaders: `.js` may hold JSX, as Docusaurus compiles it, so pages and components written for it build unchanged. */
export const SCRIPT_LOADERS = { '.js': 'jsx' } as const;
/** Client assets live under this folder of the output (content-hashed names, cached for ever). */
export const ASSET_DIR = '_sipa';
/**
 * Modules the client entry loads lazily that take React from the entry's registry of shared
 * modules (see sharedModules) instead of importing it: a chunk sharing modules with the entry
 * would make esbuild move them out of the entry into a chunk of their own, which every first
 * visit would then download as one more file.
 */
const REGISTRY_IMPORTERS = /[\\/]templates[\\/]search[\\/]SearchDialog\.tsx$/;

export interface BundleResult {
  entry: ChunkFiles;
  /** By route entry name. */
  routes: Map<string, ChunkFiles>;
  /** Every file esbuild wrote, relative to the output directory. */
  files: string[];
  /** Every source module that went into the bundle (paths as esbuild reports them). */
  inputs: string[];
  /** Server build: one file per group of routes, with the route entry names it renders. */
  serverGroups: Array<{ file: string; names: string[] }>;
  /** Client build: route chunks that needed the bundler this time (see routeChunks). */
  routesBundled?: number;
}

/** An esbuild bundler that keeps its context between builds, so watch-mode rebuilds are incremental. */
export interface BundleCallOptions {
  /** Server build: the route entry names of each server file. */
  serverGroups?: string[][];
  /** Client build: keeps a same-named, same-sized route chunk of the last good output (see StagingDir.keep). */
  keep?: (relPath: string, size: number) => boolean;
}

export interface SiteBundler {
  /**
   * Bundles the theme, the client runtime and one entry per route:
   * - client: browser ESM, minified, content-hashed, under `<outDir>/_sipa`: the entry (with code
   *   splitting for what it loads lazily) and one self-contained chunk per route (see routeChunks);
   * - server: one Node ESM file per group of route entry names given, with the renderer and a lazy
   *   route registry (importing thousands of small files costs more than rendering; one huge
   *   file would not fit in memory for large sites). React is kept external.
   */
  bundle(sources: VirtualSources, outDir: string, baseUrl: string, options?: BundleCallOptions): Promise<BundleResult>;
  dispose(): Promise<void>;
}

/**
 * @param incremental keep an esbuild context for the next build (watch mode); outputs then pass
 *   through memory. A one-off build lets esbuild write straight to disk instead.
 */
export function createSiteBundler(kind: 'client' | 'server', workDir: string, incremental = true, routeCacheDir: string | null = null, siteId = ''): SiteBundler {
  const isClient = kind === 'client';
  // esbuild needs a fixed output folder for its context; files are written to each build's own folder.
  const virtualOut = path.join(workDir, `${kind}-bundle`);
  const holder: { current: VirtualSources | null } = { current: null };
  let ctx: BuildContext | null = null;
  let ctxKey = '';
  const routeCache: RouteChunkCache = { dir: routeCacheDir, siteId, memory: incremental ? new Map() : undefined };

  const optionsFor = (sources: VirtualSources, baseUrl: string): BuildOptions => ({
    entryPoints: isClient
      ? [{ in: CLIENT_ENTRY, out: `${ASSET_DIR}/entry` }]
      : (sources.ssrGroups ?? [[]]).map((_, i) => ({ in: `sipa:ssr-group:${i}`, out: `${ASSET_DIR}/ssr-${i}` })),
    outdir: virtualOut,
    bundle: true,
    splitting: isClient,
    format: 'esm',
    platform: isClient ? 'browser' : 'node',
    target: isClient ? ['es2020', 'chrome90', 'firefox90', 'safari15'] : 'node20',
    minify: isClient,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: isClient ? '[dir]/[name]-[hash]' : '[dir]/[name]',
    chunkNames: `${ASSET_DIR}/c/[name]-[hash]`,
    assetNames: `${ASSET_DIR}/a/[name]-[hash]`,
    // Both builds name imported images by the same URL, so the server HTML matches what the browser renders.
    publicPath: baseUrl,
    loader: isClient ? { ...SCRIPT_LOADERS, ...ASSET_LOADERS } : { '.css': 'empty', ...SCRIPT_LOADERS, ...ASSET_LOADERS },
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: isClient
      ? [sharedModulesPlugin(sharedModules(), REGISTRY_IMPORTERS), imageModulesPlugin(), cssModulesPlugin(), virtualModulesPlugin(holder)]
      : [imageModulesPlugin(), cssModulesPlugin(), virtualModulesPlugin(holder)],
    write: false,
  });

  const bundleRoutes = (sources: VirtualSources, outDir: string, baseUrl: string, keep?: BundleCallOptions['keep']) => {
    const base = optionsFor(sources, baseUrl);
    return buildRouteChunks(
      sources,
      outDir,
      baseUrl,
      { target: base.target, loader: base.loader, define: base.define, assetDir: ASSET_DIR, workDir: virtualOut, keep },
      routeCache,
    ).catch((error: unknown) => {
      throw bundleError(error, sources);
    });
  };

  return {
    async bundle(sources, outDir, baseUrl, extra) {
      if (!isClient) return bundleOnce(sources, outDir, baseUrl, extra);
      // Both builds write into outDir: when one fails, the other still finishes before the error
      // goes up, so nothing writes into a staging folder the failed build is removing.
      const [entryBuild, routesBuild] = await Promise.allSettled([bundleOnce(sources, outDir, baseUrl), bundleRoutes(sources, outDir, baseUrl, extra?.keep)]);
      if (entryBuild.status === 'rejected') throw entryBuild.reason;
      if (routesBuild.status === 'rejected') throw routesBuild.reason;
      const [entry, routes] = [entryBuild.value, routesBuild.value];
      return {
        ...entry,
        routes: routes.routes,
        files: [...entry.files, ...routes.files],
        inputs: [...entry.inputs, ...routes.inputs],
        routesBundled: routes.bundled,
      };
    },
    async dispose() {
      await ctx?.dispose();
      ctx = null;
    },
  };

  async function bundleOnce(sources: VirtualSources, outDir: string, baseUrl: string, extra?: { serverGroups?: string[][] }): Promise<BundleResult> {
      holder.current = extra?.serverGroups ? { ...sources, ssrGroups: extra.serverGroups } : sources;
      const options = optionsFor(holder.current, baseUrl);
      if (!incremental) {
        let metafile: Metafile;
        try {
          metafile = (await build({ ...options, outdir: outDir, write: true })).metafile!;
        } catch (error) {
          throw bundleError(error, holder.current ?? undefined);
        }
        return readMetafile(metafile, outDir, baseUrl, isClient, outDir, holder.current);
      }
      // A new set of routes or another base URL needs a new context; content changes do not.
      const key = JSON.stringify([options.entryPoints, baseUrl, sources.customCss]);
      let result: BuildResult<{ metafile: true; write: false }>;
      try {
        if (!ctx || key !== ctxKey) {
          await ctx?.dispose();
          ctx = null;
          ctx = await context(options);
          ctxKey = key;
        }
        result = (await ctx.rebuild()) as BuildResult<{ metafile: true; write: false }>;
      } catch (error) {
        // A failed build may leave the context unusable; start afresh next time.
        await ctx?.dispose().catch(() => {});
        ctx = null;
        throw bundleError(error, holder.current ?? undefined);
      }
      await Promise.all(
        result.outputFiles.map(async (file) => {
          const target = path.join(outDir, path.relative(virtualOut, file.path));
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, file.contents);
        }),
      );
      return readMetafile(result.metafile, virtualOut, baseUrl, isClient, outDir, holder.current);
  }
}

/** One-shot bundle (see SiteBundler.bundle). */
export async function bundleSite(kind: 'client' | 'server', sources: VirtualSources, outDir: string, baseUrl: string): Promise<BundleResult> {
  // Nothing is written to the bundler's work folder in a one-off build.
  const bundler = createSiteBundler(kind, path.join(outDir, '.bundler'), false);
  try {
    return await bundler.bundle(sources, outDir, baseUrl);
  } finally {
    await bundler.dispose();
  }
}

function readMetafile(metafile: Metafile, virtualOut: string, baseUrl: string, isClient: boolean, outDir: string, sources: VirtualSources): BundleResult {
  const outputs = metafile.outputs;
  // esbuild reports output paths relative to the working directory, under the context's fixed folder.
  const relToOut = (file: string) => path.relative(virtualOut, path.resolve(file)).split(path.sep).join('/');
  const toRef = (file: string) => (isClient ? `${baseUrl}${relToOut(file)}` : path.join(outDir, relToOut(file)));
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
    return [...seen];
  };
  const chunkOf = (file: string): ChunkFiles => {
    const imports = isClient ? staticImports(file) : [];
    const css = [file, ...imports].map((f) => outputs[f]?.cssBundle).filter((f): f is string => Boolean(f));
    return { js: toRef(file), imports: imports.map(toRef), css: [...new Set(css)].map(toRef) };
  };
  let entry: ChunkFiles | null = null;
  const routes = new Map<string, ChunkFiles>();
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint || file.endsWith('.css')) continue;
    if (output.entryPoint.startsWith('sipa:sipa-route:') || output.entryPoint.startsWith('sipa-route:')) {
      routes.set(output.entryPoint.replace(/^(sipa:)?sipa-route:/, ''), chunkOf(file));
    } else if (isClient && path.resolve(output.entryPoint) === CLIENT_ENTRY) {
      // Lazily imported modules (e.g. the route matcher) are entry points too; only this one is the entry.
      entry = chunkOf(file);
    }
  }
  const serverGroups: BundleResult['serverGroups'] = [];
  if (!isClient) {
    for (const [file, output] of Object.entries(outputs)) {
      if (!output.entryPoint?.includes('ssr-group:')) continue;
      const index = Number(output.entryPoint.split('ssr-group:')[1]);
      serverGroups[index] = { file: toRef(file), names: sources.ssrGroups?.[index] ?? [] };
    }
  }
  return {
    entry: entry ?? { js: '', imports: [], css: [] },
    routes,
    files: Object.keys(outputs).map(relToOut),
    inputs: Object.keys(metafile.inputs),
    serverGroups,
  };
}

function bundleError(error: unknown, sources?: VirtualSources): SiteError {
  const first = (error as { errors?: Message[] }).errors?.[0];
  if (!first) return new SiteError({ code: 'BUNDLE_FAILED', message: String(error), cause: error });
  const loc = first.location;
  let location: SiteError['location'];
  let frame = loc?.lineText ? `  ${loc.line} | ${loc.lineText}` : undefined;
  const compiled = /^(?:sipa:)?sipa-(?:mdx|excerpt):(.+)$/.exec(loc?.file ?? '');
  const source = compiled ? sources?.modules.get(compiled[1]!) : undefined;
  if (loc && source) {
    // The error is in compiled MDX: point at the source file, at the line that names the import.
    const text = readSource(source.absPath);
    const quoted = /(["'])(.+?)\1/.exec(loc.lineText)?.[2];
    const index = quoted && text ? text.split('\n').findIndex((line) => line.includes(quoted)) : -1;
    location = { file: path.relative(process.cwd(), source.absPath), line: index >= 0 ? index + 1 : undefined };
    frame = index >= 0 ? codeFrame(text!, index + 1) : undefined;
  } else if (loc?.file) {
    location = { file: path.relative(process.cwd(), path.resolve(loc.file.replace(/^sipa:/, ''))), line: loc.line, column: loc.column + 1 };
  }
  const detail = first.detail as ImportErrorDetail | undefined;
  return new SiteError({
    code: detail?.code ?? 'BUNDLE_FAILED',
    message: first.text,
    location,
    frame,
    hint: /No matching export.*default/.test(first.text)
      ? 'A page module must have a default export: the React component of the page.'
      : detail?.hint,
    cause: error,
  });
}

function readSource(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
