import { existsSync, readFileSync } from 'node:fs';
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
    if (given) {
      loaded.set(versionKey(version.pluginId, version.name), given);
      continue;
    }
    if (read || !version.sidebarsFile) continue;
    const file = path.resolve(config.siteDir, version.sidebarsFile);
    if (!existsSync(file)) throw missingSidebars(version.sidebarsFile, version.pluginId, config.configFile);
    loaded.set(versionKey(version.pluginId, version.name), await loadSidebars(file));
  }
  return loaded;
}

/** The `sidebarPath` of a docs instance names a file that is not there (a stored version's missing file is no sidebar, see DocsVersion). */
function missingSidebars(sidebarsFile: string, pluginId: string, configFile: string): SiteError {
  const key = pluginId === 'default' ? 'docs.sidebarPath' : `sidebarPath of docs instance "${pluginId}"`;
  return new SiteError({
    code: 'SIDEBARS_INVALID',
    message: `${key} names ${sidebarsFile}, which does not exist`,
    location: { file: configFile },
    hint: 'Create that file, or remove sidebarPath from the config to have one sidebar generated from the docs folder.',
  });
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
