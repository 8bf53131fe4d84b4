import path from 'node:path';
import { EXIT, reportError } from '../errors.js';
import { snapshotDocsVersion } from './snapshotVersion.js';

/** `sipadocs docs:version <name>`: exit 0 when the version was written, 1 when it was refused or failed. */
export async function docsVersionCommand(siteDir: string, name: string, pluginId: string): Promise<number> {
  try {
    const result = await snapshotDocsVersion(siteDir, name, pluginId);
    // Below the working folder relative to it, else in full.
    const shown = (file: string) => {
      const absolute = path.resolve(siteDir, file);
      const relative = path.relative(process.cwd(), absolute);
      return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
    };
    const lines = [
      `Docs version ${name} written:`,
      `  ${shown(result.docsDir)}/ (${result.files} file${result.files === 1 ? '' : 's'})`,
      ...(result.sidebarsFile ? [`  ${shown(result.sidebarsFile)}`] : []),
      `  ${shown(result.versionsFile)}: ${result.versions.join(', ')}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return EXIT.ok;
  } catch (error) {
    reportError(error);
    return EXIT.failure;
  }
}
