import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import { SiteError, SiteErrors } from '../errors.js';
import { planDocsVersions, versionsFileOf, type DocsInstance } from './docsVersions.js';

/**
 * Every docs instance of the site with its versions, read from each instance's versions file
 * (`versions.json`, `<id>_versions.json`) when there is one. Problems (a versions file that is
 * not a list of names, a listed version without its folder, settings naming a version that does
 * not exist, two instances with one id or one route) are thrown together.
 */
export function readDocsInstances(config: SiteConfig): DocsInstance[] {
  const errors: SiteError[] = [];
  const instances: DocsInstance[] = [];
  const ids = new Set<string>();
  for (const options of config.docsInstances) {
    if (ids.has(options.id)) {
      errors.push(configError(`two docs instances have the id "${options.id}"`, 'Give each entry of docsInstances an id of its own (the site\'s `docs` is "default").'));
      continue;
    }
    ids.add(options.id);
    const versionsFile = versionsFileOf(options.id);
    const names = options.disableVersioning ? [] : readVersionNames(config.siteDir, versionsFile, errors);
    const planned = planDocsVersions(options, names, (file) => existsSync(path.join(config.siteDir, file)));
    if ('problems' in planned) {
      const where = options.id === 'default' ? 'docs' : `docsInstances (id "${options.id}")`;
      for (const problem of planned.problems) errors.push(configError(`${where}: ${problem}`, `The versions are "current" (the docs folder) and the names in ${versionsFile}.`));
      continue;
    }
    for (const version of planned.versions) {
      const dir = path.join(config.siteDir, version.docsDir);
      if (version.name !== 'current' && !(existsSync(dir) && statSync(dir).isDirectory())) {
        errors.push(
          new SiteError({
            code: 'VERSIONS_INVALID',
            message: `${versionsFile} lists version "${version.name}", whose docs folder ${version.docsDir} does not exist`,
            location: { file: versionsFile },
            hint: `Restore the folder (\`sipadocs docs:version ${version.name}\` writes it from the current docs), or remove "${version.name}" from ${versionsFile}.`,
          }),
        );
      }
    }
    instances.push({ id: options.id, config: options, versions: planned.versions, lastVersion: planned.lastVersion });
  }
  const routes = new Map<string, string>();
  for (const version of instances.flatMap((instance) => instance.versions)) {
    const other = routes.get(version.routeBase);
    if (other) errors.push(configError(`the docs of ${other} and of ${describe(version)} are both served at ${version.routeBase}`, 'Give each docs instance its own routeBasePath, and each version its own path.'));
    else routes.set(version.routeBase, describe(version));
  }
  if (errors.length > 0) throw new SiteErrors(errors);
  return instances;
}

const describe = (version: { pluginId: string; name: string }) => `"${version.pluginId}" version "${version.name}"`;

function configError(message: string, hint: string): SiteError {
  return new SiteError({ code: 'CONFIG_INVALID', message, hint });
}

/** The version names of a versions file (newest first); none when there is no such file. */
function readVersionNames(siteDir: string, versionsFile: string, errors: SiteError[]): string[] {
  const file = path.join(siteDir, versionsFile);
  if (!existsSync(file)) return [];
  const fail = (message: string) => {
    errors.push(
      new SiteError({
        code: 'VERSIONS_INVALID',
        message,
        location: { file: versionsFile },
        hint: `${versionsFile} lists the stored versions of the docs, newest first: ["2.0", "1.0"].`,
      }),
    );
    return [];
  };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`invalid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value) || value.some((name) => typeof name !== 'string' || !name.trim())) return fail('it must be a list of version names');
  const names = value as string[];
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) return fail(`version "${repeated}" is listed twice`);
  if (names.includes('current')) return fail('"current" is the name of the docs folder\'s own version, not of a stored one');
  return names;
}
