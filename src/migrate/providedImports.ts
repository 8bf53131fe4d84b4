import { build } from 'esbuild';
import { sharedModules, sharedModulesPlugin } from '../bundle/sharedModules.js';
import { virtualModulesPlugin } from '../bundle/virtualModules.js';

/**
 * Answers whether a page of the migrated site may import a package: it asks the resolution the
 * build's route chunks use (React and the theme's `@theme/*` components from the site's runtime,
 * anything else from node_modules as seen from the site folder), so whatever the build learns to
 * provide counts here too.
 */
export function providedImports(siteDir: string): (specifier: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  const plugins = [sharedModulesPlugin(sharedModules()), virtualModulesPlugin(() => null)];
  const check = async (specifier: string) => {
    try {
      await build({
        stdin: { contents: `export * from ${JSON.stringify(specifier)};`, resolveDir: siteDir, loader: 'js' },
        bundle: true,
        write: false,
        platform: 'browser',
        format: 'esm',
        jsx: 'automatic',
        logLevel: 'silent',
        plugins,
      });
      return true;
    } catch {
      return false;
    }
  };
  return (specifier) => {
    let answer = known.get(specifier);
    if (!answer) known.set(specifier, (answer = check(specifier)));
    return answer;
  };
}
