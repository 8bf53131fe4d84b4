import type { DocsInstanceConfig, DocsInstanceOptions, UserConfig } from './types.js';

/** The id of the site's own `docs`, as Docusaurus names its docs plugin without an `id`. */
export const DEFAULT_DOCS_ID = 'default';

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

/** One docs instance with every default filled in. */
export function docsInstanceConfig(id: string, options: DocsInstanceOptions | undefined, fallbackPath: string, fallbackRoute: string): DocsInstanceConfig {
  return {
    id,
    path: options?.path ?? fallbackPath,
    routeBasePath: trimSlashes(options?.routeBasePath ?? fallbackRoute),
    sidebarPath: options?.sidebarPath ?? '',
    editUrl: options?.editUrl ?? '',
    sidebarCollapsed: options?.sidebarCollapsed ?? false,
    numberPrefixParser: options?.numberPrefixParser !== false,
    lastVersion: options?.lastVersion ?? null,
    onlyIncludeVersions: options?.onlyIncludeVersions ? [...options.onlyIncludeVersions] : null,
    includeCurrentVersion: options?.includeCurrentVersion ?? true,
    disableVersioning: options?.disableVersioning ?? false,
    versions: structuredClone(options?.versions ?? {}),
  };
}

/**
 * Every docs instance of a config: its `docs` (id 'default', folder `docs`, route `/docs`) then each
 * of `docsInstances`, whose folder and route default to its id, as Docusaurus's do not: there each
 * instance must name them.
 */
export function docsInstancesOf(user: UserConfig): DocsInstanceConfig[] {
  const main = docsInstanceConfig(DEFAULT_DOCS_ID, user.docs, 'docs', 'docs');
  // The current version's label has its own older key (`docs.version.label`).
  if (user.docs?.version?.label !== undefined && main.versions.current?.label === undefined) {
    main.versions.current = { ...main.versions.current, label: user.docs.version.label };
  }
  return [main, ...(user.docsInstances ?? []).map((options) => docsInstanceConfig(options.id, options, options.id, options.id))];
}
