import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OVERRIDABLE_COMPONENTS } from '../shared/themeComponents.js';
import { siteFileName } from './fileNames.js';
import { readImportGraph } from '../docusaurus/importGraph.js';
import type { MigrationNotes } from '../docusaurus/notes.js';
import type { SitePackages } from './sitePackages.js';
import type { SitePlan } from './sitePlan.js';

const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;

/**
 * Carries the project's swizzled components (files of `src/theme/`): a component sipadocs's theme
 * can replace (OVERRIDABLE_COMPONENTS), whose imports the new site provides (the theme's shared
 * modules, `@theme-original/<Name>`, the theme folder's own files, the project's files and
 * packages), is copied with what it imports, and replaces the theme's component as it did in
 * Docusaurus. Every other one is named in the report with the reason.
 *
 * @param files the script and other files of `src/theme/`, by their path below it ("Footer/index.js")
 */
export async function planSwizzled(projectDir: string, files: Array<{ from: string; rel: string }>, packages: SitePackages, plan: SitePlan, notes: MigrationNotes): Promise<void> {
  // The theme folder's modules by the name `@theme/` imports them as, as readThemeFolder names them.
  const moduleNames = new Map<string, string>();
  for (const { from, rel } of files) if (SCRIPT.test(rel)) moduleNames.set(rel.replace(SCRIPT, '').replace(/\/index$/, ''), from);
  const entries = [...moduleNames].filter(([name]) => name in OVERRIDABLE_COMPONENTS);
  const covered = new Set<string>();
  for (const [name, file] of entries) {
    // The component's files, and those of the theme folder's modules it imports as `@theme/<path>`.
    const ownFiles = new Set<string>();
    const problems: string[] = [];
    const specifiers = new Set<string>();
    const queue = [file];
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (ownFiles.has(next)) continue;
      const graph = await readImportGraph(next, projectDir);
      graph.files.forEach((f) => ownFiles.add(f));
      problems.push(...graph.problems);
      for (const specifier of graph.packages.keys()) {
        if (ofThemeFolder(specifier, moduleNames)) queue.push(moduleNames.get(specifier.slice('@theme/'.length))!);
        else specifiers.add(specifier);
      }
    }
    const unsupported = [...specifiers].filter((specifier) => !isOriginal(specifier) && packages.classify(specifier) === 'unsupported');
    const where = `src/theme/${name}`;
    ownFiles.forEach((f) => covered.add(f));
    if (unsupported.length > 0 || problems.length > 0) {
      const reasons = [unsupported.length > 0 ? `it uses ${unsupported.join(', ')}, which sipadocs does not provide` : '', ...problems].filter(Boolean);
      notes.notCarried(`swizzled component ${name} (${where})`, `${reasons.join('; ')}; sipadocs's own ${name} is used`);
      continue;
    }
    for (const own of ownFiles) {
      const projectPath = path.relative(projectDir, own).split(path.sep).join('/');
      plan.copy(own, siteFileName(projectPath, own.endsWith('.js') ? readFileSync(own, 'utf8') : null));
    }
    notes.carriedOver(`swizzled component ${name} (${where}) replaces the theme's ${name}`);
  }
  // The swizzled components sipadocs has no counterpart of, each once.
  const others = new Set<string>();
  for (const [name, file] of moduleNames) {
    if (covered.has(file) || name in OVERRIDABLE_COMPONENTS) continue;
    others.add(name);
  }
  for (const name of [...others].sort()) {
    // A part of another swizzled component that was not carried is named with it.
    if ([...others].some((other) => other !== name && name.startsWith(`${other}/`))) continue;
    notes.notCarried(
      `swizzled component ${name} (src/theme/${name})`,
      `sipadocs's theme has no component of that name to replace (it replaces ${Object.keys(OVERRIDABLE_COMPONENTS).join(', ')})`,
    );
  }
}

const isOriginal = (specifier: string) => specifier.startsWith('@theme-original/') && specifier.slice('@theme-original/'.length) in OVERRIDABLE_COMPONENTS;
const ofThemeFolder = (specifier: string, modules: Map<string, string>) => specifier.startsWith('@theme/') && modules.has(specifier.slice('@theme/'.length));
