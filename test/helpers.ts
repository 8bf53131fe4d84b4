import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createArtifactStore } from '../src/cache/artifacts.js';
import { startServer, type RunningServer } from '../src/dev/serve.js';
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

/**
 * Copies the e2e fixture site (a frozen copy of the Sipa site) into `into` with its config's `baseUrl` set to `baseUrl`, as a
 * project published under a sub-path would have it. Returns the copy's folder.
 */
export async function copySiteWithBaseUrl(into: string, baseUrl: string): Promise<string> {
  const target = path.join(into, 'site');
  await cp('test/fixtures/e2e-site', target, { recursive: true });
  const configFile = path.join(target, 'sipadocs.config.ts');
  const config = await readFile(configFile, 'utf8');
  const changed = config.replace(/^(\s*)baseUrl: '\/',$/m, `$1baseUrl: ${JSON.stringify(baseUrl)},`);
  if (changed === config) throw new Error(`no "baseUrl: '/'," line in ${configFile}`);
  await writeFile(configFile, changed);
  return target;
}

/**
 * An artifact store (see cache/artifacts.ts) with a build begun, as a session has during a build;
 * `next()` ends that build as a success and begins the next one.
 */
export async function testArtifacts(dir: string | null = null, options: { keepInMemory?: boolean; siteId?: string } = {}) {
  const store = createArtifactStore({ dir, siteId: options.siteId ?? 'test', keepInMemory: options.keepInMemory ?? false });
  await store.beginBuild();
  return Object.assign(store, {
    async next() {
      store.endBuild(true);
      await store.beginBuild();
    },
  });
}

/**
 * What a watch server tells open tabs, read from its live-reload event stream: the names of the
 * events in the order they came, in an array that fills as they come (a test may empty it).
 */
export async function liveReloadEvents(serverUrl: string): Promise<string[]> {
  const events: string[] = [];
  const response = await fetch(new URL('/__sipa/events', serverUrl));
  const reader = response.body!.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      for (const match of decoder.decode(chunk.value).matchAll(/^event: (\w[\w-]*)$/gm)) events.push(match[1]!);
    }
  })().catch(() => {});
  return events;
}

/** A `serve --watch` server of `site` in this process, its first build quiet as on CI (its rebuilds always are). */
export async function startQuietWatchServer(site: string, outDir: string): Promise<RunningServer> {
  const previousCI = process.env.CI;
  process.env.CI = '1';
  try {
    return await startServer({ site, outDir, port: 0, host: '127.0.0.1', watch: true });
  } finally {
    if (previousCI === undefined) delete process.env.CI;
    else process.env.CI = previousCI;
  }
}
