import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_IDS, SIPADOCS_MESSAGES } from '../../../src/i18n/sipadocsMessages.js';
import { themeMessagesFor } from '../../../src/i18n/themeMessages.js';
import { THEME_MESSAGES, themeText } from '../../../src/shared/themeCatalog.js';

const require = createRequire(import.meta.url);
const PACKAGE_LOCALES = readdirSync(path.join(path.dirname(require.resolve('@docusaurus/theme-translations/package.json')), 'locales')).filter((name) => name !== 'base');
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();

describe("sipadocs's own theme words", () => {
  it("are translated into every language of Docusaurus's theme", () => {
    expect(PACKAGE_LOCALES.length).toBeGreaterThan(30);
    expect(Object.keys(SIPADOCS_MESSAGES).sort()).toEqual([...PACKAGE_LOCALES].sort());
    const ownIds = Object.keys(THEME_MESSAGES).filter((id) => id.startsWith('sipadocs.'));
    expect([...OWN_IDS].filter((id) => id.startsWith('sipadocs.')).sort()).toEqual(ownIds.sort());
    for (const locale of PACKAGE_LOCALES) {
      const messages = themeMessagesFor(locale);
      for (const id of ownIds) expect(messages[id], `${locale}: ${id}`).toBeTruthy();
    }
  });

  it('keep the placeholders of the English text, and no more plural forms than the language has', () => {
    for (const [locale, table] of Object.entries(SIPADOCS_MESSAGES)) {
      for (const id of OWN_IDS) {
        const english = THEME_MESSAGES[id];
        const text = table[id]!;
        expect(text, `${locale}: ${id}`).toBeTruthy();
        expect(placeholders(text), `${locale}: ${id}: ${text}`).toEqual(placeholders(english));
        const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.length;
        expect(text.split('|').length, `${locale}: ${id}`).toBeLessThanOrEqual(categories);
      }
    }
  });

  it("fill the words Docusaurus's translations leave in English, and give each count its form", () => {
    expect(themeMessagesFor('fr')['theme.IconExternalLink.ariaLabel']).toBe('(s’ouvre dans un nouvel onglet)');
    const fr = themeMessagesFor('fr');
    expect(themeText(fr, 'sipadocs.sidebar.morePages', { count: 1 }, 'fr')).toBe('1 page de plus');
    expect(themeText(fr, 'sipadocs.sidebar.morePages', { count: 4 }, 'fr')).toBe('4 pages de plus');
    expect(themeText(themeMessagesFor('ja'), 'sipadocs.sidebar.morePages', { count: 4 }, 'ja')).toBe('ほか 4 ページ');
    // A region or script of a language finds the language's words.
    expect(themeMessagesFor('zh-CN')['sipadocs.copyPage.label']).toBe('复制页面');
    expect(themeMessagesFor('pt')['sipadocs.copyPage.label']).toBe('Copiar página');
  });
});
