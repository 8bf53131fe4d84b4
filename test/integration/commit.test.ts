// The commit of a build, under the conditions that break it: a build killed at the worst moment
// (real CLI processes, SIGKILL) and an output folder that is a mount point (a real tmpfs mounted in
// a private mount namespace, as a Docker volume or a CI cache would be).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { OUTPUT_MARKER } from '../../src/staging/outputDir.js';
import { WORK_FOLDER_CONTENT } from '../../src/staging/workFolders.js';
import { silentLogger, tempDir } from '../helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(REPO, 'bin/sipadocs.js');

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

const build = (site: string, out: string) =>
  // A build that never ends fails the test rather than hanging the whole run (spawnSync blocks the test's own timeout).
  spawnSync(process.execPath, [CLI, 'build', '--site', site, '--out-dir', out], { encoding: 'utf8', env: { ...process.env, CI: '1' }, timeout: 180_000 });

/** Starts a build that stops at `point` of its commit, and kills it there with SIGKILL. */
async function buildKilledAt(point: 'swap' | 'update', site: string, out: string): Promise<void> {
  const child = spawn(process.execPath, [CLI, 'build', '--site', site, '--out-dir', out], {
    env: { ...process.env, CI: '1', SIPADOCS_PAUSE_AT: point },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes(`paused at ${point}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the build ended (${code}) before reaching "${point}":\n${stderr}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Every file under `dir` with its contents. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[path.relative(dir, path.join(entry.parentPath, entry.name))] = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return files;
}

const besideOutput = async (out: string) => (await readdir(path.dirname(out))).filter((name) => name.startsWith(`${path.basename(out)}.`));

describe('a build killed during its commit', () => {
  it('between the two renames of its swap: the next build puts the last good output back', async () => {
    // Another site into the same folder: nothing of the first output is kept, so the build swaps.
    const first = path.join(tmp.dir, 'swap-first');
    const second = path.join(tmp.dir, 'swap-second');
    const out = path.join(tmp.dir, 'swap-out');
    await cp(path.join(REPO, 'test/fixtures/basic'), first, { recursive: true });
    await cp(path.join(REPO, 'test/fixtures/interactive'), second, { recursive: true });
    expect(build(first, out).status).toBe(0);
    const good = await snapshot(out);

    await buildKilledAt('swap', second, out);
    // Killed with the last good output moved aside, whole.
    expect(existsSync(out)).toBe(false);
    const [aside] = await besideOutput(out).then((names) => names.filter((name) => name.includes('.old-')));
    expect(await snapshot(path.join(tmp.dir, aside!, WORK_FOLDER_CONTENT))).toEqual(good);

    // The next build puts it back first, even when it then fails itself.
    await writeFile(path.join(second, 'docs/broken.mdx'), '# Broken\n\n{oops\n');
    const failed = build(second, out);
    expect(failed.status).toBe(1);
    expect(await snapshot(out)).toEqual(good);

    await rm(path.join(second, 'docs/broken.mdx'));
    expect(build(second, out).status).toBe(0);
    expect(await readFile(path.join(out, 'docs/start.html'), 'utf8')).toContain('<html');
    expect(await besideOutput(out)).toEqual([]);
  }, 240_000);

  it('half-way through updating in place: the next build trusts none of it and writes every page again', async () => {
    const site = path.join(tmp.dir, 'update-site');
    const out = path.join(tmp.dir, 'update-out');
    await cp(path.join(REPO, 'test/fixtures/basic'), site, { recursive: true });
    expect(build(site, out).status).toBe(0);
    await appendFile(path.join(site, 'docs/010_intro/020_second.mdx'), '\nA sentence the killed build added.\n');

    await buildKilledAt('update', site, out);
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);

    const { pages, stats } = await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    // Nothing of the mixed output is kept as it is: every page is written again.
    expect(stats.render.kept).toBe(0);
    expect(stats.render.rendered + stats.render.reused).toBe(pages);
    expect(await readFile(path.join(out, 'docs/intro/second.html'), 'utf8')).toContain('A sentence the killed build added.');
    // The same files as a fresh build of the same site, and nothing left beside the output.
    const fresh = path.join(tmp.dir, 'update-fresh');
    await buildOnce({ siteDir: site, outDir: fresh, logger: silentLogger() });
    expect(Object.keys(await snapshot(out)).sort()).toEqual(Object.keys(await snapshot(fresh)).sort());
    expect(await besideOutput(out)).toEqual([]);
  }, 240_000);
});

describe('an output folder that is a mount point', () => {
  it('is built into, twice, by copying where renames fail (EBUSY, EXDEV), keeping a file the user put there', async () => {
    const root = path.join(tmp.dir, 'mount');
    const site = path.join(root, 'site');
    const out = path.join(root, 'out');
    await cp(path.join(REPO, 'test/fixtures/basic'), site, { recursive: true });
    await mkdir(out);
    // A private mount namespace (no privileges needed) with a tmpfs on the output folder; what is
    // built there is seen from inside only, so the script reports it.
    const script = [
      'set -e',
      'mount -t tmpfs sipadocs-test "$OUT"',
      'echo "devices: $(stat -c %d "$OUT") $(stat -c %d "$(dirname "$OUT")")"',
      'node "$CLI" build --site "$SITE" --out-dir "$OUT"',
      'echo "docs.example.org" > "$OUT/CNAME"',
      'echo "A sentence of the second build." >> "$SITE/docs/010_intro/020_second.mdx"',
      'node "$CLI" build --site "$SITE" --out-dir "$OUT"',
      'echo "files: $(cd "$OUT" && find . -type f | sort | tr "\\n" " ")"',
      'echo "edited: $(grep -c "A sentence of the second build." "$OUT/docs/intro/second.html")"',
      'echo "beside: $(ls -A "$(dirname "$OUT")" | tr "\\n" " ")"',
    ].join('\n');
    const result = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], {
      encoding: 'utf8',
      env: { ...process.env, CI: '1', OUT: out, SITE: site, CLI },
    });
    expect(result.error, 'this test needs `unshare` (util-linux) and user namespaces').toBeUndefined();
    expect(result.status, result.stderr).toBe(0);
    const [, outDevice, parentDevice] = /devices: (\d+) (\d+)/.exec(result.stdout)!;
    expect(outDevice).not.toBe(parentDevice);
    const files = /files: (.*)/.exec(result.stdout)![1]!.trim().split(' ');
    expect(files).toContain(`./${OUTPUT_MARKER}`);
    expect(files).toContain('./CNAME');
    expect(files).toContain('./docs/intro/second.html');
    expect(files.filter((file) => file.includes('.sipadocs-partial'))).toEqual([]);
    expect(result.stdout).toContain('edited: 1');
    expect(result.stderr).toMatch(/CNAME: not written by sipadocs/);
    // No staging folder or moved-aside output is left beside it.
    expect(/beside: (.*)/.exec(result.stdout)![1]!.trim().split(' ').sort()).toEqual(['out', 'site']);
  }, 240_000);
});
