import path from 'node:path';
import type { LocaleTranslation } from '../config/localeTranslation.js';
import type { NavItemConfig, SiteConfig } from '../config/types.js';
import { SiteError } from '../errors.js';
import type { FooterColumn, FooterLink } from '../shared/types.js';
import { translatedContentFiles } from './contentFiles.js';
import { themeMessagesFor } from './themeMessages.js';
import { BLOG_PLUGIN_FOLDER, messagesOf, readTranslationFile, THEME_FOLDER, translationsFolder } from './translationFiles.js';

/**
 * The config of one locale of a site: served at the locale's base URL, with the navbar, footer
 * and blog titles of its `navbar.json`, `footer.json` and blog `options.json`, the theme's words
 * and the site's `code.json` messages in its language, and the content files it translates
 * (see LocaleTranslation). A locale whose `translate` is false takes only the theme's words.
 * A missing translation file translates nothing; a malformed one is an error (TRANSLATION_INVALID).
 */
export async function configForLocale(config: SiteConfig, locale: string): Promise<SiteConfig> {
  const settings = config.i18n.localeConfigs[locale];
  if (!settings) throw unknownLocale(config, locale);
  const dir = translationsFolder(config, locale);
  const files: string[] = [];
  const read = (relPath: string) => {
    if (!settings.translate) return {};
    const file = path.join(config.siteDir, dir, relPath);
    files.push(file);
    return messagesOf(readTranslationFile(file, shownFile(config.siteDir, file)));
  };
  const code = read('code.json');
  const navbar = read(`${THEME_FOLDER}/navbar.json`);
  const footer = read(`${THEME_FOLDER}/footer.json`);
  const blog = read(`${BLOG_PLUGIN_FOLDER}/options.json`);
  const translation: LocaleTranslation = {
    locale,
    dir,
    translate: settings.translate,
    messages: { ...themeMessagesFor(locale, settings.htmlLang), ...code },
    files,
    sources: settings.translate ? await translatedContentFiles(config, dir) : new Map(),
  };
  return Object.freeze({
    ...config,
    baseUrl: settings.baseUrl,
    i18n: { ...config.i18n, currentLocale: locale },
    navbar: {
      ...config.navbar,
      title: navbar.title ?? config.navbar.title,
      logo: config.navbar.logo && { ...config.navbar.logo, alt: navbar['logo.alt'] ?? config.navbar.logo.alt },
      items: config.navbar.items.map((item) => translateNavItem(item, navbar)),
    },
    footer: {
      ...config.footer,
      columns: config.footer.columns.map((column) => translateColumn(column, footer)),
      copyright: footer.copyright ?? config.footer.copyright,
      logo: config.footer.logo && { ...config.footer.logo, alt: footer['logo.alt'] ?? config.footer.logo.alt },
    },
    blog: { ...config.blog, title: blog.title ?? config.blog.title, description: blog.description ?? config.blog.description },
    translation,
  } satisfies SiteConfig);
}

/** The locales a build makes: those asked for (`--locale`) or the default one, else every locale of the config, the default one first. */
export function localesToBuild(config: SiteConfig, asked: readonly string[] | 'default' = []): string[] {
  if (asked === 'default') return [config.i18n.defaultLocale];
  for (const locale of asked) if (!config.i18n.localeConfigs[locale]) throw unknownLocale(config, locale);
  const all = [config.i18n.defaultLocale, ...config.i18n.locales.filter((locale) => locale !== config.i18n.defaultLocale)];
  return asked.length > 0 ? all.filter((locale) => asked.includes(locale)) : all;
}

function unknownLocale(config: SiteConfig, locale: string): SiteError {
  return new SiteError({
    code: 'LOCALE_UNKNOWN',
    message: `the site has no locale "${locale}" (its locales: ${config.i18n.locales.join(', ')})`,
    location: { file: path.relative(process.cwd(), config.configFile) || config.configFile },
    hint: 'Name a locale of i18n.locales, or add it there.',
  });
}

/** Docusaurus's keys: `item.label.<label>` for every navbar item with a label, a dropdown's items too. */
function translateNavItem(item: NavItemConfig, messages: Record<string, string>): NavItemConfig {
  const label = item.label === undefined ? undefined : (messages[`item.label.${item.label}`] ?? item.label);
  return {
    ...item,
    ...(label === undefined ? {} : { label }),
    ...(item.items ? { items: item.items.map((entry) => translateNavItem(entry, messages)) } : {}),
  };
}

/** Docusaurus's keys: `link.title.<title>` for a column, `link.item.label.<label>` for its links. */
function translateColumn(column: FooterColumn, messages: Record<string, string>): FooterColumn {
  const link = (item: FooterLink): FooterLink => ({ ...item, label: messages[`link.item.label.${item.label}`] ?? item.label });
  return { ...column, title: messages[`link.title.${column.title}`] ?? column.title, items: column.items.map(link) };
}

function shownFile(siteDir: string, file: string): string {
  return path.relative(process.cwd(), file) || path.relative(siteDir, file);
}

/**
 * The folder of the output a locale is written to, relative to it: '' for a locale served at the
 * site's base URL (the default one), `fr` for one served at `<baseUrl>fr/`; a locale given a base
 * URL outside the site's is written to the folder of its name, as Docusaurus writes it.
 */
export function outputFolderOf(config: Pick<SiteConfig, 'baseUrl' | 'i18n'>, locale: string): string {
  const base = config.i18n.localeConfigs[locale]!.baseUrl;
  if (base.startsWith(config.baseUrl)) return base.slice(config.baseUrl.length).replace(/\/+$/, '');
  return locale;
}
