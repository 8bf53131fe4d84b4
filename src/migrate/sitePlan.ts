import { constants, readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

interface PlannedFile {
  /** Absolute path of the project file to copy, or null for a file written from `text`. */
  from: string | null;
  text: string | null;
}

/**
 * Every file of the migrated site, by its path in the site folder ("/"-separated), before
 * anything is written: copies of project files as they are, or new texts.
 */
export class SitePlan {
  private readonly files = new Map<string, PlannedFile>();

  /** @param mayCopy whether a project file may be copied (see ProjectBounds); one it refuses is skipped when the plan is carried out. */
  constructor(private readonly mayCopy: (from: string) => boolean = () => true) {}

  has(sitePath: string): boolean {
    return this.files.has(sitePath);
  }

  /** Plans a copy; returns false (and plans nothing) when the path is already taken. */
  copy(from: string, sitePath: string): boolean {
    if (this.files.has(sitePath)) return false;
    this.files.set(sitePath, { from, text: null });
    return true;
  }

  /** Plans a file with this text, replacing a planned copy of the same path. */
  write(sitePath: string, text: string): void {
    this.files.set(sitePath, { from: null, text });
  }

  /** The text of each planned file whose path matches (a copy's read from the project). */
  *texts(pattern: RegExp): Generator<{ sitePath: string; text: string }> {
    for (const [sitePath, file] of this.files) {
      if (!pattern.test(sitePath)) continue;
      if (file.text !== null) yield { sitePath, text: file.text };
      else if (this.mayCopy(file.from!)) yield { sitePath, text: readFileSync(file.from!, 'utf8') };
    }
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  /**
   * Writes the planned files under `siteDir`. Nothing is overwritten: a file already there is an
   * error (the folder was checked to be empty). Calls `created` for each file written.
   */
  async execute(siteDir: string, created: (file: string) => void): Promise<void> {
    for (const sitePath of this.paths()) {
      const file = this.files.get(sitePath)!;
      if (file.from !== null && !this.mayCopy(file.from)) continue;
      const target = path.join(siteDir, ...sitePath.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      if (file.from !== null) await copyFile(file.from, target, constants.COPYFILE_EXCL);
      else await writeFile(target, file.text!, { flag: 'wx' });
      created(target);
    }
  }
}
