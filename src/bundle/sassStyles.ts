import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../packageRoot.js';

/**
 * Sass style sheets (`.scss`, `.sass`), which a site imports when it uses a Sass plugin, as a
 * Docusaurus site with docusaurus-plugin-sass does: compiled with the `sass` package, the site's
 * own (the plugin's peer dependency, so a site using it has it), else one installed beside
 * sipadocs. sipadocs does not depend on it: only a few sites need its 6 MB.
 */

/** A Sass file's extensions. */
export const SASS_FILE = /\.s[ac]ss$/;

/** What a build compiles Sass with: null when the site does not use Sass (an import of a Sass file is then an error). */
export interface SassSettings {
  /** The site folder: `sass` and the packages `~name/…` imports name resolve from there first. */
  siteDir: string;
}

/** A compiled sheet and the files it was made from (the sheet itself, its partials). */
export interface CompiledSass {
  css: string;
  files: string[];
}

/** A Sass error, at its place in the file that has it. */
export class SassError extends Error {
  constructor(
    message: string,
    readonly location: { file: string; line: number; column: number; lineText: string } | null,
  ) {
    super(message);
  }
}

interface SassModule {
  compile(file: string, options: object): { css: string; loadedUrls: URL[] };
}

const loaded = new Map<string, SassModule | null>();

/** The `sass` package for a site: its own, else sipadocs's; null when neither is installed. */
export function loadSass(siteDir: string): SassModule | null {
  if (loaded.has(siteDir)) return loaded.get(siteDir)!;
  let found: SassModule | null = null;
  for (const from of [path.join(siteDir, 'package.json'), path.join(PACKAGE_ROOT, 'package.json')]) {
    try {
      found = createRequire(from)('sass') as SassModule;
      break;
    } catch {
      // Not there: the next place.
    }
  }
  loaded.set(siteDir, found);
  return found;
}

/**
 * Compiles one Sass file to CSS. `@use`/`@import` find files beside the importing one, then in the
 * site's `node_modules` (`@use 'bootstrap/scss/functions'`); a leading `~` (webpack's way of
 * naming a package, which sass-loader reads) names a package too.
 */
export function compileSass(sass: SassModule, file: string, settings: SassSettings): CompiledSass {
  const modules = path.join(settings.siteDir, 'node_modules');
  const tilde = {
    findFileUrl(url: string) {
      if (!url.startsWith('~')) return null;
      const target = path.join(modules, url.slice(1));
      return existsSync(path.dirname(target)) ? pathToFileURL(target) : null;
    },
  };
  try {
    const result = sass.compile(file, { style: 'expanded', loadPaths: [modules], importers: [tilde], logger: { warn() {}, debug() {} } });
    const files = result.loadedUrls.filter((url) => url.protocol === 'file:').map((url) => fileURLToPath(url));
    return { css: result.css, files: files.includes(file) ? files : [file, ...files] };
  } catch (error) {
    const span = (error as { span?: { url?: URL; start: { line: number; column: number }; context?: string; text?: string } }).span;
    const message = (error as { sassMessage?: string }).sassMessage ?? (error as Error).message;
    const where = span?.url?.protocol === 'file:' ? fileURLToPath(span.url) : file;
    const lineText = (span?.context ?? span?.text ?? '').split('\n')[0] ?? '';
    throw new SassError(message, span ? { file: where, line: span.start.line + 1, column: span.start.column, lineText } : null);
  }
}
