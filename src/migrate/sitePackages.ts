import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageName } from '../bundle/missingPackage.js';
import { classifyImport, type PackageImport } from '../docusaurus/packageImports.js';
import type { MigrationNotes } from '../docusaurus/notes.js';

/**
 * The npm packages of the migrated site: every package the Docusaurus project's package.json
 * lists, with its version, but Docusaurus's own (`@docusaurus/*`, which sipadocs replaces, unless
 * the site imports one, such as a remark plugin), and every package its pages, components,
 * content and config import that the project did not list (Docusaurus brought it in). A package
 * the project lists stays even when nothing seems to import it: a plugin may need it as a peer.
 * The new site gets a package.json listing them, to be installed before it builds.
 */
export class SitePackages {
  private readonly declared: Record<string, string>;
  private readonly manifest: Manifest | null;
  private readonly needed = new Map<string, string>();

  constructor(projectDir: string) {
    this.manifest = readManifest(path.join(projectDir, 'package.json'));
    this.declared = { ...this.manifest?.devDependencies, ...this.manifest?.dependencies };
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

  /** Every package the new site lists (see SitePackages). */
  get names(): string[] {
    return [...new Set([...this.carried('dependencies'), ...this.carried('devDependencies'), ...this.needed.keys()])].sort();
  }

  /** The packages of one section of the project's package.json that the new site lists too. */
  private carried(section: 'dependencies' | 'devDependencies'): string[] {
    return Object.keys(this.manifest?.[section] ?? {}).filter((name) => !isDocusaurusOwn(name) || this.needed.has(name));
  }

  /**
   * The new site's package.json, or null when it needs no package. Reports the packages, and those
   * the project did not list. When the site has the project's own package.json already (its pages
   * import it, for its version, say), that one is kept with the site's packages and scripts.
   */
  manifestText(notes: MigrationNotes, keepProjectFields = false): string | null {
    const section = (which: 'dependencies' | 'devDependencies') => Object.fromEntries(this.carried(which).map((name) => [name, this.manifest![which]![name]!]));
    const dependencies: Record<string, string> = section('dependencies');
    const devDependencies: Record<string, string> = section('devDependencies');
    const unlisted = [...this.needed.keys()].filter((name) => !this.declares(name)).sort();
    for (const name of unlisted) dependencies[name] = '*';
    if (Object.keys(dependencies).length + Object.keys(devDependencies).length === 0 && !keepProjectFields) return null;
    const dropped = Object.keys(this.declared).filter((name) => isDocusaurusOwn(name) && !this.needed.has(name)).sort();
    notes.carriedOver(`package.json lists the project's packages but Docusaurus's own, with their versions${dropped.length > 0 ? ` (left out: ${dropped.join(', ')})` : ''}`);
    if (unlisted.length > 0) notes.carriedOver(`${unlisted.join(', ')}: imported but not listed in the project's package.json (Docusaurus brought ${unlisted.length === 1 ? 'it' : 'them'} in); any version is asked for`);
    const manifest = {
      ...(keepProjectFields ? this.manifest : {}),
      name: `${this.manifest?.name ?? 'site'}-sipadocs`.replace(/^@[^/]+\//, ''),
      private: true,
      ...(this.manifest?.type === 'module' ? { type: 'module' } : {}),
      scripts: { build: 'sipadocs build', start: 'sipadocs serve --watch' },
      dependencies: Object.keys(dependencies).length > 0 ? sorted(dependencies) : undefined,
      devDependencies: Object.keys(devDependencies).length > 0 ? sorted(devDependencies) : undefined,
    };
    return `${JSON.stringify(manifest, null, 2)}\n`;
  }
}

/** Docusaurus's own packages, which sipadocs replaces: its scope. */
const isDocusaurusOwn = (name: string) => name.startsWith('@docusaurus/');

const sorted = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

interface Manifest {
  name?: string;
  type?: string;
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
