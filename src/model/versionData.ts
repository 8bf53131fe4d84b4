import type { DocsInstanceVersions, DocVersionData, NavItem } from '../shared/types.js';
import { firstPageOf } from './sidebar.js';
import { isVersioned, type DocsVersion } from './docsVersions.js';
import type { CategoryIndex, Doc, SiteModel } from './model.js';

/** What pages and the site data say of docs versions (see DocVersionData, DocsInstanceVersions). */
export interface VersionData {
  /** A doc's or category index's version, when its docs instance has several. */
  of(page: Doc | CategoryIndex): DocVersionData | undefined;
  /** The versions of each docs instance that has several; undefined when none has. */
  site: Record<string, DocsInstanceVersions> | undefined;
}

/**
 * The versions of the model's docs instances as the theme shows them. A doc's page in other
 * versions is the doc of the same id; a category index's, the index at the same place below the
 * version's base path. A version's main doc is the doc at its base path, else the first doc of
 * its first sidebar, else its first doc, as in Docusaurus.
 */
export function versionData(model: SiteModel): VersionData {
  const versioned = model.docsInstances.filter(isVersioned);
  if (versioned.length === 0) return { of: () => undefined, site: undefined };
  const versions = new Map(versioned.flatMap((instance) => instance.versions.map((version) => [`${version.pluginId}@${version.name}`, { instance, version }] as const)));
  // Routes of each versioned instance's pages by doc id (or, for category indexes, by route below the version's base), then by version name.
  const byDocId = new Map<string, Map<string, Record<string, string>>>();
  const byTail = new Map<string, Map<string, Record<string, string>>>();
  const record = (table: Map<string, Map<string, Record<string, string>>>, pluginId: string, key: string, version: string, route: string) => {
    let instance = table.get(pluginId);
    if (!instance) table.set(pluginId, (instance = new Map()));
    let routes = instance.get(key);
    if (!routes) instance.set(key, (routes = {}));
    routes[version] = route;
  };
  const tailOf = (version: DocsVersion, route: string) => (route === version.routeBase ? '' : route.slice(version.routeBase === '/' ? 0 : version.routeBase.length));
  for (const doc of model.docs) if (versions.has(`${doc.pluginId}@${doc.version}`)) record(byDocId, doc.pluginId, doc.id, doc.version, doc.route);
  for (const index of model.categoryIndexes) {
    const found = versions.get(`${index.pluginId}@${index.version}`);
    if (found) record(byTail, index.pluginId, tailOf(found.version, index.route), index.version, index.route);
  }
  const site: Record<string, DocsInstanceVersions> = {};
  for (const instance of versioned) site[instance.id] = { versions: instance.versions.map((version) => ({ name: version.name, label: version.label, path: version.routeBase, mainDoc: mainDocOf(model, version) })), lastVersion: instance.lastVersion };

  return {
    site,
    of(page) {
      const found = versions.get(`${page.pluginId}@${page.version}`);
      if (!found) return undefined;
      const { version } = found;
      const routes = 'source' in page ? byDocId.get(page.pluginId)?.get(page.id) : byTail.get(page.pluginId)?.get(tailOf(version, page.route));
      const alternates = Object.fromEntries(Object.entries(routes ?? {}).filter(([name]) => name !== version.name));
      const data: DocVersionData = { pluginId: version.pluginId, name: version.name, label: version.label, banner: version.banner, badge: version.badge, alternates };
      if (version.className) data.className = version.className;
      return data;
    },
  };
}

/** A version's main doc (see versionData); its base path when it has no doc. */
function mainDocOf(model: SiteModel, version: DocsVersion): string {
  const docs = model.docs.filter((doc) => doc.pluginId === version.pluginId && doc.version === version.name);
  const atRoot = docs.find((doc) => doc.route === version.routeBase);
  if (atRoot) return atRoot.route;
  const sidebar = model.sidebars.find((s) => s.pluginId === version.pluginId && s.version === version.name);
  const first = sidebar && firstDocOf(sidebar.items, docs);
  return first ?? docs[0]?.route ?? version.routeBase;
}

/** The route of the first doc a sidebar links to (a category's own page counts when it is a doc). */
function firstDocOf(items: Parameters<typeof firstPageOf>[0]['items'], docs: Doc[]): string | undefined {
  const routes = new Set(docs.map((doc) => doc.route));
  const walk = (list: typeof items): string | undefined => {
    for (const item of list) {
      if (item.type === 'link' && routes.has(item.href)) return item.href;
      if (item.type === 'category') {
        if (item.href && routes.has(item.href)) return item.href;
        const inner = walk(item.items);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  return walk(items);
}


/**
 * Navbar items linking to a doc of a docs instance with several versions get the doc's route in
 * each version (`docVersions`), so the theme leads them to the version the visitor is in, prefers,
 * or else the last one, as Docusaurus's doc links do.
 */
export function withDocVersions(items: NavItem[], model: SiteModel): NavItem[] {
  const versioned = new Set(model.docsInstances.filter(isVersioned).map((instance) => instance.id));
  if (versioned.size === 0) return items;
  const byRoute = new Map(model.docs.filter((doc) => versioned.has(doc.pluginId)).map((doc) => [doc.route, doc]));
  const routesOf = new Map<string, Record<string, string>>();
  for (const doc of model.docs) {
    if (!versioned.has(doc.pluginId)) continue;
    const key = `${doc.pluginId}\0${doc.id}`;
    routesOf.set(key, { ...routesOf.get(key), [doc.version]: doc.route });
  }
  const withVersions = (list: NavItem[]): NavItem[] =>
    list.map((item) => {
      if (item.items) return { ...item, items: withVersions(item.items) };
      const doc = item.to !== undefined && (item.type ?? 'link') === 'link' ? byRoute.get(item.to) : undefined;
      return doc ? { ...item, docVersions: { pluginId: doc.pluginId, routes: routesOf.get(`${doc.pluginId}\0${doc.id}`)! } } : item;
    });
  return withVersions(items);
}
