/**
 * The render host: one warm render worker (a real worker thread) used by build after build, and
 * replaced after 20 server files. Builds may overlap, so a replaced worker must finish what it
 * was given, and a worker that crashed must not take the next build down with it.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderHost } from '../../../src/render/renderHost.js';
import type { RenderJob } from '../../../src/render/renderJob.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  tmp = await tempDir('sipadocs-render-host-');
});
afterAll(async () => {
  await tmp?.cleanup();
});

/**
 * A server file of the shape server bundles have: its renderBody writes the site's title after
 * `busyMs` of work, and may leave an error thrown after it answered (a crash of the worker).
 */
async function serverFile(name: string, options: { busyMs?: number; crashAfter?: boolean } = {}): Promise<string> {
  const file = path.join(tmp.dir, `${name}.mjs`);
  await writeFile(
    file,
    `export const routeModules = {};
export function renderBody(site) {
  const end = Date.now() + ${options.busyMs ?? 0};
  while (Date.now() < end);
  ${options.crashAfter ? "setTimeout(() => { throw new Error('the worker crashed'); }, 20);" : ''}
  return '<p>' + site.title + '</p>';
}
`,
  );
  return file;
}

const job = (file: string, title: string): RenderJob =>
  ({
    file,
    site: { title, translations: {}, locale: { htmlLang: 'en' }, baseUrl: '/' },
    name: null,
    payload: { meta: { title, description: '', path: '/' }, data: null, chunk: null, sidebar: null },
    isReactPage: false,
  }) as unknown as RenderJob;

const bodyOf = (outcome: Awaited<ReturnType<ReturnType<ReturnType<typeof createRenderHost>['renderer']>['run']>>) => (outcome.ok ? outcome.bodyHtml : outcome.message);

describe('the render host', () => {
  it('finishes the renders a replaced worker was given, and renders the next ones in a new worker', async () => {
    const host = createRenderHost();
    try {
      const renderer = host.renderer();
      const slow = renderer.run(job(await serverFile('slow', { busyMs: 300 }), 'Slow'));
      const files = await Promise.all(Array.from({ length: 20 }, (_, i) => serverFile(`quick-${i}`)));
      const queued = files.map((file, i) => renderer.run(job(file, `Quick ${i}`)));
      // Full: replaced now, while one render runs and twenty wait behind it.
      host.recycleIfFull();
      const after = host.renderer().run(job(await serverFile('after'), 'After'));
      expect(bodyOf(await slow)).toBe('<p>Slow</p>');
      expect((await Promise.all(queued)).map(bodyOf)).toEqual(files.map((_, i) => `<p>Quick ${i}</p>`));
      expect(bodyOf(await after)).toBe('<p>After</p>');
    } finally {
      await host.close();
    }
  }, 60_000);

  it('starts a new worker for the next render after one crashed', async () => {
    const host = createRenderHost();
    try {
      expect(bodyOf(await host.renderer().run(job(await serverFile('crashes', { crashAfter: true }), 'Crashes')))).toBe('<p>Crashes</p>');
      // The crash comes after the answer.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(bodyOf(await host.renderer().run(job(await serverFile('next'), 'Next')))).toBe('<p>Next</p>');
    } finally {
      await host.close();
    }
  }, 60_000);
});
