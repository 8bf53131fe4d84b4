import { build, type PartialMessage, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { ImportErrorDetail } from './sharedModules.js';
import { compileSass, loadSass, SASS_FILE, SassError, type SassSettings } from './sassStyles.js';

const STYLE_NAMESPACE = 'sipa-css-module';
/** A global Sass sheet imported by code, as a module importing it and its partials. */
const SASS_SHEET = 'sipa-sass-sheet';
/** A partial of a Sass sheet, imported as an empty module (see cssModulesPlugin). */
const SASS_DEPENDENCY = 'sipa-sass-dependency';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(' '),
);

/** A CSS module compiled on its own: its class names by local name, and its style sheet. */
export interface CompiledCssModule {
  names: Record<string, string>;
  css: string;
  /** The files it was made from: the module, and a Sass module's partials. */
  files: string[];
}

/** A CSS module's file: `.module.css`, or with Sass `.module.scss` and `.module.sass`. */
const CSS_MODULE = /\.module\.(css|scss|sass)$/;

/**
 * CSS modules (`*.module.css`) whose class names depend only on the file. esbuild names local
 * classes per build, and shortens them when minifying: the server render and a page's client
 * chunk, built apart, gave the same element different classes, and the page lost its styles once
 * hydrated. Here each module is compiled alone, its names get a hash of its content (two files
 * of the same name cannot clash), and builds see a JS module of names that imports a plain
 * style sheet (nothing in the server build, which renders no CSS).
 */
export function cssModulesPlugin(sass: () => SassSettings | null = () => null): Plugin {
  return {
    name: 'sipadocs-css-modules',
    setup(b) {
      const server = b.initialOptions.platform === 'node';
      // The JS module and the style sheet of a file are loaded apart: compiled once per build.
      const compiled = new Map<string, Promise<CompiledCssModule>>();
      const compile = (file: string) => {
        let result = compiled.get(file);
        if (!result) compiled.set(file, (result = compileCssModule(file, sass())));
        return result;
      };
      b.onStart(() => compiled.clear());
      b.onResolve({ filter: new RegExp(`^${STYLE_NAMESPACE}:`) }, (args) => ({ path: args.path.slice(STYLE_NAMESPACE.length + 1), namespace: STYLE_NAMESPACE }));
      // A Sass sheet's partials, imported by the module that stands for it so that the bundle's
      // inputs name them (a cached chunk is checked against its inputs): empty modules.
      b.onResolve({ filter: new RegExp(`^${SASS_DEPENDENCY}:`) }, (args) => ({ path: args.path.slice(SASS_DEPENDENCY.length + 1), namespace: 'file', pluginData: { sassDependency: true } }));
      // A Sass file needs a site that uses Sass (see sassStyles.ts); the error names the import.
      b.onResolve({ filter: SASS_FILE }, async (args) => {
        if (!sass()) return { errors: [sassNotEnabled(args.path)] };
        // A global sheet imported by code is loaded through a module that also imports its partials.
        if (args.pluginData?.sassSheet || CSS_MODULE.test(args.path) || !['import-statement', 'require-call', 'dynamic-import'].includes(args.kind)) return undefined;
        const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { sassSheet: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: resolved.path, namespace: SASS_SHEET };
      });
      b.onLoad({ filter: /.*/, namespace: SASS_SHEET }, (args) => {
        const compiled = compileSheet(args.path);
        if ('errors' in compiled) return compiled;
        const lines = [args.path, ...compiled.files.filter((file) => file !== args.path).map((file) => `${SASS_DEPENDENCY}:${file}`)].map((file) => `import ${JSON.stringify(file)};`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(args.path), pluginData: { sassSheet: true } };
      });
      b.onLoad({ filter: CSS_MODULE, namespace: 'file' }, async (args) => {
        const settings = sass();
        if (SASS_FILE.test(args.path) && !loadSass(settings!.siteDir)) return { errors: [sassNotInstalled(settings!.siteDir)] };
        let module: CompiledCssModule;
        try {
          module = await compile(args.path);
        } catch (error) {
          if (error instanceof SassError) return { errors: [sassMessage(error)] };
          throw error;
        }
        const { names } = module;
        const lines = [`import ${JSON.stringify(`${STYLE_NAMESPACE}:${args.path}`)};`, `const names = ${JSON.stringify(names)};`, 'export default names;'];
        for (const name of Object.keys(names)) {
          if (IDENTIFIER.test(name) && !RESERVED.has(name) && name !== 'names') lines.push(`export const ${name} = names[${JSON.stringify(name)}];`);
        }
        for (const file of module.files) if (file !== args.path) lines.push(`import ${JSON.stringify(`${SASS_DEPENDENCY}:${file}`)};`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(args.path), watchFiles: module.files };
      });
      b.onLoad({ filter: /.*/, namespace: STYLE_NAMESPACE }, async (args) => ({
        contents: server ? '' : (await compile(args.path)).css,
        loader: server ? 'empty' : 'css',
        // url() in the sheet resolves from the module's own folder.
        resolveDir: path.dirname(args.path),
      }));
      /** A global Sass sheet compiled, or the build's error for it. */
      // A global sheet imported by code is compiled for its module (its partials) and for its CSS: once per build.
      const sheets = new Map<string, { css: string; files: string[] } | { errors: PartialMessage[] }>();
      b.onStart(() => sheets.clear());
      const compileSheet = (file: string) => {
        let sheet = sheets.get(file);
        if (!sheet) sheets.set(file, (sheet = compileSheetOnce(file)));
        return sheet;
      };
      const compileSheetOnce = (file: string): { css: string; files: string[] } | { errors: PartialMessage[] } => {
        const settings = sass()!;
        const compiler = loadSass(settings.siteDir);
        if (!compiler) return { errors: [sassNotInstalled(settings.siteDir)] };
        try {
          return compileSass(compiler, file, settings);
        } catch (error) {
          if (error instanceof SassError) return { errors: [sassMessage(error)] };
          throw error;
        }
      };
      // A Sass sheet that is no module: its CSS as it is, global (imported from a page, or a `customCss` file).
      b.onLoad({ filter: SASS_FILE, namespace: 'file' }, (args) => {
        if (args.pluginData?.sassDependency) return { contents: '', loader: 'js' };
        const compiled = compileSheet(args.path);
        if ('errors' in compiled) return compiled;
        return { contents: server ? '' : compiled.css, loader: server ? 'empty' : 'css', resolveDir: path.dirname(args.path), watchFiles: compiled.files };
      });
    },
  };
}

/** The error for a Sass file imported by a site that does not use Sass. */
function sassNotEnabled(specifier: string): PartialMessage {
  const detail: ImportErrorDetail = {
    code: 'UNSUPPORTED_IMPORT',
    hint: "Sass style sheets are compiled for a site that uses Sass: set `sass: true` in the site's config (a Docusaurus site lists docusaurus-plugin-sass in its plugins), with the `sass` package installed (npm install --save-dev sass); or import a .css file.",
  };
  return { text: `"${specifier}" is a Sass style sheet, and this site does not use Sass`, detail };
}

/** The error for a site that uses Sass without the `sass` package. */
function sassNotInstalled(siteDir: string): PartialMessage {
  return { text: 'Could not resolve "sass"', detail: { hint: `Install it in the site's folder (${siteDir}): npm install --save-dev sass` } };
}

/** A Sass compile error, at its line in the file that has it. */
function sassMessage(error: SassError): PartialMessage {
  return { text: `Sass: ${error.message}`, location: error.location ?? undefined };
}

/** Compiles one CSS module with esbuild alone (so its names do not depend on any other file). */
export async function compileCssModule(file: string, sass: SassSettings | null = null): Promise<CompiledCssModule> {
  // A Sass module is compiled to CSS first, then read as a CSS module of the same file.
  let sheet: { css: string; files: string[] } | null = null;
  if (SASS_FILE.test(file)) {
    const compiler = sass ? loadSass(sass.siteDir) : null;
    if (!sass || !compiler) throw new Error(`${file}: Sass is not available`);
    sheet = compileSass(compiler, file, sass);
  }
  const result = await build({
    stdin: { contents: `export { default } from ${JSON.stringify(file)};`, resolveDir: path.dirname(file), loader: 'js' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    // Nothing is written; esbuild only needs a folder to name the style sheet in.
    outdir: path.join(os.tmpdir(), 'sipadocs-css-module'),
    logLevel: 'silent',
    plugins: [
      {
        name: 'keep-urls',
        // Images and fonts stay as written, for the real build to resolve from the module's folder.
        setup: (b) => b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'url-token' ? { path: args.path, external: true } : undefined)),
      },
      ...(sheet ? [{ name: 'sass-module', setup: (b: import('esbuild').PluginBuild) => b.onLoad({ filter: SASS_FILE }, () => ({ contents: sheet.css, loader: 'local-css' as const })) }] : []),
    ],
  });
  const js = result.outputFiles.find((output) => output.path.endsWith('.js'))!.text;
  const css = result.outputFiles.find((output) => output.path.endsWith('.css'))?.text ?? '';
  // esbuild's output here is a table of string constants; it runs in an empty context.
  const module = { exports: {} as { default?: Record<string, string> } };
  vm.runInNewContext(js, { module, exports: module.exports });
  const local = module.exports.default ?? {};
  const suffix = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 6);
  const renamed = new Map<string, string>();
  for (const value of Object.values(local)) {
    for (const name of value.split(/\s+/).filter(Boolean)) renamed.set(name, `${name}_${suffix}`);
  }
  const names = Object.fromEntries(Object.entries(local).map(([key, value]) => [key, value.split(/\s+/).map((name) => renamed.get(name) ?? name).join(' ')]));
  const scoped = css.replace(/([.#])(-?[_a-zA-Z][\w-]*)/g, (match, sign: string, name: string) => (renamed.has(name) ? `${sign}${renamed.get(name)}` : match));
  return { names, css: scoped, files: sheet?.files ?? [file] };
}
