import { OVERRIDABLE_COMPONENTS } from '../shared/themeComponents.js';
import { readImportGraph } from './importGraph.js';
import type { IsProvided } from './projectPages.js';

const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;

/** A swizzled component of the project (a file of `src/theme/`) and whether sipadocs builds it. */
export interface SwizzledComponent {
  /** The component's name, as `@theme/` imports it ("Footer", "DocItem/Layout"). */
  name: string;
  /** Its file and the project files it imports, absolute (the theme folder's own modules among them). */
  files: Set<string>;
  /** Why it does not replace the theme's component, or null when it does. */
  notBuilt: string | null;
}

/**
 * The project's swizzled components: each file of `src/theme/` that names a component
 * sipadocs's theme can replace (OVERRIDABLE_COMPONENTS) replaces it, unless it imports what the
 * site does not provide; the theme folder's modules it imports as `@theme/<path>` are its parts.
 * A file that names a component the theme does not have, and is nobody's part, is reported in
 * `others` once, by name.
 *
 * @param files the script and other files of `src/theme/`, by their path below it ("Footer/index.js")
 */
export async function readSwizzled(projectDir: string, files: Array<{ from: string; rel: string }>, isProvided: IsProvided): Promise<{ components: SwizzledComponent[]; others: string[] }> {
  // The theme folder's modules by the name `@theme/` imports them as, as readThemeFolder names them.
  const moduleNames = new Map<string, string>();
  for (const { from, rel } of files) if (SCRIPT.test(rel) && !rel.endsWith('.d.ts')) moduleNames.set(rel.replace(SCRIPT, '').replace(/\/index$/, ''), from);
  const components: SwizzledComponent[] = [];
  const covered = new Set<string>();
  for (const [name, file] of [...moduleNames].filter(([n]) => n in OVERRIDABLE_COMPONENTS)) {
    const own = new Set<string>();
    const problems: string[] = [];
    const specifiers = new Map<string, string>();
    const queue = [file];
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (own.has(next)) continue;
      const graph = await readImportGraph(next, projectDir);
      graph.files.forEach((f) => own.add(f));
      problems.push(...graph.problems);
      for (const [specifier, importer] of graph.packages) {
        if (ofThemeFolder(specifier, moduleNames)) queue.push(moduleNames.get(specifier.slice('@theme/'.length))!);
        else specifiers.set(specifier, importer);
      }
    }
    const missing = [...specifiers].filter(([specifier, importer]) => !isOriginal(specifier) && !isProvided(specifier, importer)).map(([specifier]) => specifier);
    own.forEach((f) => covered.add(f));
    const reasons = [missing.length > 0 ? `it uses ${missing.join(', ')}, which sipadocs does not provide` : '', ...problems].filter(Boolean);
    components.push({ name, files: own, notBuilt: reasons.length > 0 ? `${reasons.join('; ')}; sipadocs's own ${name} is used` : null });
  }
  const others = new Set<string>();
  for (const [name, file] of moduleNames) if (!covered.has(file) && !(name in OVERRIDABLE_COMPONENTS)) others.add(name);
  // A part of another component that was not taken is named with it.
  const named = [...others].filter((name) => ![...others].some((other) => other !== name && name.startsWith(`${other}/`))).sort();
  return { components, others: named };
}

/** Why a swizzled component the theme has no counterpart of is not built. */
export const NO_COUNTERPART = () => `sipadocs's theme has no component of that name to replace (it replaces ${Object.keys(OVERRIDABLE_COMPONENTS).join(', ')})`;

const isOriginal = (specifier: string) => specifier.startsWith('@theme-original/') && specifier.slice('@theme-original/'.length) in OVERRIDABLE_COMPONENTS;
const ofThemeFolder = (specifier: string, modules: Map<string, string>) => specifier.startsWith('@theme/') && modules.has(specifier.slice('@theme/'.length));
