import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docsInstanceConfig } from '../../../src/config/docsInstances.js';
import { normalizeConfig } from '../../../src/config/normalize.js';
import type { UserConfig } from '../../../src/config/types.js';
import { planDocsVersions, versionedDocsDirOf, versionedSidebarsFileOf, versionsFileOf, type DocsVersion } from '../../../src/model/docsVersions.js';
import { readDocsInstances } from '../../../src/model/readDocsInstances.js';
import { createSourceLookup } from '../../../src/model/sourceLookup.js';
import { buildSiteModel, versionKey, type LoadedSource } from '../../../src/model/siteModel.js';
import { SiteErrors } from '../../../src/errors.js';

const plan = (options: Parameters<typeof docsInstanceConfig>[1], stored: string[], sidebars = () => true) => {
  const planned = planDocsVersions(docsInstanceConfig('default', options, 'docs', 'docs'), stored, sidebars);
  if ('problems' in planned) throw new Error(planned.problems.join('; '));
  return planned;
};
const summary = (versions: DocsVersion[]) => versions.map((v) => [v.name, v.label, v.routeBase, v.banner, v.badge, v.docsDir]);

describe('planDocsVersions (Docusaurus versioning rules)', () => {
  it('serves the newest stored version at the base path, current at /next and older ones at their name', () => {
    const { versions, lastVersion } = plan({}, ['2.0', '1.0']);
    expect(lastVersion).toBe('2.0');
    expect(summary(versions)).toEqual([
      ['current', 'Next', '/docs/next', 'unreleased', true, 'docs'],
      ['2.0', '2.0', '/docs', null, true, 'versioned_docs/version-2.0'],
      ['1.0', '1.0', '/docs/1.0', 'unmaintained', true, 'versioned_docs/version-1.0'],
    ]);
  });

  it('has one version without versions.json: no badge, no banner, at the base path', () => {
    expect(summary(plan({}, []).versions)).toEqual([['current', 'Next', '/docs', null, false, 'docs']]);
  });

  it('honours lastVersion, onlyIncludeVersions, includeCurrentVersion and per-version options', () => {
    const byLast = plan({ lastVersion: 'current' }, ['2.0', '1.0']);
    expect(summary(byLast.versions).map((v) => [v[0], v[2], v[3]])).toEqual([
      ['current', '/docs', null],
      ['2.0', '/docs/2.0', 'unmaintained'],
      ['1.0', '/docs/1.0', 'unmaintained'],
    ]);
    const only = plan({ onlyIncludeVersions: ['current', '1.0'] }, ['2.0', '1.0']);
    expect(only.lastVersion).toBe('1.0');
    expect(only.versions.map((v) => [v.name, v.routeBase])).toEqual([['current', '/docs/next'], ['1.0', '/docs']]);
    const noCurrent = plan({ includeCurrentVersion: false }, ['2.0', '1.0']);
    expect(noCurrent.versions.map((v) => v.name)).toEqual(['2.0', '1.0']);
    const custom = plan({ versions: { current: { label: 'Canary', path: 'canary', banner: 'none', badge: false }, '1.0': { banner: 'unreleased', noIndex: true } } }, ['2.0', '1.0']);
    expect(custom.versions.map((v) => [v.label, v.routeBase, v.banner, v.badge, v.noIndex])).toEqual([
      ['Canary', '/docs/canary', null, false, false],
      ['2.0', '/docs', null, true, false],
      ['1.0', '/docs/1.0', 'unreleased', true, true],
    ]);
    expect(plan({ disableVersioning: true }, ['2.0']).versions.map((v) => v.name)).toEqual(['current']);
  });

  it('serves docs at the site root with routeBasePath "/" or ""', () => {
    for (const routeBasePath of ['/', '']) {
      expect(plan({ routeBasePath }, ['1.0']).versions.map((v) => v.routeBase)).toEqual(['/next', '/']);
    }
  });

  it('gives a stored version without a sidebars file no sidebar, and names other instances\' files with their id', () => {
    const versions = plan({}, ['1.0'], () => false).versions;
    expect(versions.map((v) => v.sidebarsFile)).toEqual(['', null]);
    expect([versionsFileOf('community'), versionedDocsDirOf('community', '1.0'), versionedSidebarsFileOf('community', '1.0')]).toEqual([
      'community_versions.json',
      'community_versioned_docs/version-1.0',
      'community_versioned_sidebars/version-1.0-sidebars.json',
    ]);
  });

  it('reports settings that name a version that does not exist', () => {
    const planned = planDocsVersions(docsInstanceConfig('default', { lastVersion: '3.0', onlyIncludeVersions: ['9'] }, 'docs', 'docs'), ['1.0'], () => true);
    expect('problems' in planned && planned.problems).toEqual([
      'onlyIncludeVersions names version "9", which does not exist (versions: "current", "1.0")',
      'lastVersion names version "3.0", which does not exist (versions: "current", "1.0")',
    ]);
  });
});

describe('versioned docs and several docs instances in the site model', () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'sipadocs-versions-'));
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(siteDir, rel)), { recursive: true });
    writeFileSync(path.join(siteDir, rel), text);
  };
  const user: UserConfig = { title: 'T', url: 'https://t.example', docsInstances: [{ id: 'community', routeBasePath: '/' }] };
  const config = normalizeConfig(user, siteDir, path.join(siteDir, 'sipadocs.config.ts'));
  write('versions.json', '["2.0"]');
  write('versioned_docs/version-2.0/intro.md', '---\ntitle: Intro two\n---\n');
  write('versioned_sidebars/version-2.0-sidebars.json', '{"docs": ["intro"]}');
  write('community_versions.json', '["1.0"]');
  write('community_versioned_docs/version-1.0/index.md', '# Community one\n');
  const instances = readDocsInstances(config);
  const source = (relPath: string, pluginId: string, version: string, text: string): LoadedSource => ({ section: 'docs', relPath, absPath: path.join(siteDir, relPath), text, docs: { pluginId, version } });
  const model = buildSiteModel(
    config,
    [
      source('docs/intro.md', 'default', 'current', '# Intro next\n'),
      source('versioned_docs/version-2.0/intro.md', 'default', '2.0', '---\ntitle: Intro two\n---\n'),
      source('community/index.md', 'community', 'current', '---\nslug: /\n---\n# Community next\n'),
      source('community_versioned_docs/version-1.0/index.md', 'community', '1.0', '# Community one\n'),
    ],
    null,
    '',
    { docs: { instances, sidebars: new Map([[versionKey('default', '2.0'), { config: { docs: ['intro'] }, file: 'versioned_sidebars/version-2.0-sidebars.json' }]]) } },
  );

  it('gives each doc its instance, version, docs root and route, with the same id in every version', () => {
    expect(model.docs.map((doc) => [doc.id, doc.pluginId, doc.version, doc.docsDir, doc.route])).toEqual([
      ['intro', 'default', 'current', 'docs', '/docs/next/intro'],
      ['intro', 'default', '2.0', 'versioned_docs/version-2.0', '/docs/intro'],
      ['index', 'community', 'current', 'community', '/next'],
      ['index', 'community', '1.0', 'community_versioned_docs/version-1.0', '/'],
    ]);
  });

  it('builds each version\'s sidebars apart, with ids unique in the site', () => {
    expect(model.sidebars.map((s) => [s.id, s.name, s.version])).toEqual([
      ['docsSidebar', 'docsSidebar', 'current'],
      ['default/2.0/docs', 'docs', '2.0'],
      ['community/current/docsSidebar', 'docsSidebar', 'current'],
    ]);
    expect(model.placements.get('/docs/intro')?.sidebarId).toBe('default/2.0/docs');
    // community_versioned_sidebars/version-1.0-sidebars.json is missing: that version has no sidebar.
    expect(model.placements.has('/')).toBe(false);
  });

  it('finds the doc, route and version of a source file', () => {
    const lookup = createSourceLookup(model);
    expect(lookup.docOf('versioned_docs/version-2.0/intro.md')?.route).toBe('/docs/intro');
    expect(lookup.routeOf('community/index.md')).toBe('/next');
    expect(lookup.versionOf('versioned_docs/version-2.0/img/a.png')?.name).toBe('2.0');
    expect(lookup.versionOf('community_versioned_docs/version-1.0/x.md')?.pluginId).toBe('community');
    expect(lookup.versionOf('blog/x.md')).toBeUndefined();
  });

  it('refuses a versions file listing a version without its folder', () => {
    write('versions.json', '["2.0", "1.5"]');
    try {
      expect(() => readDocsInstances(config)).toThrowError(SiteErrors);
      try {
        readDocsInstances(config);
      } catch (error) {
        expect((error as SiteErrors).errors.map((e) => [e.code, e.location?.file])).toEqual([['VERSIONS_INVALID', 'versions.json']]);
      }
    } finally {
      write('versions.json', '["2.0"]');
    }
  });
});
