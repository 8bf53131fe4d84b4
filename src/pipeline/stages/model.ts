import path from 'node:path';
import type { SidebarsConfig } from '../../config/defineConfig.js';
import { importSiteModule } from '../../config/load.js';
import type { SiteConfig } from '../../config/types.js';
import type { SiteModel } from '../../content/model.js';
import { buildSiteModel, type LoadedSource } from '../../content/siteModel.js';
import { formatLocation, SiteError } from '../../errors.js';
import { relocateError, shownPath } from '../locations.js';
import type { BuildReport } from '../session.js';

/**
 * The `model` stage: docs, sidebars, category indexes, posts and pages from the sources and the
 * sidebars file. Front-matter warnings are reported; every content error is thrown together.
 */
export async function modelSite(config: SiteConfig, sources: LoadedSource[], drafts: boolean, report: BuildReport): Promise<SiteModel> {
  const sidebars = await loadSidebars(config);
  const shown = shownPath(config);
  let model: SiteModel;
  try {
    model = buildSiteModel(config, sources, sidebars.config, sidebars.file, { drafts });
  } catch (error) {
    throw relocateError(error, shown);
  }
  for (const w of model.warnings) report.warn(`${formatLocation({ file: shown(w.file), line: w.line })}: ${w.message}`);
  return model;
}

async function loadSidebars(config: SiteConfig): Promise<{ config: SidebarsConfig | null; file: string }> {
  if (!config.docs.sidebarPath) return { config: null, file: '' };
  const file = path.resolve(config.siteDir, config.docs.sidebarPath);
  const loaded = await importSiteModule(file);
  if (typeof loaded !== 'object' || loaded === null) {
    throw new SiteError({ code: 'SIDEBARS_INVALID', message: 'the sidebars file must export an object of sidebars by default', location: { file } });
  }
  return { config: loaded as SidebarsConfig, file };
}
