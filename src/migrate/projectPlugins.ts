import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { packageName } from '../bundle/missingPackage.js';
import { describeValue, holdsMarker, isFunction, moduleName, stubModule } from '../docusaurus/evaluated.js';
import type { MigrationNotes } from '../docusaurus/notes.js';
import type { ProjectPlugin } from '../docusaurus/readConfig.js';
import type { Evaluated } from '../docusaurus/sandbox.js';
import type { SitePackages } from './sitePackages.js';
import type { SitePlan } from './sitePlan.js';

/**
 * The project's plugins and themes (those the plugin API runs, see readConfig.ts) as entries of
 * the new config's `plugins`: a package by its name (added to package.json), a local plugin file
 * copied with the folder it is in and listed by its path, each with its options. A plugin written
 * in the Docusaurus config, or options holding a function or a module's value, cannot be written
 * out: each is reported with what to do.
 */
export function migrateProjectPlugins(plugins: ProjectPlugin[], projectDir: string, configText: string, plan: SitePlan, packages: SitePackages, notes: MigrationNotes): unknown[] {
  const carried: unknown[] = [];
  for (const { entry, where } of plugins) {
    const [head, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
    if (holdsMarker(options)) {
      notes.notCarried(`${where} with ${describeValue(options)}`, 'its options hold a function or a module value the migration cannot write; add the plugin to sipadocs.config.ts by hand');
      continue;
    }
    const module = typeof head === 'string' ? head : (pluginModule(head) ?? importedFrom(head, configText, projectDir));
    if (module === null) {
      const reason = isFunction(head)
        ? 'a plugin written in the Docusaurus config: move it to a file of the site (./plugins/name.js, exporting the function) and list that path in sipadocs.config.ts\'s plugins'
        : 'not a plugin the migration can name: list its package or file in sipadocs.config.ts\'s plugins by hand';
      notes.notCarried(`${where}: ${describeValue(head)}`, reason);
      continue;
    }
    const listed = module.startsWith('.') || path.isAbsolute(module) ? copyLocalPlugin(module, projectDir, plan) : packagePlugin(module, where.startsWith('themes') ? 'theme' : 'plugin', projectDir, packages);
    if (listed === null) {
      notes.notCarried(`${where}: ${module}`, 'its file is not in the project (or outside what the migration copies); list it in sipadocs.config.ts by hand');
      continue;
    }
    carried.push(options === undefined ? listed : [listed, options]);
    notes.carriedOver(`${where}: listed in sipadocs.config.ts's plugins as ${JSON.stringify(listed)}${options === undefined ? '' : ' with its options'}; sipadocs runs it through its plugin API`);
  }
  return carried;
}

/** The module a function of the config was imported from, when it is that module's default export (or the module itself). */
function pluginModule(head: Evaluated | undefined): string | null {
  const from = stubModule(head);
  const stub = moduleName(head);
  if (!from || !stub) return null;
  const property = stub.slice(from.length).replace(/^\./, '');
  return property === '' || property === 'default' || property === 'default.default' ? from : null;
}

/**
 * The module a function of the config was imported from, by the config's text: an import or a
 * require binding the function's name (`import llmsTxtPlugin from "./plugins/llms-txt-plugin.mjs"`).
 */
function importedFrom(head: Evaluated | undefined, configText: string, projectDir: string): string | null {
  const name = isFunction(head) ? String((head as { $function: unknown }).$function) : '';
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return null;
  const imported = new RegExp(`import\\s+${name.replace(/\$/g, '\\$')}\\s+from\\s+['"]([^'"]+)['"]`).exec(configText);
  const required = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\s*=\\s*require\\(\\s*['"]([^'"]+)['"]\\s*\\)`).exec(configText);
  const bound = (imported ?? required)?.[1];
  if (bound) return bound;
  // Bound under another name: the local module that declares a function of that name.
  for (const [, specifier] of configText.matchAll(/(?:from\s+|require\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const file = localFile(specifier!, projectDir);
    if (file && new RegExp(`function\\s+${name.replace(/\$/g, '\\$')}\\s*\\(`).test(readFileSync(file, 'utf8'))) return specifier!;
  }
  return null;
}

/** A local plugin file copied with its folder's other files (what it imports), as "./<project path>"; null when it is not there. */
function copyLocalPlugin(module: string, projectDir: string, plan: SitePlan): string | null {
  const file = localFile(module, projectDir);
  if (!file || path.relative(projectDir, file).startsWith('..')) return null;
  const folder = path.dirname(file);
  const files = folder === projectDir ? [file] : listFiles(folder);
  for (const from of files) {
    const rel = path.relative(projectDir, from).split(path.sep).join('/');
    if (!plan.has(rel) && !plan.copy(from, rel)) return null;
  }
  return `./${path.relative(projectDir, module.startsWith('.') || path.isAbsolute(module) ? path.resolve(projectDir, module) : file).split(path.sep).join('/')}`;
}

/** The file a local module specifier names, as Node finds it (extension, folder index); null when none. */
function localFile(module: string, projectDir: string): string | null {
  return [module, `${module}.js`, `${module}.mjs`, `${module}.cjs`, `${module}.ts`, path.join(module, 'index.js')].map((candidate) => path.resolve(projectDir, candidate)).find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.split(path.sep).includes('node_modules'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A plugin package by the name it is installed under (a short name made whole as Docusaurus does), added to the site's packages. */
function packagePlugin(name: string, kind: 'plugin' | 'theme', projectDir: string, packages: SitePackages): string {
  const scoped = /^(@[^/]+)\/?(.*)$/.exec(name);
  const candidates = scoped ? [name, `${scoped[1]}/docusaurus-${kind}${scoped[2] ? `-${scoped[2]}` : ''}`] : [name, `@docusaurus/${kind}-${name}`, `docusaurus-${kind}-${name}`];
  const installed = candidates.find((candidate) => existsSync(path.join(projectDir, 'node_modules', packageName(candidate), 'package.json')));
  const chosen = installed ?? candidates[0]!;
  packages.need(packageName(chosen));
  return chosen;
}

