// The site watcher when the folder holding the site goes away: whatever is at its path afterwards
// is not the folder watched, even when something made a folder there again at once (a restore, or a
// build of the session writing its cache into the project while `rm -r` was deleting it).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteError } from '../../../src/errors.js';
import { watchSite, type SiteWatcher } from '../../../src/dev/siteWatcher.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>> | undefined;
let watcher: SiteWatcher | undefined;

afterEach(async () => {
  await watcher?.close();
  await tmp?.cleanup();
});

async function watchProject() {
  tmp = await tempDir();
  const project = path.join(tmp.dir, 'project');
  const site = path.join(project, 'site');
  await mkdir(path.join(site, 'docs'), { recursive: true });
  await writeFile(path.join(site, 'docs', 'a.md'), '# A\n');
  const seen: string[] = [];
  let fatal: (error: SiteError) => void = () => {};
  const lost = new Promise<SiteError>((resolve) => (fatal = resolve));
  watcher = await watchSite(
    { siteDir: site, extraDirs: [], ignored: () => false },
    { change: () => {}, gone: () => seen.push('gone'), back: () => seen.push('back'), fatal },
  );
  return { project, site, seen, lost };
}

const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<string>((resolve) => setTimeout(() => resolve(`nothing within ${ms} ms`), ms))]);

describe('watchSite and the folder holding the site', () => {
  it('stops with WATCH_FAILED when that folder is deleted', async () => {
    const { project, lost } = await watchProject();
    await rm(project, { recursive: true });
    const error = await within(5000, lost);
    expect(typeof error === 'string' ? error : error.message).toMatch(/the folder holding the site, .*project, is gone: there is nothing left to watch/);
  });

  it('stops with WATCH_FAILED when that folder is deleted and another one is made in its place at once', async () => {
    const { project, site, seen, lost } = await watchProject();
    await rm(project, { recursive: true });
    await mkdir(path.join(project, 'node_modules', '.cache'), { recursive: true });
    const error = await within(5000, lost);
    expect(typeof error === 'string' ? error : error.message).toMatch(/the folder holding the site, .*project, is gone \(a new folder was made in its place\)/);
    // A site folder made in the new one afterwards is not followed either.
    await mkdir(site);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).not.toContain('back');
  });
});
