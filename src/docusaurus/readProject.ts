import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '../config/defineConfig.js';
import { SiteError } from '../errors.js';
import { versionedSidebarsFileOf, versionsFileOf } from '../model/docsVersions.js';
import type { EnvironmentUse } from './environment.js';
import { ProjectEvaluator, type EvaluationMode } from './evaluator.js';
import { importsOf, missingPackagesOf, type LiveValues } from './liveEvaluation.js';
import { readInstanceSidebars } from './migrateDocs.js';
import { MigrationNotes } from './notes.js';
import { ProjectBounds } from './projectBounds.js';
import { readDocusaurusConfig, type DocsOptions, type DocusaurusSite } from './readConfig.js';
import { translateSidebars } from './translateSidebars.js';

export const DOCUSAURUS_CONFIG_NAMES = ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts', 'docusaurus.config.cts'];

/** The Docusaurus config file of a folder, or undefined when it has none. */
export function docusaurusConfigIn(dir: string): string | undefined {
  const name = DOCUSAURUS_CONFIG_NAMES.find((file) => existsSync(path.join(dir, file)));
  return name === undefined ? undefined : path.join(dir, name);
}

export interface ReadProjectOptions {
  /** How the config and sidebars files run (see EvaluationMode). */
  evaluation: EvaluationMode;
  /** Time limit of each step of evaluating a file in the sandbox (default 5 s). */
  timeoutMs?: number;
}

/** A Docusaurus project as sipadocs reads it, before anything is built or written. */
export interface DocusaurusProject {
  projectDir: string;
  configFile: string;
  evaluation: EvaluationMode;
  /** What the config says, read into sipadocs's terms (see readConfig.ts). */
  site: DocusaurusSite;
  /** The live values behind the config's markers (live evaluation). */
  live: LiveValues | null;
  /** The environment variables the config read and where they went (sandbox). */
  environment: EnvironmentUse;
  /** Every docs instance: the default one first. */
  docs: DocsOptions[];
  /** The current sidebars of each docs instance, by id, translated (see translateSidebars.ts). */
  sidebars: Map<string, SidebarsConfig>;
  /** The sidebars of each stored version that has a sidebars file, by `<instance id>@<version>`, translated. */
  versionSidebars: Map<string, { config: SidebarsConfig; file: string }>;
  bounds: ProjectBounds;
  /** What the project has that sipadocs reads differently or not at all. */
  notes: MigrationNotes;
}

/**
 * Reads a Docusaurus 2 or 3 project where it stands: its config (evaluated as `options` says),
 * its sidebars files and its stored versions' sidebars. Nothing is written, nothing outside the
 * project's repository is read (see ProjectBounds).
 *
 * Throws SiteError DOCUSAURUS_NOT_FOUND when the folder has no Docusaurus config, and
 * DOCUSAURUS_LOAD_FAILED when the config or a sidebars file cannot be read.
 */
export async function readDocusaurusProject(projectDir: string, options: ReadProjectOptions): Promise<DocusaurusProject> {
  projectDir = path.resolve(projectDir);
  const configFile = findDocusaurusConfig(projectDir);
  const notes = new MigrationNotes();
  const bounds = ProjectBounds.find(projectDir, notes);
  if (!bounds.contains(configFile)) {
    throw new SiteError({
      code: 'DOCUSAURUS_LOAD_FAILED',
      message: `${path.basename(configFile)} is a link to a file outside the project (${bounds.root.description}); it was not read`,
      location: { file: configFile },
      hint: 'Use the project the config belongs to, from its own folder.',
    });
  }
  const evaluator = new ProjectEvaluator(options.evaluation, projectDir, bounds, notes, options.timeoutMs);
  const evaluated = await evaluator.config(configFile);
  const site = readDocusaurusConfig(evaluated.value, projectDir, notes);
  const docs = [...(site.docs ? [site.docs] : []), ...site.moreDocs];
  const sidebars = new Map<string, SidebarsConfig>();
  for (const instance of docs) sidebars.set(instance.id, await readInstanceSidebars(instance, projectDir, notes, bounds, evaluator));
  const versionSidebars = new Map<string, { config: SidebarsConfig; file: string }>();
  for (const instance of docs) readStoredSidebars(instance, projectDir, bounds, notes, versionSidebars);
  return { projectDir, configFile, evaluation: options.evaluation, site, live: evaluated.live, environment: evaluated.environment, docs, sidebars, versionSidebars, bounds, notes };
}

/**
 * The sidebars of a docs instance's stored versions (`versioned_sidebars/version-X-sidebars.json`),
 * translated as the current ones are. A version without the file has none; an invalid file is
 * left for the build to report.
 */
function readStoredSidebars(docs: DocsOptions, projectDir: string, bounds: ProjectBounds, notes: MigrationNotes, into: Map<string, { config: SidebarsConfig; file: string }>): void {
  if (docs.versioning.disableVersioning) return;
  const versionsFile = versionsFileOf(docs.id);
  const versionsPath = path.join(projectDir, versionsFile);
  if (!existsSync(versionsPath) || !bounds.mayRead(versionsFile, versionsPath)) return;
  let names: unknown;
  try {
    names = JSON.parse(readFileSync(versionsPath, 'utf8'));
  } catch {
    return;
  }
  if (!Array.isArray(names)) return;
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const sidebarsFile = versionedSidebarsFileOf(docs.id, name);
    const file = path.join(projectDir, sidebarsFile);
    if (!existsSync(file) || !bounds.mayRead(versionsFile, file)) continue;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    into.set(`${docs.id}@${name}`, { config: translateSidebars(value as never, sidebarsFile, notes), file });
  }
}

function findDocusaurusConfig(projectDir: string): string {
  if (!existsSync(projectDir) || !statSync(projectDir).isDirectory()) {
    throw new SiteError({
      code: 'DOCUSAURUS_NOT_FOUND',
      message: `${projectDir} is not a folder`,
      hint: 'Pass the folder of the Docusaurus project, where docusaurus.config.js is.',
    });
  }
  const file = docusaurusConfigIn(projectDir);
  if (!file) {
    throw new SiteError({
      code: 'DOCUSAURUS_NOT_FOUND',
      message: `no Docusaurus config in ${projectDir} (looked for ${DOCUSAURUS_CONFIG_NAMES.join(', ')})`,
      hint: 'Pass the folder of the Docusaurus project, where docusaurus.config.js is.',
    });
  }
  return file;
}

/**
 * Whether a project's config needs to run live to be read whole (see EvaluationMode): it imports
 * packages, all of them installed, or Node's own modules (to read a file with `fs`, say), which
 * the sandbox does not give. A config that imports neither loses nothing in the sandbox, and is
 * read there.
 */
export async function configNeedsToRunLive(projectDir: string): Promise<boolean> {
  const file = docusaurusConfigIn(path.resolve(projectDir));
  if (file === undefined) return false;
  const { packages, builtins } = await importsOf(file);
  if (packages.length === 0 && builtins.length === 0) return false;
  return (await missingPackagesOf(file, packages)).length === 0;
}
