import yaml from 'js-yaml';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { versionedDocsDirOf, versionedSidebarsFileOf, versionsFileOf } from '../model/docsVersions.js';
import type { DocsOptions } from '../docusaurus/docsOptions.js';
import { siteFileName } from './fileNames.js';
import type { MigrationNotes } from '../docusaurus/notes.js';
import type { SitePlan } from './sitePlan.js';
import type { DocusaurusProject } from '../docusaurus/readProject.js';

/** Lists a project folder's files ("/"-separated, relative to it), or none when it may not be read. */
export type ListFiles = (what: string, folder: string) => Promise<Array<{ from: string; rel: string }>>;

/**
 * Plans the copy of one docs instance: its docs folder into `docsPath`, and its stored versions
 * as Docusaurus keeps them beside the config (`versions.json`, `versioned_docs/version-X`,
 * `versioned_sidebars/version-X-sidebars.json`, with "<id>_" in front for an instance with an id),
 * at the same places, which sipadocs reads with the same rules. YAML category files become JSON
 * and versioned sidebars are translated as the sidebars file is (see translateSidebars).
 *
 * @returns the names of the stored versions carried
 */
export async function planDocs(docs: DocsOptions, docsPath: string, project: DocusaurusProject, plan: SitePlan, listFiles: ListFiles): Promise<string[]> {
  const { projectDir, notes } = project;
  const mayRead = project.bounds.mayRead;
  await planDocsFolder(await listFiles(`${docs.where}.path`, docs.path), docsPath, plan, notes);
  if (docs.versioning.disableVersioning) return [];

  const versionsFile = versionsFileOf(docs.id);
  const versionsPath = path.join(projectDir, versionsFile);
  if (!existsSync(versionsPath) || !mayRead(versionsFile, versionsPath)) return [];
  const names = readVersionNames(versionsPath);
  if (!names) {
    plan.copy(versionsPath, versionsFile);
    notes.notCarried(versionsFile, 'it is not a list of version names; copied as it is, the build reports it');
    return [];
  }
  plan.copy(versionsPath, versionsFile);
  for (const name of names) {
    const folder = versionedDocsDirOf(docs.id, name);
    await planDocsFolder(await listFiles(versionsFile, folder), folder, plan, notes);
    const sidebarsFile = versionedSidebarsFileOf(docs.id, name);
    const sidebarsPath = path.join(projectDir, sidebarsFile);
    if (!existsSync(sidebarsPath) || !mayRead(versionsFile, sidebarsPath)) continue;
    // The project's reading translated them (see readProject.ts); one it could not read is copied for the build to report.
    const translated = project.versionSidebars.get(`${docs.id}@${name}`);
    if (translated) plan.write(sidebarsFile, `${JSON.stringify(translated.config, null, 2)}\n`);
    else {
      plan.copy(sidebarsPath, sidebarsFile);
      notes.notCarried(sidebarsFile, 'invalid JSON; copied as it is, the build reports it');
    }
  }
  const instance = docs.id === 'default' ? 'the docs' : `docs instance "${docs.id}"`;
  if (names.length > 0) notes.carriedOver(`${names.length} stored version${names.length === 1 ? '' : 's'} of ${instance} (${names.join(', ')}): ${versionsFile}, their docs and sidebars`);
  return names;
}

/** The files of one docs folder, copied to `to`: YAML category files become JSON, .js files holding JSX .jsx. */
async function planDocsFolder(files: Array<{ from: string; rel: string }>, to: string, plan: SitePlan, notes: MigrationNotes): Promise<void> {
  for (const { from, rel } of files) {
    const target = `${to}/${rel}`;
    if (/(^|\/)_category_\.ya?ml$/.test(rel)) planCategoryFile(from, target, plan, notes);
    else plan.copy(from, siteFileName(target, target.endsWith('.js') ? readFileSync(from, 'utf8') : null));
  }
}

function readVersionNames(file: string): string[] | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(value) && value.every((name) => typeof name === 'string') ? (value as string[]) : null;
  } catch {
    return null;
  }
}

/** sipadocs reads `_category_.json`; a YAML one is converted. */
export function planCategoryFile(from: string, to: string, plan: SitePlan, notes: MigrationNotes): void {
  try {
    const data = yaml.load(readFileSync(from, 'utf8'));
    const json = to.replace(/\.ya?ml$/, '.json');
    plan.write(json, `${JSON.stringify(data ?? {}, null, 2)}\n`);
    notes.carriedOver(`${to} became ${path.posix.basename(json)}`);
  } catch (error) {
    plan.copy(from, to);
    notes.notCarried(to, `invalid YAML (${(error as Error).message.split('\n')[0]}); copied as it is`);
  }
}
