// check-links on a large valid site, as a CI gate runs it: every link of a generated site of
// 2,000 docs resolves, so the check must pass, however busy the machine. The crawl and the server
// sharing one process and 100 requests at a time once failed a site of some 1,300 pages with
// hundreds of "(no response)" links. The site is the one sidebar-once.test.ts reads (LARGE_SITE,
// built once per run): each doc page links to every doc from its open sidebar (some 100 KB a page)
// and to a heading of the next doc, whose fragment is looked for too.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertUnchanged, sharedGeneratedBuild } from '../../support/sharedBuild.js';
import { LARGE_SITE } from '../largeSite.js';

let out: string | undefined;
let pages: number;
beforeAll(async () => {
  ({ outDir: out, pages } = await sharedGeneratedBuild(LARGE_SITE));
}, 600_000);
afterAll(() => assertUnchanged(out));

describe('check-links on a large site', () => {
  it('passes a valid site of more than a thousand pages', async () => {
    expect(pages).toBeGreaterThan(2000);
    const child = spawn(process.execPath, ['bin/sipadocs.js', 'check-links', out!], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr.slice(0, 2000)).toBe('');
    expect(code).toBe(0);
    const checked = Number(/Checked (\d+) links/.exec(stdout)?.[1]);
    expect(checked).toBeGreaterThanOrEqual(pages);
  }, 900_000);
});
