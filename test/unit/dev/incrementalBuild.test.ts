// Watch-mode rebuilds reuse compiled MDX and rendered page bodies through one watch session;
// the result must be the same site a fresh build produces.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOnce, buildSite } from '../../../src/pipeline/build.js';
import { createBuildSession } from '../../../src/pipeline/session.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let tmp: string | undefined;

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function htmlFiles(dir: string, prefix = ''): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) for (const [k, v] of await htmlFiles(path.join(dir, entry.name), rel)) out.set(k, v);
    else if (entry.name.endsWith('.html')) out.set(rel, await readFile(path.join(dir, entry.name), 'utf8'));
  }
  return out;
}

describe('incremental rebuilds in a watch session', () => {
  it('recompiles only the edited doc and produces the same pages as a fresh build', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-incr-'));
    const site = path.join(tmp, 'site');
    await cp(path.join(REPO, 'test/fixtures/basic'), site, { recursive: true });
    const session = createBuildSession({ siteDir: site, outDir: path.join(tmp, 'a'), quiet: true, mode: 'watch', persistentCache: false });
    const first = await buildSite(session);
    expect(first.stats.compile.reused).toBe(0);

    const doc = path.join(site, 'docs/reference.md');
    await writeFile(doc, (await readFile(doc, 'utf8')).replace('Plain markdown', 'INCREMENTAL markdown'));
    const second = await buildSite(session);
    // The session's server files: the last build's alone, named by content, removed with the session.
    const serverFiles = await readdir(path.join(session.serverFilesDir!, '_sipa'));
    expect(serverFiles).toHaveLength(1);
    expect(serverFiles[0]).toMatch(/^ssr-0-[A-Z0-9]{8}\.js$/);
    await session.close();
    await expect(readdir(session.serverFilesDir!)).rejects.toThrow(/ENOENT/);
    expect(second.pages).toBe(first.pages);
    expect(second.stats.compile).toEqual({ compiled: 1, reused: second.stats.compile.reused });
    expect(second.stats.compile.reused).toBe(first.stats.compile.compiled - 1);
    // Every page shows the sidebar and the edit keeps its title, so only the edited page's files change.
    expect(second.stats.render).toEqual({ rendered: 1, reused: 0, kept: second.pages - 1 });

    // A first build of a new watch session: nothing in memory.
    await buildOnce({ siteDir: site, outDir: path.join(tmp, 'b'), quiet: true, mode: 'watch', persistentCache: false });
    const incremental = await htmlFiles(path.join(tmp, 'a'));
    const fresh = await htmlFiles(path.join(tmp, 'b'));
    expect([...incremental.keys()].sort()).toEqual([...fresh.keys()].sort());
    // Content-hashed asset names may differ between two builds, and so (independently of watch mode,
    // when the machine is busy) may shiki's tokenization into coloured spans; everything else must match.
    const normalize = (html: string) =>
      html.replace(/-[A-Za-z0-9]{8}\.(js|css)/g, '-HASH.$1').replace(/<span[^>]*>|<\/span>/g, '').replace(/ style="--shiki[^"]*"/g, '');
    for (const [file, html] of fresh) expect(normalize(incremental.get(file)!), file).toBe(normalize(html));
    expect(incremental.get('docs/reference.html')).toContain('INCREMENTAL');
  }, 180_000);

  it("writes only what an edit changed: the runtime's files, the sidebar trees and the static files stay as they are", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-incr-'));
    try {
      const site = path.join(dir, 'site');
      await cp(path.join(REPO, 'test/fixtures/basic'), site, { recursive: true });
      await mkdir(path.join(site, 'static/img'), { recursive: true });
      await writeFile(path.join(site, 'static/img/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const out = path.join(dir, 'out');
      const session = createBuildSession({ siteDir: site, outDir: out, quiet: true, mode: 'watch', persistentCache: false });
      try {
        await buildSite(session);
        const files = async () => {
          const found = new Map<string, number>();
          for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
            if (entry.isFile()) found.set(path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'), (await stat(path.join(entry.parentPath, entry.name))).ino);
          }
          return found;
        };
        const before = await files();
        const doc = path.join(site, 'docs/reference.md');
        await writeFile(doc, (await readFile(doc, 'utf8')).replace('Plain markdown', 'EDITED markdown'));
        await buildSite(session);
        const after = await files();
        const unchanged = (rel: string) => before.get(rel) === after.get(rel);
        const runtime = [...before.keys()].filter((rel) => rel.startsWith('_sipa/c/') || /^_sipa\/entry-.*\.(js|css)$/.test(rel));
        const sidebars = [...before.keys()].filter((rel) => rel.startsWith('_sipa/sidebars/'));
        expect(runtime.length).toBeGreaterThan(2);
        expect(sidebars.length).toBeGreaterThan(0);
        for (const rel of [...runtime, ...sidebars, 'img/logo.svg']) expect(unchanged(rel), rel).toBe(true);
        // The edited page is written again, with the edit.
        expect(unchanged('docs/reference.html')).toBe(false);
        expect(await readFile(path.join(out, 'docs/reference.html'), 'utf8')).toContain('EDITED');
        expect(await readFile(path.join(out, 'img/logo.svg'), 'utf8')).toContain('<svg');
      } finally {
        await session.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
