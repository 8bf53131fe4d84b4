import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { SIPADOCS_MESSAGES } from './sipadocsMessages.js';
import { THEME_MESSAGES } from '../shared/themeCatalog.js';

const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/** The files of `@docusaurus/theme-translations` holding words sipadocs's theme shows: its classic theme's, its search's and its live code blocks'. */
const PACKAGE_FILES = ['theme-common.json', 'theme-search-algolia.json', 'theme-live-codeblock.json'];

const byLocale = new Map<string, Record<string, string>>();

/**
 * The theme's words in a locale, by message id (see THEME_MESSAGES): Docusaurus's own translations
 * (the package `@docusaurus/theme-translations`) for the ids sipadocs shares with Docusaurus's
 * theme, sipadocs's for its own and for the words the package leaves in English. A locale is
 * looked up as Docusaurus looks it up: "fr-CA", then "fr-CA"'s region and script forms, then
 * "fr". Words no translation has are left out: the theme shows its English text.
 */
export function themeMessagesFor(locale: string, htmlLang = locale): Record<string, string> {
  const key = `${locale}\0${htmlLang}`;
  let messages = byLocale.get(key);
  if (!messages) {
    messages = {};
    const tried = [...new Set([...localesToTry(locale), ...localesToTry(htmlLang)])];
    const own = tried.map((name) => SIPADOCS_MESSAGES[name]).find((table) => table !== undefined) ?? {};
    for (const file of PACKAGE_FILES) {
      const found = tried.map((name) => path.join(packageLocalesDir(), name, file)).find((candidate) => existsSync(candidate));
      if (!found) continue;
      const content = readJson(found);
      const english = readJson(path.join(packageLocalesDir(), 'base', file));
      for (const id of Object.keys(THEME_MESSAGES)) {
        const text = content[id];
        // A word the package leaves in English is left to sipadocs: its own translation, else its English.
        if (typeof text === 'string' && !(id in messages) && text !== english[id]) messages[id] = text;
      }
    }
    for (const [id, text] of Object.entries(own)) if (id in THEME_MESSAGES) messages[id] ??= text;
    byLocale.set(key, messages);
  }
  return { ...messages };
}

/** The locales whose translations the theme has: those of the package and sipadocs's own, by folder name. */
export function translatedThemeLocales(): string[] {
  return Object.keys(SIPADOCS_MESSAGES).sort();
}

const readJson = (file: string): Record<string, string> => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {});

let localesDir: string | null = null;

function packageLocalesDir(): string {
  localesDir ??= path.join(path.dirname(require.resolve('@docusaurus/theme-translations/package.json')), 'locales');
  return localesDir;
}

/** Docusaurus's order of lookup for a locale's code translations (its `codeTranslationLocalesToTry`). */
function localesToTry(locale: string): string[] {
  try {
    const { codeTranslationLocalesToTry } = require('@docusaurus/theme-translations') as { codeTranslationLocalesToTry(locale: string): string[] };
    return codeTranslationLocalesToTry(locale);
  } catch {
    return [locale];
  }
}
