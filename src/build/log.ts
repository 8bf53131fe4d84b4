/** Prints one line per build stage with its time; in quiet mode only the final summary. */
export interface StageLogger {
  stage<T>(name: string, run: () => Promise<T>, describe?: (result: T) => string): Promise<T>;
  warn(message: string): void;
  info(message: string): void;
  /** Milliseconds spent per stage so far. */
  timings: Record<string, number>;
}

export function createStageLogger(options: { quiet: boolean; write?: (line: string) => void; writeError?: (line: string) => void }): StageLogger {
  const write = options.write ?? ((line) => process.stdout.write(`${line}\n`));
  const writeError = options.writeError ?? ((line) => process.stderr.write(`${line}\n`));
  const timings: Record<string, number> = {};
  return {
    timings,
    async stage(name, run, describe) {
      const start = performance.now();
      const result = await run();
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
