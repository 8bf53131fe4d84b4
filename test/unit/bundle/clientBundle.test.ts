import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleSite, type BundleResult } from '../../../src/bundle/bundleSite.js';
import type { VirtualSources } from '../../../src/bundle/virtualModules.js';
import { tempDir } from '../../helpers.js';

const siteData = {
  title: 'T', tagline: '', url: 'https://t.example', baseUrl: '/', titleDelimiter: '|', siteVersion: '0.0.0', generator: 'sipadocs',
  locale: { name: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' },
  navbar: { title: 'T', hideOnScroll: false, items: [] }, footer: { columns: [], copyright: '' },
  colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true, disableSwitch: false }, announcementBar: null,
  docs: { routeBasePath: '/docs', sidebarHideable: false, autoCollapseCategories: false, versionPersistence: 'localStorage', pluginId: 'default', version: { name: 'current', label: 'Next' } },
  blog: { routeBasePath: '/blog', title: 'Blog', showReadingTime: true }, routePatterns: ['/'],
};

describe('the client bundle', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let result: BundleResult;
  beforeAll(async () => {
    tmp = await tempDir();
    const sources: VirtualSources = {
      modules: new Map([['docs/a.mdx', { code: 'export default function A() { return null; }', excerptCode: null, absPath: path.resolve('site/docs/a.mdx') }]]),
      routeEntries: new Map([['docs-a', { content: { kind: 'mdx', relPath: 'docs/a.mdx' } }]]),
      siteData,
      customCss: [],
    };
    result = await bundleSite('client', sources, tmp.dir, '/');
  }, 60_000);
  afterAll(() => tmp.cleanup());

  it('contains no Node-side module of the generator', () => {
    const nodeSide = /^(src\/(build|bundle|check|cli|config|content|dev|render)\/|node:)/;
    const leaked = result.inputs.filter((input) => nodeSide.test(path.relative(process.cwd(), path.resolve(input.replace(/^sipa[^:]*:/, '')))));
    expect(leaked).toEqual([]);
    expect(result.inputs.some((input) => input.includes('src/client/entry.tsx'))).toBe(true);
  });

  it('gives every route its own content-hashed chunk', () => {
    expect(result.routes.get('docs-a')!.js).toMatch(/^\/_sipa\/r\/docs-a-[A-Z0-9]{8}\.js$/);
    expect(result.entry.js).toMatch(/^\/_sipa\/entry-[A-Z0-9]{8}\.js$/);
  });
});
