import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { siteFileName } from './fileNames.js';
import { planMissingData } from './generatedData.js';
import { readImportGraph, type ImportGraph } from '../docusaurus/importGraph.js';
import type { MigrationNotes } from '../docusaurus/notes.js';
import type { ProjectBounds } from '../docusaurus/projectBounds.js';
import type { SitePlan } from './sitePlan.js';

/** Docusaurus's rules for which files of the pages folder are pages. */
export const REACT_PAGE_PATTERNS = ['**/*.{js,jsx,ts,tsx}'];
export const NOT_PAGES = ['**/_*', '**/_*/**', '**/*.test.*', '**/__tests__/**', '**/*.d.ts', '**/node_modules/**'];

/**
 * Carries over the React pages of the pages folder whose imports the migrated site provides
 * (React, the theme's `@theme/*` components, the project's own files, installed packages): each
 * is planned under a name sipadocs takes as a page, with the project files it imports. A page
 * that imports anything else is reported with those imports, and a markdown page saying so
 * keeps its route, so links to it still resolve.
 *
 * @param pagesPath the pages folder, relative to the project
 * @param isProvided whether the migrated site can resolve a package import
 * @param bounds what may be read: pages that are links leading out of the project are skipped
 * @returns the project-relative paths of the page files handled (the caller copies nothing else of them)
 */
export async function planReactPages(
  projectDir: string,
  pagesPath: string,
  isProvided: (specifier: string) => Promise<boolean>,
  plan: SitePlan,
  notes: MigrationNotes,
  bounds: ProjectBounds,
): Promise<Set<string>> {
  const pagesDir = path.join(projectDir, pagesPath);
  const pages = await bounds.glob(pagesPath, REACT_PAGE_PATTERNS, { ignore: NOT_PAGES });
  const handled = new Set<string>();
  for (const rel of pages.sort()) {
    const projectPath = path.posix.join(pagesPath, rel);
    handled.add(projectPath);
    const absolute = path.join(projectDir, projectPath);
    const graph = await readImportGraph(absolute, projectDir);
    for (const data of graph.missingData) {
      await planMissingData(projectDir, data.file, data.importer, plan, notes, bounds);
      graph.edges.push({ importer: data.importer, specifier: data.specifier, resolved: data.file });
    }
    const missing: string[] = [];
    for (const specifier of graph.packages.keys()) {
      if (!(await isProvided(specifier))) missing.push(specifier);
    }
    const text = readFileSync(absolute, 'utf8');
    const route = pageRoute(rel);
    if (graph.problems.length > 0 || missing.length > 0) {
      const reason = notCarriedReason(graph, missing);
      const placeholder = placeholderPath(projectPath);
      if (plan.has(placeholder) || (await fg(`${withoutExtension(rel)}.{md,mdx}`, { cwd: pagesDir })).length > 0) {
        notes.notCarried(`React page ${projectPath} (route ${route})`, reason);
      } else {
        plan.write(placeholder, placeholderText(projectPath, layoutProps(text).title ?? titleOfRoute(route), reason));
        notes.notCarried(`React page ${projectPath} (route ${route})`, `${reason}; ${placeholder} keeps the route with a note`);
      }
      continue;
    }
    carryPage(projectDir, projectPath, route, text, graph, plan, notes);
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

/** The `title` and `description` props of a page's `<Layout>`, where they are string literals. */
export function layoutProps(text: string): { title?: string; description?: string; dynamic: string[] } {
  const tag = /<Layout\b((?:[^>{]|\{[^}]*\})*)>/.exec(text);
  const result: { title?: string; description?: string; dynamic: string[] } = { dynamic: [] };
  if (!tag) return result;
  for (const name of ['title', 'description'] as const) {
    const literal = new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|\\{\\s*(?:"([^"]*)"|'([^']*)'|\`([^\`$]*)\`)\\s*\\})`).exec(tag[1]!);
    if (literal) result[name] = literal.slice(1).find((group) => group !== undefined);
    else if (new RegExp(`\\b${name}=`).test(tag[1]!)) result.dynamic.push(name);
  }
  return result;
}

function notCarriedReason(graph: ImportGraph, missing: string[]): string {
  const parts: string[] = [];
  const docusaurus = missing.filter((name) => name.startsWith('@docusaurus/') || name.startsWith('@theme/') || name.startsWith('@theme-original/'));
  const packages = missing.filter((name) => !docusaurus.includes(name));
  if (docusaurus.length > 0) parts.push(`it uses ${docusaurus.join(', ')}, which sipadocs does not provide`);
  if (packages.length > 0) parts.push(`it imports ${packages.join(', ')}, not installed where the site is`);
  parts.push(...graph.problems);
  return parts.join('; ');
}

function replaceSpecifier(text: string, from: string, to: string): string {
  const quoted = new RegExp(`(['"])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`, 'g');
  return text.replace(quoted, (_match, quote: string) => `${quote}${to}${quote}`);
}

/** "index.js" → "/", "about.tsx" → "/about", "team/index.js" → "/team" (relative to the pages folder). */
export function pageRoute(rel: string): string {
  return `/${withoutExtension(rel)}`.replace(/\/index$/, '') || '/';
}

const withoutExtension = (file: string) => file.replace(/\.[^./]+$/, '');

function placeholderPath(projectPath: string): string {
  return `${withoutExtension(projectPath)}.md`;
}

function titleOfRoute(route: string): string {
  const last = route.split('/').filter(Boolean).pop();
  if (!last) return 'Home';
  const words = last.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function placeholderText(projectPath: string, title: string, reason: string): string {
  return [
    '---',
    `title: ${JSON.stringify(title)}`,
    '---',
    '',
    `This page was a React page of the Docusaurus site (\`${projectPath}\`) and was not carried over: ${reason.replace(/[<{]/g, (c) => `\\${c}`)}.`,
    '',
    `Rewrite it as a sipadocs React page (\`.tsx\` or \`.jsx\`), which may import React, the \`@theme/*\` components and the site's own files.`,
    '',
  ].join('\n');
}
