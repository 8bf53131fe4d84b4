import type { SiteConfig } from '../../config/types.js';
import type { DocsInstance } from '../../model/docsVersions.js';
import type { SiteModel } from '../../model/model.js';
import { loadVersionSidebars } from '../../model/loadSidebars.js';
import { reactPageAt } from '../../model/pages.js';
import { buildSiteModel, versionKey, type LoadedSource } from '../../model/siteModel.js';
import { formatLocation, SiteError, SiteErrors } from '../../errors.js';
import { docsVersionMessages } from '../../i18n/docsTranslations.js';
import { relocateError, shownPath } from '../locations.js';
import type { BuildReport, BuildSession } from '../session.js';

/** The site model, and the content errors of the sources left out of it. */
export interface ModeledSite {
  /** The model of every source that had no error. */
  model: SiteModel;
  /** Content errors (unreadable sources, front matter, sidebars), located for the terminal. */
  errors: SiteError[];
}

/**
 * The `model` stage: docs, sidebars, category indexes, posts and pages from the sources and the
 * sidebars file. Front-matter warnings are reported; content errors are returned with the model of
 * the sources that had none, to be thrown together with the compile stage's (see throwTogether).
 */
export async function modelSite(
  config: SiteConfig,
  sources: LoadedSource[],
  docs: DocsInstance[],
  session: Pick<BuildSession, 'drafts' | 'frontMatters'>,
  report: BuildReport,
): Promise<ModeledSite> {
  const shown = shownPath(config);
  let model: SiteModel;
  let errors: SiteError[] = [];
  try {
    const sidebars = await loadVersionSidebars(config, docs);
    const main = sidebars.get(versionKey('default', 'current')) ?? { config: null, file: '' };
    const onContentErrors = (found: SiteError[]) => (errors = (relocateError(new SiteErrors(found), shown) as SiteErrors).errors);
    const readFrontMatter = session.frontMatters ? (text: string, file: string) => session.frontMatters!.read(file, text) : undefined;
    // A locale's sidebar labels come from its translation file of each docs version (current.json…).
    const sidebarLabels = config.translation?.translate ? (pluginId: string, version: string) => docsVersionMessages(config, pluginId, version) : undefined;
    model = buildSiteModel(config, sources, main.config, main.file, { drafts: session.drafts, docs: { instances: docs, sidebars }, onContentErrors, readFrontMatter, sidebarLabels });
  } catch (error) {
    throw relocateError(error, shown);
  }
  addModulePages(model, config);
  for (const w of model.warnings) report.warn(`${formatLocation({ file: shown(w.file), line: w.line })}: ${w.message}`);
  return { model, errors };
}

/**
 * The pages a Docusaurus project has without a file of its own (the search page of Algolia's
 * theme), each rendered by a theme module, where no page or doc of the project takes its route.
 */
function addModulePages(model: SiteModel, config: SiteConfig): void {
  for (const { route, module } of config.project?.modulePages ?? []) {
    if (model.pages.some((page) => page.route === route) || model.docs.some((doc) => doc.route === route)) continue;
    model.pages.push(reactPageAt(route, module, module, { min: 2, max: 3 }));
  }
}

/**
 * Awaits a later stage's work and throws the content errors found before it together with its
 * own, so one run reports them all; with none, returns what the work gave.
 */
export async function throwTogether<T>(earlier: SiteError[], work: Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work;
  } catch (error) {
    if (earlier.length === 0) throw error;
    if (error instanceof SiteErrors) throw new SiteErrors([...earlier, ...error.errors]);
    if (error instanceof SiteError) throw new SiteErrors([...earlier, error]);
    throw error;
  }
  if (earlier.length > 0) throw new SiteErrors(earlier);
  return result;
}
