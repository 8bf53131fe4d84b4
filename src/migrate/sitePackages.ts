import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageName } from '../bundle/missingPackage.js';
import { classifyImport, type PackageImport } from '../docusaurus/packageImports.js';
import type { MigrationNotes } from '../docusaurus/notes.js';

/**
 * The npm packages the migrated site needs (those its pages, components and config import), with
 * the versions the Docusaurus project's package.json asks for. The new site gets a package.json
 * listing them, to be installed before it builds.
 */
export class SitePackages {
  private readonly declared: Record<string, string>;
  private readonly projectName: string | undefined;
  private readonly needed = new Map<string, string>();

  constructor(projectDir: string) {
    const manifest = readManifest(path.join(projectDir, 'package.json'));
    this.declared = { ...manifest?.devDependencies, ...manifest?.dependencies };
    this.projectName = manifest?.name;
  }

  /**
   * What an import of the project's code is: a module sipadocs provides, a package the site will
   * install (recorded), or a Docusaurus module sipadocs does not provide.
   */
  classify(specifier: string): PackageImport {
    const kind = classifyImport(specifier);
    if (kind === 'package') this.need(packageName(specifier));
    return kind;
  }

  /** Records a package the site needs; its version is the project's, or any when the project does not list it. */
  need(name: string): void {
    if (!this.needed.has(name)) this.needed.set(name, this.declared[name] ?? '*');
  }

  /**
   * A style sheet the config names by a package path (`require.resolve('pkg/dist/x.css')`) as the
   * new site's path to it once installed (`node_modules/pkg/dist/x.css`), recording the package;
   * null when no package the project lists starts the path.
   */
  stylesheet(projectPath: string): string | null {
    if (!/\.css$/.test(projectPath) || projectPath.startsWith('.')) return null;
    const name = packageName(projectPath);
    if (!this.declares(name) || name === projectPath) return null;
    this.need(name);
    return `node_modules/${projectPath}`;
  }

  /** Whether the project's package.json lists the package. */
  declares(name: string): boolean {
    return name in this.declared;
  }

  get names(): string[] {
    return [...this.needed.keys()].sort();
  }

  /** The new site's package.json, or null when it needs no package. Reports each package, and those the project did not list. */
  manifestText(notes: MigrationNotes): string | null {
    if (this.needed.size === 0) return null;
    const dependencies = Object.fromEntries([...this.needed].sort(([a], [b]) => a.localeCompare(b)));
    const unlisted = this.names.filter((name) => !this.declares(name));
    notes.carriedOver(`package.json lists the packages the site's pages, components and config import: ${this.names.map((name) => `${name} ${dependencies[name]}`).join(', ')}`);
    if (unlisted.length > 0) notes.carriedOver(`${unlisted.join(', ')}: imported but not listed in the project's package.json (Docusaurus brought ${unlisted.length === 1 ? 'it' : 'them'} in); any version is asked for`);
    const manifest = {
      name: `${this.projectName ?? 'site'}-sipadocs`.replace(/^@[^/]+\//, ''),
      private: true,
      scripts: { build: 'sipadocs build', start: 'sipadocs serve --watch' },
      dependencies,
    };
    return `${JSON.stringify(manifest, null, 2)}\n`;
  }
}

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readManifest(file: string): Manifest | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}
