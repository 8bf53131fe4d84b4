import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MigrationNotes } from '../docusaurus/notes.js';
import type { ProjectBounds } from '../docusaurus/projectBounds.js';
import type { SitePlan } from './sitePlan.js';

/**
 * A JSON file a page imports that the project does not have: a Docusaurus project makes such a
 * file before it builds (jest's `backers.json`, fetched by a script from a web service), so its
 * content is not part of the project. An empty list takes its place, so the page builds and shows
 * none of that data; the report says so, naming the project's script that writes the file.
 *
 * @param file the absolute path the import names, inside the project
 */
export async function planMissingData(projectDir: string, file: string, importer: string, plan: SitePlan, notes: MigrationNotes, bounds: ProjectBounds): Promise<void> {
  const projectPath = path.relative(projectDir, file).split(path.sep).join('/');
  if (plan.has(projectPath)) return;
  plan.write(projectPath, '[]\n');
  const maker = await scriptWriting(projectDir, path.basename(file), bounds);
  const importedBy = path.relative(projectDir, importer).split(path.sep).join('/');
  notes.carriedOver(
    `${projectPath}: not in the project, ${maker ? `written by ${maker} before Docusaurus builds` : 'made before Docusaurus builds, maybe'}; an empty list takes its place so ${importedBy} builds without that data${maker ? ` (run ${maker} in the new site to fill it)` : ''}`,
  );
}

/** The project's script (a .js file beside the config, or a package.json script) that names the file, if any. */
async function scriptWriting(projectDir: string, name: string, bounds: ProjectBounds): Promise<string | null> {
  const scripts = await bounds.glob('.', ['*.{js,mjs,cjs,ts}'], {});
  for (const rel of scripts.sort()) {
    if (/^docusaurus\.config\./.test(rel)) continue;
    const text = readFileSync(path.join(projectDir, rel), 'utf8');
    if (text.includes(name)) return rel;
  }
  return null;
}
