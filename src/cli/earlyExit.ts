import { fileURLToPath } from 'node:url';
import { reportError, SiteError } from '../errors.js';

/**
 * While the work runs, a call of process.exit() from code it loads (a plugin of the site, or a
 * package its config imports) would end the process as if it had succeeded, exit code 0, with
 * nothing said and nothing built. The call is reported instead, naming the code that made it
 * when its stack shows it, and the exit code is 1. `ended` says what ended ("the build was ended
 * before it finished"). Other ends (an uncaught exception, which Node reports itself) are left
 * as they are. Returns the function that stops watching.
 */
export function reportEarlyExit(ended: string): () => void {
  const onExit = (code: number) => {
    // The listener runs inside process.exit(), when that ended the process: its stack holds the caller.
    const call = exitCall(new Error().stack ?? '');
    if (!call) return;
    reportError(
      new SiteError({
        code: 'BUILD_INTERRUPTED',
        message: `${ended}: process.exit(${code}) was called${call.caller ? ` at ${call.caller}` : ''}`,
        hint: 'A plugin of the site, or a package its config loads, ends the process; nothing of this run was published.',
      }),
    );
    if (code === 0) process.exitCode = 1;
  };
  process.on('exit', onExit);
  return () => process.off('exit', onExit);
}

/**
 * Whether a stack taken in an 'exit' listener runs through process.exit(), and where its first
 * frame outside Node's own code after it is: file:line:column, or "the site's config" for code of
 * the config (loaded from memory, as a data: URL); null when no frame shows it.
 */
function exitCall(stack: string): { caller: string | null } | null {
  const frames = stack.split('\n').map((frame) => frame.trim().replace(/^at /, ''));
  const exit = frames.findIndex((frame) => /^process\.exit \(node:/.test(frame));
  if (exit === -1) return null;
  for (const frame of frames.slice(exit + 1)) {
    const where = /\(([^]*)\)$/.exec(frame)?.[1] ?? frame;
    if (where.startsWith('node:') || where === 'native' || where.startsWith('<anonymous>')) continue;
    if (where.startsWith('data:')) return { caller: "the site's config" };
    return { caller: where.startsWith('file://') ? where.replace(/^(file:\/\/[^]*?)((?::\d+){1,2})$/, (_all, url: string, position: string) => fileURLToPath(url) + position) : where };
  }
  return { caller: null };
}
