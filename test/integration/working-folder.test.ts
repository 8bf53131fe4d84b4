// A program that embeds sipadocs may change its working folder after loading it (a test runner
// does, around `serve`). esbuild writes the paths of its metafile relative to the working folder
// it was loaded in unless told otherwise: a build resolving them against the new one looked for
// its server bundle in a folder that does not exist, and its render failed.
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: string;
beforeAll(async () => {
  tmp = await tempDir();
  site = await copyFixture('basic', tmp.dir);
  // Loads the bundler in the repository's folder, as a program's first build would.
  await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, 'first'), logger: silentLogger() });
}, 180_000);
afterAll(() => tmp.cleanup());

describe('a build after the working folder changed', () => {
  it('renders every page and links the bundles it wrote', async () => {
    // Deeper than the repository's folder, so that a path relative to the one resolves elsewhere from the other.
    const elsewhere = path.join(tmp.dir, 'a', 'b', 'c', 'd', 'e', 'f');
    await mkdir(elsewhere, { recursive: true });
    const out = path.join(tmp.dir, 'second');
    const previous = process.cwd();
    process.chdir(elsewhere);
    try {
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger(), persistentCache: false });
    } finally {
      process.chdir(previous);
    }
    const html = await readFile(path.join(out, 'docs/intro/first.html'), 'utf8');
    expect(html).toContain('<h1');
    // The runtime's entry and chunks, as the page names them.
    const scripts = [...new Set([...html.matchAll(/"\/(_sipa\/[^"]+\.js)"/g)].map((m) => m[1]!))];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect((await stat(path.join(out, script))).isFile(), script).toBe(true);
  }, 180_000);
});
