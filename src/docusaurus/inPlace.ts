import { basePluginSiteConfig } from '../plugins/loadPlugins.js';
import fg from 'fast-glob';
import path from 'node:path';
import type { ProjectReading } from '../config/projectReading.js';
import { normalizeConfig } from '../config/normalize.js';
import { configSchema } from '../config/schema.js';
import { pluginListsByScope, resolveSitePlugins, PLUGIN_LIST_KEYS, type ConfigImports } from '../config/sitePlugins.js';
import type { SiteConfig, UserConfig } from '../config/types.js';
import type { ConfiguredSitePlugin, PluginFactory } from '../config/pluginApi.js';
import { createRequire } from 'node:module';
import { validate } from '../config/validate.js';
import { versionedSidebarsFileOf, versionsFileOf } from '../model/docsVersions.js';
import { SiteError } from '../errors.js';
import { isObject, isMarker, type EvaluatedObject } from './evaluated.js';
import type { LiveValues } from './liveEvaluation.js';
import type { EvaluatedPluginLists } from './markdownPlugins.js';
import { providedInPlace } from './packageImports.js';
import { placeholderPath, placeholderText, readReactPages, titleOfRoute, layoutProps, withoutExtension } from './projectPages.js';
import { NO_COUNTERPART, readSwizzled } from './projectTheme.js';
import { importsOf, missingPackagesOf } from './liveEvaluation.js';
import { docusaurusConfigIn, readDocusaurusProject, type DocusaurusProject } from './readProject.js';
import type { Evaluated } from './sandbox.js';
import { algoliaSearchRoute } from './searchPage.js';
import { sipadocsConfigOf, type SiteLayout } from './siteConfig.js';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';

/**
 * Reads a Docusaurus project as the site sipadocs builds where it stands: its config run as
 * Docusaurus runs it (with the project's packages), its content where it is, its remark and
 * rehype plugins imported from the project. Nothing of the project is written or copied; what it
 * has that the build does not is in `project.notBuilt`, for the build to print once.
 *
 * Throws DOCUSAURUS_LOAD_FAILED when the project's packages are not installed or its config
 * cannot be read.
 */
export async function loadDocusaurusSite(projectDir: string): Promise<SiteConfig> {
  projectDir = path.resolve(projectDir);
  const configFile = docusaurusConfigIn(projectDir);
  // What the config imports, read once: the packages it needs, and the files a watch session watches.
  const imports = configFile ? await importsOf(configFile) : null;
  const missing = configFile ? await missingPackagesOf(configFile, imports!.packages) : [];
  if (configFile && missing.length > 0) {
    throw new SiteError({
      code: 'DOCUSAURUS_LOAD_FAILED',
      message: `${path.basename(configFile)} imports packages that are not installed: ${missing.join(', ')}`,
      location: { file: configFile },
      hint: 'Install the project\'s packages first (npm install in the project): sipadocs runs its config and plugins with them, as Docusaurus does.',
    });
  }
  const project = await readDocusaurusProject(projectDir, { evaluation: 'live' });
  const layout = await inPlaceLayout(project);
  const user = sipadocsConfigOf(project, layout);
  const issues = validate(user, configSchema);
  if (issues.length > 0) {
    throw new SiteError({
      code: 'DOCUSAURUS_LOAD_FAILED',
      message: `the project's config does not translate into a valid sipadocs config (${issues.map((issue) => issue.message).join('; ')})`,
      location: { file: project.configFile },
      hint: 'This is a gap in how sipadocs reads Docusaurus configs; the message says which setting.',
    });
  }
  const plugins = await projectPlugins(project, user);
  const reading = await readingOf(project, layout, imports?.files ?? [project.configFile]);
  const config = normalizeConfig(user, projectDir, project.configFile, plugins);
  return { ...config, plugins: runnablePlugins(project), project: { ...reading, siteConfig: pluginSiteConfig(project, config) } };
}

/** Where the project keeps each part: its own folders, as its config names them. */
async function inPlaceLayout(project: DocusaurusProject): Promise<SiteLayout> {
  const { site, notes } = project;
  const [staticDir = 'static', ...moreStatic] = site.staticDirs;
  for (const dir of moreStatic) notes.notCarried(`static folder ${dir}`, `sipadocs copies one static folder (${staticDir}/)`);
  const blogPath = site.blog?.path ?? 'blog';
  const posts = site.blog ? (await fg('**/*.{md,mdx}', { cwd: path.join(project.projectDir, blogPath), ignore: ['**/_*', '**/_*/**'] }).catch(() => [])).length : 0;
  return {
    docsPaths: new Map(project.docs.map((docs) => [docs.id, docs.path])),
    sidebarsFiles: new Map(project.docs.map((docs) => [docs.id, typeof docs.sidebarPath === 'string' ? `./${docs.sidebarPath}` : ''])),
    blogPath,
    pagesPath: site.pagesPath ?? 'src/pages',
    staticDir,
    customCss: site.customCss,
    posts,
  };
}

/**
 * The content decisions of a build in place (see ProjectReading): the sidebars read, the React
 * pages and swizzled components the build leaves out and why, the data files pages import that
 * the project makes before it builds, the search page of Algolia's theme.
 *
 * @param configFiles the config and the project files it imports (see importsOf)
 */
async function readingOf(project: DocusaurusProject, layout: SiteLayout, configFiles: string[]): Promise<ProjectReading> {
  const { projectDir, notes, bounds, site } = project;
  const sidebars: ProjectReading['sidebars'] = new Map();
  for (const docs of project.docs) {
    const given = project.sidebars.get(docs.id);
    const file = typeof docs.sidebarPath === 'string' ? path.join(projectDir, docs.sidebarPath) : project.configFile;
    if (given) sidebars.set(`${docs.id}@current`, { config: given, file });
  }
  for (const [key, stored] of project.versionSidebars) sidebars.set(key, stored);

  const replacedPages: ProjectReading['replacedPages'] = new Map();
  const missingFiles: ProjectReading['missingFiles'] = new Map();
  if (site.pagesPath !== null) {
    for (const page of await readReactPages(projectDir, layout.pagesPath, providedInPlace, bounds)) {
      for (const data of page.graph.missingData) {
        if (missingFiles.has(data.file)) continue;
        missingFiles.set(data.file, '[]\n');
        notes.notCarried(path.relative(projectDir, data.file), `not in the project (a script makes it before Docusaurus builds, maybe); ${path.relative(projectDir, data.importer)} gets an empty list`);
      }
      if (page.notBuilt === null) continue;
      const placeholder = placeholderPath(page.projectPath);
      const hasMarkdown = (await fg(`${withoutExtension(page.projectPath)}.{md,mdx}`, { cwd: projectDir })).length > 0;
      if (!hasMarkdown && !replacedPages.has(page.projectPath)) {
        const title = layoutProps(readFileSync(path.join(projectDir, page.projectPath), 'utf8')).title ?? titleOfRoute(page.route);
        replacedPages.set(page.projectPath, { relPath: placeholder, text: placeholderText(page.projectPath, title, page.notBuilt) });
      }
      notes.notCarried(`React page ${page.projectPath} (route ${page.route})`, `${page.notBuilt}${hasMarkdown ? '' : '; a page saying so keeps its route'}`);
    }
  }

  const themeFilesLeftOut = new Set<string>();
  const themeDir = path.join(projectDir, 'src', 'theme');
  if (existsSync(themeDir)) {
    const files = (await fg('**/*', { cwd: themeDir, ignore: ['**/node_modules/**'] })).map((rel) => ({ from: path.join(themeDir, rel), rel }));
    const { components, others } = await readSwizzled(projectDir, files, providedInPlace);
    for (const component of components) {
      if (component.notBuilt === null) continue;
      const main = files.find(({ rel }) => rel.replace(/\.(?:[cm]?[jt]sx?)$/, '').replace(/\/index$/, '') === component.name);
      if (main) themeFilesLeftOut.add(main.from);
      notes.notCarried(`swizzled component ${component.name} (src/theme/${component.name})`, component.notBuilt);
    }
    for (const name of others) notes.notCarried(`swizzled component ${name} (src/theme/${name})`, NO_COUNTERPART());
  }

  const searchRoute = algoliaSearchRoute(site.themeConfig);
  const files = [...configFiles, ...[...sidebars.values()].map((loaded) => loaded.file)];
  for (const docs of project.docs) files.push(path.join(projectDir, versionsFileOf(docs.id)));
  for (const key of project.versionSidebars.keys()) {
    const [id, version] = [key.slice(0, key.indexOf('@')), key.slice(key.indexOf('@') + 1)];
    files.push(path.join(projectDir, versionedSidebarsFileOf(id, version)));
  }
  return {
    configFile: project.configFile,
    sidebars,
    undatedPostsFromFileTime: true,
    modulePages: searchRoute ? [{ route: searchRoute, module: '@theme/SearchPage' }] : [],
    replacedPages,
    missingFiles,
    themeFilesLeftOut,
    inputs: { files: [...new Set(files)].sort(), folders: [path.join(projectDir, layout.pagesPath), themeDir] },
    notBuilt: notes.notCarriedItems,
    warnings: notes.warnings,
  };
}

/**
 * The remark and rehype plugins of the docs, blog and pages, as the project's config holds them:
 * each marker of the evaluation is the live value behind it (a package's export, or a function
 * written in the config), found where the project's packages are.
 */
async function projectPlugins(project: DocusaurusProject, user: UserConfig) {
  const live = project.live!;
  const { createJiti } = await import('jiti');
  const jiti = createJiti(project.configFile, { moduleCache: true, fsCache: false });
  const imports: ConfigImports = new Map();
  const unwrap = (value: Evaluated): unknown => liveValueOf(value, live, (specifier) => {
    if (!imports.has(specifier)) imports.set(specifier, jiti.esmResolve(specifier));
  });
  const lists = (evaluated: EvaluatedPluginLists | undefined) => {
    const result: Record<string, unknown[]> = {};
    for (const key of PLUGIN_LIST_KEYS) {
      const value = evaluated?.[key];
      if (value === undefined || value === null) continue;
      result[key] = (Array.isArray(value) ? value : [value]).map(unwrap);
    }
    return result;
  };
  const byScope = pluginListsByScope({
    docs: lists(project.site.docs?.markdownPlugins),
    docsInstances: project.site.moreDocs.map((docs) => ({ id: docs.id, ...lists(docs.markdownPlugins) })),
    blog: lists(project.site.blog?.markdownPlugins),
    pages: lists(project.site.pagesPlugins),
  });
  void user;
  return resolveSitePlugins(byScope, imports, project.configFile, readFileSync(project.configFile, 'utf8'));
}

/**
 * The project's plugins and themes the build runs through the plugin API (see readConfig.ts):
 * each function as the config holds it, live; a module named by a string resolved as Docusaurus
 * resolves it (a path from the project, a package, or its short name: "lunr-search" for
 * docusaurus-lunr-search, "pwa" for @docusaurus/plugin-pwa).
 */
function runnablePlugins(project: DocusaurusProject): ConfiguredSitePlugin[] {
  const require = createRequire(path.join(project.projectDir, 'package.json'));
  return project.site.plugins.map(({ entry, where }) => {
    const live = liveValueOf(entry, project.live!, () => {});
    const [head, options] = Array.isArray(live) ? [live[0], live[1]] : [live, undefined];
    const plugin = typeof head === 'string' ? resolvePluginModule(head, where.startsWith('themes') ? 'theme' : 'plugin', project.projectDir, require) : (head as PluginFactory);
    const id = (options as { id?: unknown } | undefined)?.id;
    return { plugin, options: options ?? {}, where, id: typeof id === 'string' ? id : 'default' };
  });
}

/** The file of a plugin or theme module named in a Docusaurus config; the name itself when none resolves (loading it then fails naming it). */
function resolvePluginModule(name: string, kind: 'plugin' | 'theme', projectDir: string, require: NodeJS.Require): string {
  if (name.startsWith('.') || path.isAbsolute(name)) {
    const file = path.resolve(projectDir, name);
    try {
      return require.resolve(file);
    } catch {
      return file;
    }
  }
  const scoped = /^(@[^/]+)\/?(.*)$/.exec(name);
  const candidates = scoped
    ? [name, `${scoped[1]}/docusaurus-${kind}${scoped[2] ? `-${scoped[2]}` : ''}`]
    : [name, `@docusaurus/${kind}-${name}`, `docusaurus-${kind}-${name}`];
  for (const candidate of candidates) {
    try {
      return require.resolve(candidate);
    } catch {
      // the next form of the name
    }
  }
  return name;
}

/** The settings Docusaurus gives plugins (`context.siteConfig`), from the project's config: what plugins commonly read. */
function pluginSiteConfig(project: DocusaurusProject, config: SiteConfig): Record<string, unknown> {
  const live = (value: Evaluated | undefined) => (value === undefined ? undefined : liveValueOf(value, project.live!, () => {}));
  return {
    ...basePluginSiteConfig(config),
    trailingSlash: project.site.site.trailingSlash,
    themeConfig: live(project.site.themeConfig.value as Evaluated) ?? {},
    plugins: project.site.plugins.map(({ entry }) => live(entry)),
    themes: [],
    presets: [],
    staticDirectories: project.site.staticDirs,
  };
}

/** An evaluated value with its markers replaced by the live values behind them (`onModule` hears each package a marker comes from). */
function liveValueOf(value: Evaluated, live: LiveValues, onModule: (specifier: string) => void): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isMarker(value)) {
    const marker = value as EvaluatedObject;
    if (typeof marker.$from === 'string') onModule(marker.$from);
    return live.has(marker) ? live.get(marker) : undefined;
  }
  if (Array.isArray(value)) return value.map((item) => liveValueOf(item, live, onModule));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, liveValueOf(item, live, onModule)]));
}

/**
 * A digest of what a reading was made from (see ProjectReading.inputs): each file's and each
 * folder file's path, size and modification time. The same digest means the same reading.
 */
export async function readingStamp(reading: ProjectReading): Promise<string> {
  const hash = createHash('sha256');
  const add = (file: string) => {
    const info = statSync(file, { throwIfNoEntry: false });
    hash.update(`${file}\0${info ? `${info.size}:${info.mtimeMs}` : 'none'}\n`);
  };
  for (const file of reading.inputs.files) add(file);
  for (const folder of reading.inputs.folders) {
    for (const rel of (await fg('**/*', { cwd: folder, ignore: ['**/node_modules/**'] }).catch(() => [])).sort()) add(path.join(folder, rel));
  }
  return hash.digest('hex');
}
