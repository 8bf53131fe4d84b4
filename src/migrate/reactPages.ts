import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { siteFileName } from './fileNames.js';
import { planMissingData } from './generatedData.js';
import type { ImportGraph } from '../docusaurus/importGraph.js';
import type { MigrationNotes } from '../docusaurus/notes.js';
import { layoutProps, placeholderPath, placeholderText, readReactPages, titleOfRoute, withoutExtension, type IsProvided } from '../docusaurus/projectPages.js';
import type { DocusaurusProject } from '../docusaurus/readProject.js';
import type { SitePlan } from './sitePlan.js';

/**
 * Carries over the React pages of the pages folder that the site can build (see readReactPages):
 * each is planned under a name sipadocs takes as a page, with the project files it imports. A page
 * that imports what the site does not provide is reported, and a markdown page saying so keeps its
 * route, so links to it still resolve.
 *
 * @param pagesPath the pages folder, relative to the project
 * @param isProvided whether the migrated site can resolve a package import
 * @returns the project-relative paths of the page files handled (the caller copies nothing else of them)
 */
export async function planReactPages(project: DocusaurusProject, pagesPath: string, isProvided: IsProvided, plan: SitePlan): Promise<Set<string>> {
  const { projectDir, notes, bounds } = project;
  const handled = new Set<string>();
  for (const page of await readReactPages(projectDir, pagesPath, isProvided, bounds)) {
    handled.add(page.projectPath);
    for (const data of page.graph.missingData) {
      await planMissingData(projectDir, data.file, data.importer, plan, notes, bounds);
      page.graph.edges.push({ importer: data.importer, specifier: data.specifier, resolved: data.file });
    }
    const text = readFileSync(path.join(projectDir, page.projectPath), 'utf8');
    if (page.notBuilt !== null) {
      const placeholder = placeholderPath(page.projectPath);
      if (plan.has(placeholder) || (await fg(`${withoutExtension(page.projectPath)}.{md,mdx}`, { cwd: projectDir })).length > 0) {
        notes.notCarried(`React page ${page.projectPath} (route ${page.route})`, page.notBuilt);
      } else {
        plan.write(placeholder, placeholderText(page.projectPath, layoutProps(text).title ?? titleOfRoute(page.route), page.notBuilt));
        notes.notCarried(`React page ${page.projectPath} (route ${page.route})`, `${page.notBuilt}; ${placeholder} keeps the route with a note`);
      }
      continue;
    }
    carryPage(projectDir, page.projectPath, page.route, text, page.graph, plan, notes);
  }
  return handled;
}

function carryPage(projectDir: string, projectPath: string, route: string, pageText: string, graph: ImportGraph, plan: SitePlan, notes: MigrationNotes): void {
  const pageFile = path.join(projectDir, projectPath);
  const texts = new Map<string, string>();
  const textOf = (file: string) => {
    let text = texts.get(file);
    if (text === undefined) texts.set(file, (text = readFileSync(file, 'utf8')));
    return text;
  };
  const projectPathOf = (file: string) => path.relative(projectDir, file).split(path.sep).join('/');
  const siteNameOf = (file: string) =>
    siteFileName(projectPathOf(file), /\.js$/.test(file) ? textOf(file) : null, file === pageFile);
  texts.set(pageFile, pageText);
  // Imports that would not resolve from the file's new name: `@site/…` (a Docusaurus alias) and
  // explicit extensions of files renamed to .jsx.
  for (const edge of graph.edges) {
    const target = edge.resolved!;
    // A data file the migration writes itself (see generatedData.ts) has no text to read.
    const renamed = graph.files.has(target) && siteNameOf(target) !== projectPathOf(target);
    const namesExtension = path.posix.extname(edge.specifier) === path.extname(target);
    if (!edge.specifier.startsWith('@site/') && !(renamed && namesExtension)) continue;
    let specifier = path.posix.relative(path.posix.dirname(siteNameOf(edge.importer)), siteNameOf(target));
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    if (!namesExtension) specifier = specifier.slice(0, specifier.length - path.posix.extname(specifier).length);
    texts.set(edge.importer, replaceSpecifier(textOf(edge.importer), edge.specifier, specifier));
  }
  const meta = metaExport(texts.get(pageFile)!, projectPath, notes);
  if (meta) texts.set(pageFile, `${texts.get(pageFile)!.trimEnd()}\n\n${meta}\n`);
  for (const file of graph.files) {
    const to = siteNameOf(file);
    const changed = texts.has(file) && texts.get(file) !== readFileSync(file, 'utf8');
    if (changed) plan.write(to, texts.get(file)!);
    else plan.copy(file, to);
  }
  notes.carriedOver(`React page ${projectPath} → ${siteNameOf(pageFile)} (route ${route})`);
}

/**
 * sipadocs takes a React page's title and description from its `meta` export; Docusaurus pages
 * pass them to `<Layout>`. Literal ones are turned into a `meta` export.
 */
function metaExport(text: string, projectPath: string, notes: MigrationNotes): string | null {
  if (/export\s+(const|let|var)\s+meta\b/.test(text)) return null;
  // A computed title or description reaches the page's head when it renders (see @theme/Layout).
  const props = layoutProps(text);
  if (props.title === undefined && props.description === undefined) return null;
  const fields = [props.title !== undefined ? `title: ${JSON.stringify(props.title)}` : '', props.description !== undefined ? `description: ${JSON.stringify(props.description)}` : ''];
  notes.carriedOver(`${projectPath}: the title and description given to <Layout> became its meta export`);
  return `export const meta = { ${fields.filter(Boolean).join(', ')} };`;
}

function replaceSpecifier(text: string, from: string, to: string): string {
  const quoted = new RegExp(`(['"])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`, 'g');
  return text.replace(quoted, (_match, quote: string) => `${quote}${to}${quote}`);
}
