// A site's locales, as Docusaurus has them: the list names the default one, each once, in a
// language and calendar dates can be written in, each at a base URL of its own.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import { localeIssues } from '../../../src/config/localeIssues.js';
import { SiteErrors } from '../../../src/errors.js';
import { tempDir } from '../../helpers.js';

describe('i18n.locales', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  const site = async (name: string, i18n: string) => {
    const dir = path.join(tmp.dir, name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'sipadocs.config.ts'), `export default {\n  title: 'T',\n  url: 'https://t.example',\n  i18n: ${i18n},\n};\n`);
    return dir;
  };

  it('takes several locales, each with Docusaurus\'s defaults: its own name, direction, calendar and base URL', async () => {
    const config = await loadConfig(await site('four', "{ defaultLocale: 'en', locales: ['en', 'fr', 'ar', 'fa'], localeConfigs: { fr: { label: 'French' } } }"));
    expect(config.i18n.locales).toEqual(['en', 'fr', 'ar', 'fa']);
    expect(config.i18n.path).toBe('i18n');
    expect(config.i18n.currentLocale).toBe('en');
    expect(config.i18n.localeConfigs.en).toEqual({ label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en', baseUrl: '/', translate: true });
    expect(config.i18n.localeConfigs.fr).toMatchObject({ label: 'French', direction: 'ltr', baseUrl: '/fr/' });
    expect(config.i18n.localeConfigs.ar).toMatchObject({ label: 'العربية', direction: 'rtl', calendar: 'gregory', baseUrl: '/ar/' });
    expect(config.i18n.localeConfigs.fa).toMatchObject({ direction: 'rtl', calendar: 'persian', baseUrl: '/fa/' });
  });

  it('stops a list without the default locale, a locale named twice and two locales at one base URL, at the key', async () => {
    expect(localeIssues({ i18n: { defaultLocale: 'en', locales: ['fr'] } }).map((issue) => issue.message)).toEqual(['i18n.locales must list the default locale "en"']);
    expect(localeIssues({ i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'fr'] } }).map((issue) => issue.message)).toEqual(['i18n.locales lists "fr" more than once']);
    expect(localeIssues({ i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'de'], localeConfigs: { de: { baseUrl: '/fr/' } } } }).map((issue) => issue.path)).toEqual(['i18n.localeConfigs.de.baseUrl']);
    const dir = await site('missing', "{\n    defaultLocale: 'en',\n    locales: ['fr'],\n  }");
    const error = await loadConfig(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteErrors);
    const [only, ...rest] = (error as SiteErrors).errors;
    expect(rest).toEqual([]);
    expect(only!.code).toBe('CONFIG_INVALID');
    expect(only!.location).toMatchObject({ file: path.join(dir, 'sipadocs.config.ts'), line: 6, column: 5 });
    const one = await loadConfig(await site('one', "{ defaultLocale: 'fr', locales: ['fr'], localeConfigs: { fr: { htmlLang: 'fr-FR' } } }"));
    expect(one.i18n.locales).toEqual(['fr']);
    expect(one.i18n.localeConfigs.fr).toMatchObject({ htmlLang: 'fr-FR', baseUrl: '/' });
  });

  it('needs a language and a calendar dates can be written in', () => {
    const issues = (localeConfigs: unknown, defaultLocale = 'en') => localeIssues({ i18n: { defaultLocale, locales: [defaultLocale], localeConfigs } }).map((issue) => issue.message);
    expect(issues({ en: { htmlLang: 'en-GB', calendar: 'japanese' } })).toEqual([]);
    expect(issues({ en: { htmlLang: 'en_GB!', calendar: 'lunar' } })).toEqual([
      'i18n.localeConfigs.en.htmlLang must be a language tag such as "en" or "pt-BR", got "en_GB!"',
      'i18n.localeConfigs.en.calendar must be a calendar such as "gregory", "japanese" or "islamic", got "lunar"',
    ]);
    // Without htmlLang, the locale's name is its language.
    expect(issues({}, 'english!')).toEqual(['i18n.defaultLocale must be a language tag such as "en" or "pt-BR", got "english!"']);
  });
});
