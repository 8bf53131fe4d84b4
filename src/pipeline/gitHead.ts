import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where a folder sits in a git checkout: its path from the checkout's top ("website/", or ""), and the commit checked out. */
export interface GitHead {
  prefix: string;
  commit: string;
}

/** Variables that change where git looks for the repository, or how: with any of them set, only git can tell. */
const DISCOVERY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_CEILING_DIRECTORIES', 'GIT_DISCOVERY_ACROSS_FILESYSTEM'];

const COMMIT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * What `git rev-parse --show-prefix HEAD` says in `dir`, read from the repository's files instead
 * of starting git (starting a process costs a watch rebuild more than the rest of its reading):
 * the `.git` folder (or file, in a linked worktree) found from `dir` upwards, its HEAD, and the
 * branch's loose or packed ref. Null when no folder above holds a `.git`: not a checkout.
 * Undefined when the files do not say it plainly (an unborn branch, another ref storage, a
 * variable that moves the repository): then git is asked.
 */
export function readGitHead(dir: string): GitHead | null | undefined {
  if (DISCOVERY_VARIABLES.some((name) => process.env[name] !== undefined)) return undefined;
  try {
    const start = realpathSync(dir);
    for (let top = start; ; top = path.dirname(top)) {
      const dotGit = path.join(top, '.git');
      const info = statSync(dotGit, { throwIfNoEntry: false });
      if (info) {
        const gitDir = info.isDirectory() ? dotGit : linkedGitDir(dotGit, top);
        if (!gitDir) return undefined;
        const commit = headCommit(gitDir);
        if (!commit) return undefined;
        const relative = path.relative(top, start).split(path.sep).join('/');
        return { prefix: relative ? `${relative}/` : '', commit };
      }
      if (path.dirname(top) === top) return null;
    }
  } catch {
    return undefined;
  }
}

/** The git folder a `.git` file names (`gitdir: …`), as linked worktrees and submodules have. */
function linkedGitDir(file: string, top: string): string | null {
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(file, 'utf8'));
  return match ? path.resolve(top, match[1]!) : null;
}

/** The commit HEAD names, directly or through a branch; null when the files do not say. */
function headCommit(gitDir: string): string | null {
  const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
  if (COMMIT_ID.test(head)) return head;
  const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return null;
  // A linked worktree keeps its HEAD apart; branches live in the repository it belongs to.
  const commonFile = path.join(gitDir, 'commondir');
  const commonDir = statSync(commonFile, { throwIfNoEntry: false }) ? path.resolve(gitDir, readFileSync(commonFile, 'utf8').trim()) : gitDir;
  const loose = readIfThere(path.join(commonDir, ...ref.split('/')))?.trim();
  if (loose !== undefined) return COMMIT_ID.test(loose) ? loose : null;
  const packed = readIfThere(path.join(commonDir, 'packed-refs'));
  for (const line of packed?.split('\n') ?? []) {
    const [id, name] = line.trim().split(' ');
    if (name === ref && id && COMMIT_ID.test(id)) return id;
  }
  return null;
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
