import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.js';
import { scaffoldFiles } from './scaffold.js';

export interface InitResult {
  /** Absolute path of the new site folder. */
  dir: string;
  /** The files written, relative to it. */
  files: string[];
}

/**
 * Writes a new site into `dir` (created when missing). Refuses, writing nothing, when `dir`
 * exists and is not empty: init never overwrites or mixes with files it did not create.
 */
export function initSite(dir: string, now = new Date()): InitResult {
  const absolute = path.resolve(dir);
  let existing: string[] = [];
  try {
    existing = readdirSync(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing.length > 0) {
    throw new SiteError({
      code: 'INIT_NOT_EMPTY',
      message: `${dir} is not empty (it holds ${existing.length} entr${existing.length === 1 ? 'y' : 'ies'}, e.g. ${existing.slice(0, 3).join(', ')})`,
      hint: 'Name a new or empty folder: sipadocs init <dir>.',
    });
  }
  const files = scaffoldFiles({ title: titleFor(absolute), today: now.toISOString().slice(0, 10) });
  for (const [relPath, text] of Object.entries(files)) {
    const file = path.join(absolute, relPath);
    mkdirSync(path.dirname(file), { recursive: true });
    // "wx": never replace a file that appeared since the folder was found empty.
    writeFileSync(file, text, { flag: 'wx' });
  }
  return { dir: absolute, files: Object.keys(files) };
}

/**
 * The new site's title: the name of the project it is made in (its package.json `name`, else
 * its folder), as words: "acme-widgets" -> "Acme Widgets".
 */
function titleFor(siteDir: string): string {
  const project = path.dirname(siteDir);
  let name = path.basename(project);
  try {
    name = (JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { name?: string }).name ?? name;
  } catch {
    // no package.json: the folder's name
  }
  const words = name.replace(/^@[^/]+\//, '').split(/[-_.\s]+/).filter(Boolean);
  return words.length > 0 ? words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') : 'Documentation';
}
