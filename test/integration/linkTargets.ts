import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { manifestFile, readManifest } from '../../src/cache/outputManifest.js';
import { REPO_ROOT } from '../../src/bundle/virtualModules.js';
import { readAnchors } from '../../src/check/links.js';
import type { RecordedPage } from '../../src/render/renderPages.js';

/**
 * For every page of a build, the link targets the build checked links against (as its output
 * manifest records them) and the ids and `<a name>` an HTML parser finds in the page's file.
 */
export async function linkTargetsOfBuild(outDir: string): Promise<Array<{ file: string; checked: Set<string>; parsed: Set<string> }>> {
  const manifest = await readManifest(manifestFile(path.join(REPO_ROOT, 'node_modules/.cache/sipadocs/output'), outDir));
  if (!manifest) throw new Error(`no output manifest for ${outDir}`);
  return Promise.all(
    Object.values(manifest.sections.pages as Record<string, RecordedPage>).map(async (page) => {
      const file = page.files[0]![0];
      return { file, checked: new Set(page.ids), parsed: new Set(readAnchors(await readFile(path.join(outDir, file), 'utf8'))) };
    }),
  );
}
