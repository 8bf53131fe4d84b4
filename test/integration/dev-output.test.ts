// `serve --watch` builds the development site (drafts with their badge, stylesheets linked) into a
// folder of its own: the deployable output folder, the one a user uploads, never sees any of it.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { startServer } from '../../src/dev/serve.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: string;
let out: string;
beforeAll(async () => {
  tmp = await tempDir();
  site = await copyFixture('basic', tmp.dir);
  out = path.join(tmp.dir, 'build');
  await writeFile(path.join(site, 'docs/draft-notes.md'), '---\ntitle: Draft notes\ndraft: true\n---\n\nThe zorblatt plan, not for publishing.\n');
});
afterAll(() => tmp.cleanup());

/** Every file under `dir` with its contents. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[path.relative(dir, path.join(entry.parentPath, entry.name))] = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return files;
}

function get(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: target, headers: { host: `localhost:${port}` }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** A watch session that serves the first draft, then a second one saved while it runs. */
async function watchSessionWithDrafts(): Promise<void> {
  const server = await startServer({ site, outDir: out, port: 0, host: '127.0.0.1', watch: true });
  try {
    const first = await get(server.port, '/docs/draft-notes');
    expect(first.status).toBe(200);
    expect(first.body).toContain('zorblatt');
    const rebuilt = new Promise<boolean>((resolve) => (server.onRebuild = ({ ok, searchOnly }) => !searchOnly && resolve(ok)));
    await writeFile(path.join(site, 'docs/second-draft.md'), '---\ntitle: Second draft\ndraft: true\n---\n\nThe quuxington memo.\n');
    expect(await rebuilt).toBe(true);
    await server.idle();
    expect((await get(server.port, '/docs/second-draft')).body).toContain('quuxington');
  } finally {
    await server.close();
    await rm(path.join(site, 'docs/second-draft.md'), { force: true });
  }
}

describe('serve --watch', () => {
  it('leaves the deployable output exactly as `build` wrote it: no draft, no development page', async () => {
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    const before = await snapshot(out);
    expect(JSON.stringify(before)).not.toContain('zorblatt');
    await watchSessionWithDrafts();
    const after = await snapshot(out);
    expect(after).toEqual(before);
  }, 240_000);

  it('creates no deployable output when there was none', async () => {
    await rm(out, { recursive: true, force: true });
    await watchSessionWithDrafts();
    expect(existsSync(out)).toBe(false);
  }, 240_000);
});
