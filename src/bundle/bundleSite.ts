import { build, context, type BuildContext, type BuildOptions, type BuildResult, type Message, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { esbuildPath } from './esbuildPath.js';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ENTRY_POINTS } from '../entryPoints.js';
import { SiteError, codeFrame } from '../errors.js';
import { idealImageBundling, imageModulesPlugin } from './imageModules.js';
import type { ImportErrorDetail, SharedModule } from './sharedModules.js';
import { cssModulesPlugin } from './cssModules.js';
import { missingPackage } from './missingPackage.js';
import { KEPT_BUNDLES, keptBundle, writeFiles, writeKeptBundle } from './bundleCache.js';
import type { ArtifactStore } from '../cache/artifacts.js';
import { buildRouteChunks, ROUTE_CHUNKS, STANDALONE_CHUNKS, type ChunkFiles, type RouteChunkCache } from './routeChunks.js';
import { eagerFromSite, lazyModuleParts, sharedModules, sharedModulesPlugin } from './sharedModules.js';
import { hasDocSearch, writeSiteData } from './siteDataScript.js';
import { themeOverridesPlugin } from './themeOverrides.js';
import { REPO_ROOT, sitePackages, virtualModulesPlugin, type VirtualSources } from './virtualModules.js';

export type { ChunkFiles } from './routeChunks.js';

export const CLIENT_ENTRY = path.join(REPO_ROOT, ENTRY_POINTS.clientEntry);

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
 * visit would then download as one more file. (searchClient is what the dialog shares with the
 * search page, `@theme/SearchPage`, a lazy theme part.)
 */
const REGISTRY_IMPORTERS = /[\\/]templates[\\/]search[\\/](SearchDialog|searchClient)\.tsx$/;

export interface ClientBundle {
  entry: ChunkFiles;
  /** URL of the site data script (see SITE_DATA_GLOBAL), which every page loads before the entry. */
  siteData: string;
  /** By route entry name. */
  routes: Map<string, ChunkFiles>;
  /** Every file written, relative to the output directory. */
  files: string[];
  /** Every source module that went into the bundle (paths as esbuild reports them). */
  inputs: string[];
  /** Each source module of the entry's build (absolute; a virtual one by its name) and the modules it imports. */
  entryGraph: Map<string, string[]>;
  /** Route chunks that needed the bundler this time (see routeChunks). */
  routesBundled: number;
  /** False when the entry was written again, not bundled: an incremental bundler's last one, or one kept from an earlier build (see bundleCache.ts); nothing it is made from had changed. */
  entryBundled: boolean;
}

/**
 * What the client entry's build, or a server file of the renderer alone, is given besides the
 * files it reads (whose content a kept bundle is checked against) and the site data (a script of
 * its own on the client, given with each page to the renderer). The site's folders count only
 * when the site has files of its own in the entry (styles, theme files, plugins' client code):
 * without them, sites share one entry.
 */
function entryInputs(sources: VirtualSources, baseUrl: string): unknown[] {
  const plugins = sources.plugins ?? null;
  // The theme's own style sheets (Infima) are among the custom CSS of a migrated site.
  const siteFiles = sources.customCss.some((file) => !file.startsWith(`${REPO_ROOT}${path.sep}`)) || Object.keys(sources.themeOverrides ?? {}).length > 0 || Object.keys(sources.themeModules ?? {}).length > 0 || Boolean(sources.sass) || Boolean(plugins && (plugins.clientModules.length > 0 || Object.keys(plugins.aliases).length > 0));
  return [
    baseUrl,
    hasDocSearch(sources.siteData),
    sources.customCss,
    sources.themeOverrides ?? {},
    sources.themeModules ?? {},
    sources.svgComponents ?? false,
    plugins,
    sources.idealImage ?? null,
    sources.sass ?? null,
    siteFiles ? [sources.siteDir ?? null, sources.staticDir ?? null, sitePackages(sources), [...(sources.missingFiles ?? new Map())]] : null,
  ];
}

/** What a route's module in a server file is made of: its content, and the code of the compiled pages it imports (by their compile key). */
function routeCode(sources: VirtualSources, name: string): unknown {
  const content = sources.routeEntries.get(name)?.content;
  const code = (relPath: string) => [relPath, sources.modules.get(relPath)?.key ?? null];
  if (!content) return null;
  if (content.kind === 'mdx') return code(content.relPath);
  if (content.kind === 'excerpts') return content.relPaths.map(code);
  return content.absPath;
}

/** A server file: the renderer and the routes of one group, by route entry name. */
export interface ServerFile {
  /** Absolute path of the file. */
  file: string;
  names: string[];
}

/** Keeps a same-named, same-sized file of the last good output instead of writing it (see StagingDir.keep). */
export type KeepFile = (relPath: string, size: number) => boolean;

export interface BundlerOptions {
  /** The fixed output folder esbuild's incremental context is given; nothing is written there. */
  workDir: string;
  /**
   * Keep an esbuild context between builds, so rebuilds are incremental (watch mode); outputs then
   * pass through memory. A one-off bundler lets esbuild write straight to the output folder.
   */
  incremental: boolean;
  /** Where the resized copies of images code imports are kept (see imageModules.ts); without it, the ideal-image plugin is left out. */
  artifacts?: ArtifactStore;
}

export interface ClientBundlerOptions extends BundlerOptions {
  /** Where route chunks are found and kept (see routeChunks), and images' copies. */
  artifacts: ArtifactStore;
}

/**
 * Bundles for the browser: minified ESM, content-hashed, under `<outDir>/_sipa`: the entry (the
 * client runtime and the theme, with code splitting for what it loads lazily) and one
 * self-contained chunk per route (see routeChunks).
 */
export interface ClientBundler {
  bundle(sources: VirtualSources, outDir: string, baseUrl: string, keep?: KeepFile): Promise<ClientBundle>;
  dispose(): Promise<void>;
}

/**
 * Bundles for Node: one ESM file per group of route entry names, with the renderer and a lazy
 * route registry (importing thousands of small files costs more than rendering; one huge file
 * would not fit in memory for large sites). React is kept external.
 */
export interface ServerBundler {
  bundle(sources: VirtualSources, outDir: string, baseUrl: string, groups: string[][]): Promise<ServerFile[]>;
  dispose(): Promise<void>;
}

export function createClientBundler(options: ClientBundlerOptions): ClientBundler {
  const runner = createEsbuildRunner(path.join(options.workDir, 'client-bundle'), options.incremental);
  let current: VirtualSources | null = null;
  const shared = sharedModules();
  const plugins = [themeOverridesPlugin(() => current?.themeOverrides ?? {}, () => current?.themeModules ?? {}), entrySharedModulesPlugin(shared, () => [...Object.values(current?.themeOverrides ?? {}), ...Object.values(current?.themeModules ?? {})] as string[]), imageModulesPlugin(() => current?.svgComponents ?? false, () => idealImageBundling(current, options.incremental, options.artifacts)), cssModulesPlugin(() => current?.sass ?? null), virtualModulesPlugin(() => current)];
  const bundleEntry = async (sources: VirtualSources, outDir: string, baseUrl: string, keep?: KeepFile) => {
    current = sources;
    const esbuildOptions = { ...commonOptions(baseUrl), ...CLIENT_OPTIONS, nodePaths: sitePackages(sources), entryPoints: [{ in: CLIENT_ENTRY, out: `${ASSET_DIR}/entry` }], plugins };
    // The entry is the same while what it is given (entryInputs) and its files are (the site data
    // is a file of its own, see writeSiteData): a watch rebuild after a page's or the config's edit reuses it.
    const reuse = JSON.stringify(entryInputs(sources, baseUrl));
    const contextKey = JSON.stringify([baseUrl, sources.customCss, sources.themeOverrides ?? {}, sources.themeModules ?? {}, sources.svgComponents ?? false, sources.idealImage ?? null]);
    if (options.incremental) {
      const { metafile, root, workingDir, reused } = await runner.run(esbuildOptions, outDir, contextKey, sources, reuse, { keep });
      return { ...readClientMetafile(metafile, root, workingDir, baseUrl, shared), bundled: !reused };
    }
    // A one-off build takes the entry an earlier build made from the same inputs, for any site of the project.
    const kept = options.artifacts.kind(KEPT_BUNDLES);
    const key = kept.key('client entry', entryInputs(sources, baseUrl));
    const found = kept.find(key);
    if (found) {
      await writeKeptBundle(found, outDir);
      return { ...readClientMetafile(found.metafile as Metafile, found.root, found.workingDir, baseUrl, shared), bundled: false };
    }
    const { metafile, root, workingDir, outputFiles } = await runner.run(esbuildOptions, outDir, contextKey, sources, undefined, { keep });
    kept.put(key, keptBundle(metafile, root, workingDir, outputFiles), realInputs(metafile, workingDir));
    return { ...readClientMetafile(metafile, root, workingDir, baseUrl, shared), bundled: true };
  };
  const bundleRoutes = (sources: VirtualSources, outDir: string, baseUrl: string, keep?: KeepFile) => {
    const { target, loader, define } = { ...commonOptions(baseUrl), ...CLIENT_OPTIONS };
    const cache: RouteChunkCache = { chunks: options.artifacts.kind(ROUTE_CHUNKS), standalone: options.artifacts.kind(STANDALONE_CHUNKS) };
    const idealImage = idealImageBundling(sources, options.incremental, options.artifacts);
    return buildRouteChunks(sources, outDir, baseUrl, { target, loader, define, assetDir: ASSET_DIR, workDir: runner.workDir, keep, idealImage }, cache).catch((error: unknown) => {
      throw bundleError(error, sources);
    });
  };
  return {
    async bundle(sources, outDir, baseUrl, keep) {
      // Both builds write into outDir: when one fails, the other still finishes before the error
      // goes up, so nothing writes into a staging folder the failed build is removing.
      const [entryBuild, routesBuild] = await Promise.allSettled([bundleEntry(sources, outDir, baseUrl, keep), bundleRoutes(sources, outDir, baseUrl, keep)]);
      if (entryBuild.status === 'rejected') throw entryBuild.reason;
      if (routesBuild.status === 'rejected') throw routesBuild.reason;
      const [entry, routes] = [entryBuild.value, routesBuild.value];
      const siteData = await writeSiteData(sources.siteData, outDir, ASSET_DIR, keep);
      return {
        entry: entry.entry,
        siteData: `${baseUrl}${siteData}`,
        routes: withLazyModules(routes.routes, entry.lazyModules),
        files: [siteData, ...entry.files, ...routes.files],
        inputs: [...entry.inputs, ...routes.inputs],
        entryGraph: entry.entryGraph,
        routesBundled: routes.bundled,
        entryBundled: entry.bundled,
      };
    },
    dispose: () => runner.dispose(),
  };
}

export function createServerBundler(options: BundlerOptions): ServerBundler {
  const runner = createEsbuildRunner(path.join(options.workDir, 'server-bundle'), options.incremental);
  let current: VirtualSources | null = null;
  const plugins = [themeOverridesPlugin(() => current?.themeOverrides ?? {}, () => current?.themeModules ?? {}), imageModulesPlugin(() => current?.svgComponents ?? false, () => (options.artifacts ? idealImageBundling(current, options.incremental, options.artifacts) : null)), cssModulesPlugin(() => current?.sass ?? null), virtualModulesPlugin(() => current)];
  return {
    async bundle(sources, outDir, baseUrl, groups) {
      current = { ...sources, ssrGroups: groups };
      const esbuildOptions: BuildOptions = {
        ...commonOptions(baseUrl),
        entryPoints: groups.map((_, i) => ({ in: `sipa:ssr-group:${i}`, out: `${ASSET_DIR}/ssr-${i}` })),
        platform: 'node',
        target: 'node20',
        // Named by content: a long-lived renderer imports each file once, and a changed one under a new name.
        entryNames: '[dir]/[name]-[hash]',
        loader: { '.css': 'empty', ...SCRIPT_LOADERS, ...ASSET_LOADERS },
        // CommonJS packages a page imports (`require('react')` inside them) need a require in an ES module.
        banner: { js: SERVER_REQUIRE },
        nodePaths: sitePackages(sources),
        plugins,
      };
      // A new set of server files or another base URL needs a new context; content changes do not.
      const key = JSON.stringify([groups.length, baseUrl, sources.customCss, sources.themeOverrides ?? {}, sources.themeModules ?? {}, sources.svgComponents ?? false, sources.idealImage ?? null]);
      // What the files are made of besides the files they read (which the runner and the kept
      // bundles check): the renderer's settings, the stand-ins of data files the project lacks, and
      // the routes of each group, by entry name (the registry's keys) and their modules' code.
      const inputs = [entryInputs(sources, baseUrl), [...(sources.missingFiles ?? new Map())], groups.map((names) => names.map((name) => [name, routeCode(sources, name)]))];
      // The last files serve again while it is unchanged: after an edit of the config or of a page
      // the pages rendered bring with them (see standaloneModule), say.
      const reuse = JSON.stringify([key, inputs]);
      // Files without routes hold the renderer alone, the same for every site without theme files
      // of its own: a one-off build takes them from an earlier build of any site of the project.
      const kept = !options.incremental && options.artifacts && groups.every((names) => names.length === 0) ? options.artifacts.kind(KEPT_BUNDLES) : null;
      const keptKey = kept?.key('server renderer', groups.length, inputs);
      const found = keptKey ? kept!.find(keptKey) : undefined;
      if (found) {
        await writeKeptBundle(found, outDir);
        return readServerMetafile(found.metafile as Metafile, found.root, found.workingDir, outDir, groups);
      }
      // A session's folder of server files holds the last build's alone.
      const { metafile, root, workingDir, outputFiles } = await runner.run(esbuildOptions, outDir, key, current, reuse, { prune: true });
      if (keptKey) kept!.put(keptKey, keptBundle(metafile, root, workingDir, outputFiles), realInputs(metafile, workingDir));
      return readServerMetafile(metafile, root, workingDir, outDir, groups);
    },
    dispose: () => runner.dispose(),
  };
}

/** A `require` for the CommonJS code bundled into a server file, which esbuild's own would refuse in an ES module. */
const SERVER_REQUIRE = "import { createRequire as __sipaCreateRequire } from 'node:module'; const require = __sipaCreateRequire(import.meta.url);";

const PRODUCTION = { 'process.env.NODE_ENV': '"production"' };

/** What the client and server builds share. */
function commonOptions(baseUrl: string): BuildOptions {
  return {
    // The folder the metafile's paths are relative to (see esbuildPath).
    absWorkingDir: process.cwd(),
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    define: PRODUCTION,
    chunkNames: `${ASSET_DIR}/c/[name]-[hash]`,
    assetNames: `${ASSET_DIR}/a/[name]-[hash]`,
    // Both builds name imported images by the same URL, so the server HTML matches what the browser renders.
    publicPath: baseUrl,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    write: false,
  };
}

const CLIENT_OPTIONS = {
  splitting: true,
  platform: 'browser',
  target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
  minify: true,
  entryNames: '[dir]/[name]-[hash]',
  loader: { ...SCRIPT_LOADERS, ...ASSET_LOADERS },
  // Node's `global`, which packages written for browserify read (autocomplete.js's `immediate`, in
  // docusaurus-lunr-search's SearchBar), is the browser's globalThis, as webpack has it for Docusaurus.
  define: { ...PRODUCTION, global: 'globalThis' },
} satisfies BuildOptions;

/**
 * How many esbuild contexts a runner keeps, the most recently used: one per base URL and entry
 * set in use. A site in several locales is bundled at each locale's base URL in every build; with
 * one context, each locale's bundle made the context of the one before it again, from scratch,
 * at every rebuild of a watch session.
 */
const KEPT_CONTEXTS = 4;

type IncrementalResult = BuildResult<{ metafile: true; write: false }>;

/** An esbuild context kept between builds, and its last result (reusable while its reuse key and its files are unchanged). */
interface ContextSlot {
  ctx: BuildContext;
  last: { reuse: string; stamps: Map<string, string>; result: IncrementalResult } | null;
}

/**
 * Runs esbuild builds into a given output folder: each time afresh, letting esbuild write the
 * files (one-off), or by rebuilding a context kept between calls (incremental), whose outputs
 * are written from memory because a context's output folder is fixed.
 */
function createEsbuildRunner(workDir: string, incremental: boolean) {
  /** By key and working folder (the folder a context's metafile paths are relative to), least recently used first. */
  const slots = new Map<string, ContextSlot>();
  return {
    workDir,
    /**
     * @param key a context is made again when it changes (new entry points, another base URL)
     * @param reuse incremental only: when given, the last result is written again instead of
     *   rebuilding while this key is the same and none of the last build's input files changed
     *   (what the virtual modules generate must be part of the key)
     * @param prune incremental only: remove the files of `outDir` this build did not write
     * @param keep incremental only: asked for each output file, which is not written when it says
     *   the last good output has it (only for outputs named by their content)
     * @returns the metafile, and the folder its output paths are relative to
     */
    async run(
      options: BuildOptions,
      outDir: string,
      key: string,
      sources: VirtualSources | null,
      reuse?: string,
      { prune = false, keep }: { prune?: boolean; keep?: KeepFile } = {},
    ): Promise<{ metafile: Metafile; root: string; workingDir: string; reused: boolean; outputFiles: OutputFile[] }> {
      // The metafile's paths are relative to it (see esbuildPath).
      const workingDir = options.absWorkingDir ?? process.cwd();
      if (!incremental) {
        let result: IncrementalResult;
        try {
          result = (await build({ ...options, absWorkingDir: workingDir, outdir: outDir, write: false })) as IncrementalResult;
        } catch (error) {
          throw bundleError(error, sources ?? undefined);
        }
        // Every file is written, as esbuild would: later stages read the entry's style sheets from the folder.
        await writeOutputs(result.outputFiles, outDir, outDir);
        return { metafile: result.metafile, root: outDir, workingDir, reused: false, outputFiles: result.outputFiles };
      }
      const slotKey = JSON.stringify([key, workingDir]);
      let slot = slots.get(slotKey);
      if (slot) {
        // The most recently used last.
        slots.delete(slotKey);
        slots.set(slotKey, slot);
      }
      const last = slot?.last ?? null;
      // Stamped before the build, so a file saved while it runs counts as changed next time.
      const stamps = last ? await inputStamps(last.stamps.keys()) : null;
      let result: IncrementalResult;
      const reused = reuse !== undefined && last?.reuse === reuse && sameStamps(last.stamps, stamps!);
      try {
        if (reused) {
          result = last!.result;
        } else {
          if (!slot) {
            slot = { ctx: await context({ ...options, absWorkingDir: workingDir, outdir: workDir }), last: null };
            slots.set(slotKey, slot);
            for (const [oldKey, old] of slots) {
              if (slots.size <= KEPT_CONTEXTS) break;
              slots.delete(oldKey);
              await old.ctx.dispose();
            }
          }
          result = (await slot.ctx.rebuild()) as IncrementalResult;
          const inputs = realInputs(result.metafile, workingDir);
          const known = stamps ?? new Map<string, string>();
          const added = await inputStamps(inputs.filter((file) => !known.has(file)));
          slot.last = reuse === undefined ? null : { reuse, stamps: new Map(inputs.map((file) => [file, known.get(file) ?? added.get(file)!])), result };
        }
      } catch (error) {
        // A failed build may leave the context unusable; start afresh next time.
        if (slot && slots.get(slotKey) === slot) slots.delete(slotKey);
        await slot?.ctx.dispose().catch(() => {});
        throw bundleError(error, sources ?? undefined);
      }
      const targets = await writeOutputs(result.outputFiles, workDir, outDir, keep);
      if (prune) await removeFilesBut(outDir, new Set(targets));
      return { metafile: result.metafile, root: workDir, workingDir, reused, outputFiles: result.outputFiles };
    },
    async dispose() {
      const kept = [...slots.values()];
      slots.clear();
      await Promise.all(kept.map((slot) => slot.ctx.dispose()));
    },
  };
}

/**
 * Writes esbuild's output files (under `root`) into `outDir`; returns their paths there. A file
 * the last good output has (see KeepFile) is not written: a rebuild after a page's edit gives the
 * same files again, and rewriting each costs a write and, at the commit, a rename over the old copy.
 */
async function writeOutputs(files: readonly OutputFile[], root: string, outDir: string, keep?: KeepFile): Promise<string[]> {
  return writeFiles(
    files.map((file) => {
      const relative = path.relative(root, file.path);
      return { file: relative.split(path.sep).join('/'), contents: file.contents };
    }),
    outDir,
    keep,
  );
}

/** Removes every file under `dir` but those named (absolute paths). */
async function removeFilesBut(dir: string, keep: ReadonlySet<string>): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && !keep.has(path.join(entry.parentPath, entry.name)))
      .map((entry) => rm(path.join(entry.parentPath, entry.name), { force: true })),
  );
}

/** The files a build read, as absolute paths; generated modules (`namespace:…`) are left out. */
function realInputs(metafile: Metafile, workingDir: string): string[] {
  return Object.keys(metafile.inputs)
    .filter((input) => !/^[\w-]+:/.test(input))
    .map((input) => esbuildPath(workingDir, input));
}

/** Each file's modification time and size ('' for a file that is gone). */
async function inputStamps(files: Iterable<string>): Promise<Map<string, string>> {
  const list = [...files];
  const stamps = await Promise.all(list.map((file) => stat(file).then((s) => `${s.mtimeMs}:${s.size}`, () => '')));
  return new Map(list.map((file, i) => [file, stamps[i]!]));
}

function sameStamps(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [file, stamp] of a) if (b.get(file) !== stamp) return false;
  return true;
}

/** esbuild reports output paths relative to the working directory, under the folder it wrote to (`root`). */
const outputPath = (root: string, workingDir: string, file: string) => path.relative(root, esbuildPath(workingDir, file)).split(path.sep).join('/');

/**
 * The shared modules in the entry's build: the modules it loads lazily (the search dialog, the
 * lazy theme parts and what only they import) take React and the runtime's modules from the
 * registry, so the bundler keeps those in the entry rather than in chunks shared with them.
 */
export function entrySharedModulesPlugin(shared: SharedModule[], siteThemeFiles: () => string[] = () => []): Plugin {
  const { files, held, packages } = lazyModuleParts(shared);
  // What the site's theme files make part of the entry, read when each build starts.
  let eager = new Set<string>();
  const refresh: Plugin = { name: 'sipadocs-site-eager-modules', setup: (build) => build.onStart(() => void (eager = eagerFromSite(siteThemeFiles(), shared, files))) };
  // A package only lazy shared modules bring (react-live, for live code blocks) takes React from the registry like them.
  const inPackage = packages.length > 0 ? new RegExp(`[\\\\/]node_modules[\\\\/](${packages.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})[\\\\/]`) : null;
  const plugin = sharedModulesPlugin(shared, (importer) => REGISTRY_IMPORTERS.test(importer) || (files.has(importer) && !eager.has(importer)) || (inPackage?.test(importer) ?? false), held);
  return { name: plugin.name, setup: (build) => Promise.all([refresh.setup(build), plugin.setup(build)]).then(() => undefined) };
}

/** Each route chunk with the chunks of the lazy shared modules it loads among the files its page preloads. */
function withLazyModules(routes: Map<string, ChunkFiles>, lazyModules: ReadonlyMap<string, string[]>): Map<string, ChunkFiles> {
  const result = new Map<string, ChunkFiles>();
  for (const [name, chunk] of routes) {
    const preload = (chunk.lazy ?? []).flatMap((specifier) => lazyModules.get(specifier) ?? []);
    result.set(name, preload.length > 0 ? { ...chunk, imports: [...new Set([...chunk.imports, ...preload])] } : chunk);
  }
  return result;
}

function readClientMetafile(metafile: Metafile, root: string, workingDir: string, baseUrl: string, shared: SharedModule[]): Pick<ClientBundle, 'entry' | 'files' | 'inputs' | 'entryGraph'> & { lazyModules: Map<string, string[]> } {
  const outputs = metafile.outputs;
  const toUrl = (file: string) => `${baseUrl}${outputPath(root, workingDir, file)}`;
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
    return [...seen];
  };
  let entry: ChunkFiles = { js: '', imports: [], css: [] };
  for (const [file, output] of Object.entries(outputs)) {
    // Lazily imported modules (e.g. the route matcher) are entry points too; only this one is the entry.
    if (file.endsWith('.css') || !output.entryPoint || esbuildPath(workingDir, output.entryPoint) !== CLIENT_ENTRY) continue;
    const imports = staticImports(file);
    const css = [file, ...imports].map((f) => outputs[f]?.cssBundle).filter((f): f is string => Boolean(f));
    entry = { js: toUrl(file), imports: imports.map(toUrl), css: [...new Set(css)].map(toUrl) };
  }
  // The chunk of each lazy shared module and the chunks it imports, by specifier (a theme
  // override in its place is loaded when the page runs, without a preload).
  const specifierOf = new Map(shared.filter((m) => m.lazy).map((m) => [m.source, m.specifier]));
  const entryFiles = new Set([...Object.keys(outputs).filter((file) => outputs[file]!.entryPoint && esbuildPath(workingDir, outputs[file]!.entryPoint!) === CLIENT_ENTRY)].flatMap((file) => [file, ...staticImports(file)]));
  const lazyModules = new Map<string, string[]>();
  for (const [file, output] of Object.entries(outputs)) {
    const specifier = output.entryPoint && !file.endsWith('.css') ? specifierOf.get(esbuildPath(workingDir, output.entryPoint)) : undefined;
    if (specifier) lazyModules.set(specifier, [file, ...staticImports(file)].filter((f) => !entryFiles.has(f)).map(toUrl));
  }
  const absolute = (input: string) => (/^[\w-]+:/.test(input) ? input : esbuildPath(workingDir, input));
  const entryGraph = new Map(Object.entries(metafile.inputs).map(([input, { imports }]) => [absolute(input), imports.filter((imp) => !imp.external).map((imp) => absolute(imp.path))]));
  return { entry, files: Object.keys(outputs).map((file) => outputPath(root, workingDir, file)), inputs: Object.keys(metafile.inputs), entryGraph, lazyModules };
}

function readServerMetafile(metafile: Metafile, root: string, workingDir: string, outDir: string, groups: string[][]): ServerFile[] {
  const files: ServerFile[] = [];
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint?.includes('ssr-group:')) continue;
    const index = Number(output.entryPoint.split('ssr-group:')[1]);
    files[index] = { file: path.join(outDir, outputPath(root, workingDir, file)), names: groups[index] ?? [] };
  }
  return files;
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
  const notInstalled = missingPackage(first.text, sources?.siteDir);
  if (notInstalled) return new SiteError({ code: 'PACKAGE_NOT_INSTALLED', ...notInstalled, location, frame, cause: error });
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
