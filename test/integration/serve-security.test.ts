// `sipadocs serve` as seen from the network: the warning for a non-loopback host, the Host check
// of the watch endpoints (DNS rebinding), and the security headers on what it serves.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { EVENTS_PATH, SCRIPT_PATH } from '../../src/dev/liveReload.js';
import { startServer, type RunningServer } from '../../src/dev/serve.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: string;
let out: string;

beforeAll(async () => {
  tmp = await tempDir();
  site = await copyFixture('basic', tmp.dir);
  out = path.join(tmp.dir, 'out');
  await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
}, 120_000);
afterAll(() => tmp.cleanup());

/** The status and headers of a GET sent with this Host header (the body is not waited for: event streams never end). */
function get(port: number, target: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, headers: { host }, agent: false }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

/** Runs `sipadocs serve` until it is ready, stops it with Ctrl+C, and returns what it printed. */
async function serveOutput(...args: string[]): Promise<string> {
  const child = spawn(process.execPath, [path.join(REPO, 'bin/sipadocs.js'), 'serve', '--site', site, '--out-dir', out, '--port', '0', ...args], {
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('Press Ctrl+C') && resolve());
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  return output;
}

describe('sipadocs serve', () => {
  it('warns that a non-loopback host makes the site reachable from the network', async () => {
    expect(await serveOutput('--host', '0.0.0.0')).toMatch(/Warning: --host 0\.0\.0\.0 makes the site reachable from other machines on the network/);
    expect(await serveOutput('--host', '127.0.0.1')).not.toContain('Warning');
  }, 60_000);

  describe('in watch mode', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = (await startServer({ site, outDir: out, port: 0, host: '127.0.0.1', watch: true }))!;
    }, 120_000);
    afterAll(() => server?.close());

    it.each([EVENTS_PATH, SCRIPT_PATH])('answers %s only to requests for the host it serves', async (endpoint) => {
      const { port } = server;
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) expect((await get(port, endpoint, host)).status, host).toBe(200);
      // A page of another site whose name now points here (DNS rebinding), or another port.
      for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${port + 1}`]) expect((await get(port, endpoint, host)).status, host).toBe(403);
    });

    it('serves the site itself, drafts and all, only to requests for the host it serves', async () => {
      const { port } = server;
      for (const target of ['/', '/docs/intro/first', '/docs/intro/first.md', '/_headers', '/no-such-page']) {
        for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${port + 1}`]) expect((await get(port, target, host)).status, `${host}${target}`).toBe(403);
      }
      expect((await get(port, '/docs/intro/first', `localhost:${port}`)).status).toBe(200);
    });

    it('serves pages with the headers of their _headers file', async () => {
      const { port } = server;
      const page = await get(port, '/docs/intro/first', `localhost:${port}`);
      expect(page.status).toBe(200);
      const policy = /Content-Security-Policy: (.*)/.exec(await readFile(path.join(server.root, '_headers'), 'utf8'))![1];
      expect(page.headers['content-security-policy']).toBe(policy);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'( 'wasm-unsafe-eval')?( 'sha256-[A-Za-z0-9+/]+=*')+;/);
      expect(page.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });
  });
});
