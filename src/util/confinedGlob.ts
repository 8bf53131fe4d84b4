import fg from 'fast-glob';
import fs from 'node:fs';
import path from 'node:path';

export interface ConfinedGlobOptions {
  /** The folder searched (made absolute). */
  cwd: string;
  ignore?: string[];
  dot?: boolean;
}

export interface ConfinedGlob {
  /** Matching files, relative to cwd ("/"-separated), reached without leaving the roots. */
  files: string[];
  /**
   * Symbolic links (relative to cwd, "/"-separated; "." for cwd itself) that resolve outside every
   * root: nothing behind them was listed.
   */
  outside: string[];
}

/** Whether an absolute, symlink-free path is one of the roots or inside one. */
export function isWithin(realFile: string, realRoots: readonly string[]): boolean {
  return realRoots.some((root) => realFile === root || realFile.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}

/** The path with every symbolic link resolved, or undefined when it does not exist (or is a broken link). */
export function realPathOf(file: string): string | undefined {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return undefined;
  }
}

/**
 * Lists files like fast-glob, following a symbolic link (to a file or a folder) only when its
 * target lies inside one of `realRoots` (absolute paths without symlinks). A link resolving
 * elsewhere is not followed: it and everything reached through it is left out and named in
 * `outside`, for the caller to warn about.
 *
 * Costs what a plain fast-glob call does: fast-glob stats an entry only when it is a link, and
 * that stat is how the links are found; only they are resolved.
 */
export async function globInside(patterns: string[], options: ConfinedGlobOptions, realRoots: readonly string[]): Promise<ConfinedGlob> {
  const cwd = path.resolve(options.cwd);
  const realCwd = realPathOf(cwd);
  if (realCwd === undefined) return { files: [], outside: [] };
  if (!isWithin(realCwd, realRoots)) return { files: [], outside: ['.'] };
  // fast-glob stats an entry only when it is a link (to learn what it points to): a link that
  // leaves the roots answers "missing" there, so fast-glob neither lists it nor walks into it.
  const outside = new Set<string>();
  const leaves = (link: string): boolean => {
    const real = realPathOf(link);
    // A broken link is missing anyway; only a link that resolves somewhere else is reported.
    if (real === undefined || isWithin(real, realRoots)) return false;
    outside.add(path.relative(cwd, link).split(path.sep).join('/'));
    return true;
  };
  const missing = (link: string) => Object.assign(new Error(`ENOENT: ${link} leaves the allowed folders`), { code: 'ENOENT' });
  const adapter = {
    ...fs,
    stat: ((link: string, ...rest: unknown[]) => {
      const callback = rest[rest.length - 1] as (error: Error | null) => void;
      if (leaves(link)) process.nextTick(callback, missing(link));
      else (fs.stat as (...args: unknown[]) => void)(link, ...rest);
    }) as typeof fs.stat,
    statSync: ((link: string, ...rest: unknown[]) => {
      if (leaves(link)) throw missing(link);
      return (fs.statSync as (...args: unknown[]) => unknown)(link, ...rest);
    }) as typeof fs.statSync,
  };
  const files = await fg(patterns, { cwd, ignore: options.ignore, dot: options.dot ?? false, onlyFiles: true, fs: adapter });
  return { files, outside: [...outside].sort() };
}
