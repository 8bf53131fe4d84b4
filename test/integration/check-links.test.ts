import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

describe('sipadocs check-links as a CI gate', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  beforeAll(async () => {
    tmp = await tempDir();
    out = path.join(tmp.dir, 'build');
    const site = await copyFixture('basic', tmp.dir);
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  const checkLinks = () => spawnSync(process.execPath, ['bin/sipadocs.js', 'check-links', out], { encoding: 'utf8' });

  it('passes on a freshly built site', () => {
    const result = checkLinks();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/none broken/);
  }, 60_000);

  it('fails when a page or a linked file disappears from the output', async () => {
    await rm(path.join(out, 'docs/intro/second.html'));
    await writeFile(path.join(out, 'extra.html'), '<a href="/docs/intro/first#no-such-heading">x</a><img src="/img/missing.png" alt="">');
    const result = checkLinks();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('/docs/intro/second');
    expect(result.stderr).toContain('/img/missing.png');
  }, 60_000);
});
