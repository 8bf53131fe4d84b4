// sipadocs builds one locale: a config listing more is stopped at its line instead of building
// the default one without a word.
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

  it('stops a config with several locales, at the key, saying one locale is built', async () => {
    const dir = await site('two', "{\n    defaultLocale: 'en',\n    locales: ['en', 'fr'],\n  }");
    const error = await loadConfig(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteErrors);
    const [only, ...rest] = (error as SiteErrors).errors;
    expect(rest).toEqual([]);
    expect(only!.code).toBe('CONFIG_INVALID');
    expect(only!.message).toBe('i18n.locales lists 2 locales (en, fr): sipadocs builds one locale today, the default one; set `locales: ["en"]`');
    expect(only!.location).toMatchObject({ file: path.join(dir, 'sipadocs.config.ts'), line: 6, column: 5 });
  });

  it('needs the default locale in the list, and takes one locale', async () => {
    expect(localeIssues({ i18n: { defaultLocale: 'en', locales: ['fr'] } }).map((issue) => issue.message)).toEqual([
      'i18n.locales must list the default locale "en", the one locale sipadocs builds',
    ]);
    const config = await loadConfig(await site('one', "{ defaultLocale: 'fr', locales: ['fr'], localeConfigs: { fr: { htmlLang: 'fr-FR' } } }"));
    expect(config.i18n.locales).toEqual(['fr']);
    expect(config.i18n.localeConfigs.fr!.htmlLang).toBe('fr-FR');
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
