import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { normalizeConfig } from '../config/normalize.js';
import { configSchema } from '../config/schema.js';
import type { UserConfig } from '../config/types.js';
import { validate } from '../config/validate.js';
import type { SiteModel } from '../model/model.js';
import { reactPageAt } from '../model/pages.js';
import { firstPageOf } from '../model/sidebar.js';
import { SiteError, SiteErrors } from '../errors.js';
import { noteEnvironment } from '../docusaurus/environment.js';
import type { EvaluatedPluginLists } from '../docusaurus/markdownPlugins.js';
import { docsVersionsOf, sidebarsFileOf } from '../docusaurus/migrateDocs.js';
import type { MigrationNotes } from '../docusaurus/notes.js';
import type { DocusaurusSite } from '../docusaurus/readConfig.js';
import { configNeedsToRunLive, readDocusaurusProject, type DocusaurusProject } from '../docusaurus/readProject.js';
import { algoliaSearchRoute } from '../docusaurus/searchPage.js';
import { sipadocsConfigOf, type SiteLayout } from '../docusaurus/siteConfig.js';
import { readSiteModel } from '../docusaurus/siteRoutes.js';
import { planContent, type ContentLayout } from './planContent.js';
import { ConfigImports, migratePluginLists } from './pluginImports.js';
import { migrateProjectPlugins } from './projectPlugins.js';
import { writeSearchPage } from './searchPage.js';
import { SitePackages } from './sitePackages.js';
import { SitePlan } from './sitePlan.js';
import { configFileText, sidebarsFileText } from './sourceText.js';
import { verifyBuild } from './verifyBuild.js';

export { DOCUSAURUS_CONFIG_NAMES } from '../docusaurus/readProject.js';


export interface MigrateOptions {
  /** The Docusaurus project folder (where docusaurus.config.* is). */
  projectDir: string;
  /** The new site folder: missing or empty. Default: `<projectDir>-sipadocs` beside the project. */
  outDir?: string;
  /** Build the written site once to check it (default true): its problems are the migration's. */
  verify?: boolean;
  /** Time limit of each step of evaluating a config file (default 5 s). */
  timeoutMs?: number;
}

export interface MigrateResult {
  projectDir: string;
  outDir: string;
  configFile: string;
  /** Every file written, relative to outDir. */
  written: string[];
  notes: MigrationNotes;
  /** The npm packages the site's package.json lists, which `npm install` must install before it builds. */
  packages: string[];
  /** Problems of the migrated site that stop it from building (empty when it builds). */
  problems: SiteError[];
  /** How the check build went (see verifyBuild.ts), when the site was built to check it. */
  build?: { pages: number; warnings: string[]; needsPackages?: boolean; stoppedAt?: SiteError[] };
  /** Number of docs, posts and pages in the migrated site (0 each when it has problems). */
  counts: { docs: number; posts: number; pages: number; sidebars: number; docsVersions?: string[] };
}

/**
 * Migrates a Docusaurus 2 or 3 project into a new sipadocs site. The project is only read: its
 * config and sidebars files are evaluated in a sandbox (see sandbox.ts), its content copied. The
 * new site's files are all planned before the first is written; if writing fails, what was
 * written is removed again.
 *
 * Throws SiteError DOCUSAURUS_NOT_FOUND or DOCUSAURUS_LOAD_FAILED when the project cannot be read,
 * and MIGRATE_OUT_NOT_EMPTY when the output folder is not empty or lies inside the project.
 */
export async function migrateProject(options: MigrateOptions): Promise<MigrateResult> {
  const projectDir = path.resolve(options.projectDir);
  const outDir = path.resolve(options.outDir ?? `${projectDir.replace(/[\\/]+$/, '')}-sipadocs`);
  checkOutDir(outDir, projectDir);
  // A config that imports packages, installed, or Node's modules runs as Docusaurus runs it
  // (isolated from this process's environment); any other runs in the sandbox, packages standing in as stubs.
  const evaluation = (await configNeedsToRunLive(projectDir)) ? 'isolated' : 'sandbox';
  const project = await readDocusaurusProject(projectDir, { evaluation, timeoutMs: options.timeoutMs });
  const { site, notes, bounds, configFile } = project;
  if (evaluation === 'sandbox') notes.carriedOver(`the project's packages are not installed, so its config ran in a sandbox where every package is a stand-in; values it takes from packages are reported below (install them, then migrate again, to carry those too)`);

  const plan = new SitePlan(bounds.mayCopy);
  // The packages the pages, components and config import go into the new site's package.json.
  const packages = new SitePackages(projectDir);
  // Sass style sheets are compiled with the project's sass package.
  if (site.site.sass) packages.need('sass');
  const imports = new ConfigImports();
  const layout = await planContent(project, plan, packages);
  if (packages.names.length > 0) planLockfiles(projectDir, plan, notes);
  const named = (file: string) => `${path.basename(projectDir)}/${path.relative(projectDir, file).split(path.sep).join('/')}`;
  const sidebarSources = new Map(project.docs.map((docs) => [docs.id, typeof docs.sidebarPath === 'string' ? named(path.join(projectDir, docs.sidebarPath)) : null]));
  const siteLayout: SiteLayout = {
    docsPaths: layout.docsPaths,
    sidebarsFiles: new Map(project.docs.map((docs) => [docs.id, `./${sidebarsFileOf(docs.id)}`])),
    blogPath: layout.blogPath,
    pagesPath: layout.pagesPath,
    staticDir: layout.staticDir,
    customCss: layout.customCss,
    posts: layout.posts,
  };
  const config = withMarkdownPlugins(sipadocsConfigOf(project, siteLayout), site, imports, packages, notes);
  const plugins = migrateProjectPlugins(site.plugins, projectDir, readFileSync(configFile, 'utf8'), plan, packages, notes);
  if (plugins.length > 0) config.plugins = plugins as NonNullable<typeof config.plugins>;

  const existed = existsSync(outDir);
  const created: string[] = [];
  try {
    await mkdir(outDir, { recursive: true });
    await plan.execute(outDir, (file) => created.push(file));
    const { model, problems } = await readWrittenSite(config, outDir, project);
    // Docs at the site root without a doc or page there: a home page leads to them.
    if (model && project.docs.some((docs) => docs.routeBasePath === '') && !model.pages.some((page) => page.route === '/') && !model.docs.some((doc) => doc.route === '/')) {
      const home = await writeDocsHome(model, config, layout, outDir, notes);
      created.push(home);
      model.pages.push(reactPageAt('/', path.relative(outDir, home), home, { min: 2, max: 3 }));
    }
    // Algolia's theme adds a search page: the site keeps it, searching its own index.
    const searchRoute = algoliaSearchRoute(site.themeConfig);
    const searchPage = model ? await writeSearchPage(searchRoute, model, layout.pagesPath, outDir, notes) : null;
    if (model && searchPage) {
      created.push(searchPage);
      model.pages.push(reactPageAt(searchRoute!, path.relative(outDir, searchPage), searchPage, { min: 2, max: 3 }));
    }
    const issues = validate(config, configSchema);
    if (issues.length > 0) throw new Error(`the translated config is invalid (${issues.map((issue) => issue.message).join('; ')})`);
    const configText = configFileText(config, named(configFile), project.environment.expressions, imports.lines());
    noteEnvironment(project.environment, configFile, configText, notes);
    // A page of the project may import its package.json: then the copy keeps its fields, with the site's packages.
    const packageFile = path.join(outDir, 'package.json');
    const projectManifest = created.includes(packageFile);
    const manifest = packages.manifestText(notes, projectManifest);
    if (projectManifest) notes.carriedOver(`package.json: the project's own, which its pages import, with the site's packages and scripts`);
    for (const [name, text] of [
      ['sipadocs.config.ts', configText],
      ...project.docs.map((docs) => [sidebarsFileOf(docs.id), sidebarsFileText(project.sidebars.get(docs.id)!, sidebarSources.get(docs.id) ?? null)] as const),
      ...(manifest === null ? [] : ([['package.json', manifest]] as const)),
    ] as const) {
      const file = path.join(outDir, name);
      // Nothing is overwritten but the copy of the project's package.json this migration made a moment ago.
      await writeFile(file, text, { flag: file === packageFile && projectManifest ? 'w' : 'wx' });
      if (!created.includes(file)) created.push(file);
    }
    // The truth about the result: it is built once, as `sipadocs build` would build it.
    const check = problems.length === 0 && options.verify !== false ? await verifyBuild(outDir, packages.names) : null;
    return {
      projectDir,
      outDir,
      configFile,
      written: created.map((file) => path.relative(outDir, file).split(path.sep).join('/')).sort(),
      notes,
      problems: check ? check.problems : problems,
      ...(check ? { build: { pages: check.pages, warnings: check.warnings, ...(check.needsPackages ? { needsPackages: true, stoppedAt: check.stoppedAt } : {}) } } : {}),
      packages: packages.names,
      counts: {
        docs: model?.docs.length ?? 0,
        posts: model?.posts.length ?? 0,
        pages: model?.pages.length ?? 0,
        sidebars: model?.sidebars.length ?? 0,
        ...(model ? { docsVersions: docsVersionsOf(model) } : {}),
      },
    };
  } catch (error) {
    // Only what this migration created goes: the folder itself when it made it.
    if (!existed) await rm(outDir, { recursive: true, force: true });
    else await Promise.all(created.map((file) => rm(file, { force: true })));
    throw error;
  }
}

function checkOutDir(outDir: string, projectDir: string): void {
  const relative = path.relative(projectDir, outDir);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    throw new SiteError({
      code: 'MIGRATE_OUT_NOT_EMPTY',
      message: `the output folder ${outDir} is inside the Docusaurus project`,
      hint: 'The project is never changed: choose a folder outside it with --out.',
    });
  }
  if (existsSync(outDir) && (!statSync(outDir).isDirectory() || readdirSync(outDir).length > 0)) {
    throw new SiteError({
      code: 'MIGRATE_OUT_NOT_EMPTY',
      message: `the output folder ${outDir} is not empty`,
      hint: 'sipadocs never overwrites files: pass a new or empty folder with --out.',
    });
  }
}

/** The draft config with the remark and rehype plugins of the docs, the blog and the pages (see markdownPlugins.ts). */
function withMarkdownPlugins<T extends UserConfig & { docs: NonNullable<UserConfig['docs']> }>(draft: T, site: DocusaurusSite, imports: ConfigImports, packages: SitePackages, notes: MigrationNotes): T {
  const lists = (evaluated: EvaluatedPluginLists | undefined, where: string) => (evaluated ? migratePluginLists(evaluated, where, imports, packages, notes) : {});
  const instances = draft.docsInstances?.map((instance) => {
    const options = site.moreDocs.find((docs) => docs.id === instance.id);
    return { ...instance, ...lists(options?.markdownPlugins, options?.where ?? `docsInstances.${instance.id}`) };
  });
  return {
    ...draft,
    docs: { ...draft.docs, ...lists(site.docs?.markdownPlugins, site.docs?.where ?? 'presets.classic.docs') },
    ...(instances ? { docsInstances: instances } : {}),
    blog: { ...draft.blog, ...lists(site.blog?.markdownPlugins, 'presets.classic.blog') },
    pages: { ...draft.pages, ...lists(site.pagesPlugins, 'presets.classic.pages') },
  };
}

/**
 * Reads the written site as a build would, up to its model of docs, sidebars, posts and pages.
 * Content problems (which stop the build) are returned rather than thrown: the site is written
 * and the report lists them.
 */
async function readWrittenSite(config: UserConfig, outDir: string, project: DocusaurusProject): Promise<{ model: SiteModel | null; problems: SiteError[] }> {
  const normalized = normalizeConfig(config, outDir, path.join(outDir, 'sipadocs.config.ts'));
  // The sidebars files are written last; the model reads the translated sidebars as they will be.
  const sidebars = new Map(project.docs.map((docs) => [docs.id, { config: project.sidebars.get(docs.id)!, file: path.join(outDir, sidebarsFileOf(docs.id)) }]));
  try {
    return { model: await readSiteModel(normalized, sidebars), problems: [] };
  } catch (error) {
    if (error instanceof SiteErrors) return { model: null, problems: error.errors };
    if (error instanceof SiteError) return { model: null, problems: [error] };
    throw error;
  }
}

/**
 * Docs served at the site root with no doc at the root itself and no home page: a home page
 * leading to them keeps the site's root address (which the navbar's title links to) working.
 */
async function writeDocsHome(model: SiteModel, draft: UserConfig, layout: ContentLayout, outDir: string, notes: MigrationNotes): Promise<string> {
  const lastVersion = model.docsInstances[0] && `${model.docsInstances[0].id}@${model.docsInstances[0].lastVersion}`;
  const firstSidebar = model.sidebars.find((sidebar) => `${sidebar.pluginId}@${sidebar.version}` === lastVersion) ?? model.sidebars[0];
  const target = (firstSidebar && firstPageOf(firstSidebar)) ?? model.docs[0]?.route ?? '/';
  const file = path.join(outDir, ...layout.pagesPath.split('/'), 'index.md');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `---
title: ${JSON.stringify(draft.title)}
---

The documentation starts at [${target}](${target}).
`, { flag: 'wx' });
  notes.carriedOver(`${layout.pagesPath}/index.md: a home page leading to the docs, which Docusaurus serves at the site root with nothing at the root itself`);
  return file;
}

/** The lockfiles a project may have, by package manager. */
const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml'];

/**
 * The project's lockfile goes with the new site's package.json: installing its packages then gives
 * the versions the project had (a plugin's newer release may read content differently), and the
 * package manager drops what the new site no longer lists.
 */
function planLockfiles(projectDir: string, plan: SitePlan, notes: MigrationNotes): void {
  for (const name of LOCKFILES) {
    const file = path.join(projectDir, name);
    if (existsSync(file) && plan.copy(file, name)) notes.carriedOver(`${name}: the project's lockfile, so that installing the new site's packages gives the versions the project had`);
  }
}
