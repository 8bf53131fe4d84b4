/**
 * KaTeX's style sheet and fonts as the site serves them to pages with math: under the asset
 * folder, named by content (so they may be cached for ever), with only the WOFF2 fonts, which
 * every browser the theme supports reads.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.js';

export interface AssetFile {
  /** Relative to the output folder. */
  file: string;
  contents: string | Buffer;
}

export interface KatexStylesheet {
  /** The style sheet, relative to the output folder. */
  css: string;
  /** The style sheet and the fonts it names. */
  files: AssetFile[];
}

const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/** Eight hex characters of the content's hash, to name a file by its content. */
const contentHash = (contents: string | Buffer) => createHash('sha256').update(contents).digest('hex').slice(0, 8);

/** An `@font-face` source list: each font's WOFF2, WOFF and TrueType files. */
const FONT_SOURCES = /src:\s*url\(fonts\/([\w-]+)\.woff2\)\s*format\("woff2"\)(?:\s*,\s*url\([^)]*\)\s*format\("[^"]*"\))*/g;

let made: { assetDir: string; stylesheet: KatexStylesheet } | null = null;

/** The files, made once per process: KaTeX's own style sheet with its font sources pointing at the renamed WOFF2 files. */
export function katexStylesheet(assetDir: string): KatexStylesheet {
  if (made?.assetDir === assetDir) return made.stylesheet;
  const dist = path.dirname(require.resolve('katex/dist/katex.min.css'));
  const folder = `${assetDir}/katex`;
  const files: AssetFile[] = [];
  const fonts = new Map<string, string>();
  const css = readFileSync(path.join(dist, 'katex.min.css'), 'utf8').replace(FONT_SOURCES, (_, name: string) => {
    let file = fonts.get(name);
    if (!file) {
      const contents = readFileSync(path.join(dist, 'fonts', `${name}.woff2`));
      file = `${name}-${contentHash(contents)}.woff2`;
      fonts.set(name, file);
      files.push({ file: `${folder}/${file}`, contents });
    }
    return `src:url(${file}) format("woff2")`;
  });
  if (fonts.size === 0 || /url\(fonts\//.test(css)) throw new Error('KaTeX\'s style sheet names its fonts in a way sipadocs does not know');
  const stylesheet = { css: `${folder}/katex-${contentHash(css)}.css`, files: [] as AssetFile[] };
  stylesheet.files = [{ file: stylesheet.css, contents: css }, ...files];
  made = { assetDir, stylesheet };
  return stylesheet;
}
