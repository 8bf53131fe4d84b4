import type { DocsInstanceOptions, DocsVersionOptions } from '../config/types.js';
import { ConfigObject, describeValue, isObject } from './evaluated.js';
import { readPluginLists, type EvaluatedPluginLists } from './markdownPlugins.js';
import type { MigrationNotes } from './notes.js';
import type { Evaluated } from './sandbox.js';

/** A docs instance's options as the migration uses them (paths relative to the project, "/"-separated). */
export interface DocsOptions {
  /** 'default' for the preset's docs, or a docs plugin without an id. */
  id: string;
  /** Where the instance is in the config, for the report ("presets.classic.docs", "plugins.1"). */
  where: string;
  path: string;
  /** Without slashes at either end: '' serves the docs at the site root, as in Docusaurus. */
  routeBasePath: string;
  /** The sidebars file, `false` for no sidebars, undefined for one sidebar generated from the folder. */
  sidebarPath: string | false | undefined;
  editUrl: string | undefined;
  sidebarCollapsed: boolean;
  /** False for `numberPrefixParser: false`: number prefixes stay in ids, URLs and labels. */
  numberPrefixParser: boolean;
  /** The versioning options, as sipadocs takes them (see DocsInstanceOptions). */
  versioning: Pick<DocsInstanceOptions, 'lastVersion' | 'onlyIncludeVersions' | 'includeCurrentVersion' | 'disableVersioning' | 'versions'>;
  /** Its remark and rehype plugins, as evaluated (see markdownPlugins.ts). */
  markdownPlugins: EvaluatedPluginLists;
}

const DOCS_PLUGINS = new Set(['@docusaurus/plugin-content-docs', 'content-docs', 'docusaurus-plugin-content-docs']);

/** The package a plugin entry names, as written or as a resolved path ("…/node_modules/@docusaurus/plugin-content-docs/…"). */
function pluginPackage(entry: Evaluated): string | undefined {
  const head = Array.isArray(entry) ? entry[0] : entry;
  if (typeof head !== 'string') return undefined;
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(head)?.[1] ?? head;
}

/** Whether a `plugins` or `themes` entry is Docusaurus's docs plugin. */
export function isDocsPlugin(entry: Evaluated): boolean {
  const name = pluginPackage(entry);
  return name !== undefined && DOCS_PLUGINS.has(name);
}

/**
 * The docs plugins of a `plugins` (or `themes`) list: each with its options read as the preset's
 * docs are (see readDocsOptions); the other entries are returned for the caller to report.
 */
export function takeDocsPlugins(
  entries: Evaluated[],
  listName: string,
  relative: (file: string) => string,
  notes: MigrationNotes,
  editUrlOf: (options: ConfigObject) => string | undefined,
): { docs: DocsOptions[]; rest: Evaluated[] } {
  const docs: DocsOptions[] = [];
  const rest: Evaluated[] = [];
  entries.forEach((entry, i) => {
    if (!isDocsPlugin(entry)) {
      rest.push(entry);
      return;
    }
    const raw = Array.isArray(entry) ? entry[1] : undefined;
    const where = `${listName}.${i}`;
    const options = ConfigObject.of(Array.isArray(entry) ? `${where}.1` : where, isObject(raw) ? raw : {});
    const id = options.string('id') ?? 'default';
    docs.push(readDocsOptions(options, id, where, relative, notes, editUrlOf));
  });
  return { docs, rest };
}

const trimSlashes = (value: string) => value.replace(/^\/+|\/+$/g, '');

/**
 * A docs instance's options (the preset's `docs`, or a docs plugin's): its folder, route (the site
 * root included), sidebars, edit URL and versions, reporting what sipadocs has no place for.
 */
export function readDocsOptions(
  docs: ConfigObject,
  id: string,
  where: string,
  relative: (file: string) => string,
  notes: MigrationNotes,
  /** Reads the edit URL and reports the keys left: called once every other key is read. */
  editUrlOf: (options: ConfigObject) => string | undefined,
): DocsOptions {
  docs.ignore('id');
  const sidebarPath = docs.get('sidebarPath');
  const options: DocsOptions = {
    id,
    where,
    path: relative(docs.string('path') ?? (id === 'default' ? 'docs' : id)),
    routeBasePath: trimSlashes(docs.string('routeBasePath') ?? 'docs'),
    sidebarPath: typeof sidebarPath === 'string' ? relative(sidebarPath) : sidebarPath === false ? false : undefined,
    editUrl: undefined,
    // Docusaurus starts categories collapsed unless told otherwise.
    sidebarCollapsed: docs.boolean('sidebarCollapsed') ?? true,
    numberPrefixParser: readNumberPrefixParser(docs, notes),
    versioning: readVersioning(docs, notes),
    markdownPlugins: readPluginLists(docs),
  };
  if (sidebarPath === false) notes.notCarried(`${docs.path('sidebarPath')}: false`, 'a sipadocs site always has a docs sidebar; one generated from the docs folder was written');
  if (docs.get('sidebarCollapsible') === false) notes.notCarried(`${docs.path('sidebarCollapsible')}: false`, 'sipadocs sidebar categories can always be opened and closed');
  const tagsBasePath = docs.string('tagsBasePath');
  if (tagsBasePath !== undefined && trimSlashes(tagsBasePath) !== 'tags') {
    notes.notCarried(`${docs.path('tagsBasePath')}: "${tagsBasePath}"`, 'sipadocs serves the tags of each docs version under <version>/tags');
    notes.routesChanged = true;
  }
  if (docs.get('editCurrentVersion') === true) notes.notCarried(`${docs.path('editCurrentVersion')}: true`, 'the edit link of a stored version leads to its own file in versioned_docs');
  // Last: it reports the keys nothing read.
  options.editUrl = editUrlOf(docs);
  return options;
}

/**
 * `numberPrefixParser`: `false` is carried (prefixes are kept); a parser of the site's own cannot
 * run in sipadocs, which strips prefixes such as `01-` or `010_` as Docusaurus's default parser does.
 */
function readNumberPrefixParser(docs: ConfigObject, notes: MigrationNotes): boolean {
  const parser = docs.get('numberPrefixParser');
  if (parser === undefined || parser === true) return true;
  if (parser === false) return false;
  notes.notCarried(`${docs.path('numberPrefixParser')}: ${describeValue(parser)}`, 'a parser of your own cannot run in sipadocs, which strips number prefixes such as 01- or 010_ as Docusaurus does by default');
  return true;
}

const BANNERS = new Set(['none', 'unreleased', 'unmaintained']);

/** lastVersion, onlyIncludeVersions, includeCurrentVersion, disableVersioning and versions, which sipadocs reads as Docusaurus does. */
function readVersioning(docs: ConfigObject, notes: MigrationNotes): DocsOptions['versioning'] {
  const versioning: DocsOptions['versioning'] = {};
  const lastVersion = docs.string('lastVersion');
  if (lastVersion !== undefined) versioning.lastVersion = lastVersion;
  const only = docs.get('onlyIncludeVersions');
  if (Array.isArray(only) && only.every((name) => typeof name === 'string')) versioning.onlyIncludeVersions = only as string[];
  else if (only !== undefined) notes.notCarried(`${docs.path('onlyIncludeVersions')}`, 'a list of version names was expected');
  const includeCurrent = docs.boolean('includeCurrentVersion');
  if (includeCurrent !== undefined) versioning.includeCurrentVersion = includeCurrent;
  const disable = docs.boolean('disableVersioning');
  if (disable !== undefined) versioning.disableVersioning = disable;
  const versions = docs.object('versions');
  const carried: Record<string, DocsVersionOptions> = {};
  for (const name of Object.keys(versions.value)) {
    const version = versions.object(name);
    const options: DocsVersionOptions = {};
    for (const key of ['label', 'path', 'className'] as const) {
      const value = version.string(key);
      if (value !== undefined) options[key] = value;
    }
    const banner = version.string('banner');
    if (banner !== undefined && BANNERS.has(banner)) options.banner = banner as DocsVersionOptions['banner'];
    else if (banner !== undefined) notes.notCarried(`${version.path('banner')}: "${banner}"`, 'a banner is "none", "unreleased" or "unmaintained"');
    for (const key of ['badge', 'noIndex'] as const) {
      const value = version.boolean(key);
      if (value !== undefined) options[key] = value;
    }
    version.reportRest(notes);
    carried[name] = options;
  }
  if (Object.keys(carried).length > 0) versioning.versions = carried;
  return versioning;
}

