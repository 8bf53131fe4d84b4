import { readFileSync } from 'node:fs';
import path from 'node:path';
import { siteStylesheets } from '../../bundle/infima.js';
import type { SiteThemeFolder } from '../../bundle/themeOverrides.js';
import { routeEntryName, type VirtualSources } from '../../bundle/virtualModules.js';
import { clientSiteData } from '../../config/normalize.js';
import { siteLocale } from '../../config/siteLocale.js';
import type { SiteConfig } from '../../config/types.js';
import { resolveLastUpdate } from '../../model/lastUpdate.js';
import type { SiteModel } from '../../model/model.js';
import { resolveDocNavItems } from '../../model/navItems.js';
import { planListPages } from '../../model/sidebarLists.js';
import { planRoutes, type PlannedRoute } from '../../model/routes.js';
import { versionData, withDocVersions } from '../../model/versionData.js';
import { planFeeds, type PlannedFeed } from '../../outputs/feeds.js';
import { planRedirects, type Redirect } from '../../outputs/redirects.js';
import { mermaidRuntimeUrl } from '../../outputs/mermaidRuntime.js';
import { ASSET_DIR } from '../../bundle/bundleSite.js';
import { siteBase } from '../../outputs/siteUrl.js';
import { addSearchTags, algoliaSiteData } from '../../search/algolia.js';
import type { ClientSiteData, LastUpdate } from '../../shared/types.js';
import type { GitHistory } from '../gitHistory.js';
import { contentSources, type CompiledSite } from './compile.js';
import type { BuildReport } from '../session.js';

/** The site as the later stages build it: its routes, feeds and what the bundlers are given. */
export interface SitePlan extends PlanInput {
  routes: PlannedRoute[];
  /** The addresses that lead elsewhere (see outputs/redirects.ts). */
  redirects: Redirect[];
  feeds: PlannedFeed[];
  /** The site's absolute URL with its base path (see siteBase). */
  base: string;
  /** What every page's runtime knows of the site. */
  siteData: ClientSiteData;
  /** What the bundlers build (see virtualModules.ts). */
  virtual: VirtualSources;
  /** Each route's entry name in `virtual`, for routes with content. */
  entryNames: Map<string, string>;
}

/** What a plan is made from: the earlier stages' results. */
export interface PlanInput {
  config: SiteConfig;
  model: SiteModel;
  /** Each file's last commit (see gitHistory.ts). */
  history: GitHistory;
  /** The files of the static folder (see scanSite). */
  staticFiles: string[];
  /** The site's replacements of theme components (see scanSite). */
  theme: SiteThemeFolder;
}

/** The `routes` stage: every route of the site (duplicate paths are reported), its feeds and the bundlers' sources. */
export function planSite(input: PlanInput, compiled: CompiledSite, report: BuildReport): SitePlan {
  const { config, model, history } = input;
  const plan = planRoutes(model, compiled.pages, config, lastUpdates(model, history, config));
  for (const warning of plan.warnings) report.warn(warning);
  // The pages of the sidebars' long lists, which their gaps link to (see sidebarLists.ts).
  plan.routes.push(...planListPages(model));
  const feeds = planFeeds(model, plan.routes, config);
  // Checked before anything is rendered: feeds, the sitemap and page markdown need the site's absolute URL.
  const base = siteBase(config);
  const siteData = clientSiteData(config, plan.routes.filter((r) => r.data.kind === 'page').map((r) => r.path), resolveDocNavItems(config, model));
  if (config.markdown.mermaid) siteData.mermaid = { runtime: mermaidRuntimeUrl(config.baseUrl, ASSET_DIR) };
  const docsVersions = versionData(model).site;
  if (docsVersions) {
    siteData.docsVersions = docsVersions;
    siteData.navbar.items = withDocVersions(siteData.navbar.items, model);
  }
  if (config.algolia) {
    siteData.algolia = algoliaSiteData(config.algolia, model, siteData.locale.name);
    addSearchTags(plan.routes, model);
  }
  const { virtual, entryNames } = virtualSources(plan.routes, compiled, model, config, siteData, input.theme);
  const redirects = siteRedirects(config, plan.routes, input.staticFiles, report);
  return { ...input, routes: plan.routes, redirects, feeds, base, siteData, virtual, entryNames };
}

/** The config's redirects, checked against the routes and static files; addresses that are pages are left out with a warning. */
function siteRedirects(config: SiteConfig, routes: PlannedRoute[], staticFiles: string[], report: BuildReport): Redirect[] {
  const { pages, prefixes, fromExtensions, toExtensions } = config.redirects;
  if (pages.length + prefixes.length + fromExtensions.length + toExtensions.length === 0) return [];
  const plan = planRedirects(config.redirects, {
    routes: new Set(routes.map((route) => route.path)),
    staticFiles: new Set(staticFiles.map((file) => `/${file}`)),
    configFile: config.configFile,
    configText: readFileSync(config.configFile, 'utf8'),
  });
  if (plan.skipped.length > 0) {
    const shown = plan.skipped.slice(0, 5).join(', ');
    report.warn(`redirects from ${shown}${plan.skipped.length > 5 ? ` and ${plan.skipped.length - 5} more` : ''} left out: each is a page or file of the site, which a redirect would hide`);
  }
  return plan.redirects;
}

/** Each doc's last change (git, front matter), by site-relative source path; docs with none are left out. */
function lastUpdates(model: SiteModel, history: GitHistory, config: SiteConfig): Map<string, LastUpdate> {
  const updates = new Map<string, LastUpdate>();
  const locale = siteLocale(config);
  for (const doc of model.docs) {
    const update = resolveLastUpdate(history.get(doc.source.relPath), doc.frontMatter, locale);
    if (update) updates.set(doc.source.relPath, update);
  }
  return updates;
}

function virtualSources(routes: PlannedRoute[], compiled: CompiledSite, model: SiteModel, config: SiteConfig, siteData: ClientSiteData, theme: SiteThemeFolder) {
  const modules: VirtualSources['modules'] = new Map();
  for (const source of contentSources(model)) {
    const page = compiled.pages.get(source.relPath)!;
    // Getters: a cached page's code is read from disk only if something bundles or renders it.
    modules.set(source.relPath, {
      get code() {
        return page.code;
      },
      get excerptCode() {
        return page.excerptCode;
      },
      absPath: source.absPath,
      key: compiled.keys.get(source.relPath)!,
    });
  }
  const routeEntries: VirtualSources['routeEntries'] = new Map();
  const entryNames = new Map<string, string>();
  for (const route of routes) {
    if (!route.content) continue;
    let name = routeEntryName(route.path);
    for (let n = 2; routeEntries.has(name); n++) name = `${routeEntryName(route.path)}-${n}`;
    routeEntries.set(name, { content: route.content });
    entryNames.set(route.path, name);
  }
  const customCss = siteStylesheets(config.customCss.map((file) => path.resolve(config.siteDir, file)), routes, theme.overrides);
  return { entryNames, virtual: { modules, routeEntries, siteData, customCss, siteDir: config.siteDir, staticDir: path.resolve(config.siteDir, config.staticDir), themeOverrides: theme.overrides, themeModules: theme.modules, sass: config.sass ? { siteDir: config.siteDir } : null, svgComponents: config.svgImports === 'component', idealImage: config.images.idealImage, ...(config.project?.missingFiles.size ? { missingFiles: config.project.missingFiles } : {}) } satisfies VirtualSources };
}
