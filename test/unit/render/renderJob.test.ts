import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageFrame } from '../../../src/render/finishPage.js';
import { createRenderer, type RenderJob } from '../../../src/render/renderJob.js';
import type { ClientSiteData, RoutePayload } from '../../../src/shared/types.js';
import { tempDir } from '../../helpers.js';

const site = {
  title: 'Site',
  titleDelimiter: '|',
  url: 'https://example.com',
  baseUrl: '/',
  tagline: '',
  generator: 'sipadocs 2.1.0',
  locale: { htmlLang: 'en', direction: 'ltr' },
  colorMode: { defaultMode: 'dark' },
} as unknown as ClientSiteData;

const frame = (css: string): PageFrame => ({
  headScripts: [],
  headTags: [],
  favicon: '',
  defaultImage: undefined,
  noIndex: false,
  inlineCss: new Map([['/_sipa/entry.css', css]]),
  entry: { js: '/_sipa/entry.js', imports: [], css: ['/_sipa/entry.css'] },
});

describe('a renderer making pages around their bodies', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let file: string;
  beforeAll(async () => {
    tmp = await tempDir();
    // A server group file as the bundler writes one: here, every route renders its path.
    file = path.join(tmp.dir, 'group.mjs');
    await writeFile(file, 'export const routeModules = {};\nexport function renderBody(site, route) { return `<main>${route.payload.meta.path}</main>`; }\n');
  });
  afterAll(() => tmp.cleanup());

  const job = (route: string, frameKey: string, sent: PageFrame | null): RenderJob => ({
    file,
    site,
    name: null,
    payload: { meta: { title: route, description: '', path: route }, data: { kind: 'doc' }, chunk: null, sidebar: null } as unknown as RoutePayload,
    isReactPage: false,
    finish: { frameKey, frame: sent, shape: { chunk: null, alternates: [], readIds: false, search: false } },
  });

  it('takes the frame from the first job and keeps it for the jobs that follow, however they interleave', async () => {
    const { render } = createRenderer();
    const outcomes = await Promise.all([render(job('/a', 'one', frame('a{}'))), render(job('/b', 'one', null)), render(job('/c', 'one', null))]);
    for (const [i, route] of ['/a', '/b', '/c'].entries()) {
      const outcome = outcomes[i]!;
      expect(outcome.ok && outcome.page?.html).toContain(`<main>${route}</main>`);
      expect(outcome.ok && outcome.page?.html).toContain('<style data-href="/_sipa/entry.css">a{}</style>');
    }
    // A later build's frame replaces it.
    const later = await render(job('/a', 'two', frame('b{}')));
    expect(later.ok && later.page?.html).toContain('<style data-href="/_sipa/entry.css">b{}</style>');
  });

  it('fails a job whose frame it was never given, rather than making the page around another', async () => {
    const { render } = createRenderer();
    await render(job('/a', 'one', frame('a{}')));
    expect(await render(job('/b', 'two', null))).toEqual({ ok: false, message: 'the renderer was given no frame for the page' });
  });
});
