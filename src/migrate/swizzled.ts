import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MigrationNotes } from '../docusaurus/notes.js';
import { NO_COUNTERPART, readSwizzled } from '../docusaurus/projectTheme.js';
import { siteFileName } from './fileNames.js';
import type { SitePackages } from './sitePackages.js';
import type { SitePlan } from './sitePlan.js';

/**
 * Carries the project's swizzled components (files of `src/theme/`) that replace a component of
 * sipadocs's theme (see readSwizzled): each is copied with what it imports, and replaces the
 * theme's component as it did in Docusaurus. Every other one is named in the report with the reason.
 *
 * @param files the script and other files of `src/theme/`, by their path below it ("Footer/index.js")
 */
export async function planSwizzled(projectDir: string, files: Array<{ from: string; rel: string }>, packages: SitePackages, plan: SitePlan, notes: MigrationNotes): Promise<void> {
  const { components, others } = await readSwizzled(projectDir, files, (specifier) => packages.classify(specifier) !== 'unsupported');
  for (const component of components) {
    const where = `src/theme/${component.name}`;
    if (component.notBuilt !== null) {
      notes.notCarried(`swizzled component ${component.name} (${where})`, component.notBuilt);
      continue;
    }
    for (const own of component.files) {
      const projectPath = path.relative(projectDir, own).split(path.sep).join('/');
      plan.copy(own, siteFileName(projectPath, own.endsWith('.js') ? readFileSync(own, 'utf8') : null));
    }
    notes.carriedOver(`swizzled component ${component.name} (${where}) replaces the theme's ${component.name}`);
  }
  for (const name of others) notes.notCarried(`swizzled component ${name} (src/theme/${name})`, NO_COUNTERPART());
}
