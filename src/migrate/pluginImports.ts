import { packageName } from '../bundle/missingPackage.js';
import { PLUGIN_LIST_KEYS, type PluginListKey } from '../config/sitePlugins.js';
import { describeValue, holdsMarker, isFunction, moduleName, stubModule } from '../docusaurus/evaluated.js';
import type { EvaluatedPluginLists } from '../docusaurus/markdownPlugins.js';
import type { MigrationNotes } from '../docusaurus/notes.js';
import type { Evaluated } from '../docusaurus/sandbox.js';
import type { SitePackages } from './sitePackages.js';
import { SourceCode } from './sourceText.js';

/**
 * The imports sipadocs.config.ts needs for the plugins it lists: one name per module export,
 * named after the package (`@docusaurus/remark-plugin-npm2yarn` → `remarkPluginNpm2yarn`).
 */
export class ConfigImports {
  private readonly byExport = new Map<string, { name: string; module: string; exported: string | null }>();
  private readonly names = new Set(['defineConfig']);

  /** The name sipadocs.config.ts knows an export by: `exported` null for the module's default export. */
  nameOf(module: string, exported: string | null): string {
    const key = `${module}\0${exported ?? ''}`;
    const known = this.byExport.get(key);
    if (known) return known.name;
    const base = exported ?? camelCase(module.split('/').pop()!);
    let name = /^[A-Za-z_$]/.test(base) ? base : `plugin${base}`;
    for (let n = 2; this.names.has(name); n++) name = `${base}${n}`;
    this.names.add(name);
    this.byExport.set(key, { name, module, exported });
    return name;
  }

  /** The import lines, one per module. */
  lines(): string[] {
    const byModule = new Map<string, { default?: string; named: string[] }>();
    for (const { name, module, exported } of this.byExport.values()) {
      const entry = byModule.get(module) ?? { named: [] };
      if (exported === null) entry.default = name;
      else entry.named.push(exported === name ? name : `${exported} as ${name}`);
      byModule.set(module, entry);
    }
    return [...byModule].map(([module, { default: main, named }]) => {
      const parts = [main, named.length > 0 ? `{ ${named.join(', ')} }` : ''].filter(Boolean);
      return `import ${parts.join(', ')} from '${module}';`;
    });
  }
}

const camelCase = (text: string) => text.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_m, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

/**
 * The plugin lists of a content plugin as sipadocs config entries: each plugin a package's export
 * (`require('pkg')`, `require('pkg').default`, `require('pkg').name`, or an ES import of them),
 * imported in sipadocs.config.ts and listed in the new site's package.json; its options carried
 * as they are. A plugin written in the Docusaurus config, one made by calling a function, or
 * options holding a function cannot be written out: each is reported.
 *
 * @param where the options' path in the Docusaurus config, for the report
 */
export function migratePluginLists(lists: EvaluatedPluginLists, where: string, imports: ConfigImports, packages: SitePackages, notes: MigrationNotes): Partial<Record<PluginListKey, unknown[]>> {
  const result: Partial<Record<PluginListKey, unknown[]>> = {};
  for (const key of PLUGIN_LIST_KEYS) {
    const value = lists[key];
    if (value === undefined) continue;
    const entries = Array.isArray(value) ? value : [value];
    const carried: unknown[] = [];
    entries.forEach((entry, i) => {
      const item = `${where}.${key}.${i}`;
      const [head, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
      const from = stubModule(head);
      const stub = moduleName(head);
      if (!from || !stub) {
        const reason = isFunction(head)
          ? 'a plugin written in the Docusaurus config; write it in sipadocs.config.ts (or a file it imports) and list it there'
          : 'not a plugin sipadocs can import: give the plugin module (require or import it)';
        notes.notCarried(`${item}: ${describeValue(head)}`, reason);
        return;
      }
      const property = stub.slice(from.length).replace(/^\./, '');
      if (property.includes('(') || property.includes('.') && property !== 'default.default') {
        notes.notCarried(`${item}: ${stub}`, 'a plugin made by calling or reaching into its module; import it in sipadocs.config.ts by hand');
        return;
      }
      if (holdsMarker(options)) {
        notes.notCarried(`${item}: ${stub} with ${describeValue(options)}`, 'its options hold a function or a module value the migration cannot write; add the plugin by hand');
        return;
      }
      packages.need(packageName(from));
      // A default export and a CommonJS module are both the module's default import (sipadocs takes the function out of either).
      const name = imports.nameOf(from, property === '' || property === 'default' || property === 'default.default' ? null : property);
      carried.push(options === undefined ? new SourceCode(name) : [new SourceCode(name), options]);
      notes.carriedOver(`${item}: ${stub}${options === undefined ? '' : ' with its options'}, imported in sipadocs.config.ts`);
    });
    if (carried.length > 0) result[key] = carried;
  }
  return result;
}

