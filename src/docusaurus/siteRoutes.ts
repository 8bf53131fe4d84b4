import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import type { SiteModel } from '../model/model.js';
import { scanSources } from '../model/scan.js';
import { parsesNumberPrefixes } from '../model/docs.js';
import { parseFrontMatter } from '../model/frontMatter.js';
import { firstPageOf } from '../model/sidebar.js';
import { CURRENT_VERSION } from '../model/docsVersions.js';
import { loadVersionSidebars } from '../model/loadSidebars.js';
import { readDocsInstances } from '../model/readDocsInstances.js';
import { buildSiteModel, versionKey, type LoadedSidebars } from '../model/siteModel.js';
import type { SidebarItem } from '../shared/types.js';
import { docusaurusDocRoute, docusaurusPostRoute } from './docusaurusRoutes.js';
import type { DocRoutes } from './translateTheme.js';

/**
 * Reads the written site the way a build does, up to its model of docs, sidebars, posts and pages.
 * `sidebars` are the current sidebars of each docs instance, by id, as its sidebars file will hold
 * them; stored versions' sidebars are read from their files.
 */
export async function readSiteModel(config: SiteConfig, sidebars: ReadonlyMap<string, LoadedSidebars>): Promise<SiteModel> {
  const instances = readDocsInstances(config);
  const files = await scanSources(config, instances);
  const sources = files.map((file) => ({ ...file, text: readFileSync(file.absPath, 'utf8') }));
  const storedVersions = instances.map((instance) => ({ ...instance, versions: instance.versions.filter((version) => version.name !== CURRENT_VERSION) }));
  const stored = await loadVersionSidebars(config, storedVersions);
  for (const [id, loaded] of sidebars) stored.set(versionKey(id, CURRENT_VERSION), loaded);
  const main = sidebars.get('default') ?? { config: null, file: '' };
  return buildSiteModel(config, sources, main.config, main.file, { docs: { instances, sidebars: stored } });
}

/** A doc or post whose sipadocs route is not the one Docusaurus gave it, and the slug that moves it there. */
export interface RouteFix {
  /** Site-relative source file. */
  relPath: string;
  text: string;
  slug: string;
  docusaurusRoute: string;
  sipadocsRoute: string;
}

/**
 * Compares each doc's and post's route with the one Docusaurus gives it (see docusaurusRoutes)
 * and returns the front-matter `slug` that makes them equal where they differ: Docusaurus dates
 * the routes of posts named by date, and serves `index.md`, `README.md` and a file named like its
 * folder at the folder's route.
 */
export function routeFixes(model: SiteModel, config: SiteConfig): RouteFix[] {
  const fixes: RouteFix[] = [];
  const blogBase = `/${config.blog.routeBasePath}`.replace(/^\/\/+/, '/');
  const versions = new Map(model.docsInstances.flatMap((instance) => instance.versions.map((version) => [versionKey(version.pluginId, version.name), version] as const)));
  for (const doc of model.docs) {
    const docsBase = versions.get(versionKey(doc.pluginId, doc.version))!.routeBase;
    const rel = path.posix.relative(doc.docsDir, doc.source.relPath);
    const expected = docusaurusDocRoute(rel, doc.frontMatter, docsBase, parsesNumberPrefixes(config, doc.pluginId));
    if (expected === doc.route) continue;
    // An absolute slug is the route below the version's base path.
    const slug = expected === docsBase ? '/' : expected.slice(docsBase === '/' ? 0 : docsBase.length);
    fixes.push({ relPath: doc.source.relPath, text: doc.source.text, slug, docusaurusRoute: expected, sipadocsRoute: doc.route });
  }
  for (const post of model.posts) {
    const rel = path.posix.relative(config.blog.path, post.source.relPath);
    const expected = docusaurusPostRoute(rel, parseFrontMatter(post.source.text, post.source.relPath).data, config.blog.routeBasePath);
    if (expected === post.route) continue;
    // The slug is the route below the blog's base path (which may be the site root).
    fixes.push({ relPath: post.source.relPath, text: post.source.text, slug: expected.slice(blogBase === '/' ? 1 : blogBase.length + 1), docusaurusRoute: expected, sipadocsRoute: post.route });
  }
  return fixes;
}

/** Doc routes and sidebars of the model, for navbar items that name a doc or a sidebar. */
export function docRoutesOf(model: SiteModel): DocRoutes {
  // Navbar items name docs and sidebars of the version at the base path, the default instance's first.
  const last = new Set(model.docsInstances.map((instance) => versionKey(instance.id, instance.lastVersion)));
  const byInstance = (pluginId: string) => (pluginId === 'default' ? 1 : 0);
  const docs = new Map(
    model.docs
      .filter((doc) => last.has(versionKey(doc.pluginId, doc.version)))
      .sort((a, b) => byInstance(a.pluginId) - byInstance(b.pluginId))
      .map((doc) => [doc.id, doc]),
  );
  const sidebars = new Map(
    model.sidebars
      .filter((sidebar) => last.has(versionKey(sidebar.pluginId, sidebar.version)))
      .sort((a, b) => byInstance(a.pluginId) - byInstance(b.pluginId))
      .map((sidebar) => [sidebar.name, sidebar]),
  );
  return {
    docRoute: (id) => docs.get(id)?.route,
    sidebarOf: (id) => {
      const doc = docs.get(id);
      return doc ? model.placements.get(doc.route)?.sidebarId : undefined;
    },
    sidebarFirstRoute: (id) => {
      const sidebar = sidebars.get(id);
      return sidebar ? firstPageOf(sidebar) : undefined;
    },
    sidebarBasePath: (id) => {
      const sidebar = sidebars.get(id);
      if (!sidebar) return undefined;
      // The docs' shared folder, unless pages of another sidebar are in it too (two items would
      // then be active at once); generated category indexes share /docs/category and do not count.
      const prefix = commonPrefix(docRoutesIn(sidebar.items));
      const others = [...sidebars.values()].filter((other) => other !== sidebar).flatMap((other) => docRoutesIn(other.items));
      return prefix && !others.some((route) => route === prefix || route.startsWith(`${prefix}/`)) ? prefix : undefined;
    },
  };
}

/** No docs model (the docs have errors): navbar items naming docs cannot be resolved. */
export const NO_DOC_ROUTES: DocRoutes = {
  docRoute: () => undefined,
  sidebarOf: () => undefined,
  sidebarFirstRoute: () => undefined,
  sidebarBasePath: () => undefined,
};

function docRoutesIn(items: SidebarItem[]): string[] {
  return items.flatMap((item) => {
    if (item.type === 'link') return [item.href];
    if (item.type === 'category') return docRoutesIn(item.items);
    return [];
  });
}

/** "/docs/a/b" and "/docs/a/c" → "/docs/a"; undefined when only "/" is shared. */
function commonPrefix(routes: string[]): string | undefined {
  if (routes.length === 0) return undefined;
  let shared = routes[0]!.split('/').filter(Boolean);
  for (const route of routes.slice(1)) {
    const parts = route.split('/').filter(Boolean);
    let n = 0;
    while (n < shared.length && shared[n] === parts[n]) n++;
    shared = shared.slice(0, n);
  }
  return shared.length > 0 ? `/${shared.join('/')}` : undefined;
}
