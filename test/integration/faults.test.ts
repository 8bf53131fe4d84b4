// Faults of the machine under a build, made for real: a read-only mount and a full disk (tmpfs in a
// private mount namespace, as commit.test.ts does), permissions denied to a user who lacks them (the
// CLI run as `nobody`: root is allowed everything), few file descriptors, a FIFO among the sources.
// Each failing build exits 1 with a message naming the path and the cause, and leaves the last good
// output byte for byte as it was, with nothing beside it.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, chmod, chown, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerScript } from '../../src/util/workerPool.js';
import { tempDir } from '../helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(REPO, 'bin/sipadocs.js');
const NOBODY = { uid: 65534, gid: 65534 };

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
  // The user a test builds as must reach the projects in it.
  await chmod(tmp.dir, 0o755);
  // The launcher compiles the CLI and its workers when their sources changed, into this
  // repository, where `nobody` may not write: a build as root first, and every worker compiled,
  // so they are up to date.
  await Promise.all((['compileWorker', 'renderWorker', 'highlightWorker', 'sandboxWorker', 'checkServer'] as const).map((name) => workerScript(name)));
  const warm = build(path.join(REPO, 'test/fixtures/basic'), path.join(tmp.dir, 'warm-up'));
  expect(warm.status, warm.stderr).toBe(0);
  // `nobody` runs this checkout's CLI: a checkout under a folder only root may enter (mktemp -d
  // makes one, mode 700) fails every test below for that reason alone; say so.
  const reach = spawnSync('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, '-e', `require('node:fs').accessSync(${JSON.stringify(CLI)})`], { encoding: 'utf8' });
  expect(reach.status, `the user nobody cannot read ${CLI}: every folder above this checkout must let others enter it (chmod o+x)\n${reach.stderr}`).toBe(0);
}, 240_000);
afterAll(() => tmp.cleanup());

/** A project (a folder with a package.json, where the caches go) holding a copy of the basic site with a static file. */
async function project(name: string): Promise<{ root: string; site: string; out: string }> {
  const root = path.join(tmp.dir, name);
  const site = path.join(root, 'site');
  await cp(path.join(REPO, 'test/fixtures/basic'), site, { recursive: true });
  await mkdir(path.join(site, 'static/img'), { recursive: true });
  await writeFile(path.join(site, 'static/img/note.txt'), 'A static file.\n');
  await writeFile(path.join(root, 'package.json'), '{ "name": "faults", "private": true }\n');
  return { root, site, out: path.join(root, 'out') };
}

function build(site: string, out: string, options: { asNobody?: boolean; cwd?: string } = {}): SpawnSyncReturns<string> {
  const command = options.asNobody ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath] : [process.execPath];
  const result = spawnSync(command[0]!, [...command.slice(1), CLI, 'build', '--site', site, '--out-dir', out], {
    encoding: 'utf8',
    cwd: options.cwd,
    env: { ...process.env, CI: '1' },
    timeout: 240_000,
  });
  expect(result.error, 'this test needs setpriv (util-linux) and root, to run the CLI as nobody').toBeUndefined();
  return result;
}

/** Every file under `dir` with the SHA-256 of its contents. */
async function checksums(dir: string): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) sums[path.relative(dir, path.join(entry.parentPath, entry.name))] = createHash('sha256').update(await readFile(path.join(entry.parentPath, entry.name))).digest('hex');
  }
  return sums;
}

/** What is beside the output folder that a build made (its staging folders, an output put aside). */
const besideOutput = async (out: string) => (await readdir(path.dirname(out))).filter((name) => name.startsWith(`${path.basename(out)}.`));

/**
 * Runs a shell script in a private mount namespace (no privileges needed), where it may mount a
 * tmpfs; `sums` prints the checksums of a folder's files, one a line, sorted.
 */
function inMountNamespace(script: string, env: Record<string, string>): SpawnSyncReturns<string> {
  const prelude = [
    'sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }',
    'used() { df --output=used "$1" | tail -1; }',
  ];
  const result = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', [...prelude, script].join('\n')], {
    encoding: 'utf8',
    env: { ...process.env, CI: '1', CLI, ...env },
    timeout: 240_000,
  });
  expect(result.error, 'this test needs `unshare` (util-linux) and user namespaces').toBeUndefined();
  return result;
}

/** The part of a script's output between `--- name` and the next `---` line. */
const section = (stdout: string, name: string) => new RegExp(`--- ${name}\\n([\\s\\S]*?)(?=\\n---|$)`).exec(stdout)?.[1]?.trim() ?? `(no ${name} in the output)`;
/** The exit status a script printed as `--- status <code>`. */
const status = (stdout: string) => /--- status (\d+)/.exec(stdout)?.[1];

describe('an output folder on a read-only mount', () => {
  it('inside a read-only file system: exit 1, the message names the folder and EROFS, the last output as it was', async () => {
    const { root, site } = await project('read-only');
    const mount = path.join(root, 'mount');
    await mkdir(mount);
    const result = inMountNamespace(
      [
        'set -e',
        'mount -t tmpfs sipadocs-test "$MOUNT"',
        'node "$CLI" build --site "$SITE" --out-dir "$MOUNT/out" > /dev/null',
        'echo "--- before"; sums "$MOUNT/out"',
        'mount -o remount,ro "$MOUNT"',
        'echo "A sentence of a later build." >> "$SITE/docs/reference.md"',
        'set +e',
        'node "$CLI" build --site "$SITE" --out-dir "$MOUNT/out"; echo "--- status $?"',
        'echo "--- after"; sums "$MOUNT/out"',
        'echo "--- beside"; ls -A "$MOUNT"',
      ].join('\n'),
      { MOUNT: mount, SITE: site },
    );
    expect(status(result.stdout), result.stderr).toBe('1');
    expect(result.stderr).toMatch(/out\.staging-[\w-]+: error FILE_SYSTEM_ERROR: cannot create this folder: the file system is read-only \(EROFS\)\n {2}hint: .*writable/);
    expect(result.stderr).not.toMatch(/ENOENT/);
    expect(section(result.stdout, 'after')).toBe(section(result.stdout, 'before'));
    expect(section(result.stdout, 'before')).toMatch(/\.\/index\.html/);
    expect(section(result.stdout, 'beside')).toBe('out');
  }, 240_000);

  it('that is itself a read-only mount point: exit 1 before anything changes, nothing left beside it', async () => {
    const { root, site, out } = await project('read-only-mount-point');
    await mkdir(out);
    const result = inMountNamespace(
      [
        'set -e',
        'mount -t tmpfs sipadocs-test "$OUT"',
        'node "$CLI" build --site "$SITE" --out-dir "$OUT" > /dev/null',
        'echo "--- before"; sums "$OUT"',
        'mount -o remount,ro "$OUT"',
        'echo "A sentence of a later build." >> "$SITE/docs/reference.md"',
        'set +e',
        'node "$CLI" build --site "$SITE" --out-dir "$OUT"; echo "--- status $?"',
        'echo "--- after"; sums "$OUT"',
      ].join('\n'),
      { OUT: out, SITE: site },
    );
    expect(status(result.stdout), result.stderr).toBe('1');
    expect(result.stderr).toMatch(/\bout: error FILE_SYSTEM_ERROR: cannot write in this folder: the file system is read-only \(EROFS\)/);
    expect(section(result.stdout, 'after')).toBe(section(result.stdout, 'before'));
    expect(await besideOutput(out)).toEqual([]);
    void root;
  }, 240_000);
});

describe('permission denied to the user who builds', () => {
  let site: string;
  let out: string;
  let root: string;
  beforeAll(async () => {
    ({ root, site, out } = await project('permissions'));
    // Everything is the user's own; a test then takes a right away.
    for (const entry of [root, ...(await readdir(root, { recursive: true })).map((name) => path.join(root, name))]) await chown(entry, NOBODY.uid, NOBODY.gid);
    const first = build(site, out, { asNobody: true, cwd: root });
    expect(first.status, first.stderr).toBe(0);
  }, 240_000);

  /** Builds as nobody with a fault in place, expects the failure and the last output untouched, then builds again without it. */
  async function failsWith(fault: () => Promise<void>, undo: () => Promise<void>, message: RegExp): Promise<void> {
    const before = await checksums(out);
    await fault();
    const failed = build(site, out, { asNobody: true, cwd: root });
    await undo();
    expect(failed.status, failed.stderr).toBe(1);
    expect(failed.stderr).toMatch(message);
    expect(failed.stderr).toMatch(/\n {2}hint: Give the user running sipadocs the right/);
    expect(await checksums(out)).toEqual(before);
    expect(await besideOutput(out)).toEqual([]);
    const again = build(site, out, { asNobody: true, cwd: root });
    expect(again.status, again.stderr).toBe(0);
  }

  it('to read a source file: the file is named', async () => {
    const page = path.join(site, 'docs/reference.md');
    await failsWith(
      () => chmod(page, 0o000),
      () => chmod(page, 0o644),
      /^site\/docs\/reference\.md: error FILE_SYSTEM_ERROR: cannot read this file: permission denied \(EACCES\)$/m,
    );
  }, 240_000);

  it('to read a static file: the file is named', async () => {
    const file = path.join(site, 'static/img/note.txt');
    await failsWith(
      async () => {
        // A changed file, which the build must copy (an unchanged one is kept where it is).
        await appendFile(file, 'More.\n');
        await chmod(file, 0o000);
      },
      () => chmod(file, 0o644),
      /^site\/static\/img\/note\.txt: error FILE_SYSTEM_ERROR: cannot read this file to copy it: permission denied \(EACCES\)$/m,
    );
  }, 240_000);

  it('to write in the output folder: the folder is named', async () => {
    await failsWith(
      async () => {
        await appendFile(path.join(site, 'docs/reference.md'), '\nA sentence of a later build.\n');
        await chmod(out, 0o555);
      },
      () => chmod(out, 0o755),
      /^out: error FILE_SYSTEM_ERROR: cannot write in this folder: permission denied \(EACCES\)$/m,
    );
    expect(await readFile(path.join(out, 'docs/reference.html'), 'utf8')).toContain('A sentence of a later build.');
  }, 240_000);

  it('to make the staging folder beside the output: the folder is named', async () => {
    await failsWith(
      async () => {
        await appendFile(path.join(site, 'docs/reference.md'), '\nAnother sentence.\n');
        await chmod(root, 0o555);
      },
      () => chmod(root, 0o755),
      /^out\.staging-[\w-]+: error FILE_SYSTEM_ERROR: cannot create this folder: permission denied \(EACCES\)$/m,
    );
  }, 240_000);
});

describe('a full disk', () => {
  it('while staging the build: exit 1, the message says so, the last output as it was, and the space given back', async () => {
    const { root, site } = await project('full-disk');
    const mount = path.join(root, 'mount');
    await mkdir(mount);
    const result = inMountNamespace(
      [
        'set -e',
        'mount -t tmpfs -o size=4m sipadocs-test "$MOUNT"',
        'node "$CLI" build --site "$SITE" --out-dir "$MOUNT/out" > /dev/null',
        'echo "--- before"; sums "$MOUNT/out"',
        'echo "--- used before"; used "$MOUNT"',
        'head -c 6000000 /dev/urandom > "$SITE/static/img/large.bin"',
        'set +e',
        'node "$CLI" build --site "$SITE" --out-dir "$MOUNT/out"; echo "--- status $?"',
        'echo "--- after"; sums "$MOUNT/out"',
        'echo "--- used after"; used "$MOUNT"',
        'echo "--- beside"; ls -A "$MOUNT"',
      ].join('\n'),
      { MOUNT: mount, SITE: site },
    );
    expect(status(result.stdout), result.stderr).toBe('1');
    expect(result.stderr).toMatch(/out\.staging-[\w-]+\/output\/img\/large\.bin: error FILE_SYSTEM_ERROR: cannot copy site\/static\/img\/large\.bin here: no space is left on the device \(ENOSPC\)|: error FILE_SYSTEM_ERROR: .*no space is left on the device \(ENOSPC\)/);
    expect(section(result.stdout, 'after')).toBe(section(result.stdout, 'before'));
    expect(section(result.stdout, 'used after')).toBe(section(result.stdout, 'used before'));
    expect(section(result.stdout, 'beside')).toBe('out');
  }, 240_000);

  it('while copying into an output that is a mount point: every copy is made before any file is replaced, and removed again', async () => {
    const { root, site, out } = await project('full-mount-point');
    await mkdir(out);
    const result = inMountNamespace(
      [
        'set -e',
        'mount -t tmpfs -o size=4m sipadocs-test "$OUT"',
        'node "$CLI" build --site "$SITE" --out-dir "$OUT" > /dev/null',
        'echo "--- before"; sums "$OUT"',
        'echo "--- used before"; used "$OUT"',
        // Room for the staging folder beside the output, not for the copy into it.
        'head -c 3500000 /dev/urandom > "$SITE/static/img/large.bin"',
        'echo "A sentence of a later build." >> "$SITE/docs/reference.md"',
        'set +e',
        'node "$CLI" build --site "$SITE" --out-dir "$OUT"; echo "--- status $?"',
        'echo "--- after"; sums "$OUT"',
        'echo "--- used after"; used "$OUT"',
      ].join('\n'),
      { OUT: out, SITE: site },
    );
    expect(status(result.stdout), result.stderr).toBe('1');
    expect(result.stderr).toMatch(/out\/img\/large\.bin\.sipadocs-partial: error FILE_SYSTEM_ERROR: cannot copy \S+large\.bin here: no space is left on the device \(ENOSPC\)/);
    expect(section(result.stdout, 'after')).toBe(section(result.stdout, 'before'));
    expect(section(result.stdout, 'used after')).toBe(section(result.stdout, 'used before'));
    expect(await besideOutput(out)).toEqual([]);
    void root;
  }, 240_000);
});

describe('faults a build takes in its stride', () => {
  it('builds with at most 64 open files (ulimit -n 64)', async () => {
    const { site, out } = await project('few-files');
    const result = spawnSync('sh', ['-c', 'ulimit -n 64 && exec "$NODE" "$CLI" build --site "$SITE" --out-dir "$OUT"'], {
      encoding: 'utf8',
      env: { ...process.env, CI: '1', NODE: process.execPath, CLI, SITE: site, OUT: out },
      timeout: 240_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const fresh = path.join(path.dirname(out), 'fresh');
    expect(build(site, fresh).status).toBe(0);
    expect(Object.keys(await checksums(out)).sort()).toEqual(Object.keys(await checksums(fresh)).sort());
  }, 240_000);

  it('does not wait on a FIFO in static/ or among the docs: neither is read, and the build succeeds', async () => {
    const { site, out } = await project('fifo');
    for (const fifo of ['static/img/pipe', 'docs/piped.md']) {
      const made = spawnSync('mkfifo', [path.join(site, fifo)]);
      expect(made.status).toBe(0);
    }
    const result = build(site, out);
    expect(result.signal, 'the build hung on a FIFO').toBeNull();
    expect(result.status, result.stderr).toBe(0);
    const files = Object.keys(await checksums(out));
    expect(files).toContain('img/note.txt');
    expect(files.filter((file) => /pipe/.test(file))).toEqual([]);
  }, 240_000);
});

describe('serve --watch and a fault', () => {
  it('reports a source it may not read, in words, and rebuilds once it may again', async () => {
    const { root, site } = await project('watch');
    for (const entry of [root, ...(await readdir(root, { recursive: true })).map((name) => path.join(root, name))]) await chown(entry, NOBODY.uid, NOBODY.gid);
    const child = spawn('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, CLI, 'serve', '--watch', '--site', 'site', '--port', '0'], {
      cwd: root,
      env: { ...process.env, CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const until = async (what: string, test: () => boolean | Promise<boolean>) => {
      for (const deadline = Date.now() + 90_000; !(await test()); await new Promise((resolve) => setTimeout(resolve, 100))) {
        if (Date.now() > deadline) throw new Error(`waited in vain for ${what}; the server printed:\n${output}`);
      }
    };
    try {
      await until('the server', () => output.includes('Watching for changes'));
      const url = /at (http:\/\/\S+?)\/?\n/.exec(output)![1]!;
      const page = path.join(site, 'docs/reference.md');
      await chmod(page, 0o000);
      // Root may write it still; the server, as nobody, may not read it.
      await appendFile(page, '\nWritten while it could not be read.\n');
      await until('the error', () => /site\/docs\/reference\.md: error FILE_SYSTEM_ERROR: cannot read this file: permission denied \(EACCES\)/.test(output));
      await chmod(page, 0o644);
      await appendFile(page, '\nRead again, qwzxcv.\n');
      await until('the rebuilt page', async () => (await (await fetch(`${url}/docs/reference`)).text()).includes('qwzxcv'));
    } finally {
      child.kill('SIGKILL');
    }
  }, 240_000);
});
