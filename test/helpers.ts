import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh temp dir; removed by the returned cleanup. */
export async function tempDir(prefix = 'sipadocs-test-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Copies a fixture site into a temp dir so a test can change it. */
export async function copyFixture(name: string, into: string): Promise<string> {
  const target = path.join(into, name);
  await cp(path.join('test/fixtures', name), target, { recursive: true });
  return target;
}

/** A logger that records instead of printing. */
export function silentLogger() {
  const lines: string[] = [];
  return {
    lines,
    timings: {} as Record<string, number>,
    async stage<T>(_name: string, run: () => Promise<T>) {
      return run();
    },
    warn(message: string) {
      lines.push(`warning: ${message}`);
    },
    info(message: string) {
      lines.push(message);
    },
  };
}
