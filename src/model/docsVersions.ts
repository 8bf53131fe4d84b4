import { DEFAULT_DOCS_ID } from '../config/docsInstances.js';
import type { DocsInstanceConfig } from '../config/types.js';

/** The name of the docs folder's own version, as Docusaurus names it. */
export const CURRENT_VERSION = 'current';

/** One version of a docs instance: where its files are, where it is served and how it is shown. */
export interface DocsVersion {
  /** The docs instance's id. */
  pluginId: string;
  /** 'current' for the docs folder, else its name in versions.json. */
  name: string;
  label: string;
  /** The route its docs start at: "/docs", "/docs/next", "/docs/1.0", or "/" for docs at the root. */
  routeBase: string;
  /** The folder of its docs, relative to the site ("docs", "versioned_docs/version-1.0"). */
  docsDir: string;
  /**
   * Its sidebars file, relative to the site: the config's `sidebarPath` for the current version
   * ('' for one sidebar generated from the folder), the JSON of `versioned_sidebars` for the
   * others, or null when that file is missing (the version then has no sidebar, as in Docusaurus).
   */
  sidebarsFile: string | null;
  /** The version served at the docs' base path ("latest"). */
  isLast: boolean;
  banner: 'unreleased' | 'unmaintained' | null;
  /** "Version: <label>" is shown on its docs. */
  badge: boolean;
  noIndex: boolean;
  className: string;
}

/** A docs instance as a build sees it: its settings and its versions, newest first. */
export interface DocsInstance {
  id: string;
  config: DocsInstanceConfig;
  /** Newest first: the current version (when included), then versions.json's order. */
  versions: DocsVersion[];
  /** The name of the version served at the base path. */
  lastVersion: string;
}

/** A docs instance has several versions: its docs show a version badge, banners and a version dropdown. */
export const isVersioned = (instance: DocsInstance) => instance.versions.length > 1;

/** The prefix of an instance's versioning files: none for the default instance, "<id>_" for others. */
const filePrefix = (pluginId: string) => (pluginId === DEFAULT_DOCS_ID ? '' : `${pluginId}_`);

/** The file listing an instance's versions, newest first: "versions.json", "community_versions.json". */
export const versionsFileOf = (pluginId: string) => `${filePrefix(pluginId)}versions.json`;
/** The folder of a stored version's docs: "versioned_docs/version-1.0". */
export const versionedDocsDirOf = (pluginId: string, name: string) => `${filePrefix(pluginId)}versioned_docs/version-${name}`;
/** A stored version's sidebars: "versioned_sidebars/version-1.0-sidebars.json". */
export const versionedSidebarsFileOf = (pluginId: string, name: string) => `${filePrefix(pluginId)}versioned_sidebars/version-${name}-sidebars.json`;

/** "/" + parts joined, without repeated or trailing slashes. */
export function joinRoute(...parts: string[]): string {
  return `/${parts.join('/')}`.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
}

/**
 * The versions of a docs instance by Docusaurus's rules, from the names in its versions file
 * (newest first) and which stored versions have a sidebars file:
 * - the versions are the current one (unless `includeCurrentVersion` is false) then the stored
 *   ones, all narrowed to `onlyIncludeVersions`; `disableVersioning` ignores the stored ones;
 * - the last version is `lastVersion`, else the newest stored one, else the current one; it is
 *   served at the base path, the current one at "next", others at their name (`path` overrides);
 * - versions newer than the last are "unreleased", older ones "unmaintained" (`banner` overrides);
 * - the badge shows when there are several versions (`badge` overrides).
 *
 * Returns the problems of the settings (a version named that does not exist) instead of versions.
 */
export function planDocsVersions(
  config: DocsInstanceConfig,
  storedNames: string[],
  hasSidebarsFile: (file: string) => boolean,
): { versions: DocsVersion[]; lastVersion: string } | { problems: string[] } {
  const stored = config.disableVersioning ? [] : storedNames;
  const all = [...(config.includeCurrentVersion ? [CURRENT_VERSION] : []), ...stored];
  const problems: string[] = [];
  const unknown = (key: string, name: string) => problems.push(`${key} names version "${name}", which does not exist (versions: ${all.map((n) => `"${n}"`).join(', ') || 'none'})`);
  if (all.length === 0) problems.push('there is no version to build: includeCurrentVersion is false and no version is stored');
  for (const name of config.onlyIncludeVersions ?? []) if (!all.includes(name)) unknown('onlyIncludeVersions', name);
  for (const name of Object.keys(config.versions)) if (!all.includes(name)) unknown('versions', name);
  const included = config.onlyIncludeVersions ? all.filter((name) => config.onlyIncludeVersions!.includes(name)) : all;
  const lastVersion = config.lastVersion ?? stored.find((name) => included.includes(name)) ?? included[0];
  if (config.lastVersion !== null && !included.includes(config.lastVersion)) unknown('lastVersion', config.lastVersion);
  if (problems.length > 0 || lastVersion === undefined) return { problems };

  const versions = included.map((name): DocsVersion => {
    const options = config.versions[name] ?? {};
    const isLast = name === lastVersion;
    const defaultPath = isLast ? '' : name === CURRENT_VERSION ? 'next' : name;
    const defaultBanner = isLast ? null : included.indexOf(name) < included.indexOf(lastVersion) ? 'unreleased' : 'unmaintained';
    const isCurrent = name === CURRENT_VERSION;
    const sidebarsFile = isCurrent ? config.sidebarPath : versionedSidebarsFileOf(config.id, name);
    return {
      pluginId: config.id,
      name,
      label: options.label ?? (isCurrent ? 'Next' : name),
      routeBase: joinRoute(config.routeBasePath, options.path ?? defaultPath),
      docsDir: isCurrent ? config.path.replace(/^\.\/+|\/+$/g, '') : versionedDocsDirOf(config.id, name),
      sidebarsFile: isCurrent || hasSidebarsFile(sidebarsFile) ? sidebarsFile : null,
      isLast,
      banner: options.banner === 'none' ? null : (options.banner ?? defaultBanner),
      badge: options.badge ?? included.length > 1,
      noIndex: options.noIndex ?? false,
      className: options.className ?? '',
    };
  });
  return { versions, lastVersion };
}
