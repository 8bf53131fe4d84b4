import type { Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SiteError } from '../errors.js';

/** A remark or rehype plugin as a config gives it: the function (or a module whose default export it is), or `[plugin, options]`. */
export type MarkdownPlugin = PluginFunction | { default: PluginFunction } | [PluginFunction | { default: PluginFunction }, unknown?];
export type PluginFunction = (...args: any[]) => unknown;

/** The four lists Docusaurus reads, in the config's markdown settings and in each part of the site. */
export interface MarkdownPluginLists {
  /** remark plugins run after the generator's own (Docusaurus's `remarkPlugins`). */
  remarkPlugins?: MarkdownPlugin[];
  /** rehype plugins run after the generator's own, before code blocks are highlighted. */
  rehypePlugins?: MarkdownPlugin[];
  /** remark plugins run before any of the generator's own. */
  beforeDefaultRemarkPlugins?: MarkdownPlugin[];
  /** rehype plugins run before any of the generator's own. */
  beforeDefaultRehypePlugins?: MarkdownPlugin[];
}

export const PLUGIN_LIST_KEYS = ['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins'] as const;
export type PluginListKey = (typeof PLUGIN_LIST_KEYS)[number];

/** The four lists with every plugin given, empty by default. */
export function pluginListsOf(options: MarkdownPluginLists | undefined): Required<MarkdownPluginLists> {
  return {
    beforeDefaultRemarkPlugins: options?.beforeDefaultRemarkPlugins ?? [],
    remarkPlugins: options?.remarkPlugins ?? [],
    beforeDefaultRehypePlugins: options?.beforeDefaultRehypePlugins ?? [],
    rehypePlugins: options?.rehypePlugins ?? [],
  };
}

/** Where a plugin's function is: an export of a package's module, or the config file itself. */
export type PluginSource =
  | { kind: 'package'; name: string; version: string; module: string; exportPath: string[] }
  | { kind: 'config'; name: string; fn: PluginFunction };

/** One plugin with its options, ready to load in any thread that can import its module. */
export interface ConfiguredPlugin {
  source: PluginSource;
  options: unknown;
}

export type PluginLists = Record<PluginListKey, ConfiguredPlugin[]>;

/**
 * The plugins of each part of the site: `markdown` (every page), `docs:<instance id>`, `blog`
 * and `pages`. `fingerprint` stands for all of them (packages' versions, options, and the
 * config's code for plugins written in it): it is the part of a compiled page's cache key that
 * the plugins make; `toJSON` gives it alone, so that key never reads functions or options.
 */
export interface SitePlugins {
  scopes: Record<string, PluginLists>;
  fingerprint: string;
  /** Every plugin comes from a package and its options can be copied to a worker thread. */
  transferable: boolean;
  toJSON(): unknown;
}

/** A site without plugins. */
export const NO_PLUGINS: SitePlugins = sitePlugins({}, '');

function sitePlugins(scopes: Record<string, PluginLists>, fingerprint: string, transferable = true): SitePlugins {
  // Not enumerable: a copy sent to a worker thread leaves the function out.
  return Object.defineProperty({ scopes, fingerprint, transferable } as SitePlugins, 'toJSON', { value: () => ({ fingerprint }) });
}

/** The plugin lists that apply to a page of a part of the site: the site-wide ones, then its part's. */
export function pluginsFor(plugins: SitePlugins, scope: string): PluginLists {
  const all = plugins.scopes.markdown;
  const own = plugins.scopes[scope];
  const lists = {} as PluginLists;
  for (const key of PLUGIN_LIST_KEYS) lists[key] = [...(all?.[key] ?? []), ...(own?.[key] ?? [])];
  return lists;
}

/** What the bundled config imported from packages: each import's specifier and the file URL it resolved to. */
export type ConfigImports = Map<string, string>;

/**
 * Leaves the packages a config imports to Node instead of bundling them: each is imported from
 * its own file, so a plugin function in the config is the same object as the package's export,
 * and a worker thread can import it again. Records what it leaves out in `imports`.
 */
export function configImportsPlugin(imports: ConfigImports): Plugin {
  const builtins = new Set(builtinModules);
  return {
    name: 'sipadocs-config-imports',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.configImports || args.kind !== 'import-statement' || args.path === 'sipadocs' || args.path.startsWith('node:') || builtins.has(args.path)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { configImports: true } });
        // JSON and what cannot be resolved are bundled as before (esbuild reports the error).
        if (resolved.errors.length > 0 || !/\.[cm]?js$/.test(resolved.path)) return undefined;
        const url = pathToFileURL(resolved.path).href;
        imports.set(args.path, url);
        return { path: url, external: true };
      });
    },
  };
}

type PluginListsInput = Partial<Record<PluginListKey, unknown>> | undefined;

/** The plugin lists of a config by scope (see SitePlugins): the site-wide ones, each docs instance's, the blog's and the pages'. */
export function pluginListsByScope(config: {
  markdown?: PluginListsInput;
  docs?: PluginListsInput;
  docsInstances?: Array<PluginListsInput & { id: string }>;
  blog?: PluginListsInput;
  pages?: PluginListsInput;
}): Record<string, PluginListsInput> {
  return {
    markdown: config.markdown,
    'docs:default': config.docs,
    ...Object.fromEntries((config.docsInstances ?? []).map((instance) => [`docs:${instance.id}`, instance])),
    blog: config.blog,
    pages: config.pages,
  };
}

/**
 * Finds where each plugin of the config comes from: a package's export (found among the modules
 * the config imported, by identity) with the package's version, or the config's own code.
 * Throws CONFIG_INVALID for an entry that is no plugin.
 *
 * @param lists each part's plugin lists as the config gives them, by scope (see SitePlugins)
 * @param configCode the bundled config, which a plugin written in the config is part of
 */
export async function resolveSitePlugins(lists: Record<string, PluginListsInput>, imports: ConfigImports, configFile: string, configCode: string): Promise<SitePlugins> {
  const modules = new Map<string, Record<string, unknown>>();
  for (const url of new Set(imports.values())) modules.set(url, (await import(url)) as Record<string, unknown>);
  const scopes: Record<string, PluginLists> = {};
  const fingerprint = createHash('sha256');
  let transferable = true;
  let fromConfig = false;
  for (const [scope, given] of Object.entries(lists)) {
    if (!given) continue;
    const resolved = {} as PluginLists;
    let any = false;
    for (const key of PLUGIN_LIST_KEYS) {
      const entries = given[key] ?? [];
      resolved[key] = (entries as unknown[]).map((entry, i) => {
        const where = `${scope === 'markdown' ? 'markdown' : scope.replace(/^docs:default$/, 'docs').replace(/^docs:/, 'docsInstances.')}.${key}.${i}`;
        const { fn, options } = pluginEntry(entry, where, configFile);
        const source = sourceOf(fn, imports, modules);
        if (source.kind === 'config') fromConfig = true;
        if (source.kind === 'config' || !cloneable(options)) transferable = false;
        fingerprint.update(JSON.stringify([scope, key, source.kind === 'package' ? [source.name, source.version, source.exportPath] : source.name, describe(options)]));
        return { source, options };
      });
      any ||= resolved[key].length > 0;
    }
    if (any) scopes[scope] = resolved;
  }
  if (Object.keys(scopes).length === 0) return NO_PLUGINS;
  // A plugin written in the config changes with the config's code (and what the config imports of its own).
  if (fromConfig) fingerprint.update(configCode);
  return sitePlugins(scopes, fingerprint.digest('hex'), transferable);
}

/** The function and options of a list entry: `plugin`, `[plugin, options]`, a module whose default export is the plugin. */
function pluginEntry(entry: unknown, where: string, configFile: string): { fn: PluginFunction; options: unknown } {
  const [head, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
  const fn = typeof head === 'function' ? head : typeof (head as { default?: unknown } | null)?.default === 'function' ? (head as { default: PluginFunction }).default : null;
  if (!fn || (Array.isArray(entry) && entry.length > 2)) {
    throw new SiteError({
      code: 'CONFIG_INVALID',
      message: `${where} is not a remark or rehype plugin: give the plugin's function, or [plugin, options]`,
      location: { file: configFile },
      hint: "Import the plugin in the config (import remarkMath from 'remark-math') and list it: remarkPlugins: [remarkMath] or [[remarkMath, { options }]].",
    });
  }
  return { fn: fn as PluginFunction, options };
}

/** The package export that is `fn`, or the config itself when no imported module exports it. */
function sourceOf(fn: PluginFunction, imports: ConfigImports, modules: Map<string, Record<string, unknown>>): PluginSource {
  for (const [specifier, url] of imports) {
    const mod = modules.get(url)!;
    const exportPath = exportPathOf(mod, fn);
    if (!exportPath) continue;
    const name = packageNameOf(specifier);
    return { kind: 'package', name: specifier, version: packageVersion(fileURLToPath(url), name), module: url, exportPath };
  }
  return { kind: 'config', name: fn.name || 'a function of the config', fn };
}

/** Where `fn` is among a module's exports: `default`, a named export, or the default export's own `default` (CommonJS). */
function exportPathOf(mod: Record<string, unknown>, fn: PluginFunction): string[] | null {
  const inner = mod.default as Record<string, unknown> | undefined;
  if (mod.default === fn) return ['default'];
  if (inner && typeof inner === 'object' && inner.default === fn) return ['default', 'default'];
  for (const [name, value] of Object.entries(mod)) if (value === fn) return [name];
  if (inner && (typeof inner === 'object' || typeof inner === 'function')) {
    for (const [name, value] of Object.entries(inner)) if (value === fn) return ['default', name];
  }
  return null;
}

/** A plugin function out of its module, as `exportPath` names it (a module object whose default is a function stands for it). */
export function pluginFunction(mod: Record<string, unknown>, exportPath: string[]): PluginFunction {
  let value: unknown = mod;
  for (const key of exportPath) value = (value as Record<string, unknown>)[key];
  if (typeof value !== 'function' && typeof (value as { default?: unknown })?.default === 'function') value = (value as { default: unknown }).default;
  if (typeof value !== 'function') throw new Error(`the module has no function at ${exportPath.join('.')}`);
  return value as PluginFunction;
}

const packageNameOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);

/** The version of the package a file belongs to (its nearest package.json named so), or '' when none says. */
function packageVersion(file: string, name: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (json.name === name) return json.version ?? '';
    } catch {
      // not a readable manifest: keep looking up
    }
  }
  return '';
}

function cloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

/** Options as text for the fingerprint: functions by their source, cycles cut. */
function describe(value: unknown, seen = new Set<unknown>()): unknown {
  if (typeof value === 'function') return `function ${value.toString()}`;
  if (value instanceof RegExp) return `regexp ${String(value)}`;
  if (typeof value !== 'object' || value === null) return value === undefined ? null : value;
  if (seen.has(value)) return 'cycle';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => describe(item, seen));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, describe(item, seen)]));
}

/**
 * A copy of frozen options (the config is frozen) that a plugin may change: plain objects and
 * arrays are copied, anything else is kept.
 */
export function thawedOptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(thawedOptions);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, thawedOptions(item)]));
  }
  return value;
}
