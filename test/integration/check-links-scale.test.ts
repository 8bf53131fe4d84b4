// check-links on a large valid site, as a CI gate runs it: every link of a generated site of some
// 1,300 pages resolves, so the check must pass, however busy the machine. The crawl and the
// server sharing one process and 100 requests at a time once failed such a site with hundreds of
// "(no response)" links.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from '../../support/generateSite.js';
import { buildOnce } from '../../src/pipeline/build.js';
import { silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
beforeAll(async () => {
  tmp = await tempDir();
  // A project of its own, so the build's caches are not the repository's.
  await writeFile(path.join(tmp.dir, 'package.json'), '{ "private": true }\n');
  const site = path.join(tmp.dir, 'site');
  await generateSite(site, { docs: 1200, posts: 100, seed: 3 });
  out = path.join(tmp.dir, 'build');
  await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
}, 600_000);
afterAll(() => tmp.cleanup());

describe('check-links on a large site', () => {
  it('passes a valid site of more than a thousand pages', async () => {
    const child = spawn(process.execPath, ['bin/sipadocs.js', 'check-links', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr.slice(0, 2000)).toBe('');
    expect(code).toBe(0);
    const checked = Number(/Checked (\d+) links/.exec(stdout)?.[1]);
    expect(checked).toBeGreaterThan(1300);
  }, 900_000);
});
