import { fileURLToPath } from 'node:url';
import { reportError, SiteError } from '../errors.js';

/**
 * While the work runs, a call of process.exit() from code it loads (a plugin of the site, or a
 * package its config imports) would end the process as if it had succeeded, exit code 0, with
 * nothing said and nothing built. The exit is reported instead, naming the code that called it
 * when its stack shows it, and the exit code is 1. `ended` says what ended ("the build was ended
 * before it finished"). Returns the function that stops watching.
 */
export function reportEarlyExit(ended: string): () => void {
  const onExit = (code: number) => {
    // The listener runs inside process.exit(): its stack holds the caller.
    const caller = callerOf(new Error().stack ?? '');
    reportError(
      new SiteError({
        code: 'BUILD_INTERRUPTED',
        message: `${ended}: process.exit(${code}) was called${caller ? ` at ${caller}` : ''}`,
        hint: 'A plugin of the site, or a package its config loads, ends the process; nothing of this run was published.',
      }),
    );
    if (code === 0) process.exitCode = 1;
  };
  process.on('exit', onExit);
  return () => process.off('exit', onExit);
}

/**
 * Where the first frame of a stack outside Node's own code and this listener is: file:line:column,
 * or "the site's config" for code of the config (loaded from memory, as a data: URL).
 */
function callerOf(stack: string): string | null {
  // The first frame is the listener's.
  for (const frame of stack.split('\n').slice(2)) {
    const text = frame.trim().replace(/^at /, '');
    const where = /\(([^]*)\)$/.exec(text)?.[1] ?? text;
    if (where.startsWith('node:') || where === 'native' || where.startsWith('<anonymous>')) continue;
    if (where.startsWith('data:')) return "the site's config";
    return where.startsWith('file://') ? where.replace(/^(file:\/\/[^]*?)((?::\d+){1,2})$/, (_all, url: string, position: string) => fileURLToPath(url) + position) : where;
  }
  return null;
}
