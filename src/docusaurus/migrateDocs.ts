import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '../config/defineConfig.js';
import type { DocsInstanceOptions, UserConfig } from '../config/types.js';
import type { SiteModel } from '../model/model.js';
import { SiteError } from '../errors.js';
import type { DocsOptions } from './docsOptions.js';
import type { ProjectEvaluator } from './evaluator.js';
import type { MigrationNotes } from './notes.js';
import type { ProjectBounds } from './projectBounds.js';
import { GENERATED_SIDEBARS, translateSidebars } from './translateSidebars.js';

/** A docs instance of the migrated site: its options, its folder, its sidebars and the file they are written to. */
export interface MigratedDocs {
  options: DocsOptions;
  /** Its docs folder in the site. */
  docsPath: string;
  sidebars: SidebarsConfig;
  /** The sidebars file written into the site: "sidebars.ts", or "sidebars-<id>.ts" for another instance. */
  sidebarsFile: string;
  /** The project's sidebars file, as the report names it; null when it had none. */
  sidebarsSource: string | null;
}

/** The sidebars file of a migrated docs instance. */
export const sidebarsFileOf = (id: string) => (id === 'default' ? 'sidebars.ts' : `sidebars-${id.replace(/[^\w.-]+/g, '-')}.ts`);

/** The sidebars file named by a docs instance's options, or the one sidebar Docusaurus generates without one. */
export async function readInstanceSidebars(docs: DocsOptions, projectDir: string, notes: MigrationNotes, bounds: ProjectBounds, evaluator: ProjectEvaluator): Promise<SidebarsConfig> {
  const { sidebarPath } = docs;
  const whose = docs.id === 'default' ? '' : ` of docs instance "${docs.id}"`;
  if (typeof sidebarPath === 'string' && !bounds.allows(`${docs.where}.sidebarPath`, sidebarPath)) {
    notes.carriedOver(`one sidebar generated from the docs folder${whose}, in place of the sidebars file that was not read`);
    return { ...GENERATED_SIDEBARS };
  }
  if (typeof sidebarPath !== 'string') {
    if (sidebarPath === undefined) notes.carriedOver(`no sidebars file${whose}: one sidebar generated from the docs folder, as Docusaurus does`);
    return { ...GENERATED_SIDEBARS };
  }
  const file = path.join(projectDir, sidebarPath);
  if (!existsSync(file)) {
    throw new SiteError({
      code: 'DOCUSAURUS_LOAD_FAILED',
      message: `the docs option sidebarPath${whose} names ${sidebarPath}, which does not exist`,
      location: { file },
      hint: 'Docusaurus itself would fail on this: fix sidebarPath in the Docusaurus config.',
    });
  }
  let value;
  if (file.endsWith('.json')) {
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new SiteError({ code: 'DOCUSAURUS_LOAD_FAILED', message: `invalid JSON: ${(error as Error).message}`, location: { file } });
    }
  } else {
    value = await evaluator.file(file);
  }
  const sidebars = translateSidebars(value, sidebarPath, notes);
  notes.carriedOver(`sidebars${whose}: ${Object.keys(sidebars).join(', ')} (from ${sidebarPath})`);
  return sidebars;
}

/** The options of one docs instance in the sipadocs config. */
function instanceSettings(docs: MigratedDocs): DocsInstanceOptions {
  const { options } = docs;
  const settings: DocsInstanceOptions = {
    path: docs.docsPath,
    routeBasePath: options.routeBasePath,
    sidebarPath: `./${docs.sidebarsFile}`,
    sidebarCollapsed: options.sidebarCollapsed,
    ...(options.numberPrefixParser ? {} : { numberPrefixParser: false as const }),
    ...options.versioning,
  };
  if (options.editUrl !== undefined) settings.editUrl = options.editUrl;
  return settings;
}

/** The docs settings of the migrated site's config: `docs` for the default instance, `docsInstances` for the others. */
export function docsSettings(instances: MigratedDocs[]): Pick<UserConfig, 'docs' | 'docsInstances'> {
  const main = instances.find((docs) => docs.options.id === 'default');
  const others = instances.filter((docs) => docs !== main);
  return {
    // Without a docs instance no sidebars file is written, so none is named.
    docs: main ? instanceSettings(main) : { path: 'docs', sidebarCollapsed: true },
    ...(others.length > 0 ? { docsInstances: others.map((docs) => ({ id: docs.options.id, ...instanceSettings(docs) })) } : {}),
  };
}

/** The versions of the migrated docs, for the report: "Next, 2.0, 1.0" per instance, instances with one version left out. */
export function docsVersionsOf(model: SiteModel): string[] {
  return model.docsInstances
    .filter((instance) => instance.versions.length > 1)
    .map((instance) => `${instance.id === 'default' ? '' : `${instance.id}: `}${instance.versions.map((version) => (version.name === instance.lastVersion ? `${version.label} (at the base path)` : version.label)).join(', ')}`);
}
