import { spawn } from 'node:child_process';
import type { ArtifactKind, ArtifactKindSpec } from '../cache/artifacts.js';
import { readGitHead, type GitHead } from './gitHead.js';

/** The last commit that changed a file. */
export interface FileCommit {
  /** Author date, in seconds since the epoch. */
  timestamp: number;
  author: string;
}

/** Last commits by site-relative path ("docs/intro.mdx"). */
export type GitHistory = Map<string, FileCommit>;

type StoredHistory = Record<string, [timestamp: number, author: string]>;

/** The history of the commit checked out, kept in its kind's index (one history per site). */
export const GIT_HISTORIES: ArtifactKindSpec<GitHistory, StoredHistory> = {
  name: 'git',
  disk: {
    record: (history) => Object.fromEntries([...history].map(([file, c]) => [file, [c.timestamp, c.author]])),
    restore: (stored) => new Map(Object.entries(stored).map(([file, [timestamp, author]]) => [file, { timestamp, author }])),
  },
};

/**
 * The last commit of every file under `siteDir` that git knows: one `git log` over the whole
 * folder, newest first, where the first commit that names a file is its last change. The result
 * depends only on the commit checked out, so it is cached by HEAD: uncommitted changes do not show
 * (a page edited but not committed shows its last commit, like the rest of the history).
 *
 * Outside a git checkout, without commits, or without git installed, the history is empty: no
 * page shows a date, and nothing fails.
 */
export async function readGitHistory(siteDir: string, histories: ArtifactKind<GitHistory>): Promise<GitHistory> {
  const known = readGitHead(siteDir);
  const head = known === undefined ? await askGitHead(siteDir) : known;
  if (head === null) return new Map();
  const key = histories.key(head.prefix, head.commit, siteDir);
  const cached = histories.find(key);
  if (cached) return cached;
  // -z: NUL between fields, so no file name is ever quoted; %x1e starts each commit.
  const log = await runGit(siteDir, ['log', '-z', '--no-renames', '--relative', '--name-only', '--format=%x1e%at%x1f%an', '--', '.']);
  if (log === null) return new Map();
  return histories.put(key, parseGitLog(log));
}

/** `git rev-parse --show-prefix HEAD`, from git itself; null outside a checkout or without commits. */
async function askGitHead(siteDir: string): Promise<GitHead | null> {
  const head = await runGit(siteDir, ['rev-parse', '--show-prefix', 'HEAD']);
  if (head === null) return null;
  const [prefix = '', commit = ''] = head.split('\n');
  return { prefix, commit: commit.trim() };
}

/** Parses the output of `git log -z --name-only --format=%x1e%at%x1f%an`: the first commit naming a file wins. */
export function parseGitLog(output: string): GitHistory {
  const history: GitHistory = new Map();
  let current: FileCommit | null = null;
  for (const raw of output.split('\0')) {
    const token = raw.startsWith('\n') ? raw.slice(1) : raw;
    if (token.startsWith('\x1e')) {
      const [timestamp, author = ''] = token.slice(1).split('\x1f');
      current = { timestamp: Number(timestamp), author: author.trim() };
    } else if (token && current && !history.has(token) && Number.isFinite(current.timestamp)) {
      history.set(token, current);
    }
  }
  return history;
}

/** Runs git in `cwd`; its standard output, or null when git is missing or fails. */
function runGit(cwd: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    let child;
    try {
      // No pager, no prompts, and file names as they are.
      child = spawn('git', ['-c', 'core.quotepath=off', ...args], {
        cwd,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat' },
      });
    } catch {
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(chunks).toString('utf8') : null));
  });
}
