// `serve --watch` when the site folder itself goes away: deleted and created again, or moved away
// and back (a branch switch, a restore from a backup). The watcher must follow it, and say so; when
// it cannot (the folder holding the site is gone), the server stops with an error instead of
// serving an old build for ever. A real CLI process, as a user runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/basic');
const PAGE = 'docs/010_intro/010_first.mdx';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let project: string;
let site: string;
let child: ChildProcess;
let output = '';
let exit: Promise<number | null>;
let url: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `test` holds, for up to a minute. */
async function until(what: string, test: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the server printed:\n${output}`);
    await sleep(100);
  }
}

const page = async () => (await fetch(`${url}/docs/intro/first`)).text();

beforeAll(async () => {
  tmp = await tempDir();
  project = path.join(tmp.dir, 'project');
  site = path.join(project, 'site');
  await cp(FIXTURE, site, { recursive: true });
  child = spawn(process.execPath, [path.join(REPO, 'bin/sipadocs.js'), 'serve', '--watch', '--site', 'site', '--port', '0'], {
    cwd: project,
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  exit = new Promise((resolve) => child.once('exit', resolve));
  await until('the server', () => output.includes('Watching for changes'));
  url = /at (http:\/\/\S+?)\/?\n/.exec(output)![1]!;
}, 120_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await tmp.cleanup();
});

describe('serve --watch and its site folder', () => {
  it('keeps watching after the site folder is moved away and back', async () => {
    await rename(site, `${site}-away`);
    await sleep(300);
    await rename(`${site}-away`, site);
    await sleep(300);
    await appendFile(path.join(site, PAGE), '\nWritten after the qwertzu move.\n');
    await until('the page edited after the move', async () => (await page()).includes('qwertzu'));
  }, 120_000);

  it('rebuilds when the site folder is deleted and created again, and says so', async () => {
    expect(await page()).toContain('<html');
    await rm(site, { recursive: true });
    await until('the message that the folder is gone', () => /The site folder site is gone/.test(output));
    await cp(FIXTURE, site, { recursive: true });
    await appendFile(path.join(site, PAGE), '\nRestored from a zyxwvut backup.\n');
    await until('the message that the folder is back', () => /The site folder site is back; rebuilding/.test(output));
    await until('the restored page', async () => (await page()).includes('zyxwvut'));
  }, 120_000);

  it('stops with an error, exit code 1, when the folder holding the site is gone', async () => {
    // The server may be writing its development build inside the project as it goes: retried, as
    // a user's rm -r is when a directory fills while it empties it.
    await rm(project, { recursive: true, maxRetries: 10, retryDelay: 100 });
    expect(await Promise.race([exit, sleep(30_000).then(() => "still running")]), output).toBe(1);
    expect(output).toMatch(/error WATCH_FAILED: the folder holding the site, .*project, is gone/);
  }, 120_000);
});
