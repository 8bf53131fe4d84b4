import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The package a bare import names: "@scope/name" or "name", without a path inside it. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * What to say about an import the bundler could not resolve when it names a package the site has
 * not installed (esbuild's "Could not resolve" of a bare name), or null for anything else.
 */
export function missingPackage(text: string, siteDir: string | undefined): { message: string; hint: string } | null {
  const specifier = /^Could not resolve "([^"]+)"/.exec(text)?.[1];
  if (!specifier || /^(\.|\/|[a-z]+:)/i.test(specifier) || /^@(site|theme|theme-original|docusaurus)\//.test(specifier)) return null;
  const name = packageName(specifier);
  const declared = siteDir ? declaredVersion(siteDir, name) : null;
  const install = declared ? 'npm install' : `npm install ${name}`;
  return {
    message: `the package "${name}" is not installed${specifier === name ? '' : ` (imported as "${specifier}")`}`,
    hint: `${declared ? `The site's package.json asks for ${name} ${declared}: install` : 'Install'} the site's packages in its folder${siteDir ? ` (${siteDir})` : ''}: ${install}`,
  };
}

/** The version range the site's package.json asks for, or null. */
function declaredVersion(siteDir: string, name: string): string | null {
  const file = path.join(siteDir, 'package.json');
  if (!existsSync(file)) return null;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>;
    return json.dependencies?.[name] ?? json.devDependencies?.[name] ?? null;
  } catch {
    return null;
  }
}
