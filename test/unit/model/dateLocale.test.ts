// Dates of posts and of a doc's last update are written in the site locale's language and
// calendar (its htmlLang and calendar), as Docusaurus writes them.
import { describe, expect, it } from 'vitest';
import { normalizeConfig } from '../../../src/config/normalize.js';
import { siteLocale } from '../../../src/config/siteLocale.js';
import type { UserConfig } from '../../../src/config/types.js';
import { createPost } from '../../../src/model/blog.js';
import { parseFrontMatter } from '../../../src/model/frontMatter.js';
import { resolveLastUpdate } from '../../../src/model/lastUpdate.js';

const configWith = (i18n?: UserConfig['i18n']) => normalizeConfig({ title: 'T', url: 'https://t.example', ...(i18n ? { i18n } : {}) }, '/site', '/site/sipadocs.config.ts');
const postDate = (config: ReturnType<typeof configWith>) => {
  const relPath = 'blog/2025-11-20-news.md';
  const text = '# News\n';
  return createPost({ relPath, absPath: `/site/${relPath}`, text, parsed: parseFrontMatter(text, relPath) }, new Map(), config, () => '').formattedDate;
};

describe('dates in the site locale', () => {
  it('are English by default', () => {
    const config = configWith();
    expect(postDate(config)).toBe('November 20, 2025');
    expect(resolveLastUpdate({ timestamp: Date.parse('2025-11-20T09:30:00Z') / 1000, author: 'A' }, {}, siteLocale(config))!.formattedDate).toBe('November 20, 2025');
  });

  it("follow the locale's language and calendar", () => {
    const french = configWith({ defaultLocale: 'fr', locales: ['fr'] });
    expect(postDate(french)).toBe('20 novembre 2025');
    expect(resolveLastUpdate(undefined, { last_update: { date: '2025-11-20' } }, siteLocale(french))!.formattedDate).toBe('20 novembre 2025');
    const japaneseEra = configWith({ defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { htmlLang: 'en-US', calendar: 'japanese' } } });
    expect(postDate(japaneseEra)).toBe('November 20, 7 Reiwa');
  });
});
