import type { SiteConfig } from '../../config/types.js';
import type { DocsInstance } from '../../content/docsVersions.js';
import type { SiteModel } from '../../content/model.js';
import { loadVersionSidebars } from '../../content/loadSidebars.js';
import { buildSiteModel, versionKey, type LoadedSource } from '../../content/siteModel.js';
import { formatLocation } from '../../errors.js';
import { relocateError, shownPath } from '../locations.js';
import type { BuildReport } from '../session.js';

/**
 * The `model` stage: docs, sidebars, category indexes, posts and pages from the sources and the
 * sidebars file. Front-matter warnings are reported; every content error is thrown together.
 */
export async function modelSite(config: SiteConfig, sources: LoadedSource[], docs: DocsInstance[], drafts: boolean, report: BuildReport): Promise<SiteModel> {
  const shown = shownPath(config);
  let model: SiteModel;
  try {
    const sidebars = await loadVersionSidebars(config, docs);
    const main = sidebars.get(versionKey('default', 'current')) ?? { config: null, file: '' };
    model = buildSiteModel(config, sources, main.config, main.file, { drafts, docs: { instances: docs, sidebars } });
  } catch (error) {
    throw relocateError(error, shown);
  }
  for (const w of model.warnings) report.warn(`${formatLocation({ file: shown(w.file), line: w.line })}: ${w.message}`);
  return model;
}
