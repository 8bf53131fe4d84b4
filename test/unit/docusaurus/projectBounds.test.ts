import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { findProjectRoot, ProjectBounds } from '../../../src/docusaurus/projectBounds.js';
import { tempDir } from '../../helpers.js';

let dir: string;
let cleanup: () => Promise<void>;

function file(rel: string, text = rel): string {
  const target = path.join(dir, rel);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  return target;
}

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('sipadocs-bounds-'));
  dir = realpathSync(dir);
  file('repo/website/docusaurus.config.js');
  file('repo/docs/intro.md');
});
afterEach(() => cleanup());

describe('findProjectRoot', () => {
  it('is the git repository above the config', () => {
    mkdirSync(path.join(dir, 'repo', '.git'));
    expect(findProjectRoot(path.join(dir, 'repo', 'website')).root).toBe(path.join(dir, 'repo'));
  });

  it('without git, is the folder above the config when it holds a repository root file, as an exported repository does', () => {
    file('repo/LICENSE');
    expect(findProjectRoot(path.join(dir, 'repo', 'website')).root).toBe(path.join(dir, 'repo'));
  });

  it('without git or such a file, is the config folder', () => {
    expect(findProjectRoot(path.join(dir, 'repo', 'website')).root).toBe(path.join(dir, 'repo', 'website'));
  });

  it('is never the home folder, even when the home folder is a git repository', () => {
    mkdirSync(path.join(dir, 'repo', '.git'));
    file('repo/LICENSE');
    expect(findProjectRoot(path.join(dir, 'repo', 'website'), path.join(dir, 'repo')).root).toBe(path.join(dir, 'repo', 'website'));
  });

  it('is never a folder above the home folder', () => {
    mkdirSync(path.join(dir, 'repo', 'website', 'project'), { recursive: true });
    file('repo/website/LICENSE');
    mkdirSync(path.join(dir, '.git'));
    expect(findProjectRoot(path.join(dir, 'repo', 'website', 'project'), path.join(dir, 'repo', 'website')).root).toBe(path.join(dir, 'repo', 'website', 'project'));
  });
});

describe('ProjectBounds', () => {
  it('allows a folder beside the config inside the repository, and warns by key about one that leaves it', () => {
    mkdirSync(path.join(dir, 'repo', '.git'));
    const notes = new MigrationNotes();
    const bounds = ProjectBounds.find(path.join(dir, 'repo', 'website'), notes);
    expect(bounds.allows('presets.classic.docs.path', '../docs')).toBe(true);
    expect(bounds.allows('presets.classic.docs.path', '../../x')).toBe(false);
    expect(bounds.allows('presets.classic.docs.sidebarPath', path.join(dir, 'sidebars.js'))).toBe(false);
    expect(notes.warnings).toEqual([
      { item: 'presets.classic.docs.path: ../../x', reason: `outside the project (the git repository ${path.join(dir, 'repo')}); neither read nor copied` },
      { item: 'presets.classic.docs.sidebarPath: ../../sidebars.js', reason: expect.stringMatching(/^outside the project/) },
    ]);
  });

  it('without a repository, keeps to the config folder: a docs folder beside it is outside', () => {
    const notes = new MigrationNotes();
    const bounds = ProjectBounds.find(path.join(dir, 'repo', 'website'), notes);
    expect(bounds.allows('presets.classic.docs.path', '../docs')).toBe(false);
    expect(notes.warnings[0]!.reason).toMatch(/the folder of the config .*, as no git repository is around it/);
  });

  it('lists files, skipping links that lead out and naming each once', async () => {
    mkdirSync(path.join(dir, 'repo', '.git'));
    file('outside/secret.md');
    symlinkSync(path.join(dir, 'outside', 'secret.md'), path.join(dir, 'repo', 'docs', 'secret.md'));
    symlinkSync('intro.md', path.join(dir, 'repo', 'docs', 'again.md'));
    const notes = new MigrationNotes();
    const bounds = ProjectBounds.find(path.join(dir, 'repo', 'website'), notes);
    expect(await bounds.listFiles('../docs')).toEqual(['again.md', 'intro.md']);
    expect(await bounds.glob('../docs', ['*.md'])).toEqual(['again.md', 'intro.md']);
    expect(notes.warnings.map((warning) => warning.item)).toEqual(['../docs/secret.md']);
    expect(bounds.mayCopy(path.join(dir, 'repo', 'docs', 'secret.md'))).toBe(false);
    expect(bounds.mayCopy(path.join(dir, 'repo', 'docs', 'again.md'))).toBe(true);
  });
});
