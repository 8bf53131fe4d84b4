import { transformSync } from 'esbuild';

/** True when a .js file holds JSX: Docusaurus compiles .js as JSX, esbuild (and so sipadocs) only .jsx. */
export function holdsJsx(text: string): boolean {
  try {
    transformSync(text, { loader: 'js', logLevel: 'silent' });
    return false;
  } catch {
    try {
      transformSync(text, { loader: 'jsx', logLevel: 'silent' });
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The name a project file gets in the migrated site: the same, except that .js files holding JSX
 * become .jsx, and React pages always end in .jsx or .tsx (the names sipadocs takes as pages).
 */
export function siteFileName(projectPath: string, text: string | null, isPage = false): string {
  if (isPage) return projectPath.replace(/\.js$/, '.jsx').replace(/\.ts$/, '.tsx');
  if (projectPath.endsWith('.js') && text !== null && holdsJsx(text)) return `${projectPath}x`;
  return projectPath;
}
