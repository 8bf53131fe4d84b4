import { EXIT, reportError, SiteError } from '../errors.js';
import { migrateProject } from './migrate.js';
import { formatReport } from './report.js';

/**
 * `sipadocs migrate`: exit 0 when the site was written (even with items not carried over), 1 when
 * the project cannot be read or the migrated site has problems that stop it from building, 2 when
 * the output folder cannot be used.
 */
export async function migrateCommand(projectDir: string, outDir: string | undefined): Promise<number> {
  try {
    const result = await migrateProject({ projectDir, outDir });
    process.stdout.write(`${formatReport(result)}\n`);
    return result.problems.length > 0 ? EXIT.failure : EXIT.ok;
  } catch (error) {
    reportError(error);
    return error instanceof SiteError && error.code === 'MIGRATE_OUT_NOT_EMPTY' ? EXIT.usage : EXIT.failure;
  }
}
