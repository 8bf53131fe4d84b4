import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '../../config/defineConfig.js';
import { importSiteModule } from '../../config/load.js';
import type { SiteConfig } from '../../config/types.js';
import type { DocsInstance } from '../../content/docsVersions.js';
import type { SiteModel } from '../../content/model.js';
import { buildSiteModel, versionKey, type LoadedSidebars, type LoadedSource } from '../../content/siteModel.js';
import { formatLocation, SiteError } from '../../errors.js';
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

/**
 * The sidebars of every version of every docs instance, by versionKey: a current version's from
 * its `sidebarPath` (TypeScript or JavaScript, evaluated), a stored version's from its JSON file.
 */
export async function loadVersionSidebars(config: SiteConfig, docs: DocsInstance[]): Promise<Map<string, LoadedSidebars>> {
  const loaded = new Map<string, LoadedSidebars>();
  for (const version of docs.flatMap((instance) => instance.versions)) {
    if (version.sidebarsFile) loaded.set(versionKey(version.pluginId, version.name), await loadSidebars(path.resolve(config.siteDir, version.sidebarsFile)));
  }
  return loaded;
}

async function loadSidebars(file: string): Promise<LoadedSidebars> {
  const loaded = file.endsWith('.json') ? readSidebarsJson(file) : await importSiteModule(file);
  if (typeof loaded !== 'object' || loaded === null) {
    throw new SiteError({ code: 'SIDEBARS_INVALID', message: 'the sidebars file must export an object of sidebars by default', location: { file } });
  }
  return { config: loaded as SidebarsConfig, file };
}

function readSidebarsJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SiteError({ code: 'SIDEBARS_INVALID', message: `invalid JSON: ${(error as Error).message}`, location: { file } });
  }
}
