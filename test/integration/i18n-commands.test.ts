/**
 * The commands of a translated site, on the Docusaurus project with committed translations
 * (test/fixtures/docusaurus-i18n): `migrate` carries its translations and its locale dropdown,
 * `build --locale` builds some locales, `serve --watch --locale` develops one, and
 * `write-translations` writes the files to translate without losing a translation.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/dev/serve.js';
import { SiteError } from '../../src/errors.js';
import { migrateProject } from '../../src/migrate/migrate.js';
import { buildOnce } from '../../src/pipeline/build.js';
import { writeTranslations } from '../../src/pipeline/writeTranslations.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp?.cleanup());

function get(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: target, headers: { host: `localhost:${port}` }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, { message: string; description?: string }>;

describe('sipadocs migrate on a translated Docusaurus project', () => {
  it('carries every translation file and the locale dropdown; the new site builds the locales asked for', async () => {
    const migrated = await migrateProject({ projectDir: 'test/fixtures/docusaurus-i18n', outDir: path.join(tmp.dir, 'migrated'), verify: false });
    expect(migrated.problems).toEqual([]);
    for (const file of [
      'i18n/fr/code.json',
      'i18n/fr/docusaurus-plugin-content-docs/current/intro.md',
      'i18n/fr/docusaurus-plugin-content-docs/version-1.0.json',
      'i18n/fr/docusaurus-plugin-content-docs-community/current/support.md',
      'i18n/fr/docusaurus-theme-classic/navbar.json',
      'i18n/ja/docusaurus-plugin-content-docs/current/guides/install.md',
      'i18n/ar/docusaurus-plugin-content-docs/current.json',
    ]) expect(migrated.written, file).toContain(file);
    expect(JSON.stringify(migrated.notes)).not.toMatch(/i18n\/|localeDropdown/);
    const config = await readFile(migrated.configFile, 'utf8');
    expect(config).toContain("type: 'localeDropdown'");
    expect(config).toMatch(/locales: \[\s*'en',\s*'fr',\s*'ja',\s*'ar',?\s*\]/);

    // `build --locale ja`: the Japanese site only, under /ja/.
    const out = path.join(tmp.dir, 'migrated-out');
    await buildOnce({ siteDir: migrated.outDir, outDir: out, logger: silentLogger(), locales: ['ja'] });
    expect(await readFile(path.join(out, 'ja/docs/next/intro.html'), 'utf8')).toContain('Orrery は小さなタスクを正確な時計で実行します。');
    expect(existsSync(path.join(out, 'index.html'))).toBe(false);
    expect(existsSync(path.join(out, 'fr'))).toBe(false);
  }, 240_000);
});

describe('serve --watch --locale fr', () => {
  it('develops the French site: its pages under /fr/, rebuilt when a translation is saved', async () => {
    const site = await copyFixture('docusaurus-i18n', path.join(tmp.dir, 'watch'));
    const server = await startServer({ site, outDir: path.join(tmp.dir, 'watch-out'), port: 0, host: '127.0.0.1', watch: true, locale: ['fr'] });
    try {
      const first = await get(server.port, '/fr/docs/next/intro');
      expect(first.status).toBe(200);
      expect(first.body).toContain('Orrery lance de petites tâches');
      // Only the locale developed is built.
      expect((await get(server.port, '/ja/docs/next/intro')).status).toBe(404);
      const translation = path.join(site, 'i18n/fr/docusaurus-plugin-content-docs/current/intro.md');
      const rebuilt = new Promise<boolean>((resolve) => (server.onRebuild = ({ ok, searchOnly }) => !searchOnly && resolve(ok)));
      await writeFile(translation, (await readFile(translation, 'utf8')).replace('Orrery lance de petites tâches', 'Orrery démarre de petites tâches'));
      expect(await rebuilt).toBe(true);
      await server.idle();
      expect((await get(server.port, '/fr/docs/next/intro')).body).toContain('Orrery démarre de petites tâches');
    } finally {
      await server.close();
    }
  }, 240_000);
});

describe('sipadocs write-translations', () => {
  it("writes the files to translate, keeping every translation there and adding what is missing", async () => {
    const site = await copyFixture('docusaurus-i18n', path.join(tmp.dir, 'write'));
    const written = await writeTranslations(site, 'fr');
    const byFile = Object.fromEntries(written.map((entry) => [entry.file, entry.outcome]));
    expect(byFile['i18n/fr/code.json']).toBe('updated');
    const code = await readJson(path.join(site, 'i18n/fr/code.json'));
    // The site's own translations stay, its theme word too; the theme's words come in the locale's language.
    expect(code['home.title']!.message).toBe('Une horloge régulière pour les petites tâches');
    expect(code['theme.docs.paginator.next']!.message).toBe('Page suivante');
    expect(code['theme.TOCCollapsible.toggleButtonLabel']!.message).toBe('Sur cette page');
    expect(code['sipadocs.copyPage.label']!.message).toBe('Copier la page');
    // Japanese had no blog options and no footer of the second column: written for the translator, in the source language.
    await writeTranslations(site, 'ja');
    const options = await readJson(path.join(site, 'i18n/ja/docusaurus-plugin-content-blog/options.json'));
    expect(Object.keys(options)).toContain('title');
    const current = await readJson(path.join(site, 'i18n/ja/docusaurus-plugin-content-docs/current.json'));
    expect(current['sidebar.guide.category.Reference']!.message).toBe('Reference');
    // Writing again changes nothing.
    expect((await writeTranslations(site, 'fr')).every((entry) => entry.outcome === 'unchanged')).toBe(true);
  }, 120_000);

  it('says where a malformed translation file is broken, at its line and column, and the build does too', async () => {
    const site = await copyFixture('docusaurus-i18n', path.join(tmp.dir, 'malformed'));
    await writeFile(path.join(site, 'i18n/ja/code.json'), '{\n  "home.title": {\n    "message": "時計"\n  },,\n}\n');
    const error = await writeTranslations(site, 'ja').then(() => null, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('TRANSLATION_INVALID');
    expect((error as SiteError).location).toMatchObject({ line: 4, column: expect.any(Number) });
    expect(String((error as SiteError).location?.file)).toMatch(/i18n\/ja\/code\.json$/);
    const built = await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, 'malformed-out'), logger: silentLogger(), locales: ['ja'] }).then(() => null, (thrown: unknown) => thrown);
    expect((built as SiteError).code).toBe('TRANSLATION_INVALID');
    expect((built as SiteError).location).toMatchObject({ line: 4 });
  }, 120_000);
});
