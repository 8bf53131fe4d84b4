import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';

const REPO_NODE_MODULES = path.resolve('node_modules');

/**
 * What `npm install` gives a site, without the network: each package its package.json lists (dependencies
 * and devDependencies) is linked into its own node_modules from this checkout's. Only the listed packages
 * are there, so a page importing a package its package.json forgets fails to build. Throws when the
 * checkout does not have a listed package, naming it. Returns the names installed. `standIns` names
 * the checkout's package installed under a listed name (another version of it, installed under an
 * alias: `{ '@docusaurus/remark-plugin-npm2yarn': 'docusaurus2-remark-plugin-npm2yarn' }`).
 */
export async function installListedPackages(siteDir: string, standIns: Record<string, string> = {}): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(siteDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).sort();
  for (const name of names) {
    const from = path.join(REPO_NODE_MODULES, standIns[name] ?? name);
    if (!existsSync(from)) throw new Error(`${siteDir}/package.json lists ${name}, which this checkout's node_modules does not hold`);
    const to = path.join(siteDir, 'node_modules', name);
    await mkdir(path.dirname(to), { recursive: true });
    await symlink(from, to, 'dir');
  }
  return names;
}

/**
 * What `npm install` gives a Docusaurus project for what sipadocs needs of it, without the network:
 * each package its package.json lists that this checkout has is linked into its own node_modules.
 * Docusaurus's own packages (`@docusaurus/core`, the preset), which this checkout does not have,
 * are left out: a build in place must not need them. Returns the names linked.
 */
export async function installAvailablePackages(projectDir: string, options: { transitive?: string[] } = {}): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(projectDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  // `transitive`: packages the project does not list that npm puts in its node_modules all the same, as dependencies of Docusaurus.
  const names = [...new Set([...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }), ...(options.transitive ?? [])])]
    .filter((name) => existsSync(path.join(REPO_NODE_MODULES, name)))
    .sort();
  for (const name of names) {
    const to = path.join(projectDir, 'node_modules', name);
    await mkdir(path.dirname(to), { recursive: true });
    await symlink(path.join(REPO_NODE_MODULES, name), to, 'dir');
  }
  return names;
}
