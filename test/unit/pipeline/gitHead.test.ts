import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGitHead } from '../../../src/pipeline/gitHead.js';
import { tempDir } from '../../helpers.js';

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com' },
  });
}

/** What git itself says: `git rev-parse --show-prefix HEAD`. */
function askGit(dir: string) {
  const [prefix = '', commit = ''] = git(dir, ['rev-parse', '--show-prefix', 'HEAD']).split('\n');
  return { prefix, commit: commit.trim() };
}

describe('readGitHead', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let repo: string;
  let site: string;
  beforeAll(async () => {
    tmp = await tempDir();
    repo = path.join(tmp.dir, 'repo');
    site = path.join(repo, 'website');
    await mkdir(path.join(site, 'docs'), { recursive: true });
    git(repo, ['init', '-q', '-b', 'main']);
    await writeFile(path.join(site, 'docs/a.mdx'), 'a');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'first']);
  }, 30_000);
  afterAll(() => tmp.cleanup());

  it('says what git says, at the top of the checkout and below it, and follows new commits', async () => {
    expect(readGitHead(site)).toEqual(askGit(site));
    expect(readGitHead(repo)).toEqual({ prefix: '', commit: askGit(repo).commit });
    await writeFile(path.join(site, 'docs/b.mdx'), 'b');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'second']);
    expect(readGitHead(site)).toEqual(askGit(site));
  });

  it('reads a packed branch, a detached HEAD and a linked worktree', async () => {
    git(repo, ['pack-refs', '--all']);
    expect(readGitHead(site)).toEqual(askGit(site));
    const first = git(repo, ['rev-list', '--max-parents=0', 'HEAD']).trim();
    const worktree = path.join(tmp.dir, 'linked');
    git(repo, ['worktree', 'add', '-q', '--detach', worktree, first]);
    expect(readGitHead(path.join(worktree, 'website'))).toEqual({ prefix: 'website/', commit: first });
    git(worktree, ['checkout', '-q', '-b', 'other']);
    expect(readGitHead(path.join(worktree, 'website'))).toEqual(askGit(path.join(worktree, 'website')));
  });

  it('is null outside a checkout, and leaves a branch without commits to git', async () => {
    const outside = path.join(tmp.dir, 'plain');
    await mkdir(outside);
    expect(readGitHead(outside)).toBeNull();
    const empty = path.join(tmp.dir, 'empty');
    await mkdir(empty);
    git(empty, ['init', '-q']);
    expect(readGitHead(empty)).toBeUndefined();
  });
});
