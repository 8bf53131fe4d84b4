import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SidebarsConfig } from '../config/defineConfig.js';
import { normalizeConfig } from '../config/normalize.js';
import { configSchema } from '../config/schema.js';
import type { UserConfig } from '../config/types.js';
import { validate } from '../config/validate.js';
import type { SiteModel } from '../content/model.js';
import { reactPageAt } from '../content/pages.js';
import { firstPageOf } from '../content/sidebar.js';
import { SiteError, SiteErrors } from '../errors.js';
import { isExternalUrl } from '../shared/paths.js';
import { evaluateTracingEnvironment, noteEnvironment } from './environment.js';
import { setFrontMatterField } from './frontMatterEdit.js';
import { policyHeadersText } from './headSettings.js';
import { resolveModuleValues } from './moduleValues.js';
import { MigrationNotes } from './notes.js';
import { planContent, type ContentLayout } from './planContent.js';
import { ProjectBounds } from './projectBounds.js';
import { ConfigImports, migratePluginLists, type EvaluatedPluginLists } from './markdownPlugins.js';
import { SitePackages } from './sitePackages.js';
import { readDocusaurusConfig, type DocusaurusSite } from './readConfig.js';
import { evaluate } from './sandbox.js';
import { SitePlan } from './sitePlan.js';
import { docRoutesOf, NO_DOC_ROUTES, readSiteModel, routeFixes } from './siteRoutes.js';
import { configFileText, sidebarsFileText } from './sourceText.js';
import { docsSettings, docsVersionsOf, readInstanceSidebars, sidebarsFileOf, type MigratedDocs } from './migrateDocs.js';
import { translateTheme } from './translateTheme.js';
import { verifyBuild } from './verifyBuild.js';
import { algoliaSearchRoute, writeSearchPage } from './searchPage.js';

export const DOCUSAURUS_CONFIG_NAMES = ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts', 'docusaurus.config.cts'];

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
  const configFile = findDocusaurusConfig(projectDir);
  checkOutDir(outDir, projectDir);

  const notes = new MigrationNotes();
  // Nothing outside the project's repository is read or copied (see projectBounds.ts).
  const bounds = ProjectBounds.find(projectDir, notes);
  if (!bounds.contains(configFile)) {
    throw new SiteError({
      code: 'DOCUSAURUS_LOAD_FAILED',
      message: `${path.basename(configFile)} is a link to a file outside the project (${bounds.root.description}); it was not read`,
      location: { file: configFile },
      hint: 'Migrate the project the config belongs to, from its own folder.',
    });
  }
  const { evaluation, environment } = await evaluateTracingEnvironment(
    configFile,
    { timeoutMs: options.timeoutMs, mayRead: bounds.mayRead },
    { timeoutMs: options.timeoutMs, mayRead: (_what, file) => bounds.contains(file) },
  );
  // The locales of a project that keeps them in a module of its own (jest's i18n.mjs).
  const evaluated = await resolveModuleValues(evaluation.value, configFile, ['i18n'], { timeoutMs: options.timeoutMs, mayRead: bounds.mayRead }, notes);
  const site = readDocusaurusConfig(evaluated, projectDir, notes);
  const instances = [...(site.docs ? [site.docs] : []), ...site.moreDocs];
  const sidebars = new Map<string, SidebarsConfig>();
  for (const docs of instances) sidebars.set(docs.id, await readInstanceSidebars(docs, projectDir, notes, bounds, options.timeoutMs));

  const plan = new SitePlan(bounds.mayCopy);
  // The packages the pages, components and config import go into the new site's package.json.
  const packages = new SitePackages(projectDir);
  // Sass style sheets are compiled with the project's sass package.
  if (site.site.sass) packages.need('sass');
  const imports = new ConfigImports();
  const layout = await planContent(projectDir, site, plan, packages, notes, bounds);
  planHeadersPolicy(site, layout.staticDir, plan, notes);
  const named = (file: string) => `${path.basename(projectDir)}/${path.relative(projectDir, file).split(path.sep).join('/')}`;
  const migratedDocs: MigratedDocs[] = instances.map((docs) => ({
    options: docs,
    docsPath: layout.docsPaths.get(docs.id)!,
    sidebars: sidebars.get(docs.id)!,
    sidebarsFile: sidebarsFileOf(docs.id),
    sidebarsSource: typeof docs.sidebarPath === 'string' ? named(path.join(projectDir, docs.sidebarPath)) : null,
  }));
  const draft = withMarkdownPlugins(siteConfig(site, layout, migratedDocs), site, imports, packages, notes);

  const existed = existsSync(outDir);
  const created: string[] = [];
  try {
    await mkdir(outDir, { recursive: true });
    await plan.execute(outDir, (file) => created.push(file));
    const { model, problems } = await keepDocusaurusRoutes(draft, outDir, migratedDocs, notes);
    // Docs at the site root without a doc or page there: a home page leads to them.
    if (model && instances.some((docs) => docs.routeBasePath === '') && !model.pages.some((page) => page.route === '/') && !model.docs.some((doc) => doc.route === '/')) {
      const home = await writeDocsHome(model, draft, layout, outDir, notes);
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
    const theme = translateTheme(site.themeConfig, model ? docRoutesOf(model) : NO_DOC_ROUTES, draft.baseUrl ?? '/', notes);
    keepExistingImage(theme, outDir, layout, notes);
    const { magicComments, ...themeSettings } = theme;
    const config: UserConfig = { ...draft, ...themeSettings, docs: { ...draft.docs, ...theme.docs }, markdown: { ...draft.markdown, ...(magicComments ? { magicComments } : {}) } };
    const issues = validate(config, configSchema);
    if (issues.length > 0) throw new Error(`the translated config is invalid (${issues.map((issue) => issue.message).join('; ')})`);
    const configText = configFileText(config, named(configFile), environment.expressions, imports.lines());
    noteEnvironment(environment, configFile, configText, notes);
    const manifest = packages.manifestText(notes);
    for (const [name, text] of [
      ['sipadocs.config.ts', configText],
      ...migratedDocs.map((docs) => [docs.sidebarsFile, sidebarsFileText(docs.sidebars, docs.sidebarsSource)] as const),
      ...(manifest === null ? [] : ([['package.json', manifest]] as const)),
    ] as const) {
      await writeFile(path.join(outDir, name), text, { flag: 'wx' });
      created.push(path.join(outDir, name));
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

/**
 * What the head tags need beyond what the build derives from them (Google Analytics' endpoints)
 * goes into the new site's `_headers`, which widens the generated policy (see server/sitePolicy.ts).
 */
function planHeadersPolicy(site: DocusaurusSite, staticDir: string, plan: SitePlan, notes: MigrationNotes): void {
  const text = policyHeadersText(site.headersPolicy);
  if (text === null) return;
  const file = `${staticDir}/_headers`;
  // The project's own file was copied as it is: the lines go in by hand.
  if (plan.has(file)) notes.notCarried(`the analytics' Content-Security-Policy sources`, `${file} comes from the project; add these lines to it:\n${text}`);
  else plan.write(file, text);
}

function findDocusaurusConfig(projectDir: string): string {
  if (!existsSync(projectDir) || !statSync(projectDir).isDirectory()) {
    throw new SiteError({
      code: 'DOCUSAURUS_NOT_FOUND',
      message: `${projectDir} is not a folder`,
      hint: 'Pass the folder of the Docusaurus project, where docusaurus.config.js is.',
    });
  }
  const name = DOCUSAURUS_CONFIG_NAMES.find((file) => existsSync(path.join(projectDir, file)));
  if (!name) {
    throw new SiteError({
      code: 'DOCUSAURUS_NOT_FOUND',
      message: `no Docusaurus config in ${projectDir} (looked for ${DOCUSAURUS_CONFIG_NAMES.join(', ')})`,
      hint: 'Pass the folder of the Docusaurus project, where docusaurus.config.js is.',
    });
  }
  return path.join(projectDir, name);
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

/** The sipadocs config of the migrated site, but for what comes from the theme config. */
function siteConfig(site: DocusaurusSite, layout: ContentLayout, docs: MigratedDocs[]): UserConfig & { docs: NonNullable<UserConfig['docs']> } {
  const blog = site.blog;
  const all = (value: number | 'ALL' | undefined) => (value === 'ALL' ? Math.max(1, layout.posts) : value);
  const settings = docsSettings(docs);
  return {
    ...withoutUndefined(site.site),
    docs: settings.docs!,
    ...(settings.docsInstances ? { docsInstances: settings.docsInstances } : {}),
    blog: withoutUndefined({
      path: layout.blogPath,
      routeBasePath: blog?.routeBasePath,
      title: blog?.title,
      description: blog?.description,
      showReadingTime: blog?.showReadingTime,
      editUrl: blog?.editUrl,
      postsPerPage: all(blog?.postsPerPage),
      sidebarCount: all(blog?.sidebarCount),
      // Docusaurus before 3.5 makes no authors pages.
      authorsPages: site.authorsPages === false ? false : undefined,
    }),
    pages: { path: layout.pagesPath },
    staticDir: layout.staticDir,
    markdown: site.markdown,
    ...(layout.customCss.length > 0 ? { customCss: layout.customCss.map((file) => `./${file}`) } : {}),
  };
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
 * Reads the written site as a build would and, where a doc's or post's route is not the one
 * Docusaurus gives it, writes the `slug` that keeps it into the copy; then reads it again.
 * Content problems (which stop the build) are returned rather than thrown: the site is written
 * and the report lists them.
 */
async function keepDocusaurusRoutes(
  draft: UserConfig,
  outDir: string,
  docs: MigratedDocs[],
  notes: MigrationNotes,
): Promise<{ model: SiteModel | null; problems: SiteError[] }> {
  const config = normalizeConfig(draft, outDir, path.join(outDir, 'sipadocs.config.ts'));
  // The sidebars files are written last; the model reads the translated sidebars as they will be.
  const sidebars = new Map(docs.map((instance) => [instance.options.id, { config: instance.sidebars, file: path.join(outDir, instance.sidebarsFile) }]));
  try {
    const first = await readSiteModel(config, sidebars);
    const fixes = routeFixes(first, config);
    if (fixes.length === 0) return { model: first, problems: [] };
    for (const fix of fixes) {
      // The copy was written by this migration a moment ago, so it may be rewritten.
      await writeFile(path.join(outDir, fix.relPath), setFrontMatterField(fix.text, 'slug', fix.slug));
      notes.carriedOver(`${fix.relPath}: slug "${fix.slug}" keeps its Docusaurus route ${fix.docusaurusRoute} (sipadocs would have used ${fix.sipadocsRoute})`);
    }
    return { model: await readSiteModel(config, sidebars), problems: [] };
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

/**
 * The social card of `themeConfig.image` is carried when it is a URL or a file of the copied
 * static folder; Docusaurus links a missing file without a word, a sipadocs build refuses it.
 */
function keepExistingImage(theme: { image?: string }, outDir: string, layout: ContentLayout, notes: MigrationNotes): void {
  const image = theme.image;
  if (image === undefined || isExternalUrl(image)) return;
  if (existsSync(path.join(outDir, layout.staticDir, ...image.replace(/^\/+/, '').split('/')))) return;
  delete theme.image;
  notes.notCarried(`themeConfig.image: "${image}"`, `no such file in the static folder (${layout.staticDir}/); Docusaurus links the missing image, sipadocs refuses it`);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
