import { existsSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { globInside, isWithin, realPathOf } from '../util/confinedGlob.js';
import type { MigrationNotes } from './notes.js';

/** Names that mark the root of a repository's working copy. */
const VERSION_CONTROL = ['.git', '.hg', '.svn'];
/**
 * Files that an exported repository (a downloaded archive, without `.git`) keeps at its root:
 * with one of them, the folder above the config's folder is the project's (a `website/` folder
 * beside `docs/`).
 */
const REPOSITORY_FILES = ['.gitignore', '.gitattributes', '.github', 'LICENSE', 'LICENSE.md', 'LICENSE.txt', 'COPYING'];

export interface ProjectRoot {
  /** The folder, with its links resolved. */
  root: string;
  /** What it is, for messages: "the git repository /x", "the folder of the config /x". */
  description: string;
}

/**
 * The folder a migration may read from: the repository the Docusaurus config belongs to. That is
 * the nearest folder above the config holding `.git` (or `.hg`, `.svn`); without one, the folder
 * above the config's folder when it looks like an exported repository's root; else the config's
 * own folder. The home folder, any folder above it and the file-system root never count: a home
 * folder kept in git must not open `~/.ssh` to a project inside it.
 */
export function findProjectRoot(configDir: string, homeDir = os.homedir()): ProjectRoot {
  const start = realpathSync.native(configDir);
  const home = realPathOf(homeDir);
  const tooWide = (dir: string) => path.dirname(dir) === dir || (home !== undefined && isWithin(home, [dir]));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const vcs = VERSION_CONTROL.find((name) => existsSync(path.join(dir, name)));
    if (vcs) {
      if (!tooWide(dir)) return { root: dir, description: `the ${vcs === '.git' ? 'git' : vcs.slice(1)} repository ${dir}` };
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  const parent = path.dirname(start);
  if (!tooWide(parent) && REPOSITORY_FILES.some((name) => existsSync(path.join(parent, name)))) {
    return { root: parent, description: `the project folder ${parent} (no git repository; it has the files of a repository's root)` };
  }
  return {
    root: start,
    description: `the folder of the config ${start}, as no git repository is around it; a .git in the folder that holds the whole project would take it in`,
  };
}

/**
 * What a migration may read: files inside the project's repository (see findProjectRoot), with
 * their symbolic links resolved. Every path the config names and every file listed is checked
 * here; what lies outside is never read nor copied, and a warning in the report names it.
 */
export class ProjectBounds {
  /** Items already warned about: a file listed twice is named once. */
  private readonly warned = new Set<string>();

  private constructor(
    /** The config's folder, as given; the config's relative paths start there. */
    private readonly projectDir: string,
    private readonly realProjectDir: string,
    readonly root: ProjectRoot,
    private readonly notes: MigrationNotes,
  ) {}

  static find(projectDir: string, notes: MigrationNotes): ProjectBounds {
    return new ProjectBounds(projectDir, realpathSync.native(projectDir), findProjectRoot(projectDir), notes);
  }

  /** Whether a file or folder (absolute, or relative to the config's folder) is inside, links resolved. A missing one is judged by its path. */
  contains(file: string): boolean {
    return isWithin(this.resolve(file), [this.root.root]);
  }

  /**
   * Whether a file or folder the config names may be read; when not, a warning names `what`
   * (the config key, or the file that requires it) and the path.
   */
  allows(what: string, file: string): boolean {
    if (this.contains(file)) return true;
    this.skipped(`${what}: ${this.shown(file)}`, this.isLink(file) ? 'a link that leads outside the project' : 'outside the project');
    return false;
  }

  /**
   * The files under a folder of the project ("/"-separated, relative to it), sorted. Links leading
   * out are not followed; each is named in a warning.
   */
  async listFiles(folder: string, options: { dot?: boolean; ignore?: string[] } = {}): Promise<string[]> {
    return this.glob(folder, ['**/*'], options);
  }

  /** Like listFiles, for the files matching `patterns` (fast-glob's syntax). */
  async glob(folder: string, patterns: string[], options: { dot?: boolean; ignore?: string[] } = {}): Promise<string[]> {
    const dir = path.resolve(this.projectDir, folder);
    if (!existsSync(dir)) return [];
    const { files, outside } = await globInside(patterns, { cwd: dir, dot: options.dot, ignore: options.ignore }, [this.root.root]);
    for (const link of outside) {
      this.skipped(this.shown(path.join(dir, link)), 'a link that leads outside the project');
    }
    return files.sort();
  }

  /** allows(), for the sandbox: whether a JSON file an evaluated file requires may be read. */
  readonly mayRead = (what: string, file: string): boolean => this.allows(what, file);

  /** Whether a project file may be copied; when not, a warning names it. */
  readonly mayCopy = (file: string): boolean => {
    if (this.contains(file)) return true;
    this.skipped(this.shown(file), 'a link that leads outside the project');
    return false;
  };

  /** Warns about a file the migration was about to copy or read and did not. */
  skipped(item: string, reason: string): void {
    if (this.warned.has(item)) return;
    this.warned.add(item);
    this.notes.warn(item, `${reason} (${this.root.description}); neither read nor copied`);
  }

  private resolve(file: string): string {
    const absolute = path.resolve(this.projectDir, file);
    const real = realPathOf(absolute);
    if (real !== undefined) return real;
    // Missing: its path from the config's folder, applied to the real folder.
    return path.resolve(this.realProjectDir, path.relative(this.projectDir, absolute));
  }

  /** Whether a path that resolves outside is inside by its name: then a link leads out. */
  private isLink(file: string): boolean {
    const absolute = path.resolve(this.projectDir, file);
    return isWithin(path.resolve(this.realProjectDir, path.relative(this.projectDir, absolute)), [this.root.root]);
  }

  /** A path as the report shows it: relative to the config's folder ("/"-separated). */
  private shown(file: string): string {
    return path.relative(this.projectDir, path.resolve(this.projectDir, file)).split(path.sep).join('/') || '.';
  }
}
