import type { IdealImageSettings } from '../config/images.js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Plugin } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ContentRef } from '../model/routes.js';

import { ENTRY_POINTS } from '../entryPoints.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { SITE_DATA_GLOBAL } from './siteDataScript.js';
import { registryModuleCode, sharedModules, unsupportedImport } from './sharedModules.js';
import type { SassSettings } from './sassStyles.js';
import type { ThemeOverrides } from './themeOverrides.js';

export const REPO_ROOT = PACKAGE_ROOT;
const SSR_RENDERER = path.join(REPO_ROOT, ENTRY_POINTS.ssrEntry);
/** The theme's root component, which the runtime's Root mounts as `sipa:theme` (so client/ never imports templates/). */
const THEME_APP = path.join(REPO_ROOT, ENTRY_POINTS.themeApp);
const DOC_SEARCH = path.join(REPO_ROOT, ENTRY_POINTS.docSearch);

/** Routes per server file at most: small enough that one group's modules fit comfortably in memory. */
export const SSR_GROUP_SIZE = 1000;

const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/** Everything the virtual modules are generated from. */
export interface VirtualSources {
  /**
   * Compiled MDX by site-relative path; `key` stands for the code (the compile cache key), so
   * cached results can be found without reading it.
   */
  modules: Map<string, { readonly code: string; readonly excerptCode: string | null; absPath: string; key: string }>;
  /** Route entries by entry name. */
  routeEntries: Map<string, { content: ContentRef }>;
  siteData: unknown;
  /** Absolute paths of the site's custom CSS files. */
  customCss: string[];
  /** Absolute path of the site folder, which "@site/…" imports start from. */
  siteDir?: string;
  /** Server build: the route entry names of each server file (`sipa:ssr-group:<index>`). */
  ssrGroups?: string[][];
  /** The site's replacements of theme components (see themeOverrides.ts). */
  themeOverrides?: ThemeOverrides;
  /** The other files of the site's theme folder, by the name `@theme/` imports them as. */
  themeModules?: Record<string, string>;
  /** How Sass style sheets are compiled, when the site uses Sass (see sassStyles.ts). */
  sass?: SassSettings | null;
  /** Whether an SVG file that code imports is a React component drawing it (the site's `svgImports`). */
  svgComponents?: boolean;
  /** Docusaurus's ideal-image plugin: a PNG or JPEG that code imports is its object of resized copies (see imageModules.ts). */
  idealImage?: IdealImageSettings | null;
  /** Absolute path of the site's static folder, which a style sheet's `url(/img/x.png)` names files of, as in Docusaurus. */
  staticDir?: string;
  /** Data files a Docusaurus project's pages import that it makes before it builds, and lacks: their text, by absolute path (see ProjectReading). */
  missingFiles?: ReadonlyMap<string, string>;
  /** What the site's plugins give the bundles (see src/plugins/): absent on a site without plugins. */
  plugins?: PluginBundleParts;
}

/** What plugins add to the bundles. */
export interface PluginBundleParts {
  /** Their global data, by plugin name and id: `sipa:global-data`, read by `@docusaurus/useGlobalData` only. */
  globalData: Record<string, Record<string, unknown>>;
  /** Modules the client entry imports (`sipa:client-modules`). */
  clientModules: string[];
  /** Import names and the paths they stand for (their `configureWebpack`'s `resolve.alias`). */
  aliases: Record<string, string>;
}

const NS = 'sipa';
const MISSING_NS = 'sipa-missing';

/**
 * Serves generated modules to esbuild: `sipa-route:<name>` (one per route chunk),
 * `sipa-mdx:<path>` and `sipa-excerpt:<path>` (compiled MDX),
 * `sipa:site-data`, `sipa:global-data` (the plugins' global data), `sipa:client-modules` (the modules plugins run on every page), `sipa:theme` (the theme's App), `sipa:docsearch` (DocSearch's dialog, or null), `sipa:custom-css`, `sipa:ssr-group:<n>` (a server file for a group of routes);
 * maps `@theme/X` and `@docusaurus/X` (Docusaurus-style imports) to the theme's modules (an
 * unsupported one is an error naming what is supported), `@site/…` to the site folder, and pins
 * react/react-dom to this package's copy so a site can never load two Reacts.
 *
 * @param sources what the modules are generated from, read each time one is loaded (an
 *   incremental bundler's plugin lives longer than one build); null where no virtual module is loaded
 */
export function virtualModulesPlugin(sources: () => VirtualSources | null): Plugin {
  return {
    name: 'sipadocs-virtual',
    setup(build) {
      // Read at load time, so an incremental rebuild sees the current build's sources.
      const current = () => sources()!;
      build.onResolve({ filter: /^sipa(-route|-mdx|-excerpt)?:/ }, (args) => ({ path: args.path, namespace: NS }));
      // The plugins' aliases: an import of the name (or of a path under it) is of the path it stands for.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const aliases = sources()?.plugins?.aliases;
        if (!aliases || args.pluginData?.sipaAlias) return undefined;
        const name = Object.keys(aliases).find((alias) => args.path === alias || args.path.startsWith(`${alias}/`));
        if (name === undefined) return undefined;
        const target = aliases[name]! + args.path.slice(name.length);
        return build.resolve(target, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { sipaAlias: true } });
      });
      // The server build bundles the theme's modules with the routes (the client takes them from the entry).
      build.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) => {
        const modules = sharedModules();
        const found = modules.find((m) => m.specifier === args.path);
        return found ? { path: found.source } : { errors: [unsupportedImport(args.path, modules)] };
      });
      // "@site/…" is the site folder, as in Docusaurus ("@site/src/components/Card").
      build.onResolve({ filter: /^@site\// }, (args) => {
        const siteDir = current().siteDir;
        if (!siteDir) return { errors: [{ text: `"${args.path}": this build has no site folder` }] };
        return build.resolve(`./${args.path.slice('@site/'.length)}`, { kind: args.kind, resolveDir: siteDir, importer: args.importer });
      });
      build.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (args) => {
        // The server files import this package's React by its absolute path: they are written to
        // the site's cache, from where a bare "react" would find the project's copy, or none.
        if (build.initialOptions.platform === 'node') return { path: require.resolve(args.path), external: true };
        return { path: require.resolve(args.path) };
      });
      // A style sheet's url(/img/x.png) is a file of the static folder, bundled like any asset (so it
      // follows the base URL); one the static folder does not have is left as written.
      build.onResolve({ filter: /^\/[^/]/ }, (args) => {
        if (args.kind !== 'url-token') return undefined;
        const staticDir = sources()?.staticDir;
        const file = staticDir ? path.join(staticDir, decodeURIComponent(args.path.replace(/[?#].*$/, ''))) : null;
        return file && file.startsWith(`${staticDir}${path.sep}`) && existsSync(file) ? { path: file } : { path: args.path, external: true };
      });
      // A data file a Docusaurus project makes before it builds, which it lacks: its stand-in.
      build.onResolve({ filter: /\.json$/ }, (args) => {
        const missing = sources()?.missingFiles;
        if (!missing || !args.resolveDir) return undefined;
        const file = path.resolve(args.resolveDir, args.path);
        return missing.has(file) ? { path: file, namespace: MISSING_NS } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: MISSING_NS }, (args) => ({ contents: current().missingFiles!.get(args.path)!, loader: 'json' }));
      build.onLoad({ filter: /.*/, namespace: NS }, (args) => {
        const [scheme, ...rest] = args.path.split(':');
        const key = rest.join(':');
        switch (scheme) {
          case 'sipa-route':
            return { contents: routeEntryCode(current().routeEntries.get(key)!), loader: 'js', resolveDir: REPO_ROOT };
          case 'sipa-mdx':
          case 'sipa-excerpt': {
            const mod = current().modules.get(key)!;
            const code = scheme === 'sipa-mdx' ? mod.code : (mod.excerptCode ?? mod.code);
            // Relative imports inside MDX resolve from the source file's folder.
            return { contents: code, loader: 'js', resolveDir: path.dirname(mod.absPath) };
          }
          case 'sipa':
            // The browser loads theme parts the theme does not render with the pages that use them; the server has them all.
            if (key === 'shared-modules') return { contents: registryModuleCode(sharedModules(), { lazy: build.initialOptions.platform !== 'node' }), loader: 'js', resolveDir: REPO_ROOT };
            if (key === 'theme') return { contents: `export { App, StaticHtml } from ${JSON.stringify(THEME_APP)};`, loader: 'js', resolveDir: REPO_ROOT };
            if (key === 'global-data') return { contents: `export default ${JSON.stringify(current().plugins?.globalData ?? {})};`, loader: 'js' };
            if (key === 'client-modules') return { contents: (current().plugins?.clientModules ?? []).map((module) => `import ${JSON.stringify(module)};`).join('\n') || 'export {};', loader: 'js', resolveDir: current().siteDir ?? REPO_ROOT };
            // Set by the site data script the page runs before the entry (see SITE_DATA_GLOBAL).
            if (key === 'site-data') return { contents: `export default globalThis.${SITE_DATA_GLOBAL};`, loader: 'js' };
            // DocSearch's code is bundled with the sites that set `algolia` only; others get none of it.
            if (key === 'docsearch') return { contents: docSearchModuleCode(current().siteData), loader: 'js', resolveDir: REPO_ROOT };
            if (key.startsWith('ssr-group:')) {
              // One server file: the renderer plus a lazy registry of its group of routes.
              const names = current().ssrGroups?.[Number(key.slice('ssr-group:'.length))] ?? [];
              const entries = names.map((name) => `${JSON.stringify(name)}: () => import(${JSON.stringify(`sipa-route:${name}`)})`);
              return {
                contents: `export { renderBody } from ${JSON.stringify(SSR_RENDERER)};\nexport const routeModules = {\n${entries.join(',\n')}\n};`,
                loader: 'js',
                resolveDir: REPO_ROOT,
              };
            }
            if (key === 'custom-css') {
              return {
                contents: current().customCss.map((file) => `@import ${JSON.stringify(file)};`).join('\n'),
                loader: 'css',
                resolveDir: REPO_ROOT,
              };
            }
        }
        return undefined;
      });
    },
  };
}

/**
 * Where the site's packages are, for files outside its folder too: content a Docusaurus project
 * keeps beside it (a docs folder `../docs`) imports the project's packages, as Docusaurus resolves them.
 */
export function sitePackages(sources: Pick<VirtualSources, 'siteDir'>): string[] {
  return sources.siteDir ? [path.join(sources.siteDir, 'node_modules')] : [];
}

/** `sipa:docsearch`: DocSearch's dialog for a site with `algolia` (see ClientSiteData), null for the others. */
export function docSearchModuleCode(siteData: unknown): string {
  const algolia = (siteData as { algolia?: unknown } | null)?.algolia;
  return algolia ? `export { openDocSearch } from ${JSON.stringify(DOC_SEARCH)};` : 'export const openDocSearch = null;';
}

export function routeEntryCode({ content }: { content: ContentRef }): string {
  const lines: string[] = [];
  if (content.kind === 'mdx') lines.push(`export { default } from ${JSON.stringify(`sipa-mdx:${content.relPath}`)};`);
  if (content.kind === 'page') {
    // Re-export everything so `meta` travels along; a missing default export fails the bundle with the file named.
    lines.push(`export * from ${JSON.stringify(content.absPath)};`, `export { default } from ${JSON.stringify(content.absPath)};`);
  }
  if (content.kind === 'excerpts') {
    content.relPaths.forEach((rel, i) => lines.push(`import E${i} from ${JSON.stringify(`sipa-excerpt:${rel}`)};`));
    lines.push(`export const excerpts = [${content.relPaths.map((_, i) => `E${i}`).join(', ')}];`);
  }
  return lines.join('\n') || 'export {};';
}

/**
 * A stable file-name-safe entry name for a route: "/docs/api/Sipa" → "docs-api-Sipa", "/" → "index".
 * A long one is cut, with a digest of the route in place of the rest, so that the chunk named after
 * it stays within a file name's 255 bytes however long and deep the route is.
 */
export function routeEntryName(routePath: string): string {
  if (routePath === '/') return 'index';
  const name = routePath.slice(1).replace(/[^A-Za-z0-9_-]+/g, '-');
  if (name.length <= MAX_ENTRY_NAME) return name;
  return `${name.slice(0, MAX_ENTRY_NAME - 13)}-${createHash('sha256').update(routePath).digest('hex').slice(0, 12)}`;
}

/** The longest entry name: room is left for the hash and extension esbuild adds to a chunk's name. */
const MAX_ENTRY_NAME = 100;
