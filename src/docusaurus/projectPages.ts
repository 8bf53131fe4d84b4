import path from 'node:path';
import { readImportGraph, type ImportGraph } from './importGraph.js';
import type { ProjectBounds } from './projectBounds.js';

/** Docusaurus's rules for which files of the pages folder are React pages. */
export const REACT_PAGE_PATTERNS = ['**/*.{js,jsx,ts,tsx}'];
export const NOT_PAGES = ['**/_*', '**/_*/**', '**/*.test.*', '**/__tests__/**', '**/*.d.ts', '**/node_modules/**'];

/** Whether a site reading the project provides a package import (see packageImports.ts). */
export type IsProvided = (specifier: string, importer: string) => boolean;

/** One React page of the project's pages folder and whether sipadocs builds it. */
export interface ReactPage {
  /** Its path in the project, "/"-separated. */
  projectPath: string;
  route: string;
  /** The project files it imports, transitively, and the packages (see importGraph.ts). */
  graph: ImportGraph;
  /** Why it cannot be built (it imports what the site does not provide), or null when it can. */
  notBuilt: string | null;
}

/**
 * The React pages of the pages folder (Docusaurus's rules: every script but partials and tests),
 * each with its imports and whether the site provides them: React, the theme's `@theme/*` and
 * `@docusaurus/*` modules, the project's own files and its packages. A JSON file a page imports
 * and the project lacks (made by a script before Docusaurus builds) does not stop it: see
 * ImportGraph.missingData.
 */
export async function readReactPages(projectDir: string, pagesPath: string, isProvided: IsProvided, bounds: ProjectBounds): Promise<ReactPage[]> {
  const pages = await bounds.glob(pagesPath, REACT_PAGE_PATTERNS, { ignore: NOT_PAGES });
  const result: ReactPage[] = [];
  for (const rel of pages.sort()) {
    const projectPath = path.posix.join(pagesPath, rel);
    const graph = await readImportGraph(path.join(projectDir, projectPath), projectDir);
    const missing = [...graph.packages].filter(([specifier, importer]) => !isProvided(specifier, importer)).map(([specifier]) => specifier);
    const notBuilt = graph.problems.length > 0 || missing.length > 0 ? notBuiltReason(graph, missing) : null;
    result.push({ projectPath, route: pageRoute(rel), graph, notBuilt });
  }
  return result;
}

function notBuiltReason(graph: ImportGraph, missing: string[]): string {
  const parts: string[] = [];
  const docusaurus = missing.filter((name) => name.startsWith('@docusaurus/') || name.startsWith('@theme/') || name.startsWith('@theme-original/'));
  const packages = missing.filter((name) => !docusaurus.includes(name));
  if (docusaurus.length > 0) parts.push(`it uses ${docusaurus.join(', ')}, which sipadocs does not provide`);
  if (packages.length > 0) parts.push(`it imports ${packages.join(', ')}, not installed where the site is`);
  parts.push(...graph.problems);
  return parts.join('; ');
}

/** "index.js" → "/", "about.tsx" → "/about", "team/index.js" → "/team" (relative to the pages folder). */
export function pageRoute(rel: string): string {
  return `/${withoutExtension(rel)}`.replace(/\/index$/, '') || '/';
}

export const withoutExtension = (file: string) => file.replace(/\.[^./]+$/, '');

/** The markdown page that stands for a React page that is not built, keeping its route. */
export function placeholderPath(projectPath: string): string {
  return `${withoutExtension(projectPath)}.md`;
}

/** Its text: the page's title and why it is not built. */
export function placeholderText(projectPath: string, title: string, reason: string): string {
  return [
    '---',
    `title: ${JSON.stringify(title)}`,
    '---',
    '',
    `This page is a React page of the Docusaurus site (\`${projectPath}\`) that sipadocs does not build: ${reason.replace(/[<{]/g, (c) => `\\${c}`)}.`,
    '',
    `A sipadocs React page (\`.tsx\` or \`.jsx\`) may import React, the \`@theme/*\` and \`@docusaurus/*\` modules sipadocs provides, the site's own files and installed packages.`,
    '',
  ].join('\n');
}

/** A title for a page without one: its route's last part, capitalized. */
export function titleOfRoute(route: string): string {
  const last = route.split('/').filter(Boolean).pop();
  if (!last) return 'Home';
  const words = last.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
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
