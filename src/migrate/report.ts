import path from 'node:path';
import { formatSiteError, SiteError } from '../errors.js';
import type { MigrateResult } from './migrate.js';

/**
 * The summary printed after a migration: what was written, what was carried over, every item
 * not carried over with the reason, the problems that stop the site from building, and how to build.
 */
export function formatReport(result: MigrateResult, cwd = process.cwd()): string {
  // Paths below the working folder are shown relative to it, others in full.
  const shown = (dir: string) => {
    const relative = path.relative(cwd, dir);
    return relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative || '.';
  };
  const out = shown(result.outDir);
  const lines: string[] = [`Migrated ${shown(result.configFile)} into ${out}/`, ''];

  lines.push('Written:');
  const byFolder = new Map<string, number>();
  for (const file of result.written) {
    const top = file.includes('/') ? `${file.split('/')[0]}/` : file;
    byFolder.set(top, (byFolder.get(top) ?? 0) + 1);
  }
  for (const [folder, files] of byFolder) lines.push(`  ${folder}${folder.endsWith('/') ? ` (${count(files, 'file')})` : ''}`);

  lines.push('', 'Carried over:');
  const { counts } = result;
  if (result.problems.length === 0) {
    const where = result.notes.routesChanged ? 'at their Docusaurus routes but where noted below' : 'at their Docusaurus routes';
    lines.push(`  - ${count(counts.docs, 'doc')} in ${count(counts.sidebars, 'sidebar')}, ${count(counts.posts, 'blog post')}, ${count(counts.pages, 'page')}, ${where}`);
    for (const versions of counts.docsVersions ?? []) lines.push(`  - docs versions: ${versions}`);
  }
  for (const item of result.notes.carried) lines.push(`  - ${item}`);

  const { warnings } = result.notes;
  if (warnings.length > 0) lines.push('', `Warnings (${warnings.length}):`, ...warnings.map(({ item, reason }) => `  - ${item}: ${reason}`));

  const skipped = result.notes.notCarriedItems;
  lines.push('', skipped.length === 0 ? 'Not carried over: nothing.' : `Not carried over (${skipped.length}):`);
  for (const { item, reason } of skipped) lines.push(`  - ${item}: ${reason}`);

  if (result.problems.length > 0) {
    lines.push('', `The migrated site does not build yet (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}):`);
    for (const problem of result.problems) {
      lines.push(formatSiteError(locatedInSite(problem, (file) => shown(path.join(result.outDir, file)))));
    }
    lines.push('', `Fix them in ${out}/, then build:`);
  } else {
    if (result.build?.needsPackages) {
      lines.push('', 'Not checked to the end: its build stops at packages that are not installed yet:');
      for (const stop of result.build.stoppedAt ?? []) lines.push(`  - ${stoppedAt(stop, (file) => shown(path.join(result.outDir, file)))}`);
    } else if (result.build) {
      const { pages, warnings } = result.build;
      lines.push('', `Checked: the migrated site builds, ${count(pages, 'page')}${warnings.length > 0 ? `, with ${count(warnings.length, 'warning')}:` : '.'}`);
      for (const warning of warnings) lines.push(`  - ${warning}`);
    }
    lines.push('', result.packages.length > 0 ? `Install the packages its package.json lists (${result.packages.join(', ')}), then build it:` : 'Build it:');
  }
  if (result.packages.length > 0) lines.push(`  npm install --prefix ${out}`);
  lines.push(`  npx sipadocs build --site ${out}`);
  return lines.join('\n');
}

/**
 * The problem with a site-relative location shown from the working folder. A new error is made
 * rather than a copy: an error's message is not an enumerable property, so a spread would lose it.
 */
function locatedInSite(problem: SiteError, shown: (siteFile: string) => string): SiteError {
  const file = problem.location?.file;
  if (!file || path.isAbsolute(file)) return problem;
  return new SiteError({ code: problem.code, message: problem.message, hint: problem.hint, frame: problem.frame, location: { ...problem.location!, file: shown(file) } });
}

/** One line for a place the check build stopped at: "out/src/pages/index.jsx:3:20: Could not resolve "x"". */
function stoppedAt(problem: SiteError, shown: (siteFile: string) => string): string {
  const location = problem.location;
  if (!location?.file) return problem.message;
  const file = path.isAbsolute(location.file) ? location.file : shown(location.file);
  return `${[file, location.line, location.line ? location.column : undefined].filter((part) => part !== undefined).join(':')}: ${problem.message}`;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
