/** Prints one line per build stage with its time; in quiet mode only the final summary. */
export interface StageLogger {
  stage<T>(name: string, run: () => Promise<T>, describe?: (result: T) => string): Promise<T>;
  warn(message: string): void;
  info(message: string): void;
  /** Reports progress inside the running stage (a live bar on a terminal; nothing otherwise). */
  progress?(done: number, total: number): void;
  /** Milliseconds spent per stage so far. */
  timings: Record<string, number>;
}

export function createStageLogger(options: {
  quiet: boolean;
  write?: (line: string) => void;
  writeError?: (line: string) => void;
  /** Draw a live progress bar (default: when stdout is a terminal). */
  tty?: boolean;
}): StageLogger {
  const write = options.write ?? ((line) => process.stdout.write(`${line}\n`));
  const writeError = options.writeError ?? ((line) => process.stderr.write(`${line}\n`));
  const tty = !options.quiet && (options.tty ?? Boolean(process.stdout.isTTY));
  const timings: Record<string, number> = {};
  let current = '';
  let lastDraw = 0;
  let drawn = false;
  const clearBar = () => {
    if (drawn) process.stdout.write('\r\x1b[2K');
    drawn = false;
  };
  return {
    timings,
    progress(done, total) {
      if (!tty || total === 0) return;
      const now = performance.now();
      // Redraw at most every 50 ms: a bar must never slow the build it reports on.
      if (now - lastDraw < 50 && done < total) return;
      lastDraw = now;
      const width = 24;
      const filled = Math.round((done / total) * width);
      process.stdout.write(`\r\x1b[2K  ${current.padEnd(12)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
      drawn = true;
    },
    async stage(name, run, describe) {
      const start = performance.now();
      current = name;
      let result: Awaited<ReturnType<typeof run>>;
      try {
        result = await run();
      } finally {
        clearBar();
      }
      const ms = performance.now() - start;
      timings[name] = ms;
      if (!options.quiet) {
        const detail = describe ? describe(result) : '';
        write(`  ${name.padEnd(12)} ${detail.padEnd(28)} ${formatMs(ms).padStart(8)}`);
      }
      return result;
    },
    warn(message) {
      writeError(`warning: ${message}`);
    },
    info(message) {
      if (!options.quiet) write(message);
    },
  };
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
