import type { Plugin } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { CONTENT_COMPONENTS, OVERRIDABLE_COMPONENTS, type OverridableComponent } from '../shared/themeComponents.js';

/** The folder of a site whose files replace theme components (`src/theme/Footer.tsx`). */
export const THEME_FOLDER = 'src/theme';
const SCRIPT_EXTENSIONS = ['.tsx', '.jsx', '.ts', '.js'];
const TEMPLATES = path.join(PACKAGE_ROOT, 'templates');

/** The site's replacement of each theme component it replaces: absolute path by component name. */
export type ThemeOverrides = Partial<Record<OverridableComponent, string>>;

/** What the site's theme folder holds: the replacements, and script files that replace no component. */
export interface SiteThemeFolder {
  overrides: ThemeOverrides;
  /**
   * The other script files, by the name they are imported as (`@theme/Footer/Links` for
   * `src/theme/Footer/Links/index.js`): the replacements' own parts, as in Docusaurus.
   */
  modules: Record<string, string>;
}

/** A site without a theme folder. */
export const NO_THEME_FOLDER: SiteThemeFolder = { overrides: {}, modules: {} };

/**
 * Reads `src/theme/` of a site: `<Name>.tsx` (or .jsx, .ts, .js) and `<Name>/index.*` replace the
 * component `<Name>` when it is one of OVERRIDABLE_COMPONENTS.
 */
export function readThemeFolder(siteDir: string): SiteThemeFolder {
  return readThemeDir(path.join(siteDir, THEME_FOLDER));
}

/** A folder of theme files read as the site's theme folder is (a plugin's `getThemePath`). */
export function readThemeDir(dir: string): SiteThemeFolder {
  const result: SiteThemeFolder = { overrides: {}, modules: {} };
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return result;
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => SCRIPT_EXTENSIONS.includes(path.posix.extname(file)) && !file.endsWith('.d.ts'))
    .sort();
  for (const file of files) {
    const name = file.slice(0, -path.posix.extname(file).length).replace(/\/index$/, '');
    if (name in OVERRIDABLE_COMPONENTS && !result.overrides[name as OverridableComponent]) {
      result.overrides[name as OverridableComponent] = path.join(dir, file);
    } else {
      result.modules[name] ??= path.join(dir, file);
    }
  }
  return result;
}

/** Whether a replaced component is one the fast path writes into pages (its pages are compiled as MDX then). */
export function replacesContentComponent(overrides: ThemeOverrides): boolean {
  return Object.keys(overrides).some((name) => CONTENT_COMPONENTS.has(name as OverridableComponent));
}

/** The theme's module holding a component, as an absolute path. */
export function originalModule(name: OverridableComponent): string {
  return path.join(TEMPLATES, ...OVERRIDABLE_COMPONENTS[name].file.split('/'));
}

const SLOT = 'sipa-theme-slot';
const ORIGINAL = 'sipa-theme-original';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Makes the theme render the site's replacements: an import of a theme module that holds a
 * replaced component, from anywhere but the replacement's own chain, gets a module exporting
 * everything the theme's does, with the replacement in the component's place.
 * `@theme-original/<Name>` is the theme's component itself, whatever the site replaces, and
 * `@theme/<path>` a file of the site's theme folder that replaces nothing (a replacement's part).
 *
 * @param overrides read when a build starts (an incremental bundler makes a new context when they change)
 * @param siteModules the theme folder's other files (see SiteThemeFolder.modules), read likewise
 */
export function themeOverridesPlugin(overrides: () => ThemeOverrides, siteModules: () => Record<string, string> = () => ({})): Plugin {
  return {
    name: 'sipadocs-theme-overrides',
    setup(build) {
      const replaced = overrides();
      const modules = siteModules();
      // `@theme/<Name>` of a file of the site's theme folder that replaces nothing: that file, as in Docusaurus.
      build.onResolve({ filter: /^@theme\// }, (args) => {
        const name = args.path.slice('@theme/'.length);
        // A replaced component, imported by its name (the server build bundles what the browser takes from the entry's registry).
        if (name in replaced) return { path: name, namespace: SLOT };
        const file = modules[name];
        return file ? { path: file } : undefined;
      });
      const names = Object.keys(replaced) as OverridableComponent[];
      const byModule = new Map(names.map((name) => [originalModule(name), name]));
      build.onResolve({ filter: /^@theme-original\// }, (args) => {
        const name = args.path.slice('@theme-original/'.length);
        if (!(name in OVERRIDABLE_COMPONENTS)) {
          return { errors: [{ text: `"${args.path}": "${name}" is not a theme component a site can replace (those are: ${Object.keys(OVERRIDABLE_COMPONENTS).join(', ')})` }] };
        }
        return { path: name, namespace: ORIGINAL };
      });
      build.onLoad({ filter: /.*/, namespace: ORIGINAL }, (args) => {
        const name = args.path as OverridableComponent;
        const original = JSON.stringify(originalModule(name));
        const exported = OVERRIDABLE_COMPONENTS[name].export;
        return { contents: `export * from ${original};\nexport { ${exported === 'default' ? 'default' : `${exported} as default`} } from ${original};\n`, loader: 'js', resolveDir: TEMPLATES };
      });
      if (names.length === 0) return;
      // Only imports that may name a replaced module: the file names of those modules.
      const baseNames = [...new Set([...byModule.keys()].map((file) => path.basename(file, path.extname(file))))];
      const filter = new RegExp(`(^|[\\\\/])(${baseNames.map(escapeRegExp).join('|')})(\\.[jt]sx?)?$`);
      build.onResolve({ filter }, async (args) => {
        // The slot and the original's module import the theme's module itself.
        if (args.namespace === SLOT || args.namespace === ORIGINAL || args.pluginData?.themeOverrides) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { themeOverrides: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const name = byModule.get(resolved.path);
        if (!name) return { path: resolved.path, namespace: resolved.namespace, external: resolved.external, sideEffects: resolved.sideEffects };
        return { path: name, namespace: SLOT };
      });
      build.onLoad({ filter: /.*/, namespace: SLOT }, (args) => {
        const name = args.path as OverridableComponent;
        const exported = OVERRIDABLE_COMPONENTS[name].export;
        const lines = [
          `export * from ${JSON.stringify(originalModule(name))};`,
          `import Replacement from ${JSON.stringify(replaced[name])};`,
          exported === 'default' ? 'export default Replacement;' : `export { Replacement as ${exported}, Replacement as default };`,
        ];
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(replaced[name]!), watchFiles: [replaced[name]!] };
      });
    },
  };
}
