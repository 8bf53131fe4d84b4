import path from 'node:path';
import { formatSiteError } from '../errors.js';
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
  }
  for (const item of result.notes.carried) lines.push(`  - ${item}`);

  const skipped = result.notes.notCarriedItems;
  lines.push('', skipped.length === 0 ? 'Not carried over: nothing.' : `Not carried over (${skipped.length}):`);
  for (const { item, reason } of skipped) lines.push(`  - ${item}: ${reason}`);

  if (result.problems.length > 0) {
    lines.push('', `The migrated site does not build yet (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}):`);
    for (const problem of result.problems) {
      const file = problem.location?.file;
      const located = file && !path.isAbsolute(file) ? { ...problem.location!, file: shown(path.join(result.outDir, file)) } : problem.location;
      lines.push(formatSiteError(Object.assign(Object.create(Object.getPrototypeOf(problem)), problem, { location: located })));
    }
    lines.push('', `Fix them in ${out}/, then build:`);
  } else {
    lines.push('', 'Build it:');
  }
  lines.push(`  npx sipadocs build --site ${out}`);
  return lines.join('\n');
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
