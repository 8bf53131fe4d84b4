import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PluginsOutcome } from './runPlugins.js';

/** Code that compiles code from a string as it runs, which a Content-Security-Policy without 'unsafe-eval' blocks. */
const EVALUATES = /\bnew\s+Function\s*\(|(?<![\w$.])eval\s*\(/;
const SCRIPT = /\.[cm]?[jt]sx?$/;

/**
 * The plugins' client code, by where it starts: their theme folders (`getThemePath`) and their
 * client modules (`getClientModules`; a package's is resolved from the site folder), absolute.
 */
export function pluginClientRoots(outcome: Pick<PluginsOutcome, 'themePaths' | 'clientModules'>, siteDir: string): string[] {
  const resolveFromSite = createRequire(path.join(siteDir, 'package.json')).resolve;
  const modules = outcome.clientModules.flatMap((module) => {
    if (path.isAbsolute(module)) return [module];
    try {
      return [resolveFromSite(module)];
    } catch {
      return [];
    }
  });
  return [...outcome.themePaths, ...modules];
}

/**
 * The first module of the plugins' client code (the files under `roots`, and every module they
 * import in the client bundle, packages included) whose source compiles code from a string
 * (`new Function(…)`, `eval(…)`), or null. docusaurus-lunr-search's SearchBar is one: the
 * templates of its result list are compiled by hogan.js with `new Function`.
 *
 * @param graph each bundled module and the modules it imports (ClientBundle.entryGraph)
 */
export async function pluginCodeThatEvaluates(graph: ReadonlyMap<string, string[]>, roots: string[]): Promise<string | null> {
  if (roots.length === 0) return null;
  const under = (file: string) => roots.some((root) => file === root || file.startsWith(root + path.sep));
  const reached = new Set([...graph.keys()].filter(under));
  // A Set's iteration also visits what is added to it while it runs.
  for (const file of reached) for (const imported of graph.get(file) ?? []) reached.add(imported);
  const scripts = [...reached].filter((file) => path.isAbsolute(file) && SCRIPT.test(file));
  const texts = await Promise.all(scripts.map((file) => readFile(file, 'utf8').catch(() => '')));
  const index = texts.findIndex((text) => EVALUATES.test(text));
  return index < 0 ? null : scripts[index]!;
}
