import { execFileSync } from 'node:child_process';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_HISTORIES, parseGitLog, readGitHistory } from '../../../src/pipeline/gitHistory.js';
import { tempDir, testArtifacts } from '../../helpers.js';

/** A store without a cache folder, its build begun. */
const noCache = async () => (await testArtifacts()).kind(GIT_HISTORIES);

/** Runs git in `cwd` as `author` at `date` (author and committer), with no user config. */
function git(cwd: string, args: string[], author = 'Nobody', date = '2025-01-01T00:00:00Z'): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: author,
      GIT_COMMITTER_EMAIL: 'a@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
  });
}

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('readGitHistory', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let repo: string;
  let site: string;
  beforeAll(async () => {
    tmp = await tempDir();
    repo = path.join(tmp.dir, 'repo');
    site = path.join(repo, 'website');
    await mkdir(path.join(site, 'docs', 'with space'), { recursive: true });
    git(repo, ['init', '-q']);
    await writeFile(path.join(site, 'docs/a.mdx'), 'a');
    await writeFile(path.join(site, 'docs/b.mdx'), 'b');
    await writeFile(path.join(repo, 'outside.txt'), 'not in the site');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'first'], 'Ada Lovelace', '2024-03-01T10:00:00Z');
    await writeFile(path.join(site, 'docs/b.mdx'), 'b, changed');
    await writeFile(path.join(site, 'docs/with space/ünï.mdx'), 'c');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'second', '--date', '2025-11-20T09:30:00Z'], 'Jane Roe', '2025-11-20T09:30:00Z');
    // Changed after the last commit: its last commit still counts.
    await writeFile(path.join(site, 'docs/a.mdx'), 'a, not committed');
    // Never committed: no history.
    await writeFile(path.join(site, 'docs/new.mdx'), 'new');
  }, 30_000);
  afterAll(() => tmp.cleanup());

  it('gives each file under the site folder its last commit, by site-relative path', async () => {
    const history = await readGitHistory(site, await noCache());
    expect(Object.fromEntries(history)).toEqual({
      'docs/a.mdx': { timestamp: seconds('2024-03-01T10:00:00Z'), author: 'Ada Lovelace' },
      'docs/b.mdx': { timestamp: seconds('2025-11-20T09:30:00Z'), author: 'Jane Roe' },
      'docs/with space/ünï.mdx': { timestamp: seconds('2025-11-20T09:30:00Z'), author: 'Jane Roe' },
    });
  });

  it('caches the history by commit, and reads it again after a new commit', async () => {
    const artifacts = await testArtifacts(path.join(tmp.dir, 'cache'));
    const histories = () => artifacts.kind(GIT_HISTORIES);
    expect((await readGitHistory(site, histories())).get('docs/a.mdx')?.author).toBe('Ada Lovelace');
    expect(histories().stats).toMatchObject({ made: 1, disk: 0 });
    await artifacts.next();
    expect((await readGitHistory(site, histories())).get('docs/a.mdx')?.author).toBe('Ada Lovelace');
    expect(histories().stats).toMatchObject({ made: 0, disk: 1 });
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'third'], 'Sam Poe', '2025-12-01T00:00:00Z');
    await artifacts.next();
    const after = await readGitHistory(site, histories());
    expect(histories().stats).toMatchObject({ made: 1, disk: 0 });
    expect(after.get('docs/a.mdx')).toEqual({ timestamp: seconds('2025-12-01T00:00:00Z'), author: 'Sam Poe' });
    expect(after.get('docs/new.mdx')?.author).toBe('Sam Poe');
  });

  it('is empty outside a git checkout, without an error', async () => {
    const copy = path.join(tmp.dir, 'copy');
    await cp(site, copy, { recursive: true });
    expect((await readGitHistory(copy, await noCache())).size).toBe(0);
  });

  it('is empty in a repository without commits', async () => {
    const empty = path.join(tmp.dir, 'empty');
    await mkdir(empty);
    git(empty, ['init', '-q']);
    expect((await readGitHistory(empty, await noCache())).size).toBe(0);
  });
});

describe('parseGitLog', () => {
  it('takes the first (newest) commit that names a file and ignores commits without files', () => {
    const log = '\x1e200\x1fNew\0\nx.md\0y.md\0\x1e150\x1fMerge\0\x1e100\x1fOld\0\nx.md\0z.md\0';
    expect(Object.fromEntries(parseGitLog(log))).toEqual({
      'x.md': { timestamp: 200, author: 'New' },
      'y.md': { timestamp: 200, author: 'New' },
      'z.md': { timestamp: 100, author: 'Old' },
    });
  });
});
