/**
 * `serve --watch` and saves that are not one event. Node's writeFile, and editors that save in
 * place, truncate the file and then write it. The file watcher reports the truncation, and then
 * nothing more about that file for 50 ms: when the rebuild of the empty file ends sooner than the
 * write comes, only a second look at the file shows the save. Without it, a config saved this way
 * left the session on "(config) must be an object" for good.
 */
import { open, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/dev/serve.js';
import { tempDir } from '../helpers.js';

const config = (title: string) =>
  `import { defineConfig } from 'sipadocs';\nexport default defineConfig({ title: '${title}', url: 'https://fixture.example', navbar: { items: [] }, footer: { columns: [], copyright: 'Fixture' } });\n`;

describe('serve --watch and a save in two steps', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let server: RunningServer;
  let siteDir: string;
  let previousCI: string | undefined;
  let rebuilt: ((ok: boolean) => void) | undefined;

  beforeAll(async () => {
    tmp = await tempDir();
    siteDir = path.join(tmp.dir, 'site');
    await mkdir(path.join(siteDir, 'pages'), { recursive: true });
    await writeFile(path.join(siteDir, 'sipadocs.config.ts'), config('Saved in two steps'));
    await writeFile(path.join(siteDir, 'pages', 'index.md'), '# Saved\n\nThe first words.\n');
    previousCI = process.env.CI;
    process.env.CI = '1';
    server = await startServer({ site: siteDir, outDir: path.join(tmp.dir, 'out'), port: 0, host: '127.0.0.1', watch: true });
    server.onRebuild = ({ ok, searchOnly }) => {
      if (!searchOnly) rebuilt?.(ok);
    };
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (previousCI === undefined) delete process.env.CI;
    else process.env.CI = previousCI;
    await tmp?.cleanup();
  });

  /** Truncates `file`, waits for the rebuild that reads it empty, and writes `text` right after it. */
  async function saveInTwoSteps(file: string, text: string): Promise<boolean> {
    const emptyBuilt = new Promise<boolean>((resolve) => (rebuilt = resolve));
    const handle = await open(file, 'w');
    try {
      const ok = await emptyBuilt;
      rebuilt = undefined;
      // After the rebuild's own second reading of the file, well inside the watcher's 50 ms.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await handle.write(text);
      return ok;
    } finally {
      await handle.close();
    }
  }

  const servedHome = async () => readFile(path.join(server.root, 'index.html'), 'utf8');

  it('builds a config as saved after the build of the truncated file failed', async () => {
    for (const title of ['Second title', 'Third title', 'Fourth title']) {
      expect(await saveInTwoSteps(path.join(siteDir, 'sipadocs.config.ts'), config(title))).toBe(false);
      await server.idle();
      expect(await servedHome()).toContain(`<span class="navbar__title">${title}</span>`);
    }
  }, 60_000);
});
