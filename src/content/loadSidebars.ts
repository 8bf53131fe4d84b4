import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '../config/defineConfig.js';
import { importSiteModule } from '../config/load.js';
import type { SiteConfig } from '../config/types.js';
import { SiteError } from '../errors.js';
import type { DocsInstance } from './docsVersions.js';
import { versionKey, type LoadedSidebars } from './siteModel.js';

/**
 * The sidebars of every version of every docs instance, by versionKey: a current version's from
 * its `sidebarPath` (TypeScript, JavaScript or JSON), a stored version's from its JSON file.
 * Versions without a sidebars file are left out (see DocsVersion.sidebarsFile). A Docusaurus
 * project built in place gives them as read (see ProjectReading.sidebars).
 */
export async function loadVersionSidebars(config: SiteConfig, docs: DocsInstance[]): Promise<Map<string, LoadedSidebars>> {
  const loaded = new Map<string, LoadedSidebars>();
  // A Docusaurus project built in place has its sidebars read already, translated (see ProjectReading).
  const read = config.project?.sidebars;
  for (const version of docs.flatMap((instance) => instance.versions)) {
    const given = read?.get(versionKey(version.pluginId, version.name));
    if (given) loaded.set(versionKey(version.pluginId, version.name), given);
    else if (read) continue;
    else if (version.sidebarsFile) loaded.set(versionKey(version.pluginId, version.name), await loadSidebars(path.resolve(config.siteDir, version.sidebarsFile)));
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
