import { closeSync, lstatSync, openSync, readdirSync, readFileSync, readSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SiteError } from '../errors.js';
import { GENERATOR_NAME } from '../version.js';

/**
 * The file sipadocs writes at the top of every output folder it creates. Its presence is what
 * lets a later build replace the folder's contents; it holds the id of the build that wrote it.
 */
export const OUTPUT_MARKER = '.sipadocs-output';

/** The marker's contents: whose folder this is, and which build last committed it. */
export interface OutputMarker {
  generator: typeof GENERATOR_NAME;
  build: string;
}

export function markerText(build: string): string {
  const marker: OutputMarker = { generator: GENERATOR_NAME, build };
  return `${JSON.stringify(marker)}\n`;
}

/** The marker of an output folder, or null when it has none (or an unreadable one). */
export function readMarker(outDir: string): OutputMarker | null {
  try {
    const marker = JSON.parse(readFileSync(path.join(outDir, OUTPUT_MARKER), 'utf8')) as OutputMarker;
    return marker.generator === GENERATOR_NAME && typeof marker.build === 'string' ? marker : null;
  } catch {
    return null;
  }
}

/** What the output folder may be beside the rules for every site. */
export interface OutputOptions {
  /** The site folder is a Docusaurus project built where it stands: a folder of its own inside it may be the output, and one Docusaurus's build wrote is replaced. */
  docusaurus?: boolean;
}

/** The folders of a Docusaurus project that hold what it is made from (or its packages): never an output folder. */
const DOCUSAURUS_CONTENT = new Set(['src', 'docs', 'blog', 'static', 'i18n', 'versioned_docs', 'versioned_sidebars', 'node_modules', '.docusaurus', '.git']);

/** Where a build runs from: the folders an output folder must never be or contain. */
export interface Surroundings {
  cwd: string;
  home: string;
}

/**
 * Checks that `outDir` can be sipadocs's own folder before any work starts, and returns its real
 * absolute path (symbolic links resolved), which every later step uses. A build replaces the
 * whole contents of its output folder, so the folder must be one sipadocs created: refused are
 * the file-system root, the home folder, the current folder, the site folder, any folder that
 * contains one of those, any folder inside the site folder, something that is not a folder, and
 * an existing non-empty folder without sipadocs's marker (see OUTPUT_MARKER) that is not an
 * output of an earlier version either (see isEarlierOutput).
 * @throws SiteError OUTPUT_DIR_REFUSED, a usage error
 */
export function checkOutputDir(outDir: string, siteDir: string, around: Surroundings = { cwd: process.cwd(), home: os.homedir() }, project: OutputOptions = {}): string {
  const out = realPath(path.resolve(outDir));
  const site = realPath(path.resolve(siteDir));
  const cwd = realPath(around.cwd);
  const home = realPath(around.home);
  const shown = path.relative(cwd, out) || '.';
  const refuse = (why: string, hint = 'Pick a folder of its own for the site, such as "build" (sipadocs creates it).'): never => {
    throw new SiteError({
      code: 'OUTPUT_DIR_REFUSED',
      message: `refusing to build into ${shown}: ${why}; a build replaces everything in its output folder`,
      hint,
    });
  };
  if (path.parse(out).root === out) refuse('it is the root of the file system');
  if (out === home) refuse('it is your home folder');
  if (out === cwd) refuse('it is the current folder');
  if (out === site) refuse('it is the site folder');
  // A Docusaurus project builds into a folder of its own beside its content (build/, as Docusaurus does).
  const besideContent = project.docusaurus === true && path.dirname(out) === site && !DOCUSAURUS_CONTENT.has(path.basename(out));
  if (isInside(out, site) && !besideContent) refuse(`it is inside the site folder ${path.relative(cwd, site) || '.'}`);
  if (isInside(site, out)) refuse(`it contains the site folder ${path.relative(cwd, site) || '.'}`);
  if (isInside(cwd, out)) refuse('it contains the current folder');
  if (isInside(home, out)) refuse('it contains your home folder');
  const info = lstatSync(out, { throwIfNoEntry: false });
  if (!info) return out;
  if (!info.isDirectory()) refuse('it exists and is not a folder');
  const entries = readdirSync(out);
  if (entries.length === 0 || readMarker(out) || isEarlierOutput(out)) return out;
  // What Docusaurus's own build wrote is replaced, as a Docusaurus build would replace it.
  if (project.docusaurus === true && isDocusaurusOutput(out)) return out;
  const listed = entries.slice(0, 3).join(', ') + (entries.length > 3 ? `, … (${entries.length} entries)` : '');
  return refuse(
    `it already holds files that sipadocs did not write (${listed})`,
    `Pick a folder that does not exist yet (sipadocs creates it and marks it with a ${OUTPUT_MARKER} file), or empty this one first.`,
  );
}

/**
 * True for an output folder written by a version of sipadocs from before the marker: it has the
 * `_sipa` assets folder and a home or not-found page naming sipadocs as its generator.
 */
export function isEarlierOutput(dir: string): boolean {
  try {
    if (!lstatSync(path.join(dir, '_sipa')).isDirectory()) return false;
  } catch {
    return false;
  }
  return ['index.html', '404.html'].some((page) => hasGeneratorMeta(path.join(dir, page)));
}

/**
 * True for a folder Docusaurus's build wrote: its home or not-found page names Docusaurus as its
 * generator, and its scripts include webpack's runtime chunk (`assets/js/runtime~main.<hash>.js`).
 */
export function isDocusaurusOutput(dir: string): boolean {
  let scripts: string[];
  try {
    scripts = readdirSync(path.join(dir, 'assets', 'js'));
  } catch {
    return false;
  }
  if (!scripts.some((name) => /^runtime~main\.[\w-]+\.js$/.test(name))) return false;
  return ['index.html', '404.html'].some((page) => hasGeneratorMeta(path.join(dir, page), 'Docusaurus'));
}

/** True when an HTML file's head names sipadocs (or `generator`) as its generator (only its first 4 KB are read). */
export function hasGeneratorMeta(file: string, generator: string = GENERATOR_NAME): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(4096);
    const length = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, length).toString('utf8').includes(`<meta name="generator" content="${generator} `);
  } finally {
    closeSync(fd);
  }
}

/** True when `inner` is strictly inside `outer` (both absolute and resolved). */
function isInside(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel !== '' && !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel);
}

/** The real path of `abs`, resolving links in the part that exists (the rest may not exist yet). */
function realPath(abs: string): string {
  const missing: string[] = [];
  for (let dir = abs; ; dir = path.dirname(dir)) {
    try {
      return path.join(realpathSync.native(dir), ...missing.reverse());
    } catch {
      if (path.dirname(dir) === dir) return abs;
      missing.push(path.basename(dir));
    }
  }
}
