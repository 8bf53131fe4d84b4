import { build, type Message, type Metafile } from 'esbuild';
import path from 'node:path';
import { SiteError } from '../errors.js';
import { REPO_ROOT, virtualModulesPlugin, type VirtualSources } from './virtualModules.js';

export const CLIENT_ENTRY = path.join(REPO_ROOT, 'src/client/entry.tsx');
export const SSR_ENTRY = path.join(REPO_ROOT, 'src/render/ssrEntry.tsx');
/** Client assets live under this folder of the output (content-hashed names, cached for ever). */
export const ASSET_DIR = '_sipa';

export interface ChunkFiles {
  /** The chunk itself (a URL for the client build, an absolute file path for the SSR build). */
  js: string;
  /** Static imports to preload, transitively (client build only). */
  imports: string[];
  css: string[];
}

export interface BundleResult {
  entry: ChunkFiles;
  /** By route entry name. */
  routes: Map<string, ChunkFiles>;
  /** Every file esbuild wrote, relative to the output directory. */
  files: string[];
  /** Every source module that went into the bundle (paths as esbuild reports them). */
  inputs: string[];
}

/**
 * Bundles the theme, the client runtime and one entry per route with esbuild.
 * - client: browser ESM with code splitting, minified, content-hashed, written under `<outDir>/_sipa`.
 * - server: one Node ESM file for rendering, react kept external, written to `outDir` (a cache folder).
 */
export async function bundleSite(kind: 'client' | 'server', sources: VirtualSources, outDir: string, baseUrl: string): Promise<BundleResult> {
  const isClient = kind === 'client';
  // The client gets one entry per route (code splitting); the server bundle is a single file whose
  // route registry loads modules lazily, because importing thousands of files costs more than rendering.
  const entryPoints = isClient
    ? [
        { in: CLIENT_ENTRY, out: `${ASSET_DIR}/entry` },
        ...[...sources.routeEntries.keys()].map((name) => ({ in: `sipa-route:${name}`, out: `${ASSET_DIR}/r/${name}` })),
      ]
    : [{ in: SSR_ENTRY, out: `${ASSET_DIR}/ssr` }];
  let metafile: Metafile;
  try {
    const result = await build({
      entryPoints,
      outdir: outDir,
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
      publicPath: isClient ? baseUrl : undefined,
      loader: isClient
        ? { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.gif': 'file', '.webp': 'file', '.woff2': 'file' }
        : { '.css': 'empty', '.svg': 'file', '.png': 'file', '.jpg': 'file', '.gif': 'file', '.webp': 'file', '.woff2': 'file' },
      metafile: true,
      logLevel: 'silent',
      legalComments: 'none',
      plugins: [virtualModulesPlugin(sources)],
      write: true,
    });
    metafile = result.metafile!;
  } catch (error) {
    throw bundleError(error);
  }
  return readMetafile(metafile, outDir, baseUrl, isClient, isClient ? CLIENT_ENTRY : SSR_ENTRY);
}

function readMetafile(metafile: Metafile, outDir: string, baseUrl: string, isClient: boolean, entrySource: string): BundleResult {
  const outputs = metafile.outputs;
  // esbuild reports output paths relative to the working directory.
  const relToOut = (file: string) => path.relative(outDir, path.resolve(file)).split(path.sep).join('/');
  const toRef = (file: string) => (isClient ? `${baseUrl}${relToOut(file)}` : path.resolve(file));
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
    } else if (path.resolve(output.entryPoint) === entrySource) {
      // Lazily imported modules (e.g. the route matcher) are entry points too; only this one is the entry.
      entry = chunkOf(file);
    }
  }
  return { entry: entry!, routes, files: Object.keys(outputs).map(relToOut), inputs: Object.keys(metafile.inputs) };
}

function bundleError(error: unknown): SiteError {
  const first = (error as { errors?: Message[] }).errors?.[0];
  if (!first) return new SiteError({ code: 'BUNDLE_FAILED', message: String(error), cause: error });
  const loc = first.location;
  const file = loc?.file ? path.relative(process.cwd(), path.resolve(loc.file.replace(/^sipa:/, ''))) : undefined;
  return new SiteError({
    code: 'BUNDLE_FAILED',
    message: first.text,
    location: file ? { file, line: loc?.line, column: loc ? loc.column + 1 : undefined } : undefined,
    frame: loc?.lineText ? `  ${loc.line} | ${loc.lineText}` : undefined,
    hint: /No matching export.*default/.test(first.text)
      ? 'A page module must have a default export: the React component of the page.'
      : undefined,
    cause: error,
  });
}
