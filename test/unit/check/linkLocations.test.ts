/**
 * Where a broken link is written: a page a locale translates was compiled from its translation,
 * so the place and the lines shown are the translation's, not the default locale's file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkLocator } from '../../../src/check/linkLocations.js';
import type { CompiledPage } from '../../../src/compiler/mdx/compile.js';
import type { SiteConfig } from '../../../src/config/types.js';
import type { PlannedRoute } from '../../../src/model/routes.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
const DOC = 'docs/guide.md';
const TRANSLATION = 'i18n/fr/docusaurus-plugin-content-docs/current/guide.md';

beforeAll(async () => {
  tmp = await tempDir('sipadocs-link-places-');
  await mkdir(path.join(tmp.dir, 'docs'), { recursive: true });
  await mkdir(path.join(tmp.dir, path.dirname(TRANSLATION)), { recursive: true });
  await writeFile(path.join(tmp.dir, DOC), '# Guide\n\nRead [the setup](docs/setup) first.\n');
  await writeFile(path.join(tmp.dir, TRANSLATION), '# Guide\n\nLisez d’abord [la mise en place](docs/setup).\n');
});
afterAll(() => tmp.cleanup());

function locator(translated: boolean) {
  const config = {
    siteDir: tmp.dir,
    configFile: path.join(tmp.dir, 'sipadocs.config.ts'),
    baseUrl: translated ? '/fr/' : '/',
    navbar: { items: [] },
    footer: { columns: [] },
    announcementBar: null,
    translation: translated ? { locale: 'fr', dir: 'i18n/fr', translate: true, messages: {}, sources: new Map([[DOC, TRANSLATION]]), files: [] } : undefined,
  } as unknown as Pick<SiteConfig, 'siteDir' | 'configFile' | 'baseUrl' | 'navbar' | 'footer' | 'announcementBar' | 'translation'>;
  const route = { path: '/docs/guide', content: { kind: 'mdx', relPath: DOC }, sourceFile: DOC } as unknown as PlannedRoute;
  // The compiler records each link's place in the source it read.
  const place = translated ? 31 : 6;
  const compiled = new Map([[DOC, { linkPlaces: [['docs/setup', 3, place]] } as unknown as CompiledPage]]);
  return createLinkLocator(config, [route], compiled);
}

describe('createLinkLocator', () => {
  it("shows the lines of the translation a locale's page was compiled from", () => {
    const found = locator(true)({ source: '/docs/guide', href: 'docs/setup', reason: 'missing page' });
    expect(found?.location).toEqual({ file: DOC, line: 3, column: 31 });
    expect(found?.frame).toContain('Lisez d’abord [la mise en place](docs/setup).');
    expect(found?.frame).not.toContain('Read [the setup]');
  });

  it('shows the source itself in the default locale', () => {
    const found = locator(false)({ source: '/docs/guide', href: 'docs/setup', reason: 'missing page' });
    expect(found?.frame).toContain('Read [the setup](docs/setup) first.');
  });
});
