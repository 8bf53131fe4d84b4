import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteModel } from '../model/model.js';
import type { MigrationNotes } from '../docusaurus/notes.js';

/**
 * Keeps the search page of a site that had Algolia's: writes `<pages>/<route>.tsx`, a React page
 * that renders the theme's `@theme/SearchPage` (results from the site's own index, the query in
 * `?q=`), unless the project has a page or doc at that route already.
 *
 * @returns the file written, or null
 */
export async function writeSearchPage(route: string | null, model: SiteModel, pagesPath: string, outDir: string, notes: MigrationNotes): Promise<string | null> {
  if (route === null) return null;
  if (model.pages.some((page) => page.route === route) || model.docs.some((doc) => doc.route === route)) return null;
  const relPath = `${pagesPath}${route}.tsx`;
  const file = path.join(outDir, ...relPath.split('/'));
  if (existsSync(file)) return null;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `// The search page that Docusaurus's Algolia theme made at ${route}, written by \`sipadocs migrate\`:
// it shows results from the site's own search index, with the query in its address (${route}?q=…).
import SearchPage from '@theme/SearchPage';

export default SearchPage;
`,
    { flag: 'wx' },
  );
  notes.carriedOver(`${relPath}: the search page of Algolia's theme (${route}), showing results from sipadocs's own search`);
  return file;
}
